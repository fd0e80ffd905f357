"""Hachi-Hachi: a hanafuda table. The engine lives in game.engine; the window in game.ui."""
