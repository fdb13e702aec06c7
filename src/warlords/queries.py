"""Questions the rules ask of a position: reach, targets, what can be paid and played.

Pure functions of (components, state); the prompts' legal actions and the
playability checks (GW-ACT-04: an action needs a payable cost and a legal
resolution) are both built from them, so they never disagree.
"""

from __future__ import annotations

from warlords.state import GUARDED, LP, REBEL, WarlordsState, opponents, teammate

S = WarlordsState


def lp(s: S, p: int) -> list[int]:
    """`p`'s Launch Pad: the only units that may be used (GW-CON-05)."""
    b = s.base[p - 1]
    return b[LP * 3:LP * 3 + 3]


def controlled_sectors(s: S, p: int) -> set[str]:
    """Sectors where `p` controls a planet (holds units on it: GW-CON-09)."""
    return {s.planet_sector[i] for i, o in enumerate(s.owner) if o == p}


def home_range(c, s: S, p: int) -> set[str] | None:
    """Sectors an ordinary deploy may target without Dropship; None for anywhere."""
    if s.mode != "solo":
        # GW-SHIP-11, GW-DEP-01: the sector the ship is in (none before it is placed)
        return {s.ships[p - 1]} if s.ships[p - 1] else set()
    # GW-SPT-02, GW-AMB-50: in solo, sectors with a planet held and their neighbours...
    held = controlled_sectors(s, p)
    if not held:
        return None   # GW-SPT-03: ...or anywhere while none is held
    out = set(held)
    for x in held:
        out.update(c.adjacent[x])
    return out


def deploy_room(c, s: S, p: int, planet: int, invade: bool) -> int:
    """How many units `p` may put on `planet`, 0 if none."""
    if not s.revealed[planet]:
        return 0   # GW-DEP-08: never a face-down planet
    o = s.owner[planet]
    if o == 0:
        return c.limit
    if o == p:   # GW-DEP-03: one's own units there count against the limit of 3
        u = s.planet_units[planet]
        return c.limit - (u[0] + u[1] + u[2])
    if o in opponents(s, p):   # GW-DONLY-02: an opponent's planet only for a deploy that may invade
        return c.limit if invade else 0
    return 0   # GW-DEP-09: never a teammate's planet


def deploy_targets(c, s: S, p: int, ctx, first: bool = False) -> list[tuple[int, bool]]:
    """(planet, needs an Aircraft) for every planet this deploy may target; with `first`, the first
    one only (enough to know the deploy can be played)."""
    units = lp(s, p)
    total = units[0] + units[1] + units[2]
    if not total:
        return []
    has_air = units[2] > 0
    if ctx.reach == "any":
        near = None            # GW-SKILL-06: Covert Ops, any revealed planet
    elif ctx.reach == "sector":
        near = {ctx.sector}    # GW-RCN-09: a Tactical action, only the sector entered
    else:
        near = home_range(c, s, p)
    out = []
    opp = opponents(s, p)
    limit = c.limit
    invade = ctx.invade
    revealed, owner, pu = s.revealed, s.owner, s.planet_units
    for i in range(len(owner)):
        if not revealed[i]:
            continue
        o = owner[i]
        if o == p:
            if sum(pu[i]) >= limit:
                continue
        elif o and not (invade and o in opp):
            continue
        if near is None or s.planet_sector[i] in near:
            out.append((i, False))
        elif has_air and ctx.reach == "ship":
            # GW-DEP-07, GW-AMB-36, GW-SPT-04: Dropship, with an Aircraft in the group, any revealed
            # planet (never a face-down one: GW-FAQ-09, skipped above)
            out.append((i, True))
        else:
            continue
        if first:
            return out
    return out


def unit_groups(c, s: S, p: int, planet: int, invade: bool, need_air: bool) -> list[tuple[int, int, int]]:
    """GW-DEP-02, GW-FAQ-04: every mix of 1 to `deploy_room` units from the Launch Pad; a Dropship's
    must hold an Aircraft."""
    room = deploy_room(c, s, p, planet, invade)
    have = lp(s, p)
    out = []
    for a in range(min(have[2], room) + 1):
        if need_air and a == 0:
            continue
        for t in range(min(have[1], room - a) + 1):
            for i in range(min(have[0], room - a - t) + 1):
                if i + t + a:
                    out.append((i, t, a))
    return out


