"""Invariants GW-INV-01..27 as functions of (components, state): None when they hold,
else a message. The check walker runs them after every event; none changes the state."""

from __future__ import annotations

from warlords.state import DEC, DEST, GUARDED, LP, MED, MIS, REBEL, RES, WarlordsState

S = WarlordsState
REACTIVE = {"blockade", "reinforce", "reroll", "evacuate", "casualties", "exchange", "keep"}


def _on_board(s: S, p: int) -> list[int]:
    out = [0, 0, 0]
    for i, o in enumerate(s.owner):
        if o == p:
            for k in range(3):
                out[k] += s.planet_units[i][k]
    if s.invasion is not None and s.invasion.attacker == p:
        for k in range(3):
            out[k] += s.invasion.att[k]
    return out


def played(c, s: S) -> bool:
    """Setup is done: every card and tile is on the table."""
    return s.phase != "setup"


def turn_starting(c, s: S) -> bool:
    """The active player's first decision of a turn, while the supply lasts (where GW-INV-14 counts hands)."""
    pr = s.prompt
    return (pr is not None and pr.kind in ("recall", "ship", "play") and not s.played and s.end_kind != "supply"
            and pr.player == s.active)


def invading(c, s: S) -> bool:
    return s.invasion is not None


def solo(c, s: S) -> bool:
    return s.mode == "solo"


def over(c, s: S) -> bool:
    return s.over


def units_conserved(c, s: S):
    """GW-INV-01 (and GW-INV-23 for the Rebellion's pool, sectors and planets)."""
    for p in range(1, s.seats + 1):
        b = s.base[p - 1]
        board = _on_board(s, p)
        guards = sum(1 for g in s.guard[p - 1] if g == GUARDED)
        for k in range(3):
            total = sum(b[z * 3 + k] for z in range(6)) + board[k] + (guards if k == 0 else 0)
            if s.mode == "solo" and p == REBEL:
                total += sum(x[k] for x in s.pre)
            if total != c.totals[k]:
                return f"P{p} has {total} units of kind {k}, not {c.totals[k]}"
    return None


def zones_typed(c, s: S):
    """GW-INV-02: Reserve and Medical Bay hold only Infantry; destroyed only Tanks/Aircraft."""
    for p in range(1, s.seats + 1):
        if s.mode == "solo" and p == REBEL:
            continue
        b = s.base[p - 1]
        if b[RES * 3 + 1] or b[RES * 3 + 2] or b[MED * 3 + 1] or b[MED * 3 + 2] or b[DEST * 3]:
            return f"P{p} has a unit in a zone that cannot hold its kind"
    return None


def planet_limit(c, s: S):
    """GW-INV-03: no planet holds more than 3 units of one player, nor does an invading force."""
    for i, u in enumerate(s.planet_units):
        if sum(u) > c.limit:
            return f"planet {i} holds {sum(u)} units"
    if s.invasion is not None and sum(s.invasion.att) > c.limit:
        return "the invading force exceeds the planet limit"
    return None


def one_side_per_planet(c, s: S):
    """GW-INV-04: units on a planet belong to its one owner; invaders wait in the invasion."""
    for i, o in enumerate(s.owner):
        if (o == 0) != (sum(s.planet_units[i]) == 0):
            return f"planet {i} owner {o} does not match its units {s.planet_units[i]}"
    return None


def control_and_face_down(c, s: S):
    """GW-INV-05: a face-down planet holds no units, so no one controls it."""
    for i, o in enumerate(s.owner):
        if o and not s.revealed[i]:
            return f"face-down planet {i} holds units"
    return None


def track_positions(c, s: S):
    """GW-INV-06: markers stay on the track and, in multiplayer, never run ahead of the planets
    of their type revealed (they move forward only on a reveal)."""
    for t, pos in enumerate(s.track):
        if not 0 <= pos <= c.track_last:
            return f"marker {c.types[t]} on {pos}"
        if s.mode != "solo" and s.phase != "setup":
            shown = sum(1 for i, x in enumerate(s.planet_type) if x == c.types[t] and s.revealed[i])
            if pos > shown:
                return f"marker {c.types[t]} on {pos} with {shown} planets revealed"
    return None


def tiles_counted(c, s: S):
    """GW-INV-07: every planet tile is on the board or in the box, and the board holds as many
    as the player count gives."""
    if s.phase == "setup":
        return None
    if len(s.planet_type) + len(s.box_tiles) != len(c.tiles):
        return "planet tiles are not all accounted for"
    expected = 12 if s.mode == "solo" else 16 + 1 + s.players
    if len(s.planet_type) != expected:
        return f"{len(s.planet_type)} planets on the board, expected {expected}"
    return None


def ships_in_room(c, s: S):
    """GW-INV-08: no Outer Sector holds more Base Ships than the player count allows; solo has
    none."""
    if s.mode == "solo":
        return None if not any(s.ships) else "no Base Ship is used in solo"
    limit = c.data.table.outer_ship_limit[s.players]
    for sector in c.sectors:
        if sector != c.core and sum(1 for x in s.ships if x == sector) > limit:
            return f"too many ships in {sector}"
    return None


