"""Phase 3: Battle (SS-BAT-01..23, SS-CORP-01..06; in solo SS-DRBAT-01..07): each ship of the fleet in
turn, its Commander rolling the Resistance die; with the T2-09 reroll as a decision point (SS-ALM-14)."""

from __future__ import annotations

from operator import itemgetter

from solar_sphere import queries as q
from solar_sphere.command import gain_morale, gain_reputation, lose_morale, score
from solar_sphere.events import BattleNoted, CrewUsed, ResistanceRolled, ShipMovedDown, ShipResolved, TaskDone
from solar_sphere.prompts import POINTS, ask, choices, top
from solar_sphere.state import CORP, SolarState

ORDER = (0, 1, 2, 3)    # SS-BAT-02, SS-AMB-18: bottom-left, bottom-right, top-left, top-right


def ranking(cols: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """SS-BAT-04, SS-BAT-05, SS-BAT-09, SS-AMB-20: most drones first, ties to the left-most column (a stable
    sort keeps equal columns in place, `reverse` included); the Corporation drone ranks as a participant
    with 1 drone (SS-CORP-01)."""
    return sorted(cols, key=itemgetter(1), reverse=True)


def final_round(s: SolarState) -> bool:
    """SS-AMB-17: round 6 (the Resistance deck is used up, SS-FLOW-03), or the round in which the
    final hex was built (SS-FLOW-04)."""
    return s.round >= 6 or s.final


def roller(s: SolarState, ranked: list[tuple[int, int]]) -> int:
    """SS-BAT-06 the Commander rolls; SS-AMB-21, SS-AMB-53 for a Corporation Commander."""
    for seat, _ in ranked:
        if seat != CORP:
            return seat
    return s.order[0]


def rerollers(c, s: SolarState, ship) -> list[int]:
    """SS-ALM-14, SS-AMB-35: players with drones on the ship and an upright T2-09 who have not been
    offered the reroll for it yet, in turn order."""
    on = {seat for seat, _ in ship.cols}
    return [seat for seat in s.order if seat in on and seat != s.dranda_seat and not s.rerolled & (1 << seat)
            and q.upright(c, s.centres[seat - 1], "reroll") is not None]


def battle(c, u, rng) -> bool:
    """Resolve ships one at a time (SS-BAT-01) in fleet order (SS-BAT-02, SS-AMB-18); in round 1
    only the top row exists (SS-BAT-03). A ship with no drones fails without a roll (SS-BAT-07,
    SS-AMB-19). Returns False while a reroll decision is awaited."""
    s: SolarState = u.state
    while s.battle_at < 4:
        pos = ORDER[s.battle_at]
        ship = s.fleet[pos]
        if ship is None:
            u.emit(BattleNoted(ship=pos, skip=True))
            continue
        card = c.ships[ship.card]
        ranked = ranking(ship.cols)
        if ranked and s.roll < 0:
            u.emit(ResistanceRolled(ship=pos, roller=roller(s, ranked), value=rng.choice(c.data.resistance.die_faces)))
        success = bool(ranked) and ship.power() >= card.value + s.roll   # SS-BAT-08: all drones against value + roll
        if ranked and not success:
            waiting = rerollers(c, s, ship)
            if waiting:
                u.emit(BattleNoted(ship=pos, player=waiting[0]))
                ask(u, waiting[0], "reroll", n=pos)
                return False
        resolve_ship(c, u, pos, success)
    return True


@POINTS.options("reroll", asks="The attack failed: reroll the Resistance die with your T2-09 crew "
                               "member, or keep the roll (SS-ALM-14)")
def reroll_options(c, s: SolarState, player: int) -> list:
    return choices(player, ["reroll", "pass"])


@POINTS.resolves("reroll")
def reroll_answered(c, u, action, rng) -> None:
    """SS-ALM-14: the card is rotated and the new roll replaces the old one."""
    t = top(u.state)
    u.emit(TaskDone())
    if action.option == "reroll":
        card = q.upright(c, u.state.centres[t.player - 1], "reroll")
        u.emit(CrewUsed(player=t.player, card=card))
        u.emit(ResistanceRolled(ship=t.n, roller=t.player, value=rng.choice(c.data.resistance.die_faces)))


def resolve_ship(c, u, pos: int, success: bool) -> None:
    """One ship's outcome; reproduces SS-EX-05, SS-EX-06, SS-EX-07, SS-EX-14, SS-EX-15 and SS-EX-16.
    Failed top-row ships move down here, during Battle (SS-AMB-55)."""
    s: SolarState = u.state
    ship = s.fleet[pos]
    card = c.ships[ship.card]
    ranked = ranking(ship.cols)
    commander = ranked[0][0] if ranked else 0
    if success:                           # SS-BAT-09: every participant scores by rank, the Commander first
        for rank, (seat, _) in enumerate(ranked):
            if seat == CORP:   # SS-CORP-03, SS-CORP-05, SS-GEN-06: the Corporation never scores or gains,
                continue       # so its rank's bonus goes to nobody (SS-CORP-04)
            # SS-BAT-10, SS-BAT-11, SS-BAT-12: the 1st, the 2nd, then the 3rd bonus for every later rank, in
            # silver points (SS-BAT-21), and 1 morale each (DRANDA scores it instead, SS-DRBAT-02)
            score(u, seat, card.bonus[min(rank, 2)], "battle")
            gain_morale(c, u, seat, 1, "battle")
        claim(c, u, commander, ship.card)          # SS-BAT-13: the Commander takes the card
        lost = 0
        if s.dranda_seat and any(seat == s.dranda_seat for seat, _ in ship.cols):
            mine = next(n for seat, n in ship.cols if seat == s.dranda_seat)
            # SS-DRBAT-04, SS-AMB-51: DRANDA loses drones by level, never more than it committed
            lost = min(c.levels.success_discard[s.level - 1], mine)
        u.emit(ShipResolved(ship=pos, claimed_by=max(commander, 0), dranda_lost=lost,
                            factions=icons(c, u, commander, ship.card)))   # SS-BAT-14: then the drones go home
        return
    if pos >= 2 and not final_round(s):
        # SS-BAT-15, SS-BAT-16, SS-CORP-02: a failed top-row ship moves down with one Corporation drone
        u.emit(ShipMovedDown(ship=pos, corp=s.corp_beside > 0))
        return
    # SS-BAT-17: a defeat (bottom row, or any failure in the final round, SS-BAT-20) costs every player 1
    # morale, ship by ship in resolution order (SS-BAT-23); in solo the player still does (SS-DRBAT-07),
    # DRANDA, without a morale track, does not (SS-AMB-49)
    for seat in s.order:
        if seat != s.dranda_seat:
            lose_morale(u, seat, 1)
    claim(c, u, commander, ship.card)              # SS-BAT-18: the Commander still takes the card
    # SS-BAT-19, SS-DRBAT-05: every drone goes home; SS-BAT-22: an unclaimed card leaves the game
    u.emit(ShipResolved(ship=pos, claimed_by=max(commander, 0), factions=icons(c, u, commander, ship.card)))


def claim(c, u, seat: int, card: int) -> None:
    """SS-BAT-13, SS-BAT-18: the Commander's Corporation reputation (SS-DRBAT-03: points for DRANDA)."""
    if seat > 0 and c.ships[card].corp:
        gain_reputation(c, u, seat)


def icons(c, u, seat: int, card: int) -> tuple[int, ...]:
    """SS-BAT-13, SS-BAT-18, SS-FAC-01: the claimed card's faction icons go to the Commander."""
    return c.ship_factions[card] if seat > 0 else ()
