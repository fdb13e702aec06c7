"""End of the game and final scoring (SS-END-01..12, SS-PTS-05, SS-PTS-06, SS-FAC-05..07; in solo
SS-DREND-01..05): each seat's final parts, then the winners and the places."""

from __future__ import annotations

from boardcore.game.rules import deciding_key

from solar_sphere.events import FinalScored, GameEnded
from solar_sphere.state import SolarState


def faction_sets(counts: list[int]) -> int:
    """SS-FAC-05, SS-END-05: how many sets of the 3 coloured kinds (SS-FAC-03) the icons make, silver
    standing in for any missing one (SS-FAC-06). SS-FAC-07, SS-AMB-33: the most sets, i.e. the
    largest k whose shortfall the silver icons can cover; icons are never lost (SS-FAC-04).
    Reproduces SS-EX-17."""
    a, b, c, silver = counts
    k = (a + b + c + silver) // 3
    while k > 0 and max(0, k - a) + max(0, k - b) + max(0, k - c) > silver:
        k -= 1
    return k


def hex_value(c, s: SolarState, card: int, slot: int, seat: int) -> int:
    """SS-PTS-05, SS-GAP-05: what one hex built by `seat` is worth under the scoring card."""
    if c.scoring[card].rule == "slots":
        return c.slot_points[card][slot]
    return c.cluster_points[card][own_neighbours(c, s.builder, slot, seat)]


def own_neighbours(c, builder, slot: int, seat: int) -> int:
    """SS-GAP-05, "clusters": how many of the hexes next to `slot` `seat` built."""
    return sum(1 for n in c.adjacent[slot] if builder[n] == seat)


def sphere_points(c, s: SolarState, seat: int) -> int:
    """SS-END-03, SS-PTS-06: only hexes holding the seat's own drone score; each as `hex_value` has it. The
    greedy estimate asks this of every seat in every position it weighs, so the card is looked up once,
    not hex by hex."""
    builder = s.builder
    if seat not in builder:
        return 0
    card = s.scoring_card
    if c.scoring[card].rule == "slots":
        points = c.slot_points[card]
        return sum(points[slot] for slot, b in enumerate(builder) if b == seat)
    # "clusters": `own_neighbours` written out, since a call per hex costs the greedy bot some 2% of its time
    worth, adjacent = c.cluster_points[card], c.adjacent
    return sum(worth[sum(1 for n in adjacent[slot] if builder[n] == seat)]
               for slot, b in enumerate(builder) if b == seat)


def final_parts(c, s: SolarState, seat: int) -> FinalScored:
    """Each part of `seat`'s final score."""
    if seat == s.dranda_seat:
        return FinalScored(player=seat,
                           sphere=sphere_points(c, s, seat),      # SS-DREND-02: its own hexes, like anyone's
                           factions=5 * faction_sets(s.dranda.factions),   # SS-DREND-03: hexes, crew and ships
                           reputation=0, morale=0, halves=0,          # SS-DREND-05: it has no tracks or storage
                           supply=s.dranda.supply * c.levels.supply_points[s.level - 1])   # SS-DREND-04: by level
    sphere, factions, reputation, morale, halves = player_parts(c, s, seat)
    return FinalScored(player=seat, sphere=sphere, factions=factions, reputation=reputation, morale=morale,
                       halves=halves)


def player_parts(c, s: SolarState, seat: int) -> tuple[int, int, int, int, int]:
    """A player's final parts (sphere, factions, reputation, morale, halves) as plain numbers: the event
    `final_parts` makes of them is not needed by the greedy estimate, which adds them up for every seat
    of every position it weighs."""
    p = s.centres[seat - 1]
    return (sphere_points(c, s, seat),              # SS-END-03: the scoring card
            5 * faction_sets(p.factions),           # SS-END-04, SS-END-05: 5 a set
            c.cmd.reputation_points[p.rep],         # SS-END-06, SS-TRK-09: its position
            c.cmd.morale_points[p.morale],          # SS-END-07, SS-TRK-10: its position, apart from reputation
            # (SS-TRK-11); SS-END-08, SS-AMB-31: half a point per active drone and stored resource, rounded
            # down once (SS-EX-24); no other drone counts (SS-END-09)
            (p.active + sum(p.store)) // 2)


def final_scoring(c, u) -> None:
    """SS-END-02: after the final Battle (Recover is skipped), the gold points are scored, once
    (SS-PTS-03, SS-PTS-04); the solo game ends the same way (SS-DREND-01). Scores are whole integers
    on an unbounded track (SS-PTS-01, SS-GAP-20)."""
    s: SolarState = u.state
    seats = list(range(1, s.players + 1)) + ([s.dranda_seat] if s.dranda_seat else [])
    for seat in seats:
        u.emit(final_parts(c, s, seat))
    scores = [p.score for p in s.centres] + ([s.dranda.score] if s.dranda_seat else [])
    u.emit(GameEnded(scores=tuple(scores)))


def winners(s: SolarState) -> tuple[int, ...]:
    """SS-FLOW-01, SS-END-10, SS-END-11: most points, then reputation, then morale; still tied share the
    victory. Solo (SS-SOLO-01, SS-AMB-50): the player wins only with more points than DRANDA."""
    if s.dranda_seat:
        return (1,) if s.outcome[0] > s.outcome[1] else ()
    keys = {seat: (s.outcome[seat - 1], s.centres[seat - 1].rep, s.centres[seat - 1].morale) for seat in range(1, s.players + 1)}
    best = max(keys.values())
    return tuple(seat for seat, k in keys.items() if k == best)


def ranks(s: SolarState) -> list[int]:
    """SS-END-12, SS-AMB-34: the place of each player by the same keys (1 = first; ties share)."""
    keys = [(s.outcome[i], s.centres[i].rep, s.centres[i].morale) for i in range(s.players)]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


# How a game ends, by rule (`Rules.endings`, `Rules.ending`): what `check` counts and must reach.
LAST_ROUND = "SS-END-01 round 6"
SPHERE_BUILT = "SS-FLOW-04 Sphere built"        # the final hex built before round 6 ends the game with its round
MOST_POINTS = "SS-END-10 most points"
BY_REPUTATION = "SS-END-11 reputation"          # tied on points, the highest reputation wins
BY_MORALE = "SS-END-11 morale"                  # then the highest morale
SHARED = "SS-END-11 shared"                     # still tied: the victory is shared
BEATS_DRANDA = "SS-SOLO-01 won"
DRANDA_WINS = "SS-SOLO-01 lost"                 # a tie on points is a loss too (SS-AMB-50)


def endings(players: int) -> tuple[str, ...]:
    """The end conditions and scoring paths of a game of `players` (1: against DRANDA)."""
    paths = (BEATS_DRANDA, DRANDA_WINS) if players == 1 else (MOST_POINTS, BY_REPUTATION, BY_MORALE, SHARED)
    return (LAST_ROUND, SPHERE_BUILT, *paths)


def ending(s: SolarState) -> tuple[str, ...]:
    """How a finished game ended: which round closed it, then which key of SS-END-11 named the winners."""
    if s.phase != "over":
        return ()
    cause = SPHERE_BUILT if s.final and s.round < 6 else LAST_ROUND
    if s.dranda_seat:
        return (cause, BEATS_DRANDA if winners(s) else DRANDA_WINS)
    keys = [(s.outcome[i], s.centres[i].rep, s.centres[i].morale) for i in range(s.players)]   # as `winners` ranks them
    return (cause, deciding_key(keys, (MOST_POINTS, BY_REPUTATION, BY_MORALE), SHARED))
