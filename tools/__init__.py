"""Maintainer tools (not installed with the game)."""
