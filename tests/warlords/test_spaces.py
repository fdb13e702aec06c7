"""Numbers for agents (`warlords.spaces`, `evaluate.prior`, `figures`): every legal action has its fixed
index, the observation is documented field by field and blind to what the observer cannot see, the
rollout prior is a cheap preference, and the figures chart public numbers."""

from __future__ import annotations

import hashlib
from pathlib import Path

import msgspec
import pytest
from wl_helpers import MISS, C, at_actions, clear, ev, hand, launch_pad, session, table

from boardcore.agents.play import agent_rng, seeded, start
from boardcore.game.rng import LocalRng
from warlords import RULES
from warlords import events as wl_events

MODES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "mode": "ffa"}, {"players": 1},
         {"players": 1, "level": "hard"}, {"players": 2, "mission": "per_mercenary"}]
NOTES = Path(__file__).resolve().parents[2] / "src" / "warlords" / "data" / "README.md"
# The action lists as released, by configuration: how many templates and the sha256 of their JSON.
# Indexes are stable because a later version may only append (data/README.md), so the first `size`
# templates must stay exactly these; a test failing here means an index moved.
RELEASED = {
    (2, ""): (483, "22ed95ed0907e6b8127f21710a9e28b56ef613c46bca1b91001635544a7cbbfa"),
    (3, ""): (627, "64e48400e1ae23cc34082397fce12c08b8fe055734b38c04a668124ae1561368"),
    (4, ""): (895, "cdc6f8241c128b779294e664f3ac2e0133a38d9b094888931099bd15192db0c0"),
    (4, "ffa"): (688, "24cd7021b8400fd99037004dea8a4acba8c033649c90e269fa9823e5126e367d"),
    (1, ""): (839, "d81a5948e739b4f0f65fbaaab562d966e7a18af8254e3c3de34a26878423558d"),
}


def games(options: dict, n: int, seed: str = "codec"):
    """(state, legal actions) at every decision of `n` random games."""
    config = RULES.make_config(**options)
    for g in range(n):
        chance, choice = seeded(f"{seed}/{g}"), agent_rng(f"{seed}/{g}")
        state, position = start(RULES, config, chance)
        while RULES.outcome(state) is None:
            legal = RULES.legal_actions(state)
            yield state, legal
            mine = [a for a in legal if a.player == RULES.to_act(state)[0]]
            action = mine[choice(position).randbelow(len(mine))]
            for event in RULES.decide(state, action, chance(position)):
                state = RULES.evolve(state, event)
                position += 1


def digest(templates) -> str:
    return hashlib.sha256(b"".join(msgspec.json.encode(t) for t in templates)).hexdigest()


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_every_legal_action_of_random_games_has_an_index(options):
    config = RULES.make_config(**options)
    codec = RULES.action_codec(config)
    seen = set()
    for state, legal in games(options, 4):
        for a in legal:
            i = codec.encode(a)
            assert codec.decode(i, a.player) == a
            seen.add(i)
    assert len(seen) > 60


def test_the_list_is_fixed_ordered_and_only_grows():
    order = {t: k for k, t in enumerate(wl_events.DECISIONS)}
    for options in MODES:
        config = RULES.make_config(**options)
        templates = RULES.all_actions(config)
        assert templates == RULES.all_actions(config) and all(t.player == 0 for t in templates)
        assert len(set(templates)) == len(templates)
        kinds = [order[type(t)] for t in templates]
        assert kinds == sorted(kinds)                       # decision type by decision type, as documented
    two = RULES.all_actions(RULES.make_config(players=2))
    assert two[0] == ev.Pass(player=0)
    assert RULES.action_codec(RULES.make_config(players=2)).size == len(two)


def test_the_action_lists_keep_their_released_order():
    for (players, mode), (size, released) in RELEASED.items():
        templates = RULES.all_actions(RULES.make_config(players=players, mode=mode or None))
        assert len(templates) >= size and digest(templates[:size]) == released, (
            f"{players} players {mode}: the first {size} action templates changed; indexes may only be appended")


