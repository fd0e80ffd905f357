"""Computer players: they see only a seat's view and return an action."""
