"""Toy Pig driven straight through the decider contract: setup, legal_actions,
decide, evolve, view, visible, outcome and invariants, with no Session on top."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import games
from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.rng import Rng, ScriptedRng
from boardcore.game.rules import Outcome, Rules, check_decided
from boardcore.stream.records import Codec, canonical
from toygame import (RULES, CardPicked, CardsRevealed, DeckShuffled, DieRolled, GameEnded, HandDealt, Hold,
                     Roll, RoundEnded, ToyPigConfig)

CODEC = Codec.for_rules(RULES)
CONFIGS = [ToyPigConfig(players=2), ToyPigConfig(players=3), ToyPigConfig(players=4, rounds=2),
           ToyPigConfig(players=2, rounds=4, target=20)]
enc = msgspec.json.encode


def check_invariants(state, after):
    for rule_id, check in RULES.invariants().items():
        problem = check(state)
        assert problem is None, f"{rule_id} broken after {after!r}: {problem}"


def reshuffled_hidden(state, player, rng):
    """The same state with every card `player` cannot see dealt round again."""
    s = RULES.copy(state)
    slots = [(s.deck, i) for i in range(len(s.deck))]
    for p in range(1, s.players + 1):
        if p != player:
            slots += [(s.hands[p - 1], i) for i in range(len(s.hands[p - 1]))]
            if s.picks[p - 1]:
                slots.append((s.picks, p - 1))
    for (seq, i), card in zip(slots, rng.shuffled([seq[i] for seq, i in slots]), strict=True):
        seq[i] = card
    return s


def check_views(state, rng):
    for player in (None, *range(1, state.players + 1)):
        v = RULES.view(state, player)
        assert v.deck == [0] * len(state.deck)
        for p in range(1, state.players + 1):
            if p != player:
                assert v.hands[p - 1] == [0] * len(state.hands[p - 1]), "view leaks a hand"
                assert v.picks[p - 1] == 0, "view leaks a face-down pick"
            else:
                assert v.hands[p - 1] == state.hands[p - 1] and v.picks[p - 1] == state.picks[p - 1]
        assert enc(RULES.view(reshuffled_hidden(state, player, rng), player)) == enc(v), \
            f"the view of {player} changes when hidden cards are reshuffled"


def check_visible(event, players):
    for player in (None, *range(1, players + 1)):
        shown = RULES.visible(event, player)
        if isinstance(event, DeckShuffled):
            assert set(shown.order) == {0}
        elif isinstance(event, HandDealt | CardPicked) and event.player != player:
            assert set(getattr(shown, "cards", (shown.card,))) == {0}
        else:
            assert shown == event


def check_copy(state):
    c = RULES.copy(state)
    assert c == state and c.hands[0] is not state.hands[0] and c.scores is not state.scores
    before = enc(state)
    c.hands[0].append(99), c.deck.append(99), c.scores.append(99), c.played.append(99), c.picks.append(99)
    assert enc(state) == before, "copy shares a list with its original"


def at_random(state, legal, rng):
    return rng.choice(legal)


def play(seed, config, choose=None, checks=True):
    """Fold a whole game by hand; returns (final state, every event)."""
    state = RULES.initial(config)
    events = RULES.setup(RULES.copy(state), Rng.derive(seed, 0))
    for e in events:
        state = RULES.evolve(state, e)
    while (legal := RULES.legal_actions(state)):
        assert {a.player for a in legal} == set(RULES.to_act(state))
        action = (choose or at_random)(state, legal, Rng.derive(f"policy/{seed}", len(events)))
        before = enc(state)
        if checks:
            check_views(state, Rng.derive(f"shuffle/{seed}", len(events)))
            check_copy(state)
        new = RULES.decide(state, action, Rng.derive(seed, len(events)))
        assert enc(state) == before, f"decide({action!r}) mutated the state"
        check_decided(new, action)
        for e in new:
            state = RULES.evolve(state, e)
            if checks:
                check_invariants(state, e)
                check_visible(e, state.players)
                assert CODEC.json_event.decode(canonical(e)) == e
                assert msgspec.json.decode(enc(state), type=RULES.state_type) == state
        events += new
    assert not RULES.to_act(state)
    return state, events


@pytest.mark.rule("TOY-01", "TOY-02", "TOY-03", "TOY-04", "TOY-05", "TOY-06", "TOY-07", "TOY-08",
                  "TOY-INV-01", "TOY-INV-02", "TOY-INV-03")
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"p{c.players}r{c.rounds}t{c.target}")
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_contract(seed, config):
    state, events = play(seed, config)
    outcome = RULES.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.scores == tuple(state.scores)
    assert outcome.winners and all(state.scores[w - 1] == max(state.scores) for w in outcome.winners)
    assert isinstance(events[-1], GameEnded) and events[-1].scores == outcome.scores
    fresh = RULES.initial(config)
    for e in events:
        fresh = RULES.evolve(fresh, e)
    assert enc(fresh) == enc(state), "a fresh fold differs from the incremental state"
    n = config.players
    for i, e in enumerate(events):  # TOY-04: highest pick starts, turns go round from there
        if isinstance(e, CardsRevealed):
            starter = max(range(1, n + 1), key=lambda p: e.picks[p - 1])
            end = next(j for j in range(i, len(events)) if isinstance(events[j], RoundEnded | GameEnded))
            movers = list(dict.fromkeys(a.player for a in events[i:end] if isinstance(a, Roll | Hold)))
            assert movers == [(starter - 1 + k) % n + 1 for k in range(len(movers))]
            assert len(movers) == n or isinstance(events[end], GameEnded)


@pytest.mark.rule("TOY-08")
def test_games_end_both_ways():
    ends = {"target": 0, "rounds": 0}
    for seed in range(30):
        state, events = play(seed, ToyPigConfig(players=2, rounds=4, target=20), checks=False)
        ends["target" if max(state.scores) >= 20 else "rounds"] += 1
        assert isinstance(events[-2], RoundEnded) == (max(state.scores) < 20)
    assert ends["target"] and ends["rounds"]


def test_registered_and_conforms():
    assert games.get("toy-pig") is RULES and isinstance(RULES, Rules)
    assert RULES.make_config(players=3) == ToyPigConfig(players=3)
    with pytest.raises(BoardcoreError):
        RULES.initial(ToyPigConfig(players=5))
    with pytest.raises(BoardcoreError):
        RULES.initial(ToyPigConfig(players=4, rounds=3))  # 12 cards wanted, 9 exist


def started(order=(5, 1, 3, 8, 2, 4, 6, 7, 9), **config):
    rng = ScriptedRng([order])
    state = RULES.initial(ToyPigConfig(rounds=2, **config))
    for e in RULES.setup(state, rng):
        state = RULES.evolve(state, e)
    return state


def step(state, action, rng=None):
    events = RULES.decide(state, action, rng or ScriptedRng([]))
    state = RULES.copy(state)
    for e in events:
        state = RULES.evolve(state, e)
    return state, events[1:]


@pytest.mark.rule("TOY-02", "TOY-03")
def test_illegal_actions_name_their_rule():
    state = started()
    before = enc(state)
    for action, rule in [(CardPicked(player=1, card=3), "TOY-02"), (CardPicked(player=2, card=9), "TOY-02"),
                         (Roll(player=1), None), (Hold(player=1), None),
                         (CardPicked(player=3, card=1), None)]:
        with pytest.raises(IllegalAction) as err:
            RULES.decide(state, action, ScriptedRng([]))
        assert err.value.rule == rule, action
    assert enc(state) == before
    state, _ = step(state, CardPicked(player=1, card=5))
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, CardPicked(player=1, card=1), ScriptedRng([]))  # already picked
    assert err.value.rule is None
    state, _ = step(state, CardPicked(player=2, card=3))
    assert RULES.to_act(state) == (1,) and RULES.legal_actions(state) == [Roll(player=1)]
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, Hold(player=1), ScriptedRng([]))
    assert err.value.rule == "TOY-03"
    for action in (Roll(player=2), CardPicked(player=1, card=7)):  # not P2's turn; no picking now
        with pytest.raises(IllegalAction) as err:
            RULES.decide(state, action, ScriptedRng([]))
        assert err.value.rule is None


@pytest.mark.rule("TOY-02", "TOY-04")
def test_picks_stay_hidden_until_everyone_picked():
    state = started(players=3, order=(5, 1, 3, 8, 9, 2, 4, 6, 7))  # hands: P1 5,1  P2 3,8  P3 9,2
    assert RULES.to_act(state) == (1, 2, 3)
    state, facts = step(state, CardPicked(player=2, card=8))
    assert facts == [] and RULES.to_act(state) == (1, 3)
    assert "picked 8" in RULES.render(state, 2) and "picked ?" in RULES.render(state, 1)
    assert "3" not in RULES.render(state, 1).splitlines()[2]  # P2's remaining card stays hidden
    assert RULES.view(state, 1).picks == [0, 0, 0] and RULES.view(state, 2).picks == [0, 8, 0]
    assert RULES.visible(CardPicked(player=2, card=8), 1) == CardPicked(player=2, card=0)
    assert RULES.view(state, None).hands == [[0, 0], [0], [0, 0]]
    state, _ = step(state, CardPicked(player=3, card=2))
    state, facts = step(state, CardPicked(player=1, card=1))
    assert facts == [CardsRevealed(picks=(1, 8, 2))]
    assert RULES.to_act(state) == (2,) and state.played == [1, 8, 2]  # P2 starts, then P3, then P1
    for mover in (2, 3, 1):
        assert RULES.to_act(state) == (mover,)
        state, _ = step(state, Roll(player=mover), ScriptedRng([1]))
    assert state.phase == "pick" and state.round == 2


@pytest.mark.rule("TOY-04", "TOY-05", "TOY-06", "TOY-07", "TOY-08")
def test_scripted_game_has_an_exact_result():
    state = started()  # P1 holds 5,1; P2 holds 3,8; 9 card deck leaves 2,4,6,7,9
    assert state.hands == [[5, 1], [3, 8]] and state.deck == [2, 4, 6, 7, 9]
    state, _ = step(state, CardPicked(player=2, card=3))
    state, facts = step(state, CardPicked(player=1, card=5))
    assert facts == [CardsRevealed(picks=(5, 3))] and RULES.to_act(state) == (1,)
    state, facts = step(state, Roll(player=1), ScriptedRng([4]))
    assert facts == [DieRolled(value=4)] and state.running == 4
    state, _ = step(state, Roll(player=1), ScriptedRng([6]))
    state, facts = step(state, Hold(player=1))
    assert facts == [] and state.scores == [10, 0] and RULES.to_act(state) == (2,)
    state, _ = step(state, Roll(player=2), ScriptedRng([5]))
    state, facts = step(state, Roll(player=2), ScriptedRng([1]))  # a 1 loses the 5 and ends the round
    assert facts == [DieRolled(value=1), RoundEnded(round=1)] and state.scores == [10, 0]
    state, _ = step(state, CardPicked(player=1, card=1))
    state, _ = step(state, CardPicked(player=2, card=8))
    assert RULES.to_act(state) == (2,)
    for value in (6, 6, 5):
        state, _ = step(state, Roll(player=2), ScriptedRng([value]))
    state, _ = step(state, Hold(player=2))
    state, _ = step(state, Roll(player=1), ScriptedRng([3]))
    assert RULES.evaluate(state, 1) == 10 + 3 - 17 and RULES.evaluate(state, 2) == 17 - 10
    state, facts = step(state, Hold(player=1))
    assert facts == [RoundEnded(round=2), GameEnded(scores=(13, 17))]
    assert RULES.outcome(state) == Outcome(scores=(13, 17), winners=(2,))
    assert RULES.legal_actions(state) == [] and "P2: score  17" in RULES.render(state, None)


@pytest.mark.rule("TOY-08")
def test_reaching_the_target_ends_the_game_at_once():
    state = started(target=10)
    state, _ = step(state, CardPicked(player=1, card=5))
    state, _ = step(state, CardPicked(player=2, card=3))
    for value in (4, 6):
        state, _ = step(state, Roll(player=1), ScriptedRng([value]))
    assert RULES.outcome(state) is None
    state, facts = step(state, Hold(player=1))
    assert facts == [GameEnded(scores=(10, 0))]
    assert RULES.outcome(state) == Outcome(scores=(10, 0), winners=(1,))
    check_invariants(state, "the end")


def test_actions_read_back_from_text():
    state = started()
    for action in RULES.legal_actions(state):
        text = RULES.format_action(action)
        assert RULES.parse_action(state, text) == action
        assert RULES.parse_action(state, text.split(" ", 1)[1]) == action  # unambiguous without P<n>


def greedy(state, legal, rng):
    """One step of lookahead on `evaluate`, averaged over the six die faces."""
    def value(action):
        total = 0.0
        for face in range(1, 7):
            after, _ = step(state, action, ScriptedRng([face]))
            total += RULES.evaluate(after, action.player)
        return total
    return max(legal, key=value)


def test_greedy_on_evaluate_beats_random():
    wins = 0
    for seed in range(60):
        seat = seed % 2 + 1

        def policy(s, legal, r, seat=seat):
            return (greedy if RULES.to_act(s) == (seat,) else at_random)(s, legal, r)

        state, _ = play(seed, ToyPigConfig(players=2), choose=policy, checks=False)
        wins += seat in RULES.outcome(state).winners
    assert wins >= 40