def test_the_solo_list_leaves_out_what_solo_never_offers():
    templates = RULES.all_actions(RULES.make_config(players=1))
    kinds = {type(t) for t in templates}
    assert not kinds & {ev.MoveShip, ev.ChooseSector, ev.PlaceRecon, ev.Block, ev.TeamAction, ev.TargetPlayer}
    assert {ev.Discard, ev.SoloSwap, ev.RemovePreDeployed} <= kinds
    assert not any(isinstance(t, ev.PlaySupport) and C.support[t.card] in ("blockade", "recon") for t in templates)


def test_every_observation_field_is_documented_here_and_in_the_data_notes():
    notes = NOTES.read_text()
    for options in MODES:
        spec = RULES.observation(RULES.make_config(**options))
        names = [f.name for f in spec.fields]
        assert len(set(names)) == len(names)
        assert spec.size == sum(f.size for f in spec.fields) == len(spec.low) == len(spec.high)
        for f in spec.fields:
            assert f.size > 0 and f.low <= f.high and len(f.doc) > 15, f
            assert f"`{f.name}`" in notes, f"data/README.md does not document the field {f.name}"


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_observations_fit_their_fields_and_ignore_what_is_hidden(options):
    config = RULES.make_config(**options)
    spec = RULES.observation(config)
    rng = LocalRng("twins")
    players = range(1, config.players + 1)
    for k, (state, _) in enumerate(games(options, 2, "obs")):
        if k % 5:
            continue
        for p in players:
            values = spec.encode(RULES.view(state, p), p)
            assert spec.check(values) is None
            twin = RULES.hidden_variant(state, p, rng)
            assert spec.encode(RULES.view(twin, p), p) == values


@pytest.mark.rule("GW-SUB-02")
def test_a_third_player_s_observation_does_not_carry_the_card_a_subterfuge_took():
    cfg, s = table(3)
    clear(s)
    s.rep_slots = ["support"] * 8
    s.ships = ["C", "NW", "SE"]
    launch_pad(s, 1, infantry=3)
    spec = RULES.observation(cfg)
    seen = []
    for card in s.deck[:2]:   # two cards in no one's hand: P2 holds one of them, nothing else changes
        t = s.copy()
        t.hands = [list(h) for h in t.hands]
        hand(t, 2, [card])
        sess = session(cfg, at_actions(t, 1, "M05"), dice=[card, MISS])
        sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=1))
        sess.apply(ev.TargetPlayer(player=1, target=2))
        st = sess.state
        assert st.ctx[-1].card == card and st.prompt.kind == "subterfuge"
        seen.append((spec.encode(RULES.view(st, 3), 3), spec.encode(RULES.view(st, 1), 1)))
    (third_a, mine_a), (third_b, mine_b) = seen
    assert third_a == third_b and mine_a != mine_b


def test_the_prior_is_a_preference_never_all_zero():
    """(What it costs is a benchmark figure: `prior_us_per_action` in tools/bench.py.)"""
    for options in MODES[:5]:
        for state, legal in games(options, 1, "prior"):
            weights = RULES.prior(state, legal)
            assert len(weights) == len(legal) and min(weights) >= 0 and any(weights)


def test_the_prior_prefers_what_scores():
    cfg, s = table(2)
    clear(s)
    s.rep_slots = ["bombard"] * 8
    s.ships = ["C", "NW"]
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, "M01"))
    legal = sess.legal_actions()
    w = dict(zip(legal, RULES.prior(sess.state, legal)))
    end, deploy = ev.Pass(player=1), ev.ChooseAction(player=1, action="deploy", slot=0)
    assert w[deploy] > w[end]
    if ev.ChooseAction(player=1, action="bombard", slot=1) in w:
        assert w[ev.ChooseAction(player=1, action="bombard", slot=1)] > w[end]


def test_figures_chart_public_numbers_of_every_seat():
    for options, names in (({"players": 2}, {"P1", "P2"}), ({"players": 1}, {"P1", "Rebellion"})):
        state = list(games(options, 1, "figures"))[-1][0]
        figures = RULES.figures(state)
        assert set(figures) == {"score", "reputation", "planets"}
        assert all(set(series) == names for series in figures.values())
        assert figures["score"]["P1"] == state.power[0]
        assert figures["planets"]["P1"] == sum(1 for o in state.owner if o == 1)