def support_conserved(c, s: S):
    """GW-INV-09: support cards are neither made nor lost: deck, hands, discard and the cards
    waiting to resolve hold them all."""
    total = len(s.sdeck) + len(s.sdiscard) + sum(map(len, s.support_hands)) + len(s.pending)
    expected = len(c.support_ids) - (sum(1 for x in c.support_ids if c.support[x] in c.data.support.solo_removed)
                                      if s.mode == "solo" else 0)
    if s.phase != "setup" and total != expected:
        return f"{total} support cards, expected {expected}"
    return None


def skills_once(c, s: S):
    """GW-INV-10: each skill is used at most once per player per game."""
    for p, used in enumerate(s.skills_used, 1):
        if len(set(used)) != len(used):
            return f"P{p} used a skill twice"
    return None


def guards_on_circles(c, s: S):
    """GW-INV-11: a guard only on a full circle; circle states line up with the row."""
    for p in range(1, s.seats + 1):
        circle, guard = s.circle[p - 1], s.guard[p - 1]
        if len(circle) != len(guard):
            return f"P{p}: circles and guards differ in length"
        for k, g in enumerate(guard):
            if g == GUARDED and not circle[k]:
                return f"P{p}: guard on a circle that is not full"
    return None


def command_area(c, s: S):
    """GW-INV-12: the row has one circle slot between each two cards, and each wound marks a card
    in the row, once."""
    for p in range(1, s.seats + 1):
        area = s.area[p - 1]
        if len(s.circle[p - 1]) != max(0, len(area) - 1):
            return f"P{p}: the row does not have one circle slot per pair of cards"
        wounded = s.wounded[p - 1]
        if len(set(wounded)) != len(wounded) or any(w not in area for w in wounded):
            return f"P{p}: a wound off the row or twice"
    return None


def _merc_total(c, s: S) -> int:
    if s.mode == "solo":
        return sum(1 for m in c.mercs.values() if m.two_player and "recon" not in m.actions)
    if s.players == 2:
        return sum(1 for m in c.mercs.values() if m.two_player)
    return len(c.mercs)


def mercs_conserved(c, s: S):
    """GW-INV-13: mercenary cards are neither made nor lost: deck, Market, hands, Command
    Areas and the cards out of the game hold them all."""
    if not played(c, s):
        return None
    total = (len(s.deck) + len(s.market) + sum(map(len, s.hands)) + sum(map(len, s.area)) + len(s.removed)
             + len(s.removed_unseen) + (len(s.exchange) if s.mode == "solo" else 0))
    if total != _merc_total(c, s):
        return f"{total} mercenary cards, expected {_merc_total(c, s)}"
    return None


def hand_sizes(c, s: S):
    """GW-INV-14: 5 (solo 3) at the start of a turn while the supply lasts."""
    if not turn_starting(c, s):
        return None
    want = c.data.table.solo_hand_kept if s.mode == "solo" else c.data.table.hand
    have = len(s.hands[s.active - 1])
    return None if have == want else f"P{s.active} starts a turn with {have} mercenaries"


def market_size(c, s: S):
    """GW-INV-15: the Market is never over its size, and is full whenever a decision is open
    while the deck has cards (in solo, at the start of the human's turn)."""
    size = c.data.table.solo_market if s.mode == "solo" else c.data.table.market
    if len(s.market) > size:
        return f"{len(s.market)} cards in the Market"
    if s.prompt is not None and s.deck and s.phase != "keep" and len(s.market) != size:
        if s.mode != "solo" or s.phase == "recall":
            return f"{len(s.market)} cards in the Market while the deck has cards"
    return None


def power_accounted(c, s: S):
    """GW-INV-16: never negative; final scoring only adds."""
    for p in range(1, s.seats + 1):
        if s.power[p - 1] < 0 or s.power[p - 1] < sum(s.final[p - 1]):
            return f"P{p} power {s.power[p - 1]} is not accounted for"
    return None


def reputation_range(c, s: S):
    """GW-INV-17: every reputation marker is on the track, from the start to the last space."""
    for p, r in enumerate(s.rep, 1):
        if not 0 <= r <= c.rep_last:
            return f"P{p} reputation {r}"
    return None


def rep_track_fixed(c, s: S):
    """GW-INV-18: after setup the track holds one marker per slot, and the solo track no Recon
    marker."""
    if s.phase == "setup" or not s.rep_slots:
        return None
    if len(s.rep_slots) != c.data.reputation.slots:
        return f"{len(s.rep_slots)} reputation markers on the track"
    if s.mode == "solo" and c.data.reputation.solo_removed in s.rep_slots:
        return "the solo track holds the Recon marker"
    return None


