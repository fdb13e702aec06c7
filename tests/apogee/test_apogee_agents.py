"""Apogee for agents: the action codec covers every legal action of every mode with indexes that mean the same
decision in every configuration, the observation is documented field by field and reads a view only, and the
rollout prior prefers what pays."""

from __future__ import annotations

from pathlib import Path

import pytest
from apogee_helpers import R, admin, at_soc, build_pad, give_engineer, plan, reserve, table
from boardcore.game.memo import Memo
from boardcore.agents.play import agent_rng, seeded, start
from boardcore.game.rng import LocalRng

from apogee import events as ev
from apogee.spaces import PROMPT_KINDS
from apogee.state import Launch

MODES = [dict(players=2, mission=1), dict(players=3, mission=5), dict(players=4, mission=7),
         dict(players=5, mission=3), *(dict(players=1, mission=m) for m in range(1, 7))]
README = Path(__file__).resolve().parents[2] / "src" / "apogee" / "data" / "README.md"
LAUNCH_ROLLS_12 = [12]


def games(options: dict, n: int, turns: int = 5):
    """`n` games of one mode, alternately random and driven by the rollout prior, yielding each position
    before a decision with its legal actions."""
    config = R.make_config(max_turns=turns, **options)
    for g in range(n):
        seed = f"codec/{options}/{g}"
        chance, choice = seeded(seed), agent_rng(seed)
        state, position = start(R, config, chance)
        while R.outcome(state) is None:
            legal = R.legal_actions(state)
            yield config, state, legal
            player = R.to_act(state)[0]
            mine = [a for a in legal if a.player == player]
            if g % 2:
                weights = R.prior(state, mine)
                pick = choice(position).randbelow(1_000_000) / 1_000_000 * sum(weights)
                action = mine[-1]
                for a, w in zip(mine, weights):
                    pick -= w
                    if pick <= 0:
                        action = a
                        break
            else:
                action = mine[choice(position).randbelow(len(mine))]
            for e in R.decide(state, action, chance(position)):
                state = R.evolve(state, e)
                position += 1


@pytest.mark.parametrize("options", MODES, ids=lambda o: f"{o['players']}p-m{o['mission']}")
def test_the_codec_covers_every_legal_action(options):
    seen = set()
    for config, state, legal in games(options, 4):
        codec = R.action_codec(config)
        for a in legal:
            i = codec.encode(a)
            assert codec.decode(i, a.player) == a
            seen.add(type(a))
    assert len(seen) >= 10


def test_indexes_mean_the_same_decision_in_every_configuration():
    """Only the last section (Nation Interventions, one per seat) depends on the configuration."""
    lists = [R.all_actions(R.make_config(**o)) for o in MODES]
    common = [[t for t in templates if not isinstance(t, ev.Intervene)] for templates in lists]
    assert all(c == common[0] for c in common)
    for templates, options in zip(lists, MODES):
        interventions = [t for t in templates if isinstance(t, ev.Intervene)]
        assert templates[len(common[0]):] == interventions  # at the end
        solo_or_mission5 = options["players"] == 1 or options["mission"] == 5
        assert len(interventions) == (0 if solo_or_mission5 else options["players"])
    assert len(common[0]) == 12 + 2 + 30 * 6 + 3 + 82 + 110 + 110 + 28 + 110 + 30 + 4 + 6 + 2


def test_a_config_with_no_such_mission_is_one_clear_error():
    from boardcore.game.errors import BoardcoreError
    config = R.make_config(players=1, mission=6)
    bad = type(config)(players=1, mission=9)
    with pytest.raises(BoardcoreError, match="no Solo Mission 9"):
        R.all_actions(bad)
    assert R.all_actions(config)


def test_every_observation_field_is_documented():
    text = README.read_text()
    for options in (MODES[0], MODES[3], MODES[4]):
        spec = R.observation(R.make_config(**options))
        for f in spec.fields:
            assert f.doc and f.size > 0 and f.low <= f.high, f
            name = f.name.split(".", 1)[-1]
            assert f"`{name}`" in text, f"data/README.md does not document the observation field {name}"
    flat = " ".join(text.split())
    for number, kind in enumerate(PROMPT_KINDS, 1):
        assert f"{number} `{kind}`" in flat, f"data/README.md numbers the decision point {kind} otherwise"


@pytest.mark.rule("AP-INV-26")
def test_observations_read_only_what_the_player_sees():
    rng = LocalRng("observation twins")
    checked = 0
    for options in (MODES[1], MODES[8]):
        spec = R.observation(R.make_config(**options))
        for config, state, legal in games(options, 2, turns=4):
            for player in range(1, config.players + 1):
                values = spec.encode(R.view(state, player), player)
                assert len(values) == spec.size and spec.check(values) is None
                twin = R.hidden_variant(state, player, rng)
                assert spec.encode(R.view(twin, player), player) == values
                checked += 1
    assert checked > 100


