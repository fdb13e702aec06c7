"""SS-INV-*: promises that hold after every event, checked by `boardcore check`."""

from __future__ import annotations

from solar_sphere.state import CORP, SolarState


def played(c, s: SolarState) -> bool:
    """Setup is done: the table is laid out."""
    return s.phase != "setup"


def docking(c, s: SolarState) -> bool:
    return s.phase == "dock"


def deploying(c, s: SolarState) -> bool:
    return s.phase == "deploy"


def battling(c, s: SolarState) -> bool:
    return s.phase == "battle"


def over(c, s: SolarState) -> bool:
    return s.phase == "over"


def against_dranda(c, s: SolarState) -> bool:
    """The solo game: DRANDA is at the table."""
    return s.dranda is not None


def drones_conserved(c, s: SolarState):
    """SS-INV-01, SS-DRN-01: every player's 20 drones are in exactly one place."""
    for seat, p in enumerate(s.centres, 1):
        on_hexes = sum(1 for b in s.builder if b == seat)
        on_ships = sum(n for sh in s.fleet if sh for who, n in sh.cols if who == seat)
        total = p.reserve + p.active + p.inactive + sum(p.sats) + p.hexes + p.on_ships + sum(p.matrix)
        if min(p.reserve, p.active, p.inactive) < 0 or total != c.cmd.drones:
            return f"P{seat} drones: {total} in play places, counts {p.reserve}/{p.active}/{p.inactive}"
        if on_hexes != p.hexes or on_ships != p.on_ships:
            return f"P{seat} hex/ship drone counts disagree with the board"
    return None


def storage_bounds(c, s: SolarState):
    """SS-INV-02, SS-STO-02: storage holds 0 to 6 resources, none of a kind below 0."""
    for seat, p in enumerate(s.centres, 1):
        if min(p.store) < 0 or sum(p.store) > c.cmd.storage:
            return f"P{seat} storage {p.store}"
    return None


def crew_bounds(c, s: SolarState):
    """SS-INV-03, SS-CREW-08: at most 3 current crew (a fourth only while its retirement is asked),
    and current + retired = hires."""
    for seat, p in enumerate(s.centres, 1):
        if len(p.crew) > c.cmd.crew_slots and not any(t.kind == "retire" and t.player == seat for t in s.tasks):
            return f"P{seat} has {len(p.crew)} crew"
        if len(p.crew) + len(p.retired) != p.hires or len(p.used) != len(p.crew):
            return f"P{seat} crew/hire counts disagree"
    return None


def one_satellite(c, s: SolarState):
    """SS-INV-04: a list of booleans holds at most one satellite per card by construction."""
    for seat, p in enumerate(s.centres, 1):
        if len(p.sats) != 8:
            return f"P{seat} satellites malformed"
    return None


def round_bounds(c, s: SolarState):
    """SS-INV-05: once play has begun, the round is 1 to 6."""
    if played(c, s) and not 1 <= s.round <= 6:
        return f"round {s.round}"
    return None


def turn_order(c, s: SolarState):
    """SS-INV-06: the turn order holds every seat (DRANDA's in solo) exactly once."""
    seats = list(range(1, s.players + 1)) + ([s.dranda_seat] if s.dranda_seat else [])
    return None if sorted(s.order) == seats else f"turn order {s.order}"


def display_bounds(c, s: SolarState):
    """SS-INV-07, SS-INV-08: at most one token per display card; 6 tokens in all."""
    for slot, card in enumerate(s.display):
        if card < 0 and s.tokens[slot]:
            return f"a token on empty display slot {slot}"
        if s.tokens[slot] not in (0, 1, 2):
            return f"token {s.tokens[slot]}"
    if sum(1 for t in s.tokens if t) > 6:
        return "more than 6 morale tokens on the display"
    return None


def crew_cards_conserved(c, s: SolarState):
    """SS-INV-09: 48 cards, each once, each tier keeping its own."""
    if not played(c, s):
        return None
    cards = [card for deck in s.crew_decks for card in deck] + [card for card in s.display if card >= 0]
    for p in s.centres:
        cards += (*p.crew, *p.retired)
    if s.dranda is not None:
        cards += s.dranda.crew
    if -1 in cards:
        return None                         # a view: deck contents are hidden
    if sorted(cards) != list(range(len(c.crew))):
        return f"crew cards: {len(cards)} found"
    for tier, deck in enumerate(s.crew_decks):
        if any(c.crew[card].tier != tier + 1 for card in deck):
            return f"a foreign card in the tier {tier + 1} deck"
    return None


def resistance_conserved(c, s: SolarState):
    """SS-INV-10: deck + fleet + claimed + removed = the deck size; bottom row empty in round 1."""
    if not played(c, s):
        return None
    cards = [*s.res_deck, *(sh.card for sh in s.fleet if sh), *s.res_out]
    for p in s.centres:
        cards += p.ships
    if s.dranda is not None:
        cards += s.dranda.ships
    if len(cards) != s.deck_size or (-1 not in cards and len(set(cards)) != len(cards)):
        return f"resistance cards: {len(cards)} of {s.deck_size}"
    if s.round == 1 and s.phase in ("dock", "deploy") and (s.fleet[0] or s.fleet[1]):
        return "a bottom-row ship in round 1"
    return None


