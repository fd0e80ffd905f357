"""The rule-based players (issue 30): the greedy_sets baseline plays for sets, Intermediate
keeps its own sets and denies the opponents', and every one of them says what its move does
in words that name the cards."""

from __future__ import annotations

import pytest

from ai import AGENTS, arena, make_agent
from ai.greedy_sets import GreedySetsAgent
from ai.rules_agent import GreedyAgent, RulesAgent
from ai.sets import card_sets, credit
from ai.words import YAKU_NAMES, card_name
from game import i18n
from game.engine import rulesets
from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS, INDEX
from game.engine.rng import Rng
from game.engine.state import OVER, State
from game.play import terms


def position(hands: dict[int, str], field: str, captured: dict[int, str],
             ruleset: str = "hachihachi", seats: int = 3) -> State:
    """A position with seat 0 to move; the cards nobody was given make the draw pile."""
    used: set[str] = set()
    for text in [*hands.values(), field, *captured.values()]:
        used |= set(text.split())
    pile = " ".join(c for c in CARD_IDS if c not in used)
    return State.from_position(rulesets.get(ruleset), seats, dealer=0, hands=hands,
                               field=field, pile=pile, captured=captured, to_move=0)


def play(text: str) -> Action:
    return Action.parse(f"0 play {text}")


# Seat 0 holds two Blue Ribbons; the Maple ribbon completes them, the Cherry ribbon is worth
# the same card points and is listed first.
BLUE = position({0: "cherry_chaff_1 maple_chaff_1 pine_chaff_1",
                 1: "plum_chaff_1 plum_chaff_2 iris_chaff_2",
                 2: "wisteria_chaff_1 wisteria_chaff_2 susuki_chaff_1"},
                "cherry_ribbon maple_ribbon clover_chaff_1",
                {0: "peony_ribbon peony_chaff_1 chrysanthemum_ribbon chrysanthemum_chaff_1"})


# --- greedy_sets ---------------------------------------------------------------------------

def test_greedy_sets_is_a_named_baseline_not_a_level():
    assert AGENTS["greedy_sets"][0] is GreedySetsAgent
    assert isinstance(make_agent("greedy_sets", 1), GreedySetsAgent)
    from ai import LEVELS
    assert "greedy_sets" not in {agent for _, agent, _ in LEVELS}


def test_greedy_sets_prefers_the_capture_that_completes_a_set():
    view = BLUE.view(0)
    assert view.legal.index(play("cherry_chaff_1")) < view.legal.index(play("maple_chaff_1"))
    # plain greedy sees equal points and takes the first: the position tells them apart
    assert GreedyAgent(1).choose(view) == play("cherry_chaff_1")
    agent = GreedySetsAgent(1)
    assert agent.choose(view) == play("maple_chaff_1")
    assert agent.explain() == ("I played the Maple chaff to take the Maple ribbon, "
                               "completing my Blue Ribbons.")


def test_set_credit_rises_with_progress_and_dies_with_the_set():
    sets = tuple(s for s in card_sets("hachihachi", {}, 0) if s.id == "aotan")
    blue = [INDEX[c] for c in ("peony_ribbon", "chrysanthemum_ribbon", "maple_ribbon")]
    one, two, three = (sum(1 << c for c in blue[:k]) for k in (1, 2, 3))
    assert 0 < credit(sets, one, 0) < credit(sets, two, 0) < credit(sets, three, 0) == 84
    assert credit(sets, two, 1 << blue[2]) == 0  # the third is in another pile


def _round(agent: str, seed: int, ruleset: str = "hachihachi", seats: int = 3) -> list[str]:
    rs = rulesets.get(ruleset)
    rng = Rng(seed)
    players = [make_agent(agent, seed + s) for s in range(seats)]
    st = rs.new_state(seats, 0)
    moves = []
    for seat in st.decisions(rng):
        view = st.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal
        st.apply(action)
        moves.append(str(action))
        if st.round_over or st.phase == OVER:
            break
    return moves


