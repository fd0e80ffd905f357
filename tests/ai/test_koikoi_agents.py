"""Koi-Koi's computer players (issue 47, item 4): every level plays whole games legally, and
the rule-based player's koi-koi or stop is reasoned (ai/koikoi.py)."""

from __future__ import annotations

import pytest

from ai import LEVELS, koikoi, make_agent
from ai.expectimax import ExpectimaxAgent
from ai.master import MasterAgent
from ai.montecarlo import MonteCarloAgent
from game.engine import rulesets
from game.engine.actions import SAGE, SHOUBU, parse_action
from game.engine.cards import CARD_IDS
from game.engine.positions import from_position
from game.engine.rng import Rng
from game.engine.state import OVER

ROUNDS = 3
MOST_DECISIONS = 400  # a 3-round game takes about 50; more means it never ends


def _fast(name: str, seed: int):  # noqa: ANN202 - an Agent
    """Small search budgets, so the suite stays quick."""
    if name == "expectimax":
        return ExpectimaxAgent(seed, nodes=40)
    if name == "montecarlo":
        return MonteCarloAgent(seed, rollouts=30)
    if name == "master":
        return MasterAgent(seed, playouts=40)
    return make_agent(name, seed)


LEVEL_IDS = [agent for _name, agent, _why in LEVELS]
PAIRS = [("random", LEVEL_IDS[0]), *zip(LEVEL_IDS, LEVEL_IDS[1:], strict=False),
         ("greedy", "greedy_sets"), ("montecarlo", "rules")]


@pytest.mark.parametrize("a, b", PAIRS)
def test_every_level_plays_whole_koikoi_games(a, b):
    """Two seeded 3-round games a pair (each level in each seat): every action is one of
    the view's legal actions, the game ends, every round's payments balance, and each
    computer explains its choice in one short sentence."""
    rs = rulesets.get("koikoi", rounds=ROUNDS)
    for game in range(2):
        names = (a, b) if game == 0 else (b, a)
        players = [_fast(n, 31 * game + s) for s, n in enumerate(names)]
        rng = Rng(hash((a, b, game)) & 0xFFFF)
        st = rs.new_state(2, 0)
        decisions = 0
        while st.phase != OVER:
            for seat in st.decisions(rng):
                view = st.view(seat)
                action = players[seat].choose(view)
                assert action in view.legal, (names[seat], str(action))
                st.apply(action)  # checks legality again
                why = players[seat].explain()
                assert isinstance(why, str) and 0 < len(why) < 160
                decisions += 1
                assert decisions < MOST_DECISIONS
        assert len(st.results) >= ROUNDS
        for r in st.results:
            assert sum(r.net) == 0
        assert sum(st.totals) == 0
        assert list(st.totals) == [sum(r.net[s] for r in st.results) for s in range(2)]


def _rest(*placed: str) -> list[str]:
    used = {c for group in placed for c in group.split()}
    return [c for c in CARD_IDS if c not in used]


def _decide(hands: dict[int, str], field: str, captured: dict[int, str], top: str,
            play: str):  # noqa: ANN202 - a State at seat 0's decision
    """Seat 0 (the dealer) plays ``play``, draws ``top`` (a card with no match on the field)
    and makes a yaku: its decision, koi-koi or stop."""
    rs = rulesets.get("koikoi")
    pile = [top, *(c for c in _rest(*hands.values(), field, *captured.values(), top))]
    st = from_position(rs, 2, dealer=0, hands=hands, field=field, pile=pile,
                       captured=captured, to_move=0)
    st.apply(parse_action(f"0 {play}"))
    assert st.view(0).phase == "decide"
    return st


def test_stop_when_the_opponent_is_one_card_from_a_big_yaku_with_few_turns_left():
    """Poetry Ribbons made (5 points) with two cards left; the opponent holds the boar and
    the deer, the butterflies lie on the field and every peony card is unseen: one card
    from Boar-Deer-Butterflies, which would be doubled after a call. Stop."""
    st = _decide(hands={0: "cherry_ribbon iris_chaff_1 clover_chaff_1",
                        1: "peony_chaff_2 wisteria_chaff_2 susuki_chaff_2"},
                 field="cherry_chaff_1 butterflies maple_chaff_1 pine_chaff_1",
                 captured={0: "pine_ribbon plum_ribbon plum_chaff_1",
                           1: "boar deer crane"},
                 top="geese", play="play cherry_ribbon")
    view = st.view(0)
    j = koikoi.weigh(view)
    assert not j.call and j.stop_now == 5
    assert j.threat is not None and (j.threat.yaku, j.threat.missing) == ("inoshikacho", 1)
    agent = make_agent("rules", 0)
    assert agent.choose(view).verb == SHOUBU
    assert "Boar-Deer-Butterflies" in agent.explain()
    assert make_agent("casual", 0).choose(view).verb == SHOUBU  # decisions are never careless


def test_koikoi_when_the_hand_can_still_make_more_and_the_opponent_has_nothing():
    """Poetry Ribbons made on the first turn (5 points); the maple ribbon is in the pile
    already and the peony and chrysanthemum ribbons are in hand with their months on the
    field: Poetry and Blue Ribbons (10, doubled at seven or more) are two safe plays away;
    the opponent has captured nothing and seven turns remain. Koi-koi."""
    st = _decide(hands={0: "cherry_ribbon peony_ribbon chrysanthemum_ribbon pine_chaff_1 "
                           "plum_chaff_1 iris_chaff_1 clover_chaff_1 susuki_chaff_1",
                        1: "wisteria_chaff_2 clover_chaff_2 susuki_chaff_2 paulownia_chaff_1 "
                           "paulownia_chaff_2 maple_chaff_2 pine_chaff_2 plum_chaff_2"},
                 field="cherry_chaff_1 peony_chaff_1 chrysanthemum_chaff_1 wisteria_chaff_1 "
                       "bridge geese lightning paulownia_yellow",
                 captured={0: "pine_ribbon plum_ribbon maple_ribbon"},
                 top="warbler", play="play cherry_ribbon")
    view = st.view(0)
    assert view.turns_left[0] == 7
    j = koikoi.weigh(view)
    assert j.call and j.play_on > j.stop_now
    assert j.mine is not None and j.mine.yaku == "akatan_aotan"
    assert j.threat is not None and j.threat.missing >= 2  # nothing one card away
    agent = make_agent("rules", 0)
    assert agent.choose(view).verb == SAGE
    assert agent.explain().startswith("Koi-koi")
    assert make_agent("greedy", 0).choose(view).verb == SHOUBU  # the baseline always stops


def test_the_judgement_reads_only_the_view():
    """Two worlds that differ only in the opponent's hand and the pile: the same judgement."""
    kw = dict(hands={0: "cherry_ribbon iris_chaff_1 clover_chaff_1",
                     1: "peony_chaff_2 wisteria_chaff_2 susuki_chaff_2"},
              field="cherry_chaff_1 butterflies maple_chaff_1 pine_chaff_1",
              captured={0: "pine_ribbon plum_ribbon plum_chaff_1", 1: "boar deer crane"},
              top="geese", play="play cherry_ribbon")
    a = _decide(**kw)
    kw["hands"] = {0: kw["hands"][0], 1: "moon wisteria_chaff_1 susuki_chaff_1"}
    b = _decide(**kw)
    assert a.view(0) == b.view(0)
    assert koikoi.weigh(a.view(0)) == koikoi.weigh(b.view(0))
