"""Game end and Scoring (GW-SCORE-01..10; solo GW-SSCORE-01..06) and the result. The triggers of
the end live where they happen (`hire.check_supply`, `reputation.gain`, `mercenary.on_play`,
`solo.rebel_step`); the turn it takes effect, in `flow.end_turn`."""

from __future__ import annotations

from itertools import compress

from boardcore.game.rules import Outcome, deciding_key

from warlords import events as ev
from warlords.state import GUARDED, REBEL


def guards(s, p: int) -> int:
    """GW-SCORE-01, GW-SSCORE-01: a Power per guard still on a circle; GW-GUARD-07: beside a wounded
    mercenary too."""
    return s.guard[p - 1].count(GUARDED)


class Holdings:
    """What the planets add up to for scoring, gathered in one pass over the planets held: the units
    each seat has on each planet type (majorities) and the planets each seat holds of each type
    (missions). The greedy bot's estimate scores every seat of every position it tries, so the
    planets are read once per position rather than once per type and per seat. It belongs to one
    state as it is now: build it afresh after any change (`evaluate.planets_scored` keeps them by the
    values of the planets they were read from).

    Both are flat lists by type index (`c.type_index`): `units[t * seats + seat]` and
    `planets[seat * types + t]`, seats from 0. A planet whose type the viewer does not know (""
    in a view) is left out: no majority and no mission is of an unknown type."""

    __slots__ = ("seats", "types", "units", "planets")

    def __init__(self, c, s) -> None:
        seats, types, index = s.seats, len(c.types), c.type_index
        self.seats, self.types = seats, types
        self.units = units = [0] * (types * seats)
        self.planets = planets = [0] * (seats * types)
        owner, kinds, pu = s.owner, s.planet_type, s.planet_units
        for i in compress(range(len(owner)), owner):   # the planets someone holds
            t = index.get(kinds[i])
            if t is None:
                continue
            o = owner[i] - 1
            u = pu[i]
            units[t * seats + o] += u[0] + u[1] + u[2]   # GW-COMP-10: every unit counts as one
            planets[o * types + t] += 1


def majority(c, s, h: Holdings | None = None) -> list[int]:
    """GW-SCORE-02, GW-SSCORE-04: per planet type, the player with strictly the most units on its
    planets (guards and bases do not count) scores the type's Domination value (the rulebook's
    example: GW-EX-09). `h`: the state's holdings when the caller has them already."""
    h = h or Holdings(c, s)
    units, seats = h.units, h.seats
    out = [0] * seats
    for t in range(len(c.types)):
        k = t * seats
        top, leader = 0, -1
        for seat in range(seats):
            n = units[k + seat]
            if n > top:
                top, leader = n, seat
            elif n == top:
                leader = -1              # GW-AMB-06: a tie for the most, or no units, scores nothing
        if leader >= 0:
            # GW-SCORE-10: the value at the marker's final position, after all devastation
            out[leader] += c.domination_value[s.track[t]]
    return out


def missions(c, s, p: int, h: Holdings | None = None) -> int:
    """GW-SCORE-03, GW-SSCORE-02: the Power of `p`'s mercenary missions (the rulebook's examples:
    GW-EX-03, GW-EX-15). `h`: the state's holdings when the caller has them already."""
    h = h or Holdings(c, s)
    planets, first = h.planets, (p - 1) * h.types
    per_planet = s.mission == "per_planet"
    wounded = s.wounded[p - 1]
    mission_type = c.mission_type
    total = 0
    for card in s.area[p - 1]:   # GW-SCORE-04: only cards in play, not in hand...
        if card in wounded:
            continue             # ...and not wounded
        t = mission_type.get(card)   # None: a mission no planet type names holds nothing
        n = 0 if t is None else planets[first + t]
        # 2 per planet held of the card's type; GW-AMB-40: or, as the `per_mercenary` variant, 2 per
        # card whose type has any planet held
        total += 2 * (n if per_planet else (1 if n else 0))
    return total


def finish(c, u, truncated: bool = False) -> None:
    """The final scoring, then the end: GW-END-06, nothing more happens after it. Each score is
    added to the Power gained in play (GW-SCORE-05, GW-SSCORE-06: `evolve.final_scored`)."""
    s = u.state
    maj = majority(c, s)
    for p in range(1, s.seats + 1):
        if s.mode == "solo" and p == REBEL:
            # GW-SSCORE-03: the Rebellion's sector score, a Power per unit still pre-deployed, and its
            # majorities (the rulebook's example: GW-EX-14)
            u.emit(ev.FinalScored(player=p, guards=0, majority=maj[p - 1], missions=0,
                                  sector=sum(sum(x) for x in s.pre)))
        else:
            u.emit(ev.FinalScored(player=p, guards=guards(s, p), majority=maj[p - 1], missions=missions(c, s, p)))
    u.emit(ev.GameEnded(truncated=truncated))