def recon_markers(c, s: S):
    """GW-INV-19: no two of a player's recon markers share a sector, and none is left in the
    ship's sector once the Action Phase is over."""
    for p in range(1, s.seats + 1):
        placed = [x for x in s.recon[p - 1] if x]
        if len(set(placed)) != len(placed):
            return f"P{p} has two recon markers in one sector"
    if s.phase == "hire" and s.mode != "solo" and s.active:
        if s.ships[s.active - 1] and s.ships[s.active - 1] in s.recon[s.active - 1]:
            return f"P{s.active} kept a recon marker in the ship's sector after the Action Phase"
    return None


def dice_counts(c, s: S):
    """GW-INV-20: at most 3 dice a side (4 for a Fortify defender in round 1), each showing a face
    of the battle die."""
    if not invading(c, s):
        return None
    inv = s.invasion
    cap = c.data.dice.max_dice
    extra = 1 if inv.round == 1 and inv.manoeuvre == "fortify" else 0
    if len(inv.att_dice) > cap or len(inv.def_dice) > cap + extra:
        return "too many dice rolled"
    if any(x not in c.faces for x in inv.att_dice + inv.def_dice):
        return "a die shows an unknown result"
    return None


def zones_not_negative(c, s: S):
    """GW-INV-21: units are only taken from where they are (a negative count would mean a unit
    used from a zone that did not hold it); costs end up in Mission."""
    for p in range(1, s.seats + 1):
        if min(s.base[p - 1]) < 0:
            return f"P{p} has a negative count in a base zone"
    for x in s.pre:
        if min(x) < 0:
            return "negative pre-deployment"
    return None


def per_turn_limits(c, s: S):
    """GW-INV-22: each printed action of this turn's card is used at most once."""
    if len(set(s.used)) != len(s.used):
        return "a printed action used twice"
    if s.played and len(s.used) > len(c.mercs[s.played].actions):
        return "more actions than the card prints"
    return None


def solo_rebellion(c, s: S):
    """GW-INV-23: at most 3 pre-deployed Rebellion units in a sector, and the Rebellion holds
    nothing but its pool: no base zone, no hand."""
    if not solo(c, s):
        return None
    for x in s.pre:
        if sum(x) > c.limit:
            return "more than 3 pre-deployed units in a sector"
    b = s.base[REBEL - 1]
    if any(b[z * 3 + k] for z in (LP, MIS, MED, DEC, DEST) for k in range(3)) or s.hands[REBEL - 1]:
        return "the Rebellion has units in a base zone or cards in hand"
    return None


def game_over_final(c, s: S):
    """GW-INV-24: once the game has ended nothing is under way or asked any more."""
    if over(c, s) and (s.prompt is not None or s.ctx or s.invasion is not None or s.pending):
        return "play continues after the game ended"
    return None


def phase_order(c, s: S):
    """GW-INV-25: only the active player is asked, except reactive choices."""
    pr = s.prompt
    if pr is None or pr.kind in REACTIVE or s.mode == "solo" and s.phase == "rebel":
        return None
    if s.ctx and s.ctx[-1].kind == "bonus":
        return None
    return None if pr.player == s.active else f"P{pr.player} asked {pr.kind} on P{s.active}'s turn"


def wounds_legal(c, s: S):
    """GW-INV-26: a wounded mercenary's owner has at least 2 in play."""
    for p in range(1, s.seats + 1):
        if s.wounded[p - 1] and len(s.area[p - 1]) < 2:
            return f"P{p} has a wound with fewer than 2 mercenaries"
    return None


def removed_stay_out(c, s: S):
    """GW-INV-27: cards removed from the game never come back into play."""
    out = set(s.removed)
    live = set(s.deck) | set(s.market) | {x for h in s.hands for x in h} | {x for a in s.area for x in a}
    back = out & live
    return f"removed cards came back: {sorted(back)}" if back else None


INVARIANTS = {
    "GW-INV-01": units_conserved, "GW-INV-02": zones_typed, "GW-INV-03": planet_limit,
    "GW-INV-04": one_side_per_planet, "GW-INV-05": control_and_face_down, "GW-INV-06": track_positions,
    "GW-INV-07": tiles_counted, "GW-INV-08": ships_in_room, "GW-INV-09": support_conserved,
    "GW-INV-10": skills_once, "GW-INV-11": guards_on_circles, "GW-INV-12": command_area,
    "GW-INV-13": mercs_conserved, "GW-INV-14": hand_sizes, "GW-INV-15": market_size,
    "GW-INV-16": power_accounted, "GW-INV-17": reputation_range, "GW-INV-18": rep_track_fixed,
    "GW-INV-19": recon_markers, "GW-INV-20": dice_counts, "GW-INV-21": zones_not_negative,
    "GW-INV-22": per_turn_limits, "GW-INV-23": solo_rebellion, "GW-INV-24": game_over_final,
    "GW-INV-25": phase_order, "GW-INV-26": wounds_legal, "GW-INV-27": removed_stay_out,
}

LIVENESS = {"GW-INV-13": played, "GW-INV-14": turn_starting, "GW-INV-20": invading, "GW-INV-23": solo,
            "GW-INV-24": over}
"""Where the invariants that hold only in some states can fail (`Rules.liveness`)."""
