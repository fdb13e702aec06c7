"""Phase 1: Dock (SS-DOCK-01, SS-DOCK-02, SS-DOCK-03, SS-DOCK-04, SS-DOCK-05, SS-DOCK-06, SS-DOCK-07,
SS-DOCK-08, SS-DOCK-09, SS-PORT-01, SS-PORT-02, SS-PORT-03, SS-PORT-04, SS-PORT-05, SS-DRDOCK-01,
SS-DRDOCK-02, SS-DRDOCK-03, SS-DRDOCK-04, SS-DRDOCK-05)."""

from __future__ import annotations

from solar_sphere.command import gain_morale
from solar_sphere.events import DiceRolled, DrandaDiceRolled, PhaseStarted, TurnOrderSet
from solar_sphere.state import SolarState


def port_bonus(rules, values) -> int:
    """SS-DOCK-06, SS-DOCK-07, SS-PORT-03: per occupied port, the bonus for the size of its stack
    (SS-GAP-09; reproduces SS-EX-01 and SS-EX-29)."""
    total = 0
    for v in set(values):
        total += rules.c.cmd.ports[v - 1][min(list(values).count(v), 3) - 1]
    return total


def new_order(previous: list[int], sums: dict[int, int]) -> tuple[int, ...]:
    """SS-DOCK-03, SS-DOCK-04, SS-DOCK-05, SS-AMB-08 (SS-EX-08): highest sum first; tied seats reverse their
    previous order. In solo DRANDA's sum competes the same way (SS-DRDOCK-04, SS-SOLO-05)."""
    pos = {seat: i for i, seat in enumerate(previous)}
    return tuple(sorted(previous, key=lambda seat: (-sums[seat], -pos[seat])))


def dock(u, rng) -> None:
    """Every player rolls 3 dice (SS-DOCK-01, the auxiliary die never: SS-DOCK-08) and takes the
    port morale (SS-DOCK-06, SS-DOCK-07); DRANDA rolls after them (SS-DRDOCK-01) and gains nothing from
    ports (SS-DRDOCK-05). Processed in turn order only to keep the log fixed (SS-AMB-57). Nobody
    changes a die during Dock (SS-DOCK-09); dice stay on their ports until deployed or discarded
    (SS-PORT-05)."""
    s: SolarState = u.state
    rules = u.rules
    sums: dict[int, int] = {}
    for seat in s.order:
        if seat == s.dseat:
            continue
        values = tuple(sorted(rng.roll(6) for _ in range(3)))
        u.emit(DiceRolled(player=seat, values=values))
        gain_morale(u, seat, port_bonus(rules, values), "dock")      # SS-DOCK-07, SS-PORT-04 (3 dice only)
        sums[seat] = sum(values)
    if s.dseat:
        values = tuple(rng.roll(6) for _ in range(3))
        top = rules.c.dranda[s.d.discard[-1]]                          # SS-DRDOCK-02, SS-DRDOCK-03: play order
        colours = tuple(("black", "blue", "yellow").index(c) for c in top.order)
        u.emit(DrandaDiceRolled(values=values, colours=colours))
        sums[s.dseat] = sum(values)
    u.emit(TurnOrderSet(order=new_order(s.order, sums)))              # SS-DRDOCK-04 too
    u.emit(PhaseStarted(phase="deploy"))