def outcome(s) -> Outcome | None:
    """The result once the game is over: GW-CON-01, GW-CON-13, GW-SCORE-06, the most Power wins."""
    if not s.over:
        return None
    if s.truncated:
        return Outcome(scores=tuple(s.power[:s.players]), winners=(), truncated=True, note="turn limit reached")
    if s.mode == "solo":
        human, rebel = s.power[0], s.power[1]
        # GW-SSCORE-05: the human wins with more Power; GW-AMB-57: a tie goes to the further on reputation
        won = human > rebel or (human == rebel and s.rep[0] > s.rep[1])
        return Outcome(scores=(human,), winners=(1,) if won else (),
                       note=f"Rebellion {rebel}: " + ("the human wins" if won else "the Rebellion wins"))
    if s.mode == "teams":
        # GW-TEAM-08, GW-GAP-18: teams compare their summed Power, then mission Power, then their best
        # reputation
        teams = ((1, 3), (2, 4))
        key = [(sum(s.power[p - 1] for p in t), sum(s.final[p - 1][2] for p in t),
                max(s.rep[p - 1] for p in t)) for t in teams]
        best = max(key)
        winners = tuple(p for t, k in zip(teams, key) if k == best for p in t)
        return Outcome(scores=tuple(s.power), winners=tuple(sorted(winners)),
                       note=f"team 1+3: {key[0][0]}, team 2+4: {key[1][0]}")
    # ties: GW-SCORE-07 mission Power, then GW-SCORE-08 reputation; GW-SCORE-09, GW-GAP-27: still tied
    # players share the victory
    key = [(s.power[p], s.final[p][2], s.rep[p]) for p in range(s.players)]
    best = max(key)
    return Outcome(scores=tuple(s.power), winners=tuple(p + 1 for p in range(s.players) if key[p] == best))


# How a game ends, by rule (`Rules.endings`, `Rules.ending`): what `check` counts and must reach.
SUPPLY = "GW-END-01 supply"                    # the last mercenary taken: one more turn each
REPUTATION = "GW-END-03 reputation"            # the end of the Reputation Track: this turn is the last
MISSIONS = "GW-END-04 four missions"           # 4 mercenaries of one mission in play: this turn is the last
MOST_POWER = "GW-SCORE-06 most Power"
BY_MISSIONS = "GW-SCORE-07 missions"           # tied on Power: the most mission Power wins
BY_REPUTATION = "GW-SCORE-08 reputation"       # then the furthest on the Reputation Track
SHARED = "GW-SCORE-09 shared"
TEAM_POWER = "GW-GAP-18 team Power"            # teams: the summed Power, then missions, then best reputation
TEAM_MISSIONS = "GW-GAP-18 team missions"
TEAM_REPUTATION = "GW-GAP-18 team reputation"
TEAM_SHARED = "GW-GAP-18 shared"
REBEL_DECK = "GW-SEND-01 Rebel deck"           # solo: the last Rebel card resolved
SOLO_REPUTATION = "GW-SEND-02 reputation"      # solo: the end of the track, at once
SOLO_SUPPLY = "GW-SEND-03 supply"              # solo: the Rebellion's one more turn
SOLO_WON = "GW-SSCORE-05 won"
SOLO_LOST = "GW-SSCORE-05 lost"
SOLO_TIE = "GW-AMB-57 reputation"              # solo: a tie on Power, decided by reputation
TRIGGERS = {"supply": SUPPLY, "reputation": REPUTATION, "mission": MISSIONS}


def endings(players: int, mode: str) -> tuple[str, ...]:
    """The end conditions and scoring paths of a game of `players` in `mode` (as `setup.initial` reads them)."""
    if players == 1:
        return (REBEL_DECK, SOLO_REPUTATION, SOLO_SUPPLY, SOLO_WON, SOLO_LOST, SOLO_TIE)
    if players == 4 and mode != "ffa":
        return (SUPPLY, REPUTATION, MISSIONS, TEAM_POWER, TEAM_MISSIONS, TEAM_REPUTATION, TEAM_SHARED)
    return (SUPPLY, REPUTATION, MISSIONS, MOST_POWER, BY_MISSIONS, BY_REPUTATION, SHARED)


def ending(c, s) -> tuple[str, ...]:
    """How a finished game ended: the trigger that took effect first (GW-END-05), then the key that named
    the winners (the same keys as `outcome`)."""
    if not s.over or s.truncated:
        return ()
    if s.mode == "solo":
        human, rebel = s.power[0], s.power[1]
        cause = (SOLO_REPUTATION if max(s.rep) >= c.rep_last else SOLO_SUPPLY if s.end_kind == "supply"
                 else REBEL_DECK)
        path = SOLO_TIE if human == rebel else SOLO_WON if human > rebel else SOLO_LOST
        return (cause, path)
    if s.mode == "teams":
        keys = [(sum(s.power[p - 1] for p in t), sum(s.final[p - 1][2] for p in t), max(s.rep[p - 1] for p in t))
                for t in ((1, 3), (2, 4))]
        return (TRIGGERS[s.end_kind], deciding_key(keys, (TEAM_POWER, TEAM_MISSIONS, TEAM_REPUTATION), TEAM_SHARED))
    keys = [(s.power[p], s.final[p][2], s.rep[p]) for p in range(s.players)]
    return (TRIGGERS[s.end_kind], deciding_key(keys, (MOST_POWER, BY_MISSIONS, BY_REPUTATION), SHARED))
