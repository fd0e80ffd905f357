"""Headless games between computer players, written as records (docs/rules/README.md §8)."""

from __future__ import annotations

from ai import agent_id, make_agent
from game.engine import record as records
from game.engine import rulesets
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER, State

MAX_SEED_DIGITS = 40  # a record file holds no longer number (game.storage.RECORD_LIMITS)


def play_round(st: State, agents: list, rng: Rng) -> None:
    """Deal a new deck from ``rng`` and play the round to its end (or to a misdeal)."""
    deck = list(st.rs.deck_cards)
    rng.shuffle(deck)
    st.start_round(deck)
    while st.phase != DEAL and st.phase != OVER:
        if st.is_chance():
            st.apply(st.sample_chance(rng))
        else:
            seat = st.to_move
            st.apply(agents[seat].choose(st.view(seat)))


def simulate(ruleset: str, options: dict, seats: int, agents: list[str], seed: int,
             rounds: int | None = None, names: list[str] | None = None) -> records.Record:
    """Play a game (or its first ``rounds`` counted rounds) and return its record.

    ValueError, naming the argument, for anything the game cannot be played with; every
    option has a maximum (``Option.maximum``), so every accepted game ends.
    """
    rs = records.configure(ruleset, options)
    rulesets.check_new_game(ruleset, options)  # a new game: within what one may choose
    if not rs.min_seats <= seats <= rs.max_seats:
        raise ValueError(f"ruleset {ruleset!r} is played with {rs.min_seats} to "
                         f"{rs.max_seats} seats, not {seats}")
    if len(agents) == 1:
        agents = agents * seats
    if len(agents) != seats:
        raise ValueError(f"--agents names {len(agents)} players for {seats} seats "
                         "(give one per seat, or one for all)")
    if rounds is not None and rounds < 1:
        raise ValueError(f"--rounds must be at least 1, not {rounds}")
    if len(str(abs(seed))) > MAX_SEED_DIGITS:
        raise ValueError(f"--seed may have at most {MAX_SEED_DIGITS} digits")
    rng = Rng(seed)
    first_dealer = rng.below(seats)
    players = [make_agent(a, rng.next64()) for a in agents]
    st = rs.new_state(seats, first_dealer, events=False)
    while st.phase != OVER and (rounds is None or st.rounds_played < rounds):
        play_round(st, players, rng)
    seat_list = [{"name": (names[i] if names else f"Seat {i}"), "kind": f"ai:{agent_id(a)}"}
                 for i, a in enumerate(agents)]
    return records.from_state(st, seat_list, seed)
