"""Determinising from a view: `rules.hidden_variant(view, player, rng)` must deal a complete table that
the player cannot tell from the real one. Information-set search and the honest what-if start every
rollout from it, so for every game and mode, at positions of random games:

- the player's view of the deal is the view it was dealt from (nothing they saw changed);
- every invariant holds on it (cards conserved: nothing dealt twice, nothing lost);
- what is hidden holds the same components as the real table's hidden parts (per kind);
- the game plays on from it to the end;
- dealing from the view and dealing from the true table are the same thing: the deal from the true
  table is also consistent, and the contents of the hidden parts agree.
"""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from boardcore import games
from boardcore.agents.policies import RandomAgent
from boardcore.game.errors import UnknownGame
from boardcore.agents.play import agent_rng, playout, seeded, start
from boardcore.game.rng import LocalRng

enc = msgspec.json.encode


def _ss(c, s, player):
    """Solar Sphere: the Resistance deck by ship value, the crew decks, the face-down hexes, DRANDA's deck."""
    hexes = sorted(s.hex_at[i] for i, down in enumerate(s.face_down) if down)
    return (sorted(Counter(c.ships[i].value for i in s.res_deck).items()), [sorted(d) for d in s.crew_decks],
            hexes, sorted(s.dranda.deck) if s.dranda else None)


def _wl(c, s, player):
    """Warlords: the hidden mercenaries, support cards and planet types together, and how many of each place."""
    others = [p for p in range(1, s.seats + 1) if p != player]
    seen = set(s.peeked[player - 1]) if player else set()
    planets = sorted([t for i, t in enumerate(s.planet_type) if not s.revealed[i] and i not in seen] + s.box_tiles)
    mercs = sorted(s.deck + s.removed_unseen + [x for p in others for x in s.hands[p - 1]])
    support = sorted(s.sdeck + [x for p in others for x in s.support_hands[p - 1]])
    return planets, mercs, support, len(s.rebel_deck), len(s.rebel_removed)


def _ap(c, s, player):
    """Apogee: the Technology piles with others' R&D draws, the Engineers hidden, Investors, Directors."""
    from apogee.hidden import _revealed

    rnd = sorted(s.piles[3] + [x for q, pl in enumerate(s.areas, 1) if q != player for x in pl.drawn])
    engineers = sorted(s.juniors + s.seniors + [e for q, pl in enumerate(s.areas, 1) if q != player
                                                for e, sp in zip(pl.hand, pl.spots) if not _revealed(sp, s.revealed)])
    return ([sorted(x) for x in s.piles[:3]], rnd, engineers, sorted(s.investor_pile), len(s.event_pile),
            sorted(s.directors_out + [d for q, pl in enumerate(s.areas, 1) if q != player for d in pl.dealt]))


def _toy(c, s, player):
    return sorted(s.deck + [x for p in range(1, s.players + 1) if p != player for x in s.hands[p - 1] + [s.picks[p - 1]]
                            if x])


MODES = [
    ("toy-pig", {"players": 3}, _toy),
    ("solar-sphere", {"players": 2}, _ss), ("solar-sphere", {"players": 4}, _ss),
    ("solar-sphere", {"players": 1, "level": 1}, _ss),
    ("warlords", {"players": 2}, _wl), ("warlords", {"players": 3}, _wl), ("warlords", {"players": 4}, _wl),
    ("warlords", {"players": 1, "level": "hard"}, _wl),
    ("apogee", {"players": 2, "max_turns": 50}, _ap), ("apogee", {"players": 5, "max_turns": 5}, _ap),
    ("apogee", {"players": 1, "mission": 3}, _ap),
]

# Hidden parts whose content a view cannot pin down, so a deal from a view may differ from the true
# table there: the Resistance ships never dealt into the game (only their values are known), and the
# Rebellion's used cards, which leave no trace on the table.
EXACT = {"solar-sphere": (0, 1, 2, 3), "warlords": (0, 1, 2, 3, 4), "apogee": (0, 1, 2, 3, 4, 5), "toy-pig": None}


def positions(name, options, seed, every=9):
    """Positions of a random game: the first decisions (setup's choices), then one in `every`."""
    rules = games.get(name)
    config = rules.make_config(**options)
    chance, choice = seeded(f"determinise/{seed}"), agent_rng(f"determinise/{seed}")
    state, position = start(rules, config, chance)
    n = 0
    while rules.outcome(state) is None:
        player = rules.to_act(state)[0]
        if n < 3 or n % every == 0:
            yield rules, state, position, player
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        action = legal[choice(position).randbelow(len(legal))]
        for event in rules.decide(state, action, chance(position)):
            state = rules.evolve(state, event)
            position += 1
        n += 1


@pytest.mark.parametrize("name", ["toy-pig", "solar-sphere", "warlords", "apogee"])
def test_every_state_of_setup_can_be_asked(name):
    """The check walker asks for a deal after every fact, setup's included: before the table is laid
    out there is nothing to deal (None) rather than a pool that does not fit."""
    try:
        rules = games.get(name)
    except UnknownGame:
        pytest.skip(f"{name} is not installed")
    state = rules.initial(rules.make_config(players=2))
    for event in [None, *rules.setup(rules.copy(state), seeded("setup")(1))]:
        if event is not None:
            state = rules.evolve(state, event)
        for player in (None, 1, 2):
            deal = rules.hidden_variant(state, player, LocalRng("setup"))
            assert deal is None or enc(rules.view(deal, player)) == enc(rules.view(state, player))


@pytest.mark.parametrize("name, options, hidden", MODES, ids=lambda m: m if isinstance(m, str) else None)
def test_a_deal_from_the_view_is_a_table_the_player_cannot_tell_apart(name, options, hidden):
    try:
        rules = games.get(name)
    except UnknownGame:
        pytest.skip(f"{name} is not installed")
    c = getattr(rules, "c", None)
    checked = 0
    for rules, state, position, player in positions(name, options, 1, every=3 if name == "toy-pig" else 7):
        view = rules.view(state, player)
        for source in (view, state):
            deal = rules.hidden_variant(source, player, LocalRng(f"deal/{position}"))
            assert enc(rules.view(deal, player)) == enc(view), f"the deal changes what P{player} sees at {position}"
            for rule_id, holds in rules.invariants().items():
                assert holds(deal) is None, f"{rule_id} broken by a deal from the view at {position}"
            want, got = hidden(c, state, player), hidden(c, deal, player)
            exact = EXACT[name]
            if exact is None:
                assert got == want, f"hidden contents differ at {position}"
            else:
                for part in exact:
                    assert got[part] == want[part], f"hidden part {part} differs at {position}"
        bots = {p: RandomAgent(rules) for p in range(1, 6)}
        playout(rules, rules.hidden_variant(view, player, LocalRng(f"play/{position}")), position, bots,
                seeded(f"on/{position}"), agent_rng(f"on/{position}"))
        checked += 1
    assert checked >= 5
