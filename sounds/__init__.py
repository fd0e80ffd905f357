"""Sound effects synthesised by our own code with the standard library."""