def sphere_integrity(c, s: SolarState):
    """SS-INV-11: every built hex links to the Core or a face-down Corporation hex through built hexes."""
    if not s.builder:
        return None
    reach = [slot for slot in range(18) if s.builder[slot] and (c.core_adjacent[slot] or s.builder[slot] == CORP)]
    seen = set(reach)
    while reach:
        slot = reach.pop()
        for n in c.adjacent[slot]:
            if s.builder[n] and n not in seen:
                seen.add(n)
                reach.append(n)
    for slot in range(18):
        if s.builder[slot] and s.builder[slot] != CORP and slot not in seen:
            return f"hex {c.slots[slot]} is not linked to the Core"
    return None


def corp_drones(c, s: SolarState):
    """SS-INV-12: Corporation drones beside the deck + on ships = 2; at most 1 per ship, bottom row only."""
    on = 0
    for pos, sh in enumerate(s.fleet):
        if sh is None:
            continue
        k = sum(1 for who, _ in sh.cols if who == CORP)
        if k > 1 or (k and pos >= 2):
            return f"Corporation drones misplaced on fleet position {pos}"
        on += k
    return None if on + s.corp_beside == 2 else f"Corporation drones: {on} on ships, {s.corp_beside} beside"


def tracks(c, s: SolarState):
    """SS-INV-14: morale and reputation stay on their tracks."""
    top = len(c.cmd.reputation_columns) - 1
    for seat, p in enumerate(s.centres, 1):
        if not 0 <= p.morale <= c.cmd.morale_max or not 0 <= p.rep <= top:
            return f"P{seat} morale {p.morale} reputation {p.rep}"
    return None


def matrix_rows(c, s: SolarState):
    """SS-INV-16: no matrix row holds more drones than it has spaces."""
    width = len(c.cmd.matrix[0])
    for seat, p in enumerate(s.centres, 1):
        if any(not 0 <= m <= width for m in p.matrix):
            return f"P{seat} matrix {p.matrix}"
    return None


def aux_die(c, s: SolarState):
    """SS-INV-17: the auxiliary die is back in the reserve when a round begins."""
    if docking(c, s) and any(p.aux for p in s.centres):
        return "an auxiliary die is out at Dock"
    return None


def dice_conserved(c, s: SolarState):
    """SS-INV-18: during Deploy, ports + locations + discards = 3 (+1 with the auxiliary die)."""
    if not deploying(c, s):
        return None
    for seat, p in enumerate(s.centres, 1):
        chosen = 1 if s.turn == seat and s.step == "visit" else 0
        if sum(p.ports) + p.placed + p.discarded + chosen != 3 + p.aux:
            return f"P{seat} dice: {p.ports} + {p.placed} + {p.discarded} (+{chosen}) vs {3 + p.aux}"
    return None


def columns(c, s: SolarState):
    """SS-INV-20: one column per participant per ship; power = sum of columns."""
    for pos, sh in enumerate(s.fleet):
        if sh is None:
            continue
        who = [col[0] for col in sh.cols]
        if len(set(who)) != len(who) or any(col[1] < 1 for col in sh.cols) or len(sh.cols) > c.data.resistance.columns:
            return f"ship at {pos} has columns {sh.cols}"
    return None


def deploy_ends_empty(c, s: SolarState):
    """SS-INV-22: Battle never starts with a die on a docking port."""
    if battling(c, s) and (any(sum(p.ports) for p in s.centres) or (s.dranda is not None and any(s.dranda.dice))):
        return "a die left on a port in Battle"
    return None


def dranda_drones(c, s: SolarState):
    """SS-INV-23, SS-DRDEP-15: each of DRANDA's drones is in exactly one place."""
    if not against_dranda(c, s):
        return None
    d = s.dranda
    on_hex = sum(1 for b in s.builder if b == s.dranda_seat)
    on_ships = sum(n for sh in s.fleet if sh for who, n in sh.cols if who == s.dranda_seat)
    if min(d.supply, d.removed) < 0 or d.supply + d.removed + on_hex + on_ships != c.levels.drones:
        return f"DRANDA drones {d.supply}+{d.removed}+{on_hex}+{on_ships}"
    return None


def dranda_cards(c, s: SolarState):
    """SS-INV-24: DRANDA's 12 cards are in its deck, discard pile or play area; the play area is empty
    when a round begins."""
    if not (against_dranda(c, s) and played(c, s)):
        return None
    d = s.dranda
    if len(d.deck) + len(d.discard) + len(d.area) != len(c.dranda):
        return f"DRANDA cards {len(d.deck)}+{len(d.discard)}+{len(d.area)}"
    if s.phase == "dock" and d.area:
        return "DRANDA's play area is not empty at Dock"
    return None


