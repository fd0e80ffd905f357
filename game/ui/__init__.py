"""Pygame table UI: scenes, card sprites, audio and fonts."""
