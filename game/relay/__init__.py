"""The online relay (issue 46, items 4-6): rooms registered by a host, seats' pages joined to
them, opaque frames passed between the two; one instance alone, or several sharing rooms
through Redis. The wire format is in `game.relay.server`'s docstring and
docs/design/RELAY.md. Nothing here imports pygame, the window or the game's rules: the relay
knows rooms, seats and bytes only."""
