"""A party host on localhost, run by a thread like the headless `python -m game host`."""

from __future__ import annotations

import threading

import pytest

from game.party.host import PartyHost
from game.play.session import GameSession, SeatSpec


class Running:
    def __init__(self, host: PartyHost) -> None:
        self.host = host
        self.stop = threading.Event()
        self.thread = threading.Thread(target=host.run, kwargs={"stop": self.stop},
                                       daemon=True)

    def __enter__(self) -> PartyHost:
        self.host.start()
        self.thread.start()
        return self.host

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(10)
        self.host.stop()


def make_host(phones: int = 1, seats: int = 3, seed: int = 7, rounds: int = 1,
              ruleset: str = "hachihachi") -> PartyHost:
    specs = [SeatSpec(f"P{i + 1}", "human") if i < phones else SeatSpec(f"C{i}", "ai:rules")
             for i in range(seats)]
    session = GameSession(ruleset, {"rounds": rounds}, specs, seed)
    return PartyHost(session, list(range(phones)))


@pytest.fixture
def party():  # noqa: ANN201
    def start(**kw: object) -> Running:
        return Running(make_host(**kw))  # type: ignore[arg-type]
    return start