@pytest.mark.parametrize("ruleset, seats", [("hachihachi", 3), ("hachi", 2), ("sudaoshi", 3),
                                            ("hachihachi", 5)])
def test_greedy_sets_plays_legal_moves_and_the_same_ones_for_the_same_seed(ruleset, seats):
    a = _round("greedy_sets", 4, ruleset, seats)
    assert a == _round("greedy_sets", 4, ruleset, seats)
    assert any(m.split()[1] == PLAY for m in a)
    assert a != _round("greedy_sets", 9, ruleset, seats)  # another deal, another round


def test_greedy_sets_results_are_reproducible_in_the_arena():
    one = arena.run("hachihachi", "greedy_sets", "greedy", 4, 3)
    two = arena.run("hachihachi", "greedy_sets", "greedy", 4, 3)
    assert one["mean_points"] == two["mean_points"] and one["win_share"] == two["win_share"]


# --- Intermediate: keep the sets, deny the opponents' ---------------------------------------

def test_intermediate_completes_its_own_set():
    agent = RulesAgent(1)
    assert agent.choose(BLUE.view(0)) == play("maple_chaff_1")
    assert "completing my Blue Ribbons" in agent.explain()


def test_intermediate_takes_the_card_that_blocks_a_set_over_more_points():
    # the next player (seat 1) holds two Poetry Ribbons; the Cherry ribbon completes them,
    # the Warbler is worth twice its card points
    st = position({0: "cherry_chaff_1 plum_chaff_1 pine_chaff_1",
                   1: "iris_chaff_1 iris_chaff_2 peony_chaff_1",
                   2: "wisteria_chaff_1 wisteria_chaff_2 susuki_chaff_1"},
                  "cherry_ribbon warbler clover_chaff_1",
                  {1: "pine_ribbon pine_chaff_2 plum_ribbon plum_chaff_2"})
    view = st.view(0)
    assert GreedyAgent(1).choose(view) == play("plum_chaff_1")  # the Warbler's 10 points
    agent = RulesAgent(1)
    assert agent.choose(view) == play("cherry_chaff_1")
    assert agent.explain() == ("I played the Cherry chaff to take the Cherry ribbon, "
                               "blocking the next player's Poetry Ribbons.")


def test_intermediate_does_not_lay_the_card_that_completes_an_opponents_set():
    # nothing in seat 0's hand matches the field; laying the Cherry ribbon would hand the
    # next player its Poetry Ribbons whenever it holds a Cherry card
    st = position({0: "cherry_ribbon iris_chaff_1 clover_chaff_1",
                   1: "maple_chaff_1 maple_chaff_2 peony_chaff_1",
                   2: "wisteria_chaff_1 wisteria_chaff_2 susuki_chaff_1"},
                  "pine_chaff_1 deer paulownia_chaff_1",
                  {1: "pine_ribbon pine_chaff_2 plum_ribbon plum_chaff_2"})
    view = st.view(0)
    assert play("cherry_ribbon") in view.legal
    agent = RulesAgent(1)
    choice = agent.choose(view)
    assert choice != play("cherry_ribbon")
    assert agent.explain().startswith(f"I laid the {card_name(choice.args[0])}")


def test_intermediate_keeps_the_card_of_its_own_set_in_hand():
    # seat 0 has two Blue Ribbons and holds the third: laying it lets anyone with a Maple
    # card take it, keeping it waits for a Maple card to come to the field
    st = position({0: "maple_ribbon iris_chaff_1 clover_chaff_1",
                   1: "cherry_chaff_1 cherry_chaff_2 plum_chaff_1",
                   2: "wisteria_chaff_1 wisteria_chaff_2 susuki_chaff_1"},
                  "pine_chaff_1 geese paulownia_chaff_1",
                  {0: "peony_ribbon peony_chaff_1 chrysanthemum_ribbon chrysanthemum_chaff_1"})
    view = st.view(0)
    assert play("maple_ribbon") in view.legal and len(view.legal) == 3
    assert RulesAgent(1).choose(view) != play("maple_ribbon")


