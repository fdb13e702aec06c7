"""Phase 1: Dock (SS-DOCK-01..09, SS-PORT-01..05; in solo SS-DRDOCK-01..05): everyone rolls, takes the
port morale, and the turn order is set by the sums."""

from __future__ import annotations

from solar_sphere.command import gain_morale
from solar_sphere.events import DiceRolled, DrandaDiceRolled, PhaseStarted, TurnOrderSet
from solar_sphere.state import SolarState


def port_bonus(c, values) -> int:
    """SS-DOCK-06, SS-PORT-03: each occupied port gives the bonus for the size of its stack (SS-GAP-09),
    and SS-DOCK-07: the bonuses add up. Reproduces SS-EX-01 and SS-EX-29."""
    total = 0
    for v in set(values):
        total += c.cmd.ports[v - 1][min(values.count(v), 3) - 1]
    return total


def new_order(previous: list[int], sums: dict[int, int]) -> tuple[int, ...]:
    """SS-DOCK-03, SS-DOCK-04: the highest sum goes first; SS-DOCK-05, SS-AMB-08: tied seats reverse
    their previous order (SS-EX-08). In solo DRANDA's sum competes the same way (SS-DRDOCK-04,
    SS-SOLO-05)."""
    pos = {seat: i for i, seat in enumerate(previous)}
    return tuple(sorted(previous, key=lambda seat: (-sums[seat], -pos[seat])))


def dock(c, u, rng) -> None:
    """Everyone rolls at once; the log takes them in turn order only to stay fixed (SS-AMB-57). Nobody
    changes a die during Dock (SS-DOCK-09), and dice stay on their ports until deployed or discarded
    (SS-PORT-05)."""
    s: SolarState = u.state
    sums: dict[int, int] = {}
    for seat in s.order:
        if seat == s.dranda_seat:
            continue
        # SS-DOCK-01: the 3 ship dice, never the auxiliary one (SS-DOCK-08); port morale only now (SS-PORT-04)
        values = tuple(sorted(rng.roll(6) for _ in range(3)))
        u.emit(DiceRolled(player=seat, values=values))
        gain_morale(c, u, seat, port_bonus(c, values), "dock")
        sums[seat] = sum(values)
    if s.dranda_seat:
        # SS-DRDOCK-01: DRANDA rolls after the player and takes no port morale (SS-DRDOCK-05); its dice
        # play in the colour order of its discard pile's top card (SS-DRDOCK-02, SS-DRDOCK-03)
        values = tuple(rng.roll(6) for _ in range(3))
        top = c.dranda[s.dranda.discard[-1]]
        colours = tuple(("black", "blue", "yellow").index(c) for c in top.order)
        u.emit(DrandaDiceRolled(values=values, colours=colours))
        sums[s.dranda_seat] = sum(values)
    u.emit(TurnOrderSet(order=new_order(s.order, sums)))              # SS-DOCK-04: the track is reset
    u.emit(PhaseStarted(phase="deploy"))