def opaque_once(c, s: SolarState):
    """SS-INV-25: each opaque DRANDA die is placed at most once (0 unused, 1 this round, 2 out)."""
    if s.dranda is not None and any(x not in (0, 1, 2) for x in s.dranda.opaque):
        return f"opaque dice {s.dranda.opaque}"
    return None


def over_is_final(c, s: SolarState):
    """SS-INV-26: the game ends only after a Battle, and then nobody is asked anything."""
    if over(c, s) and (s.tasks or s.turn):
        return "decisions pending after the end"
    return None


def fleet_rows(c, s: SolarState):
    """SS-INV-28: ships only in the 4 fleet positions; a ship moves down at most once (it then has
    the Corporation drone or sits in the bottom row, and leaves at its next resolution)."""
    return None if len(s.fleet) == 4 else "fleet malformed"


def factions_match(c, s: SolarState):
    """SS-INV-15: faction counts equal the icons on hexes, crew and claimed ships."""
    for seat, p in enumerate(s.centres, 1):
        count = [0, 0, 0, 0]
        for slot, b in enumerate(s.builder):
            if b == seat:
                for f in c.hex_factions[s.hex_at[slot]]:
                    count[f] += 1
        for card in (*p.crew, *p.retired):
            for f in c.crew_factions[card]:
                count[f] += 1
        for sh in p.ships:
            for f in c.ship_factions[sh]:
                count[f] += 1
        if count != list(p.factions):      # by value: the state holds a tuple
            return f"P{seat} factions {p.factions} but icons {count}"
    return None


def score_is_sum(c, s: SolarState):
    """SS-INV-13 is checked by the tests (score = sum of PointsScored and FinalScored facts);
    here: final scores equal the recorded outcome."""
    if over(c, s):
        scores = [p.score for p in s.centres] + ([s.dranda.score] if s.dranda is not None else [])
        if scores != list(s.outcome):
            return f"outcome {s.outcome} differs from scores {scores}"
    return None


def placed_dice_fit(c, s: SolarState):
    """SS-INV-21 is enforced by legal_actions (a visit needs the card's value); here the
    count of dice on Location cards equals the dice placed by all seats."""
    placed = sum(p.placed for p in s.centres)
    if s.dranda is not None:
        placed += sum(1 for v in s.dranda.dice if v == 0) if s.dranda.dice else 0
        placed += sum(1 for x in s.dranda.opaque if x == 1)
    if deploying(c, s) and sum(s.loc_dice) != placed:
        return f"{sum(s.loc_dice)} dice on locations, {placed} placed"
    return None


def crew_used_once(c, s: SolarState):
    """SS-INV-19: rotation flags exist for each current crew member (one use per refresh)."""
    return None if all(len(p.used) == len(p.crew) for p in s.centres) else "crew rotation flags malformed"


def deterministic(c, s: SolarState):
    """SS-INV-27 is the check walker's fold and audit promises; nothing to test per state."""
    return None


def dranda_playing(c, s: SolarState) -> bool:
    """The solo game once setup is done (SS-INV-24 counts DRANDA's cards)."""
    return against_dranda(c, s) and played(c, s)


def never(c, s: SolarState) -> bool:
    """An invariant checked elsewhere (SS-INV-27): nothing here can fail."""
    return False


LIVENESS = {"SS-INV-05": played, "SS-INV-09": played, "SS-INV-10": played, "SS-INV-13": over, "SS-INV-17": docking,
            "SS-INV-18": deploying, "SS-INV-21": deploying, "SS-INV-22": battling, "SS-INV-23": against_dranda,
            "SS-INV-24": dranda_playing, "SS-INV-25": against_dranda, "SS-INV-26": over,
            "SS-INV-27": never}
"""Where the invariants that hold only in some states can fail (`Rules.liveness`)."""

INVARIANTS = {
    "SS-INV-01": drones_conserved, "SS-INV-02": storage_bounds, "SS-INV-03": crew_bounds,
    "SS-INV-04": one_satellite, "SS-INV-05": round_bounds, "SS-INV-06": turn_order, "SS-INV-07": display_bounds,
    "SS-INV-09": crew_cards_conserved, "SS-INV-10": resistance_conserved, "SS-INV-11": sphere_integrity,
    "SS-INV-12": corp_drones, "SS-INV-13": score_is_sum, "SS-INV-14": tracks, "SS-INV-15": factions_match,
    "SS-INV-16": matrix_rows, "SS-INV-17": aux_die, "SS-INV-18": dice_conserved, "SS-INV-19": crew_used_once,
    "SS-INV-20": columns, "SS-INV-21": placed_dice_fit, "SS-INV-22": deploy_ends_empty, "SS-INV-23": dranda_drones,
    "SS-INV-24": dranda_cards, "SS-INV-25": opaque_once, "SS-INV-26": over_is_final, "SS-INV-27": deterministic,
    "SS-INV-28": fleet_rows,
}
