"""The scoring the greedy bot runs at every step, read in one pass (`scoring.Holdings`) and served again
while the planets are unchanged (`evaluate.planets_scored`), against the rules read plainly: the
same majorities and missions on every position of whole games, and never a stale answer after a
state changes in place."""

from __future__ import annotations

import pytest

from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import agent_stream, seeded, start
from warlords import RULES, scoring
from warlords import evaluate as estimate
from warlords.state import GUARDED

from wl_helpers import C, put


def plain_majority(s) -> list[int]:
    """GW-SCORE-02 as written: per type, the strictly largest unit count on its planets scores."""
    out = [0] * s.seats
    for t, kind in enumerate(C.types):
        counts = [0] * s.seats
        for i, o in enumerate(s.owner):
            if o and s.planet_type[i] == kind:
                counts[o - 1] += sum(s.planet_units[i])
        top = max(counts)
        if top and counts.count(top) == 1:
            out[counts.index(top)] += C.domination_value[s.track[t]]
    return out


def plain_missions(s, p: int) -> int:
    """GW-SCORE-03/04 and GW-AMB-40 as written."""
    held: dict[str, int] = {}
    for i, o in enumerate(s.owner):
        if o == p:
            held[s.planet_type[i]] = held.get(s.planet_type[i], 0) + 1
    total = 0
    for card in s.area[p - 1]:
        if card not in s.wounded[p - 1]:
            n = held.get(C.mercs[card].mission, 0)
            total += 2 * (n if s.mission == "per_planet" else (1 if n else 0))
    return total


def positions(players: int, seed: str, **options):
    """Every position of a random game, each also as every player sees it."""
    cfg = RULES.make_config(players=players, **options)
    chance, choice = seeded(seed), agent_stream(seed)
    state, position = start(RULES, cfg, chance)
    bot = RandomAgent(RULES)
    while RULES.outcome(state) is None:
        yield state
        for p in range(1, state.seats + 1):
            yield RULES.view(state, p)
        player = RULES.to_act(state)[0]
        legal = [a for a in RULES.legal_actions(state) if a.player == player]
        u = RULES.unfold(state, bot.choose(None, legal, choice(position)), chance(position), trusted=True,
                         in_place=True)   # in place: the cache must see the changes all the same
        state, position = u.state, position + len(u.events)
    yield state


@pytest.mark.rule("GW-SCORE-02", "GW-SCORE-03", "GW-SCORE-04", "GW-AMB-06", "GW-AMB-40", "GW-SSCORE-04")
@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {}), (1, {}), (2, {"mission": "per_mercenary"})])
def test_one_pass_scoring_matches_the_rules_read_plainly(players, options):
    for s in positions(players, f"fast/{players}/{options}", **options):
        h, maj = estimate.planets_scored(C, s)
        assert maj == scoring.majority(C, s) == plain_majority(s)
        for p in range(1, s.seats + 1):
            assert scoring.missions(C, s, p, h) == scoring.missions(C, s, p) == plain_missions(s, p)
            assert scoring.guards(s, p) == sum(1 for g in s.guard[p - 1] if g == GUARDED)


@pytest.mark.rule("GW-SCORE-02")
def test_planets_scored_again_only_while_the_planets_are_unchanged():
    s, _ = start(RULES, RULES.make_config(players=2), seeded("stale"))
    first = estimate.planets_scored(C, s)[1]
    assert estimate.planets_scored(C, s)[1] is first      # the same planets: served again
    planet = next(i for i, r in enumerate(s.revealed) if r)
    put(s, planet, 1, infantry=2)
    assert estimate.planets_scored(C, s)[1] == plain_majority(s)
    s.planet_units[planet][0] += 1                                    # changed in place, the list kept
    s.track[C.type_index[s.planet_type[planet]]] = C.track_last
    assert estimate.planets_scored(C, s)[1] == plain_majority(s)
    s.owner[planet] = 2
    assert estimate.planets_scored(C, s)[1] == plain_majority(s)
