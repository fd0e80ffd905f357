"""Issue 24, item 12, the statistics' side: a game's seed is any 64-bit number (the session
masks it so), and every one, 2**63 and up included, is recorded and counted (the
statistics keep it as its two's complement). The Seed field's side is
game.ui.setup_model.parse_seed (tests/ui/test_setup_model.py, tests/ui/test_setup.py)."""

from __future__ import annotations

from game import stats, storage

MAX_SEED = 2**64 - 1


def test_a_game_with_a_seed_from_2_63_is_recorded_and_counted(tmp_path):
    from game.play.session import GameSession, SeatSpec

    paths = storage.default_paths(tmp_path).ensure()
    seats = [SeatSpec("You", "human"), SeatSpec("B", "ai:random"), SeatSpec("C", "ai:random")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, MAX_SEED)
    while (step := session.next_step()) != "over":
        if step == "deal":
            session.deal()
        elif step == "chance":
            session.chance()
        else:
            seat = session.st.to_move
            agent = session.agents.get(seat) or session.agents[1]
            session.apply(agent.choose(session.view(seat)))
    kept = storage.keep_finished(paths, session.record(), state=session.st,
                                 source=paths.autosave, save_first=True)
    assert kept.path is not None and kept.told is None
    assert storage.read_record(kept.path).seed == MAX_SEED
    db, _ = stats.open_db(paths.stats_db)
    with db:
        assert db.count() == 1
        stored = db.conn.execute("SELECT seed FROM games").fetchone()[0]
    assert stats.seed_from_db(stored) == MAX_SEED
