"""Solo mode's automa, the Galactic Rebellion (GW-REB-01..21; its end, GW-SEND-01..04): the
Rebel deck drives it. Solo setup is in `setup.py`; the changes to the human's turn (GW-SPT-01..16)
live where the rule they change lives (deploy range, Assassinate, Subterfuge, skills, Hire).

The Rebellion is seat 2. Its pool is its Reserve zone; pre-deployed units wait in sectors
(`state.pre`). An invasion it starts may ask the human for choices, after which the card resumes
where it stopped (`state.rebel_step`, `state.rebel_sector`).
"""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords import scoring
from warlords.actions import land
from warlords.components import UNIT_KINDS
from warlords.state import REBEL, RES

HUMAN = 1


def rebel_step(c, u, rng) -> None:
    """The Rebellion's turn, one step at a time. GW-REB-21: it only draws and carries out its
    cards; it never recovers, recalls, moves a ship, hires or plays cards."""
    s = u.state
    if not s.rebel_card:
        # GW-REB-01: each round opens with the Rebellion's turn; GW-REB-02: it draws the top card
        u.emit(ev.RebelCardDrawn(card=s.rebel_deck[0]))
        return
    card = c.rebels.get(s.rebel_card)   # unknown only when deciding on a player's view
    if card is not None and s.rebel_step < len(card.actions):
        ACTIONS[card.actions[s.rebel_step]](c, u, card)   # GW-REB-02: its actions from the top down
        return
    # GW-SEND-01: the last Rebel card resolved ends the game; GW-SEND-03: so does this turn after the
    # supply ran out (the human gets no more)
    if not s.rebel_deck or s.end_kind == "supply":
        scoring.finish(c, u)
        return
    if s.max_turns and s.turn >= s.max_turns:
        scoring.finish(c, u, truncated=True)
        return
    u.emit(ev.TurnStarted(player=HUMAN, turn=s.turn + 1), ev.Recovered(player=HUMAN),
           ev.PhaseStarted(phase="recall"))


def by_priority(c, card, planets: list[int], s) -> list[int]:
    """GW-REB-03: planets ordered by the card's target priority, leftmost type first (other types
    last), then by slot."""
    rank = {t: i for i, t in enumerate(card.priority)}
    return sorted(planets, key=lambda i: (rank.get(s.planet_type[i], len(rank)), i))


def bombard(c, u, card) -> None:
    """GW-REB-04, GW-AMB-53: one human Infantry per sector the card marks, to the Medical Bay; no dice
    (the rulebook's example: GW-EX-11)."""
    s = u.state
    for sector in card.bombard:
        # GW-REB-05: only planets there holding human Infantry
        targets = [i for i, x in enumerate(s.planet_sector)
                   if x == sector and s.owner[i] == HUMAN and s.planet_units[i][0]]
        if targets:   # GW-REB-06: none, no effect
            planet = by_priority(c, card, targets, s)[0]
            u.emit(ev.UnitsLost(player=HUMAN, planet=planet, units=(1, 0, 0)))
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def pre_deploy(c, u, card) -> None:
    """GW-REB-07: the card's units from the pool into its sectors, not onto planets; GW-AMB-51: one
    at a time, in the order listed (the rulebook's example: GW-EX-12)."""
    s = u.state
    for entry in card.pre_deploy:
        sector, unit = entry.split(":")
        k = UNIT_KINDS.index(unit)
        full = sum(s.pre[c.sector_index[sector]]) >= c.limit   # GW-REB-08: a 4th unit stays, +1 Power
        lacking = s.base[REBEL - 1][RES * 3 + k] == 0          # GW-REB-09: one the pool lacks, +1 Power
        u.emit(ev.PreDeployed(sector=sector, unit=k, overflow=full or lacking))
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def rebel_target(c, s, card, sector: str) -> int:
    """The planet of `sector` the Rebellion's units go to, -1 if none (the rulebook's example:
    GW-EX-10)."""
    planets = [i for i, x in enumerate(s.planet_sector) if x == sector]
    for kind in card.priority:   # GW-REB-10: the first priority type with an eligible planet
        # GW-REB-12, GW-AMB-52: eligible while the Rebellion has fewer than 3 units there
        eligible = [i for i in planets if s.planet_type[i] == kind and s.revealed[i]
                    and not (s.owner[i] == REBEL and sum(s.planet_units[i]) >= c.limit)]
        if eligible:
            # GW-REB-13, GW-AMB-52: among two of that type, a human planet, then an empty one, then the
            # Rebellion's own, then the lower slot
            order = {HUMAN: 0, 0: 1, REBEL: 2}
            return min(eligible, key=lambda i: (order[s.owner[i]], i))
    return -1   # GW-REB-11: no planet of its types; the units stay pre-deployed


def deploy_invade(c, u, card) -> None:
    """GW-REB-10: sector by sector, in the board's order (GW-AMB-52), each landing resolved (and any
    invasion it starts fought) before the next (the rulebook's example: GW-EX-13). It gains no
    Deploy Power (GW-REB-14: `actions.land`)."""
    s = u.state
    for x in range(s.rebel_sector, len(c.sectors)):
        units = s.pre[x]
        if not sum(units):
            continue   # GW-REB-16: sectors without pre-deployed units are left alone
        sector = c.sectors[x]
        planet = rebel_target(c, s, card, sector)
        if planet < 0:
            continue
        # as many as fit, Tanks first so Heavy Siege lasts; the rest stay pre-deployed (GW-REB-12)
        room = c.limit - (sum(s.planet_units[planet]) if s.owner[planet] == REBEL else 0)
        t = min(units[1], room)
        i = min(units[0], room - t)
        a = min(units[2], room - t - i)
        u.emit(ev.RebelStep(step=s.rebel_step, sector=x + 1))
        land(c, u, REBEL, planet, (i, t, a), sector=sector)
        return
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def assassinate(c, u, card) -> None:
    """GW-REB-17, GW-GAP-23: wound the human's mercenary of the first priority mission type, the
    leftmost among equals; with none to wound, kill the leftmost guard."""
    s = u.state
    targets = [card_id for _, card_id in q.wound_targets(s, REBEL)]
    if targets:
        area = s.area[HUMAN - 1]
        chosen = None
        for kind in card.priority:
            same = [x for x in targets if c.mercs[x].mission == kind]
            if same:
                chosen = min(same, key=area.index)
                break
        u.emit(ev.Wounded(player=HUMAN, card=chosen or min(targets, key=area.index)))
    else:
        guards = q.guard_targets(s, REBEL)
        if guards:
            u.emit(ev.GuardKilled(player=HUMAN, circle=guards[0][1]))
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


ACTIONS = {"bombard": bombard, "pre_deploy": pre_deploy, "deploy_invade": deploy_invade,
           "assassinate": assassinate}
