"""The positions `check` starts from near Warlords' rare endings (`warlords/near_end.py`) keep every
invariant and lead there: played on at random, most of them end as they were built to."""

from __future__ import annotations

from collections import Counter

import pytest

from boardcore import games
from boardcore.game.rng import Rng
from boardcore.game.rules import dealt, random_step
from warlords import near_end
from warlords.scoring import (BY_MISSIONS, BY_REPUTATION, MISSIONS, REBEL_DECK, SHARED, TEAM_MISSIONS,
                              TEAM_REPUTATION, TEAM_SHARED)

RULES = games.get("warlords")
POSITIONS = 12


def played_on(build, options: dict) -> Counter:
    """How `POSITIONS` positions made by `build(config, rng)` ended, played on at random (None: not built);
    each position must keep every invariant."""
    config = RULES.make_config(**options)
    ended: Counter = Counter()
    for i in range(POSITIONS):
        rng = Rng.derive("near-end-test", i)
        s = build(config, rng)
        if s is None:
            ended[None] += 1
            continue
        broken = {rule: problem for rule, holds in RULES.invariants().items() if (problem := holds(s))}
        assert not broken, broken
        while not s.over:
            s = random_step(RULES, s, rng)
        ended.update(RULES.ending(s))
    return ended


def test_a_rebel_deck_near_its_end_is_played_out_by_legal_play_alone():
    """GW-SEND-01: the human drafting (never drawing) keeps the supply longer than the Rebel deck lasts."""
    def build(config, rng):
        s = near_end.rebel_deck_near_end(RULES, dealt(RULES, config, rng), rng)
        assert s is None or len(s.rebel_deck) <= max(near_end.REBEL_CARDS_LEFT)
        return s

    for level in ("standard", "hard"):
        ended = played_on(build, {"players": 1, "level": level})
        assert ended[REBEL_DECK] >= POSITIONS * 2 // 3, ended


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "mode": "ffa"}, {"players": 4, "mode": "teams"}],
                         ids=str)
def test_a_fourth_mercenary_of_one_mission_in_hand_often_ends_the_game(options):
    """GW-END-04: three of one mission in play and the fourth in hand, as that player is to play a card."""
    def build(config, rng):
        s = near_end.missions_in_hand(RULES, dealt(RULES, config, rng), rng)
        if s is not None:
            mission = near_end.fourth_in_hand(RULES.c, s)
            row = [RULES.c.mercs[x].mission for x in s.area[s.prompt.player - 1]]
            assert s.prompt.kind == "play" and row.count(mission) == 3
        return s

    ended = played_on(build, options)
    assert ended[MISSIONS] >= POSITIONS // 3, ended


@pytest.mark.parametrize("options, breaks", [
    ({"players": 2}, (BY_MISSIONS,)), ({"players": 3}, (BY_MISSIONS,)),
    ({"players": 4, "mode": "teams"}, (TEAM_MISSIONS,)),
], ids=str)
def test_a_tie_on_power_broken_by_missions(options, breaks):
    """GW-SCORE-07, GW-GAP-18: tied on Power, mission Power differing at the end."""
    ended = played_on(lambda config, rng: near_end.tied_end(RULES, config, rng, early=False), options)
    assert sum(ended[key] for key in breaks) >= POSITIONS // 2, ended


@pytest.mark.parametrize("options, keys", [
    ({"players": 2}, (BY_REPUTATION, SHARED)), ({"players": 4, "mode": "ffa"}, (BY_REPUTATION, SHARED)),
    ({"players": 4, "mode": "teams"}, (TEAM_REPUTATION, TEAM_SHARED)),
], ids=str)
def test_an_early_end_tied_on_power_and_missions_goes_on_to_the_later_keys(options, keys):
    """GW-SCORE-08, GW-SCORE-09: mission Power tied too, so reputation decides, or nothing does."""
    ended = played_on(lambda config, rng: near_end.tied_end(RULES, config, rng, early=True), options)
    assert all(ended[key] for key in keys) and sum(ended[key] for key in keys) >= POSITIONS // 2, ended
