"""Numbers for learning agents (spaces.py) and the rollout prior (evaluate.py): the action list covers
every legal action of every mode and keeps its order, the observation is documented field by field
and blind to what is hidden, and the prior is cheap and sensible."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import msgspec
import pytest
from ss_helpers import RULES, at_turn, fresh, open_sphere, put_hex
from test_ss_words import random_game

from boardcore.game.rng import LocalRng
from solar_sphere.events import Attack, Choose, ChooseDie, DiscardDie, Visit

MODES = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (4, 3)]
README = Path(__file__).parents[2] / "src" / "solar_sphere" / "data" / "README.md"

PINNED_441 = "401c383edf0550fd22b12273bb741b37a1ccabb7aa53ce82d759df9307992344"
"""sha256 of the first 441 templates' JSON: the indexes as first published (default data)."""


def templates():
    return RULES.all_actions(RULES.make_config(players=2))


@pytest.mark.parametrize(("players", "level"), MODES)
def test_every_legal_action_of_random_games_has_an_index(players, level):
    codec = RULES.action_codec(RULES.make_config(players=players, level=level))
    for seed in range(3):
        _, _, _, offers = random_game(players, 20 + seed, level)
        for state, legal in offers:
            seat = RULES.to_act(state)[0]
            indexes = codec.legal_indexes(legal, seat)         # raises if one has no index
            assert len(set(indexes)) == len(legal)
            assert [codec.decode(i, seat) for i in indexes] == sorted(legal, key=codec.encode)


def test_one_index_space_for_every_mode():
    lists = {msgspec.json.encode(RULES.all_actions(RULES.make_config(players=n, level=level)))
             for n, level in MODES}
    assert len(lists) == 1


def test_the_action_list_only_grows_at_its_end():
    """The order is documented in data/README.md and may only be appended to: the first 441
    templates (the list as first published, on the default data) are pinned here."""
    first = templates()[:441]
    digest = hashlib.sha256(msgspec.json.encode(first)).hexdigest()
    assert digest == PINNED_441, "an action index changed meaning: only append to all_actions"
    counts = {}
    for t in templates():
        counts[type(t).__name__] = counts.get(type(t).__name__, 0) + 1
    readme = README.read_text()
    for name, n in counts.items():                              # the data notes give every group's size
        assert re.search(rf"\| `{name}\(.*?\| {n} \|", readme) or (name == "ChooseDie" and n == 66), name
    assert "only ever appended" in readme


def test_the_action_list_is_bounded_by_the_data():
    c = RULES.c
    acts = templates()
    assert len(acts) == 441
    assert max(a.drones for a in acts if isinstance(a, Attack)) == c.cmd.drones
    assert {a.location for a in acts if isinstance(a, Visit)} == set(c.locations)
    assert {a.die for a in acts if isinstance(a, DiscardDie)} == set(range(1, 7))
    assert sum(1 for a in acts if isinstance(a, ChooseDie) and a.crew) == 30


@pytest.mark.parametrize(("players", "level"), MODES)
def test_observation_fields_are_documented_and_respected(players, level):
    config = RULES.make_config(players=players, level=level)
    spec = RULES.observation(config)
    names = [f.name for f in spec.fields]
    assert len(set(names)) == len(names) and spec.size == sum(f.size for f in spec.fields)
    readme = README.read_text()
    for f in spec.fields:
        assert f.doc and f.size > 0 and f.low <= f.high, f.name
        assert f"`{re.sub(r'_[0-9]+$', '_i', f.name)}`" in readme, f"{f.name} is not in data/README.md"
    assert re.search(rf"\b{spec.size}\b", readme.split("## Observation")[1]), "the size is documented"
    rng = LocalRng("twins")
    _, _, steps, _ = random_game(players, 30, level)
    for state, _ in steps[::11]:
        for player in range(1, players + 1):
            values = spec.encode(RULES.view(state, player), player)
            assert spec.check(values) is None
            twin = RULES.hidden_variant(state, player, rng)
            assert spec.encode(RULES.view(twin, player), player) == values


def field(spec, values, name):
    i = 0
    for f in spec.fields:
        if f.name == name:
            return values[i:i + f.size]
        i += f.size
    raise KeyError(name)


def test_the_observation_puts_the_observer_first_and_hides_face_down_hexes():
    config, s = fresh(2, seed=3)
    spec = RULES.observation(config)
    s.centres[0].store, s.centres[1].store = [1, 2, 3], [3, 0, 0]
    s.centres[0].score, s.centres[1].score = 7, 11
    mine, theirs = spec.encode(RULES.view(s, 1), 1), spec.encode(RULES.view(s, 2), 2)
    assert field(spec, mine, "storage_0") == [1, 2, 3] and field(spec, mine, "storage_1") == [3, 0, 0]
    assert field(spec, theirs, "storage_0") == [3, 0, 0] and field(spec, theirs, "score_0") == [11]
    hexes = field(spec, mine, "hex")
    assert tuple(h == 0 for h in hexes) == s.face_down and hexes.count(0) == 6
    assert field(spec, mine, "hex_builder").count(5) == 6          # the Corporation's face-down hexes
    seat = RULES.to_act(s)[0]
    assert field(spec, mine, "asked") == [1] and field(spec, mine, "asked_seat") == [1 if seat == 1 else 2]


# -- the rollout prior ------------------------------------------------------------------------
def test_the_prior_weighs_every_legal_action_and_rules_none_out():
    _, _, _, offers = random_game(2, 8)
    for state, legal in offers:
        weights = RULES.prior(state, legal)
        assert len(weights) == len(legal) and all(w > 0 for w in weights)


def test_the_prior_prefers_building_to_parking_and_attacks_with_what_a_ship_needs():
    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(4,), others_dice=True)
    open_sphere(s, {})
    put_hex(s, "I1", "H10")
    s.centres[a - 1].store = [2, 1, 1]
    die = RULES.prior(s, [ChooseDie(player=a, die=4, value=4), ChooseDie(player=a, die=4, value=1),
                          DiscardDie(player=a, die=4)])
    assert die[0] > die[1] > die[2]
    s.step, s.chosen = "visit", 4
    sphere, belt = RULES.prior(s, [Visit(player=a, location="L-SPH"), Visit(player=a, location="L-GOLD")])
    assert sphere > belt
    s.step, s.visiting = "act", RULES.c.loc_index["L-SPH"]
    action, satellite = RULES.prior(s, [Choose(player=a, option="action"), Choose(player=a, option="satellite")])
    assert action > satellite
    ship = RULES.c.ships[s.fleet[2].card]                       # nobody on it yet: it needs value + 1 drones
    weights = RULES.prior(s, [Attack(player=a, ship=2, drones=n) for n in (1, ship.value + 1, 12)])
    assert weights[1] == max(weights) and weights[2] < weights[1]