def wound_targets(s: S, p: int) -> list[tuple[int, str]]:
    """(opponent, card) for every mercenary `p` may wound (GW-ASN-02, GW-SKILL-03); opponents only, so
    never a teammate's (GW-TEAM-07)."""
    out = []
    for q in opponents(s, p):
        if q == REBEL and s.mode == "solo":
            continue   # the Rebellion has no Command Area
        area = s.area[q - 1]
        if len(area) < 2:
            continue   # GW-AMB-30: only an opponent with at least 2 mercenaries in play
        guard = s.guard[q - 1]
        wounded = s.wounded[q - 1]
        for k, card in enumerate(area):
            if card in wounded:
                continue   # one wound at most
            # GW-GUARD-04, GW-GUARD-05, GW-ASN-06: a guard on either side circle protects it
            if (k > 0 and guard[k - 1] == GUARDED) or (k < len(guard) and guard[k] == GUARDED):
                continue
            out.append((q, card))
    return out


def guard_targets(s: S, p: int) -> list[tuple[int, int]]:
    """GW-ASN-03: (opponent, circle) for every guard of an opponent."""
    return [(q, k) for q in opponents(s, p) if not (q == REBEL and s.mode == "solo")
            for k, g in enumerate(s.guard[q - 1]) if g == GUARDED]


def bombard_targets(s: S, p: int) -> list[int]:
    """GW-BOMB-02, GW-AMB-07: planets in any sector holding an opponent's Infantry (only revealed
    planets hold units), the Rebellion's in solo."""
    opp = opponents(s, p)
    return [i for i, o in enumerate(s.owner) if o in opp and s.planet_units[i][0] > 0]


def orbital_targets(s: S) -> list[int]:
    """GW-SKILL-04, GW-AMB-31: any planet with units (which is revealed), whoever's they are."""
    return [i for i, o in enumerate(s.owner) if o]


def support_available(s: S) -> bool:
    """GW-GAP-26: a card can be drawn from the deck or a reshuffled discard pile."""
    return bool(s.sdeck or s.sdiscard)


def pre_units(s: S) -> list[tuple[int, int]]:
    """(sector index, unit kind) of every pre-deployed Rebellion unit kind present."""
    return [(x, k) for x, units in enumerate(s.pre) for k in range(3) if units[k]]


def subterfuge_victims(s: S, p: int) -> list[int]:
    """GW-SUB-02: opponents with at least one mercenary in hand (never a teammate: GW-TEAM-07)."""
    return [q for q in opponents(s, p) if s.hands[q - 1]]


def can_pay(c, s: S, p: int, kind: str) -> bool:
    """GW-ACT-04: the cost of `kind` (GW-ACT-05) can be paid from the Launch Pad."""
    cost = c.cost.get(kind, "")
    if not cost:
        return True
    units = lp(s, p)
    if cost == "infantry":
        return units[0] > 0
    return units[0] > 0 or units[2] > 0


def market_borrowable(c, s: S, p: int, source: str, invade: bool) -> list[tuple[str, str]]:
    """(card, action) pairs on Market cards playable as `source` (Black Friday, solo copy)."""
    out = []
    for card in s.market:
        for action in dict.fromkeys(c.mercs[card].actions):
            if source != "market" and action == "subterfuge":
                continue
            if playable(c, s, p, action, source, invade):
                out.append((card, action))
    return out


def playable(c, s: S, p: int, kind: str, source: str, invade: bool = True) -> bool:
    """GW-ACT-04, GW-AMB-20: the cost can be paid and the action has a legal resolution, so no action
    is played empty for its reputation."""
    if not can_pay(c, s, p, kind):
        return False
    if kind in ("deploy", "deploy_only"):
        ctx = _PLAIN[invade and kind == "deploy"]
        return bool(deploy_targets(c, s, p, ctx, first=True))
    if kind == "assassinate":
        if s.mode == "solo":
            return bool(pre_units(s))
        return bool(wound_targets(s, p) or guard_targets(s, p))
    if kind == "subterfuge":
        if source in ("borrowed", "copy"):
            return False   # GW-SUB-06: a borrowed (or copied) Subterfuge is never played
        if s.mode == "solo":
            return bool(s.market) and (bool(s.hands[p - 1]) or bool(market_borrowable(c, s, p, "copy", False)))
        return bool(subterfuge_victims(s, p))
    if kind == "bombard":
        return bool(bombard_targets(s, p))
    if kind == "support":
        return support_available(s)
    if kind == "recon":
        return s.mode != "solo"   # GW-SSET-14: no recon markers in solo
    return False


def _plain():
    """The plain deploys `playable` checks with (a Deploy, a Deploy Only, from this turn's card)."""
    from warlords.state import Ctx
    return {True: Ctx(kind="deploy", source="card"), False: Ctx(kind="deploy_only", source="card", invade=False)}


_PLAIN = _plain()


def mate(s: S, p: int) -> int:
    """`p`'s teammate (0 outside team play)."""
    return teammate(s, p)