def test_the_observer_sees_its_own_engineers_and_no_one_elses():
    s = table(players=3)
    mine = give_engineer(s, 1, "Qian Tao")
    theirs = give_engineer(s, 2, "Oliver Hooker")
    config = R.make_config(players=3)
    spec = R.observation(config)
    fields = {}
    i = 0
    for f in spec.fields:
        fields[f.name] = (i, f.size)
        i += f.size

    def part(values, name):
        at, size = fields[name]
        return values[at:at + size]

    as_p1 = spec.encode(R.view(s, 1), 1)
    holder = part(as_p1, "engineer_holder")
    assert holder[mine] == 1 and holder[theirs] == 0
    assert part(as_p1, "p1.hand") == [1] and part(as_p1, "p2.hand") == [1]
    as_p2 = spec.encode(R.view(s, 2), 2)
    assert part(as_p2, "engineer_holder")[theirs] == 1 and part(as_p2, "engineer_holder")[mine] == 0
    assert part(as_p2, "seat") == [2] and part(as_p2, "p3.credits") == [80]


def test_the_prior_prefers_a_launch_that_can_succeed():
    s = table()
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    sess = admin(s, 1, rolls=LAUNCH_ROLLS_12)
    legal = sess.legal_actions()
    weights = dict(zip(legal, R.prior(sess.state, legal)))
    geo = weights[ev.LaunchRocket(player=1, destination="GEO")]
    venus = weights[ev.LaunchRocket(player=1, destination="Venus")]
    assert geo > venus > weights[ev.Pass(player=1)]
    assert all(w > 0 for w in weights.values())


def test_the_prior_builds_a_missing_stage_before_passing():
    s = table()
    solid, satellite = reserve(s, 1, "Solid Propulsion", "Satellite")
    build_pad(s, 1, "Satellite")
    sess = plan(s, {1: [("Qian Tao", "construction")]})
    legal = sess.legal_actions()
    weights = dict(zip(legal, R.prior(sess.state, legal)))
    assert weights[ev.Build(player=1, card=solid)] > weights[ev.Build(player=1, card=satellite)]
    assert weights[ev.Build(player=1, card=satellite)] > weights[ev.Pass(player=1)]


def test_the_prior_is_never_all_zero():
    """(What it costs is a benchmark figure: `prior_us_per_action` in tools/bench.py.)"""
    for config, state, legal in games(MODES[0], 2, turns=4):
        weights = R.prior(state, legal)
        assert len(weights) == len(legal) and min(weights) >= 0 and sum(weights) > 0


@pytest.mark.parametrize("options", MODES, ids=lambda o: f"{o['players']}p-m{o['mission']}")
def test_the_estimate_remembered_is_the_estimate_worked_out_afresh(options):
    """`evaluate` keeps what a plan, a player's launches and a rocket are worth (by value): over whole games, on
    every position and every player's view of it, the value it gives with all it has remembered is the value it
    gives with nothing remembered, to the bit."""
    remembered, asked = Memo(8_192), 0
    try:
        for config, state, _legal in games(options, 2, turns=8):
            for p in range(1, config.players + 1):
                for position in (state, R.view(state, p)):
                    R.c.judged = Memo(8_192)
                    fresh = R.evaluate(position, p)
                    R.c.judged = remembered
                    assert R.evaluate(position, p).hex() == fresh.hex()
                    asked += 1
    finally:
        R.c.judged = Memo(8_192)
    assert asked > 100 and 10 < len(remembered) < asked  # many judgements, and many asked again


def test_what_changes_in_place_is_judged_again():
    """A pad, a reserve, a launch and a ban changed on the same state: each time the remembered value is the fresh
    one, and it moves."""
    s = table(players=2)
    R.c.judged = Memo(8_192)

    def judged() -> float:
        remembered = R.evaluate(s, 1)
        kept, R.c.judged = R.c.judged, Memo(8_192)
        assert remembered == R.evaluate(s, 1)
        R.c.judged = kept
        return remembered

    values = [judged()]
    build_pad(s, 1, "Solid Propulsion")
    values.append(judged())
    reserve(s, 1, "Satellite", "Thermal Nuclear Propulsion")
    values.append(judged())
    s.bans = ("nuclear_build",)   # AP-SEV-04: the nuclear stage in reserve may no longer be built
    values.append(judged())
    s.areas[0].launches = (Launch(destination=0, cards=(), astronauts=0, crewed=False, rnd=0, thrust=5, yield_=10,
                              cost=0, turn=1),)
    values.append(judged())
    R.c.judged = Memo(8_192)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("options", [dict(players=2, mission=1), dict(players=3, mission=5), dict(players=1, mission=2)])
def test_the_search_s_margin_is_progress_less_the_best_rival_s(options):
    """`mcts` scores its leaves with `margin`: a player's progress less the best rival's, so that holding a
    rival back is worth something too (it was each player's own progress alone); alone, the progress toward
    the Solo Mission."""
    seen = 0
    for _, state, _ in games(options, 1, turns=3):
        for p in range(1, state.players + 1):
            mine = R.evaluate(state, p)
            rivals = [R.evaluate(state, q) for q in range(1, state.players + 1) if q != p]
            assert R.margin(state, p) == (mine - max(rivals) if rivals else mine)
        seen += 1
    assert seen > 10
