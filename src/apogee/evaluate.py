"""The greedy bot's estimate of a player's standing: progress toward the Mission first, then the rocket that
would make progress, then the means to build and launch it. Also the rollout prior (`prior`): a cheap
preference over the legal actions for search and fast playouts."""

from __future__ import annotations

from boardcore.game.rules import Standing

from apogee import events as ev
from apogee.components import FIRST, PAYLOAD, RND, UPPER, Components
from apogee.figures import progress as objective_share
from apogee.missions import goal_met, goals, objective_met
from apogee.queries import mission_of
from apogee.rocket import BuildCheck, has_stages, mass, min_roll, soc_authority, thrust, yield_of
from apogee.state import CONSTRUCTION, DESIGN, RND as RND_SPOT, SOC, SOC_FIXED, SPECIALTY, ApogeeState, Player

SPOT_VALUE = {SPECIALTY: 1.5, RND_SPOT: 2.0, DESIGN: 3.0}


def evaluate(c: Components, s: ApogeeState, player: int) -> float:
    """Greedy asks this of every position it weighs, and most of them keep the player's launches, pad and reserve
    as they were in the position before: what follows from those alone (`Progress`, `Rocket`) is worked out once
    for each and looked up after. Every term is added in the same order, so the value is the same to the bit."""
    if s.over:
        return 0.0 if s.truncated else (1000.0 if player in s.winners else -1000.0)
    pl = s.areas[player - 1]
    m = mission_of(c, s)
    plan_key = (s.solo, s.mission, s.extra_goals)
    plan = c.judged.get((Plan, plan_key), lambda: Plan(c, s))
    progress = c.judged.get((Progress, plan_key, pl.launches), lambda: Progress(c, plan, pl))
    score = 0.0
    if objective_met(c, s, player, (progress.all_met,)) and not (m.end_credits or m.end_authority):
        score += 500
    # -- the Mission ---------------------------------------------------------
    for points in progress.points:
        score += points
    targets = progress.targets
    if m.investors:
        score += (80 if not s.solo and m.no_tie else 40) * min(len(pl.investors), m.investors)
    if m.race_turn:
        score += 25 * (1 + max((x.destination for x in pl.launches), default=-1))
        targets = (min(len(c.destinations) - 1, 1 + max((x.destination for x in pl.launches), default=-1)),)
    if m.end_credits:  # worth most once the rest of the objective is in hand
        weight = 100 if not targets else 30
        score += weight * min(pl.credits, m.end_credits) / m.end_credits
    if m.end_authority:
        score += 60 * min(sum(c.eng_auth[e] for e in pl.hand if e >= 0), m.end_authority) / m.end_authority
    if not targets:
        targets = (0,)
    # -- the rocket ----------------------------------------------------------
    r = c.judged.get((Rocket, plan_key, tuple(pl.pad), tuple(pl.reserve), pl.mods, s.bans),
                   lambda: Rocket(c, s, pl, plan))
    complete, y = r.complete, r.yield_
    score += r.stage_points
    score += r.thrust_points
    launchable = False
    if complete and y:
        need = 99  # the least roll over the targets (a loop, not a generator: asked of every position)
        for d in targets:
            need = min(need, min_roll(c, y, d) or 99)
        if need <= 12 and y >= m.min_yield:
            launchable = True
            score += 25 + 3 * (13 - need)
        n, authority = soc_authority(c, pl)
        if n and authority >= min(map(c.required.__getitem__, targets)):
            score += 15
    for _ in range(r.wanted_built):   # one at a time, as the pad was read before: the same float to the bit
        score += 12
    # -- means -----------------------------------------------------------------
    score += 0.06 * pl.credits + 4 * pl.dice + 8 * len(pl.investors)
    for points in r.reserve_points:
        score += points
    credits = pl.credits
    buildable_now = 0
    for cost in r.buildable_costs:
        buildable_now += cost <= credits
    hand = len(pl.hand)
    score += 4 * min(hand, 3) - 5 * max(0, hand - 3)
    builds = 0
    for e, spot in zip(pl.hand, pl.spots) if s.stage == "place" else ():
        if spot in (SOC, SOC_FIXED):
            score += 8 if (launchable or (complete and not y)) else -2
        elif spot == CONSTRUCTION:
            builds += 1
            score += 6 if builds <= buildable_now else -1
        elif spot == DESIGN:
            score += 3 if any(r.missing) or len(pl.reserve) < 4 else 1
        elif spot in SPOT_VALUE:
            score += SPOT_VALUE[spot]
    return score


