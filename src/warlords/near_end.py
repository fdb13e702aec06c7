"""Positions near the end of a game, for `boardcore check` (`Rules.near_end`).

Played at random or by the bots, a game ends almost always by its supply (GW-END-01, GW-SEND-03), now and
then by four missions (GW-END-04) or the Rebel deck (GW-SEND-01), but never at the end of the Reputation
Track (GW-END-03, GW-SEND-02), and seldom tied on Power (GW-SCORE-07..09, GW-GAP-18, GW-AMB-57). So a
position is made of one of two kinds, as a table copied by hand would show it:

- a game played a while, with one player's reputation marker a space short of the last, so that its
  next gain in play ends the game, or with a player's hand holding the mercenaries that would make four
  of one mission in play (GW-END-04);
- the last decision of a game, with the Power gained in play set so that the final Power, as it would
  stand after that decision, ties (between the players, the teams, or the human and the Rebellion), and
  the tie-breaks of the rules then name the winner; half of them after an early end by reputation, when
  mission Power is often equal too (GW-SCORE-08, GW-SCORE-09).

Play goes on from there and the rules judge the end.
"""

from __future__ import annotations

from boardcore.game.rules import dealt, random_step
from warlords.state import WarlordsState

TEAMS = ((1, 3), (2, 4))


EARLY_TRIES = 4
"""Games tried for an early end whose mission Power ties as well as the Power."""

KINDS = {"missions": 2, "reputation": 1, "tie": 1, "early tie": 3}
"""The kinds of position made, with their weights: the early ties most, since only they reach the last
keys of a tie (GW-SCORE-08, GW-SCORE-09) and they end by reputation as well."""


def near_end(rules, config, rng) -> WarlordsState | None:
    """A position near one of the game's endings (see the module docstring), drawn from `rng`."""
    s = dealt(rules, config, rng)
    kind = rng.choice([name for name, weight in KINDS.items() for _ in range(weight)])
    if kind == "missions" and s.mode != "solo":   # GW-SEND-04: no mission end in solo
        return missions_in_hand(rules, s, rng)
    if kind in ("missions", "reputation"):
        return reputation_near_end(rules, s, rng)
    if kind == "tie":
        return last_decision(rules, s, rng)
    # an early end, by reputation, when few missions score yet: the tie goes on to the later keys
    all_at_the_end = bool(rng.randbelow(2))
    for _ in range(EARLY_TRIES):
        s = reputation_near_end(rules, s, rng)
        s = None if s is None else last_decision(rules, s, rng, all_at_the_end, missions_too=True)
        if s is not None:
            return s
        s = dealt(rules, config, rng)
    return None


def reputation_near_end(rules, s: WarlordsState, rng) -> WarlordsState | None:
    """A few turns in, one seat's reputation marker a space short of the Reputation Track's end."""
    turn = rng.randint(2, 2 * s.players)
    while not s.over and (s.turn < turn or rng.randbelow(3)):
        s = random_step(rules, s, rng)
    if s.over:
        return None
    seat = rng.randint(1, s.seats)
    s.rep[seat - 1] = max(s.rep[seat - 1], rules.c.rep_last - 1)
    return s


def missions_in_hand(rules, s: WarlordsState, rng) -> WarlordsState | None:
    """Some turns in, the hand of the player with the most mercenaries of one mission in play holding those
    that would make it four (swapped with cards of the deck, which stays as long and as hidden)."""
    turn = rng.randint(2 * s.players, 4 * s.players)
    while not s.over and (s.turn < turn or rng.randbelow(3)):
        s = random_step(rules, s, rng)
    if s.over:
        return None
    c = rules.c
    most = [(row.count(m), p, m) for p in range(1, s.players + 1)
            for row in ([c.mercs[x].mission for x in s.area[p - 1]],) for m in set(row)]
    if not most:
        return None
    _, p, mission = max(most)
    in_play = [c.mercs[x].mission for x in s.area[p - 1]]
    hand = s.hands[p - 1]
    wanted = [x for x in s.deck if c.mercs[x].mission == mission][:4 - in_play.count(mission)]
    swappable = [i for i, x in enumerate(hand) if c.mercs[x].mission != mission]
    if not wanted or len(swappable) < len(wanted):
        return None
    for card, i in zip(wanted, swappable):
        k = s.deck.index(card)
        s.deck[k], hand[i] = hand[i], card
    return s


def last_decision(rules, s: WarlordsState, rng, all_at_the_end: bool = False,
                  missions_too: bool = False) -> WarlordsState | None:
    """The position before a random game's last decision, the Power gained in play set so that the final
    Power ties as the game would end after that decision (each answer to it tried under a few draws, the
    most common end set right); `all_at_the_end`: every reputation marker on the last space too, so that
    only mission Power can break the tie; `missions_too`: None unless mission Power ties at that end too
    (in solo it breaks no tie)."""
    before = s
    while not s.over:
        before = rules.copy(s)
        s = random_step(rules, s, rng)
    s = before
    ends = final_scores(rules, s, rng)
    common = max(set(ends), key=ends.count)
    power, missions = [seat[0] for seat in common], [seat[1] for seat in common]
    if s.mode == "teams":
        sums = [sum(power[p - 1] for p in team) for team in TEAMS]
        if missions_too and len({sum(missions[p - 1] for p in team) for team in TEAMS}) > 1:
            return None
        for team, total in zip(TEAMS, sums):
            s.power[team[0] - 1] += max(sums) - total
    else:
        if missions_too and s.mode != "solo" and len(set(missions)) > 1:
            return None
        for p in range(1, s.seats + 1):
            s.power[p - 1] += max(power) - power[p - 1]
    if all_at_the_end:
        s.rep = [rules.c.rep_last] * len(s.rep)
    return s


def final_scores(rules, s: WarlordsState, rng) -> list[tuple[tuple[int, int], ...]]:
    """Each seat's final Power and mission Power after each answer to the decision open in `s`, under two
    draws each."""
    out = []
    for action in rules.legal_actions(s):
        for _ in range(2):
            end = rules.unfold(s, action, rng, trusted=True).state
            while not end.over:
                end = random_step(rules, end, rng)
            out.append(tuple((end.power[p], end.final[p][2]) for p in range(end.seats)))
    return out
