"""A game in progress, for every front end (issue 44): the session (seats, seed, the record so
far), the driver that paces it, the background worker its computers think in, and every word
a game in progress speaks that is not drawing (terms, narration, choices and decisions, the
yaku watch, the seat presenter, prompts, standings). No pygame: the window (game/ui), the
phones (game/party) and the command line stand on it; it imports nothing of theirs.
"""