def standing(c: Components, s: ApogeeState) -> Standing:
    """Who is ahead, for the win probability (`boardcore.game.rules.Standing`): each player's `evaluate` and the
    share of the objective fulfilled (the chart's score, 0-100). How far the game has come is the nearest of
    its ends: the leader's share of the objective (AP-END-01), the turns a Solo Mission or Mission 7 allows
    (AP-SOLO-11, AP-END-04), the run's turn cap. The mode is the Mission, whatever the number of players:
    the Missions differ far more than the tables do (in greedy self-play Missions 1 and 2 are always won,
    10 to 12 never within the 50-turn cap)."""
    seats = range(1, s.players + 1)
    shares = tuple(objective_share(c, s, p) for p in seats)
    m = mission_of(c, s)
    limit = m.turns if s.solo else m.race_turn
    done = max(shares) / 100
    for turns in (limit, s.max_turns):
        if turns:
            done = max(done, s.turn / turns)
    return Standing(mode=f"solo mission {s.mission}" if s.solo else f"mission {s.mission}",
                    sides=tuple((p,) for p in seats), projected=tuple(evaluate(c, s, p) for p in seats),
                    scored=shares, done=1.0 if s.over else min(1.0, done))


def margin(c: Components, s: ApogeeState, player: int) -> float:
    """The search's leaf value: the player's progress (`evaluate`) less the best rival's, so that a search
    values holding the others back as well as getting on (a card or a spot taken from a rival who needs
    it); in a solo game, the progress toward the Solo Mission."""
    mine = evaluate(c, s, player)
    if s.solo:
        return mine
    return mine - max(evaluate(c, s, q) for q in range(1, s.players + 1) if q != player)


class Plan:
    """What the objective asks, for a Mission and the Solo Events that added goals (AP-SMIS-08): its goals, the
    card names they want deposited, whether any wants a crew or R&D."""

    __slots__ = ("crewed", "goals", "rnd_needed", "wanted")

    def __init__(self, c: Components, s: ApogeeState) -> None:
        self.goals = tuple(goals(c, s))
        self.wanted: set[str] = set()
        self.crewed = self.rnd_needed = False
        for g in self.goals:
            self.wanted.update(g.cards)
            self.crewed = self.crewed or bool(g.crewed or g.astronauts)
            self.rnd_needed = self.rnd_needed or bool(g.min_rnd)


class Progress:
    """How far a player's launches go toward each goal (AP-MIS-29, AP-MIS-30): whether all are met, the points
    of each goal in turn (120 when met, else shares of its launches, cards and astronauts), and the destinations
    of the goals still open."""

    __slots__ = ("all_met", "points", "targets")

    def __init__(self, c: Components, plan: Plan, pl: Player) -> None:
        points: list[float] = []
        targets: list[int] = []
        self.all_met = True
        for g in plan.goals:
            if goal_met(c, g, pl):
                points.append(120)
                continue
            self.all_met = False
            d = c.dest_index[g.destination]
            targets.append(d)
            mine = [x for x in pl.launches if x.destination == d] if pl.launches else []
            if g.launches:
                points.append(60 * min(len(mine), g.launches) / g.launches)
            if g.cards:
                names = [c.tech[card].name for x in mine for card in x.cards]
                points.append(60 * sum(min(names.count(k), n) for k, n in g.cards.items()) / sum(g.cards.values()))
            if g.astronauts:
                points.append(60 * min(sum(x.astronauts for x in mine), g.astronauts) / g.astronauts)
        self.points = tuple(points)
        self.targets = tuple(targets)