@pytest.mark.rule("GW-SUB-02")
def test_a_third_player_s_view_and_log_do_not_name_the_card_a_subterfuge_took():
    """The card taken is known to the two players involved: not to a third, in the view (the action
    under way), in the log (the staged action), nor after re-dealing what they cannot see."""
    cfg, s = table(3)
    clear(s)
    s.rep_slots = ["support"] * 8
    s.ships = ["C", "NW", "SE"]
    launch_pad(s, 1, infantry=3)
    card = s.deck[0]
    t = s.copy()
    t.hands = [list(h) for h in t.hands]
    hand(t, 2, [card])
    sess = session(cfg, at_actions(t, 1, "M05"), dice=[card, MISS])
    sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=1))
    staged = sess.apply(ev.TargetPlayer(player=1, target=2))
    st = sess.state
    assert st.ctx[-1].card == card
    assert card not in msgspec.json.encode(RULES.view(st, 3)).decode()
    assert RULES.view(st, 2).ctx[-1].card == card and RULES.view(st, 1).ctx[-1].card == card
    for event in staged:
        assert card not in msgspec.json.encode(RULES.visible(event, 3)).decode(), event
    from boardcore.game.rng import LocalRng
    twin = RULES.hidden_variant(st, 3, LocalRng("twin"))
    assert msgspec.json.encode(RULES.view(twin, 3)) == msgspec.json.encode(RULES.view(st, 3))


@pytest.mark.rule("GW-SUB-02")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_deal_during_a_subterfuge_keeps_the_card_taken_where_both_involved_know_it_is(seed):
    """While a Subterfuge holds a card (its option being chosen, or the borrowed card's own action
    resolving above it), the player it was taken from knows it sits in the taker's hand: a deal of
    what that player cannot see (from the table or from their view) keeps it there, so the search and
    what-if play on to the card's return instead of giving back a card the taker does not hold."""
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_stream, playout, run_bots
    from boardcore.session.session import Session
    from warlords.hidden import knows_taken

    s = Session.new(RULES, players=2, seed=seed)
    held = []
    run_bots(s, {1: RandomAgent(RULES), 2: RandomAgent(RULES)}, seed=seed,
             on_decision=lambda _: held.append(s.position) if s.state.taken else None)
    assert held, "no Subterfuge held a card in this game"
    bots = {1: RandomAgent(RULES), 2: RandomAgent(RULES)}
    for position in held:
        state = s.state_at(position)
        for player in (1, 2):
            assert knows_taken(state, player)               # two players: both are involved
            seen = RULES.view(state, player)
            for k, start_from in enumerate((state, seen)):
                twin = RULES.hidden_variant(start_from, player, LocalRng(f"{seed}/{position}/{player}/{k}"))
                assert msgspec.json.encode(RULES.view(twin, player)) == msgspec.json.encode(seen)
                assert state.taken in twin.hands[state.active - 1]
                rng = seeded(f"{seed}/{position}")
                playout(RULES, twin, position, bots, rng, agent_stream(position))   # plays on to the end


def test_a_deal_refuses_a_table_showing_more_of_a_card_than_the_game_holds():
    """The pools a deal draws from are exact: a table with a mercenary or a support card in sight twice
    (a rules bug, or a doctored view) is refused rather than dealt from a pool short of a card."""
    cfg, s = table(2)
    assert RULES.hidden_variant(s, 1, LocalRng("fine")) is not None
    twice = s.copy()
    twice.market = [*s.market[:-1], s.market[0]]         # one mercenary of the Market shown twice
    with pytest.raises(AssertionError, match="mercenaries: more cards in sight than the game holds"):
        RULES.hidden_variant(twice, 1, LocalRng("twice"))
    twice = s.copy()
    twice.sdiscard = [s.support_hands[0][0], *s.sdiscard]   # P1's own support card on the discard too
    with pytest.raises(AssertionError, match="support cards: more cards in sight than the game holds"):
        RULES.hidden_variant(twice, 1, LocalRng("twice"))