# --- explanations --------------------------------------------------------------------------

NAMES = [card_name(c) for c in range(48)]


@pytest.mark.parametrize("agent", ["rules", "casual", "greedy_sets"])
@pytest.mark.parametrize("ruleset, seats", [("hachihachi", 3), ("hachi", 2), ("sudaoshi", 3),
                                            ("hachihachi-nintendo", 3)])
def test_each_play_is_explained_in_a_sentence_that_names_a_card(agent, ruleset, seats):
    rs = rulesets.get(ruleset)
    for seed in range(3):
        rng = Rng(seed)
        players = [make_agent(agent, seed * 10 + s) for s in range(seats)]
        st = rs.new_state(seats, 0)
        told = 0
        for seat in st.decisions(rng):
            view = st.view(seat)
            action = players[seat].choose(view)
            st.apply(action)
            why = players[seat].explain()
            assert 0 < len(why) < 160 and why.endswith(".")
            if action.verb in (PLAY, TAKE):
                told += 1
                assert any(name in why for name in NAMES), why
                assert not any(ch.isdigit() for ch in why), why  # words, never a number
            if st.round_over or st.phase == OVER:
                break
        assert told >= 7


def test_the_fourth_card_of_a_month_is_told_as_taking_the_three_others():
    st = position({0: "sake_cup iris_chaff_1 clover_chaff_1",
                   1: "maple_chaff_1 maple_chaff_2 peony_chaff_1",
                   2: "wisteria_chaff_1 wisteria_chaff_2 susuki_chaff_1"},
                  "chrysanthemum_ribbon chrysanthemum_chaff_1 chrysanthemum_chaff_2 deer", {})
    agent = RulesAgent(1)
    assert agent.choose(st.view(0)) == play("sake_cup")
    assert agent.explain().startswith(
        "I played the Sake cup to take the three other Chrysanthemum cards")


def test_the_words_are_the_names_the_table_shows():
    with i18n.speaking(i18n.SOURCE):
        for c, cid in enumerate(CARD_IDS):
            assert card_name(c) == terms.card_name(cid)
    ids = set()
    for name in rulesets.names():
        for tier in ((1, 5, 9) if name == "curriculum" else (None,)):
            rs = rulesets.get(name, **({"tier": tier} if tier else {}))
            ids |= {e.id for e in rs.catalogue() if e.is_card_set}
    ids |= {e.id for e in rulesets.get("hachihachi", bdb=True).catalogue() if e.is_card_set}
    assert ids <= set(YAKU_NAMES)
    for yaku_id, english in YAKU_NAMES.items():
        assert terms.TERMS[yaku_id][2] == english


def test_the_searching_players_say_what_their_move_does():
    """Expert and Master (issue 30, item 5): each play or take sentence names a card and
    a reason in words, never only a number of imagined deals."""
    from ai.expectimax import ExpectimaxAgent
    from ai.master import MasterAgent
    from game.engine import rulesets as _rulesets
    from game.engine.rng import Rng as _Rng

    rs = _rulesets.get("hachihachi")
    st = rs.new_state(3, 0, events=False)
    rng = _Rng(11)
    agents = {0: MasterAgent(1, playouts=120), 1: ExpectimaxAgent(1, nodes=60)}
    said = 0
    for seat in st.decisions(rng):
        v = st.view(seat)
        if seat in agents and v.phase in ("play", "take") and len(v.legal) > 1:
            a = agents[seat].choose(v)
            why = agents[seat].explain()
            assert why.startswith(("I played", "I laid", "I took")), why
            assert not any(ch.isdigit() for ch in why), why
            said += 1
        else:
            a = rng.choice(v.legal)
        st.apply(a)
    assert said >= 6