class Rocket:
    """A pad and a reserve judged (AP-LCH-06, AP-LCH-07, AP-YLD-01, AP-TECH-21): the stages built, thrust and yield,
    how many built cards the goals want, and for the reserve each card's points in turn (0.3 for one that cannot be
    built, 9 for the first that would complete a missing kind, else 2 and its thrust) with the costs of those that
    can be built, which the credits in hand then count."""

    __slots__ = ("buildable_costs", "complete", "missing", "reserve_points", "stage_points", "thrust_points",
                 "wanted_built", "yield_")

    def __init__(self, c: Components, s: ApogeeState, pl: Player, plan: Plan) -> None:
        stages = has_stages(c, pl)
        self.complete = all(stages)
        self.stage_points = 15 * sum(stages)
        t = thrust(c, pl)
        self.yield_ = yield_of(c, t, mass(c, pl))
        self.thrust_points = 0.8 * min(t, 24)
        wanted, crewed, rnd_needed = plan.wanted, plan.crewed, plan.rnd_needed
        self.wanted_built = 0
        for card in pl.pad:
            tc = c.tech[card]
            if tc.name in wanted or (crewed and tc.crew) or (rnd_needed and c.kind[card] == RND):
                self.wanted_built += 1
        check = BuildCheck(c, s, pl)
        self.missing = missing = (not stages[0], not stages[1], not stages[2],
                                  rnd_needed and not check.count[RND])  # by kind
        ready = set()
        points: list[float] = []
        costs: list[int] = []
        for card in pl.reserve:
            if card < 0 or check.problem(card) is not None:
                points.append(0.3)
                continue
            k = c.kind[card]
            costs.append(c.tech[card].cost)
            if missing[k] and k not in ready:
                ready.add(k)
                points.append(9)
            else:
                points.append(2 + 0.3 * c.tech[card].thrust)
        self.reserve_points = tuple(points)
        self.buildable_costs = tuple(costs)


# -- the rollout prior ----------------------------------------------------------
# A cheap preference over the legal actions (no copy, no lookahead): build and launch what the Mission
# needs, keep the Engineers on the actions that can pay off now, and rarely pass up a free gain.
PLACE_WEIGHT = {"specialty": 1.5, "rnd": 1.2, "design": 2.0, "none": 0.2}
PASS_WEIGHT = {"admin": 1.0, "liam": 1.0, "zhang": 1.0, "anatoliy": 1.5, "team": 1.0}


class _Seat:
    """What the prior asks of one player's position, computed once per call."""
    __slots__ = ("missing", "complete", "affordable", "chance", "hand")

    def __init__(self, c: Components, s: ApogeeState, player: int) -> None:
        pl = s.areas[player - 1]
        stages = has_stages(c, pl)
        self.missing = {k for k, built in zip((FIRST, UPPER, PAYLOAD), stages) if not built}
        self.complete = all(stages)
        self.affordable = any(0 <= card and c.tech[card].cost <= pl.credits for card in pl.reserve)
        self.hand = len(pl.hand)
        y = yield_of(c, thrust(c, pl), mass(c, pl)) if self.complete else 0
        self.chance = [max(0, 13 - (min_roll(c, y, d) or 13)) / 12 for d in range(len(c.destinations))]


def prior(c: Components, s: ApogeeState, actions) -> list[float]:
    """Non-negative weights, never all zero, about a microsecond or two per action."""
    kind = s.prompt.kind if s.prompt is not None else ""
    seats: dict[int, _Seat] = {}
    out = []
    for a in actions:
        seat = seats.get(a.player)
        if seat is None:
            seat = seats[a.player] = _Seat(c, s, a.player)
        out.append(_weight(c, kind, seat, a))
    return out


def _weight(c: Components, kind: str, seat: _Seat, a) -> float:
    t = type(a)
    if t is ev.Pass:
        return 0.3 if kind.startswith("reroll_") else PASS_WEIGHT.get(kind, 0.2)
    if t is ev.Place:
        if a.spot == "construction":
            return 2.5 if seat.affordable else 0.3
        if a.spot == "soc":
            return 3.0 if seat.complete else 0.3
        return PLACE_WEIGHT.get(a.spot, 1.0)
    if t is ev.LaunchRocket:
        return 2.0 + 20.0 * seat.chance[c.dest_index[a.destination]]
    if t in (ev.Build, ev.TakeCard, ev.KeepRnd):
        card = c.tech[a.card]
        wanted = 3.0 if c.kind[a.card] in seat.missing else 0.0
        return (3.0 if t is ev.Build else 1.0) + wanted + 0.1 * card.thrust + (0.5 if card.deposit else 0.0)
    if t is ev.Discard:
        return 1.0 + max(0, 100 - c.tech[a.card].cost) / 50
    if t is ev.Dismiss:
        cheap = 1.0 + max(0, 120 - c.eng_auth[a.engineer]) / 60
        return (cheap if seat.hand >= 4 else 0.2) if kind == "admin" else cheap
    if t is ev.Sell:
        return 0.3 if kind == "anatoliy" else 0.8
    if t is ev.Recruit:
        return 1.5 if seat.hand < 3 else 0.3
    return PRIOR_OTHER.get(t, 1.0)


PRIOR_OTHER = {ev.SpendDie: 3.0, ev.StaticFire: 2.0, ev.UseSpecialty: 1.5, ev.Intervene: 0.7}
