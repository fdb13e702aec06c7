"""Solo mode, the Galactic Rebellion (GW-SSET, GW-REB, GW-SEND): the Rebel deck driven automa.

The human's turn skips Move Base Ship (GW-SPT-01, GW-AMB-66, GW-SSET-14); the other solo changes
live where the rule lives (deploy range, Assassinate, Subterfuge, skills: GW-SPT-02..12). The
Rebellion never recovers, recalls, moves a ship, hires or holds cards (GW-REB-21); its human
invasions follow the standard rules (GW-REB-15, GW-SPT-15) and the human's reputation works as in
multiplayer (GW-SPT-16). Hands hold 3 (GW-SPT-13).

The Rebellion is seat 2. Its pool is its Reserve zone; pre-deployed units wait in
sectors (`state.pre`). Each Rebel turn draws a card and resolves its actions from
the top (GW-REB-02); an invasion it starts may ask the human for choices, after
which the card resumes where it stopped (`rebel_step`, `rebel_sector`).
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
    s = u.state
    if not s.rebel_card:
        u.emit(ev.RebelCardDrawn(card=s.rebel_deck[0]))   # GW-REB-01/02
        return
    card = c.rebels.get(s.rebel_card)   # unknown only when deciding on a player's view
    if card is not None and s.rebel_step < len(card.actions):
        ACTIONS[card.actions[s.rebel_step]](c, u, card)
        return
    if not s.rebel_deck or s.end_kind == "supply":   # GW-SEND-01, GW-SEND-03
        scoring.finish(c, u)
        return
    if s.max_turns and s.turn >= s.max_turns:
        scoring.finish(c, u, truncated=True)
        return
    u.emit(ev.TurnStarted(player=HUMAN, turn=s.turn + 1), ev.Recovered(player=HUMAN),
           ev.PhaseStarted(phase="recall"))


def by_priority(c, card, planets: list[int], s) -> list[int]:
    """GW-REB-03: planets ordered by the card's target priority (other types last), then slot."""
    rank = {t: i for i, t in enumerate(card.priority)}
    return sorted(planets, key=lambda i: (rank.get(s.planet_type[i], len(rank)), i))


def bombard(c, u, card) -> None:
    """GW-REB-04, GW-REB-05, GW-REB-06, GW-AMB-53, GW-EX-11: one human Infantry per marked sector, no dice."""
    s = u.state
    for sector in card.bombard:
        targets = [i for i, x in enumerate(s.planet_sector)
                   if x == sector and s.owner[i] == HUMAN and s.pu[i][0]]
        if targets:
            planet = by_priority(c, card, targets, s)[0]
            u.emit(ev.UnitsLost(player=HUMAN, planet=planet, units=(1, 0, 0)))
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def pre_deploy(c, u, card) -> None:
    """GW-REB-07, GW-REB-08, GW-REB-09, GW-AMB-51, GW-EX-12: unit by unit; a 4th unit in a sector, or
    one the pool lacks, is +1 Power instead."""
    s = u.state
    for entry in card.pre_deploy:
        sector, unit = entry.split(":")
        k = UNIT_KINDS.index(unit)
        full = sum(s.pre[c.sector_index[sector]]) >= c.limit
        lacking = s.base[REBEL - 1][RES * 3 + k] == 0
        u.emit(ev.PreDeployed(sector=sector, unit=k, overflow=full or lacking))
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def rebel_target(c, s, card, sector: str) -> int:
    """GW-REB-10, GW-REB-11, GW-REB-12, GW-REB-13, GW-AMB-52, GW-EX-10: the first priority type with an
    eligible planet (Rebellion below 3 units); among equals: a human planet, an empty one, a
    Rebellion one, lower slot."""
    planets = [i for i, x in enumerate(s.planet_sector) if x == sector]
    for kind in card.priority:
        eligible = [i for i in planets if s.planet_type[i] == kind and s.revealed[i]
                    and not (s.owner[i] == REBEL and sum(s.pu[i]) >= c.limit)]
        if eligible:
            order = {HUMAN: 0, 0: 1, REBEL: 2}
            return min(eligible, key=lambda i: (order[s.owner[i]], i))
    return -1


def deploy_invade(c, u, card) -> None:
    """GW-REB-10, GW-REB-14, GW-REB-16, GW-EX-13: sector by sector in canonical order, skipping sectors
    without pre-deployed units; Tanks go first so Heavy Siege lasts."""
    s = u.state
    for x in range(s.rebel_sector, len(c.sectors)):
        units = s.pre[x]
        if not sum(units):
            continue
        sector = c.sectors[x]
        planet = rebel_target(c, s, card, sector)
        if planet < 0:
            continue
        room = c.limit - (sum(s.pu[planet]) if s.owner[planet] == REBEL else 0)
        t = min(units[1], room)
        i = min(units[0], room - t)
        a = min(units[2], room - t - i)
        u.emit(ev.RebelStep(step=s.rebel_step, sector=x + 1))
        land(c, u, REBEL, planet, (i, t, a), sector=sector)
        return
    u.emit(ev.RebelStep(step=s.rebel_step + 1))


def assassinate(c, u, card) -> None:
    """GW-REB-17, GW-GAP-23: wound by priority (leftmost among equals), else kill the leftmost guard."""
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
