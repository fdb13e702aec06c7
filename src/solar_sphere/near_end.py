"""Positions near the end of a game, for `boardcore check` (`Rules.near_end`).

Played at random, a game always ends after round 6's Battle (SS-END-01), but almost never with a Sphere
built before then (SS-FLOW-04), tied on points (SS-END-11) or won against DRANDA (SS-SOLO-01). So a
position is made of one of two kinds, as a table copied by hand would show it:

- the Sphere nearly or wholly built in an earlier round: the hexes placed with their builders' drones
  (made active first where none is) and icons, as `HexBuilt` places them, in an order that keeps each
  linked to the Core (SS-INV-11);
- the last decision of a game, with the silver points set so that the final scores, as they would stand
  after it, tie (and the tracks so that reputation, morale or nothing breaks the tie; the steadiest of a
  few games' last decisions), or, in solo, so that the player is ahead of DRANDA.

Play goes on from there and the rules judge the end.
"""

from __future__ import annotations

from boardcore.game.rules import dealt, played_out, random_step
from solar_sphere.events import HexBuilt
from solar_sphere.state import CORP, SolarState

SPHERE_ROUNDS = (1, 5)
"""The rounds a nearly built Sphere is given in: before round 6, where only SS-FLOW-04 can end the game."""

TIE_TRIES, STEADY = 3, 0.75
"""Games tried for a tie, unless one's last decision ends alike in this share of the answers and dice."""

TIES = ("reputation", "morale", "shared")
"""The tie-breaks of SS-END-11 a tied position is made for: the one that should name the winner."""


def near_end(rules, config, rng) -> SolarState | None:
    """A position near one of the game's endings (see the module docstring), drawn from `rng`."""
    if rng.randbelow(3) == 0:
        return nearly_built(rules, dealt(rules, config, rng), rng)
    if config.players == 1:
        return last_decision(rules, dealt(rules, config, rng), rng)
    # a tie holds best where the last decision's answers and dice end alike: the steadiest of a few games
    tries = []
    for _ in range(TIE_TRIES):
        s = before_the_end(rules, dealt(rules, config, rng), rng)
        ends = endings(rules, s, rng)
        tries.append((ends.count(most_common(ends)) / len(ends), len(tries), s))
        if tries[-1][0] >= STEADY:
            break
    return tied(rules, max(tries)[2], rng)


def nearly_built(rules, s: SolarState, rng) -> SolarState | None:
    """The Sphere built but for 0 or 1 slot, in a Deploy phase of a round before the last."""
    target = rng.randint(*SPHERE_ROUNDS)
    while s.phase != "over" and (s.round < target or s.phase != "deploy" or rng.randbelow(3)):
        s = random_step(rules, s, rng)
    if s.phase != "deploy" or s.round >= 6:
        return None
    c = rules.c
    left = int(rng.randbelow(3) == 0)   # a slot left for play to build, in a third of them
    seats = list(range(1, s.players + 1)) + ([s.dranda_seat] if s.dranda_seat else [])
    while sum(1 for b in s.builder if not b) > left:
        linked = [slot for slot in range(len(s.builder)) if not s.builder[slot]
                  and (c.core_adjacent[slot] or any(s.builder[n] and s.builder[n] != CORP for n in c.adjacent[slot]))]
        able = [seat for seat in seats if (s.dranda.supply if seat == s.dranda_seat else drones(s, seat)) > 0]
        if not linked or not able:
            return None
        slot, seat = rng.choice(linked), rng.choice(able)
        if seat != s.dranda_seat and not s.centres[seat - 1].active:
            p = s.centres[seat - 1]   # a drone from the reserve (or the inactive panel) made active to build with
            if p.reserve:
                p.reserve, p.active = p.reserve - 1, 1
            else:
                p.inactive, p.active = p.inactive - 1, 1
        s = rules.evolve(s, HexBuilt(player=seat, slot=slot, factions=c.hex_factions[s.hex_at[slot]]))
    return s


def drones(s: SolarState, seat: int) -> int:
    """The drones `seat` could build with: active, in reserve or inactive."""
    p = s.centres[seat - 1]
    return p.active + p.reserve + p.inactive


def before_the_end(rules, s: SolarState, rng) -> SolarState:
    """The position before the last decision of a random game from `s`."""
    before = s
    while s.phase != "over":
        before = rules.copy(s)
        s = random_step(rules, s, rng)
    return before


def last_decision(rules, s: SolarState, rng) -> SolarState:
    """The position before a random game's last decision, the player's points set so that they end ahead of
    DRANDA after any answer to it, by a few points."""
    s = before_the_end(rules, s, rng)
    behind = max(dranda[0] - player[0] for player, dranda in endings(rules, s, rng))
    s.centres[0].score += max(0, behind + rng.randint(1, 12))
    return s


def tied(rules, s: SolarState, rng) -> SolarState:
    """`s`, a last decision, its points and tracks set for a tie as the game would end after it: the final
    Battle still moves points and morale, so each answer to it is tried first, under a few dice, and the
    most common result set right."""
    tie = rng.choice(TIES)
    for _ in range(2):   # the tracks twice over: the last Battle moves them too, as they move the points
        tracks(rules, s, most_common(endings(rules, s, rng)), tie)
    common = most_common(endings(rules, s, rng))
    top = max(final for final, _, _ in common)
    for p, (final, _, _) in enumerate(common, 1):
        s.centres[p - 1].score += top - final
    return s


def endings(rules, s: SolarState, rng) -> list[tuple]:
    """Each seat's (final score, reputation, morale) after each answer to the decision open in `s`, under
    two draws of the dice each."""
    out = []
    for action in rules.legal_actions(s):
        for _ in range(2):
            end = played_out(rules, s, action, rng)
            seats = list(range(1, end.players + 1)) + ([end.dranda_seat] if end.dranda_seat else [])
            out.append(tuple((end.outcome[i], *((end.centres[i].rep, end.centres[i].morale) if seat != end.dranda_seat else (0, 0)))
                             for i, seat in enumerate(seats)))
    return out


def most_common(ends: list[tuple]) -> tuple:
    return max(set(ends), key=ends.count)


def tracks(rules, s: SolarState, common: tuple, tie: str) -> None:
    """Set reputation and morale in `s` so that, at the end `common`, the tie-break `tie` names the winner:
    reputation apart for "reputation", equal reputation and morale apart for "morale", both equal for
    "shared"."""
    c = rules.c
    rep_top, morale_top = len(c.cmd.reputation_columns) - 1, c.cmd.morale_max
    for p in range(2, s.players + 1):
        pl = s.centres[p - 1]
        if tie != "reputation":
            pl.rep = min(rep_top, max(0, pl.rep + common[0][1] - common[p - 1][1]))
        if tie == "shared":
            pl.morale = min(morale_top, max(0, pl.morale + common[0][2] - common[p - 1][2]))
    first = s.centres[0]
    if tie == "reputation" and len({k[1] for k in common}) == 1:
        first.rep += 1 if first.rep < rep_top else -1
    if tie == "morale" and len({k[2] for k in common}) == 1:
        first.morale += 1 if first.morale < morale_top else -1

