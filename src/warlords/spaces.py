"""Fixed-size numbers for learning agents: every decision as an index, and a view as integers
(`boardcore.game.spaces`; the order and the fields are documented in data/README.md).

**Actions.** `all_actions(c, config)` lists every decision that could ever be legal under
`config`, as templates with `player=0`. The list goes decision type by decision type in the order
of `events.DECISIONS`, and within a type by the component data's own order (cards as listed in
mercenaries.toml and support.toml, sectors as in galaxy.toml, planets by slot, numbers rising).
A type the configuration never offers (a Team Action outside 2 vs 2, a Recon in solo) is left
out. Stability: a later version of these rules only appends new templates at the end; the
indexes depend on the component data, whose id every game records.

The bounds come from the rules and the data, never from play: at most `planet_limit` units go
onto or fall from a planet (GW-DEP-03, GW-CMB-15, GW-BOMB-05); a defender rolls at most
`max_dice` dice when it may reroll (GW-CMB-07, GW-CMB-12); a multiplayer Command Area holds at
most 3 mercenaries of each mission plus the 4th that ends the game (GW-END-04), a solo one at
most the solo deck; a Team Action transfers at most the Infantry of one colour (GW-COMP-02).

**Observations.** `observation(c, config)` encodes a view (`hidden.view`) only. Seats are
counted from the observer: 1 is the observer, 2 the next seat in turn order, and so on (0 =
nobody), so one policy can play any seat. Cards are numbered from 1 in data order (0 = none,
and a last number for "a card, unseen"). Counts that could in principle run past a field's top
(Power, turn) saturate at it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from boardcore.game.spaces import Field, Observation

from warlords import events as ev
from warlords import setup
from warlords.components import SKILL_COLOURS, UNIT_KINDS
from warlords.prompts import POINTS
from warlords.state import GUARDED, OPEN, SHUT

MISSION_COPIES = 3        # GW-END-04: a 4th mercenary of one mission ends the game after that turn
TEAM_ACTIONS = ("exchange", "switch", "transfer")
SUBTERFUGE_OPTIONS = ("keep", "play", "copy", "swap")
PAY_UNITS = ("infantry", "aircraft")
PHASES = ("setup", "keep", "rebel", "start", "recall", "ship", "tactical", "merc", "actions", "hire", "end", "over")
CTX_KINDS = ("deploy", "deploy_only", "assassinate", "subterfuge", "bombard", "support", "recon", "heavy_assault",
             "orbital_bombardment", "call_for_support", "black_friday", "bonus")
CTX_SOURCES = ("card", "support", "borrowed", "market", "copy", "tactical", "skill", "reputation")
CTX_STAGES = ("start", "go", "pay", "units", "casualties", "option", "return", "copied", "clear", "place")
INV_STAGES = ("reinforce", "roll", "reroll", "hits", "cas_att", "cas_def", "check", "evacuate")
MANOEUVRES = ("", "efficient_targeting", "bolster", "fortify", "first_strike")
END_KINDS = ("", "supply", "reputation", "mission")
FACES = ("hit", "invader_hit", "miss")
TURN_TOP = 99
POWER_TOP = 255


# -- the deck of a configuration ----------------------------------------------------------
def mercenaries(c, config) -> tuple[str, ...]:
    """The mercenaries a game under `config` may use, in data order (GW-SET-14..16, GW-SSET-08)."""
    if config.players == 1:
        return tuple(m for m in c.merc_ids if c.mercs[m].two_player and "recon" not in c.mercs[m].actions)
    if config.players == 2:
        return tuple(m for m in c.merc_ids if c.mercs[m].two_player)
    return c.merc_ids


def supports(c, config) -> tuple[str, ...]:
    """The support cards in play (GW-SSET-11: solo removes some kinds)."""
    removed = set(c.data.support.solo_removed) if config.players == 1 else set()
    return tuple(x for x in c.support_ids if c.support[x] not in removed)


def seats(config) -> int:
    return 2 if config.players == 1 else config.players


def mode(config) -> str:
    if config.players == 1:
        return "solo"
    return config.mode or ("teams" if config.players == 4 else "ffa")


def max_area(c, config) -> int:
    """The longest Command Area a game under `config` can reach (see the module docstring)."""
    if config.players == 1:
        return len(mercenaries(c, config))
    return min(len(mercenaries(c, config)), MISSION_COPIES * len(c.types) + 1)


def layout(c, config) -> list[str]:
    """The sector of each planet slot (GW-SET-09, GW-SSET-05)."""
    return setup.initial(c, config).planet_sector


def groups(c, most: int) -> list[tuple[int, int, int]]:
    """Every (infantry, tanks, aircraft) of 1..`most` units that one colour owns (GW-COMP-02)."""
    inf, tanks, air = c.totals
    return [(i, t, a) for a in range(min(air, most) + 1) for t in range(min(tanks, most) + 1)
            for i in range(min(inf, most) + 1) if 1 <= i + t + a <= most]


def bonus_choices(c) -> list[str]:
    """Every bonus the reputation track's data can offer (GW-REP-10..16)."""
    out = ["power"]
    for space in c.data.reputation.spaces:
        alt = space.alternative
        names = ["need_a_hand_tank", "need_a_hand_aircraft"] if alt == "need_a_hand" else [alt] if alt else []
        out += [x for x in names if x not in out]
    return out


# -- actions ------------------------------------------------------------------------------
def all_actions(c, config) -> list:
    """Every decision that could ever be legal under `config` (see the module docstring)."""
    solo, teams = config.players == 1, mode(config) == "teams"
    cards = mercenaries(c, config)
    n_seats = seats(config)
    sectors = layout(c, config)
    planets = range(len(sectors))
    circles = range(max_area(c, config) - 1)
    targets = range(1, n_seats + 1)
    out: list = [ev.Pass(player=0)]
    if solo:
        out += [ev.Discard(player=0, card=x) for x in cards]
    out += [ev.Recall(player=0, planet=i) for i in planets] + [ev.Recall(player=0, circle=k) for k in circles]
    if not solo:
        out += [ev.MoveShip(player=0, sector=x) for x in c.sectors] + [ev.UseTactical(player=0)]
    out += [ev.PlayMercenary(player=0, card=x, side=side) for x in cards for side in ("left", "right")]
    out += [ev.PlaceGuard(player=0)] + [ev.UseSkill(player=0, colour=x) for x in SKILL_COLOURS]
    printed = dict.fromkeys((a, k) for x in cards for k, a in enumerate(c.mercs[x].actions))
    out += [ev.ChooseAction(player=0, action=a, slot=k) for a, k in printed]
    out += [ev.PlaySupport(player=0, card=x) for x in supports(c, config)]
    if teams:
        out += [ev.TeamAction(player=0, kind=x) for x in TEAM_ACTIONS]
    out += [ev.PayWith(player=0, unit=x) for x in PAY_UNITS]
    out += [ev.Bonus(player=0, choice=x) for x in bonus_choices(c)]
    out += [ev.TargetPlanet(player=0, planet=i) for i in planets]
    out += [ev.DeployUnits(player=0, infantry=i, tanks=t, aircraft=a) for i, t, a in groups(c, c.limit)]
    most_lost = max(c.limit, c.data.dice.bombard_dice)
    out += [ev.Casualties(player=0, infantry=i, tanks=t, aircraft=a) for i, t, a in groups(c, most_lost)]
    if not solo:
        out += [ev.Wound(player=0, target=t, card=x) for t in targets for x in cards]
        out += [ev.KillGuard(player=0, target=t, circle=k) for t in targets for k in circles]
        out += [ev.TargetPlayer(player=0, target=t) for t in targets]
    options = ("copy", "swap") if solo else ("keep", "play")
    out += [ev.SubterfugeOption(player=0, option=x) for x in options]
    if not solo:
        out += [ev.GiveCard(player=0, card=x) for x in cards]
    out += [ev.BorrowAction(player=0, card=x, action=a) for x in cards for a in dict.fromkeys(c.mercs[x].actions)]
    if solo:
        out += [ev.SoloSwap(player=0, discard=x, take=y) for x in cards for y in cards if x != y]
    else:
        out += [ev.ChooseSector(player=0, sector=x) for x in c.sectors]
        out += [ev.PlaceRecon(player=0, kind=k) for k in c.recon_kinds]
    if solo:
        out += [ev.RemovePreDeployed(player=0, sector=x, unit=u) for x in c.sectors for u in UNIT_KINDS]
    out += [ev.Reinforce(player=0, circle=k) for k in circles]
    cap = c.data.dice.max_dice
    out += [ev.Reroll(player=0, hits=h, invader_hits=i, misses=m) for h in range(cap + 1) for i in range(cap + 1)
            for m in range(cap + 1) if 1 <= h + i + m <= cap]
    out += [ev.Evacuate(player=0)]
    if not solo:
        out += [ev.Block(player=0, card=x) for x in supports(c, config) if c.support[x] == "blockade"]
    out += [ev.Hire(player=0, card=x) for x in cards] + [ev.Hire(player=0)]
    if teams:
        out += [ev.ExchangePick(player=0, card=x) for x in cards]
        out += [ev.SwitchPlanets(player=0, mine=a, theirs=b) for a in planets for b in planets
                if sectors[b] in c.adjacent[sectors[a]]]
        out += [ev.Transfer(player=0, count=k) for k in range(1, c.totals[0] + 1)]
    return out


# -- observations -------------------------------------------------------------------------
def _rel(p: int, me: int, n: int) -> int:
    """Seat `p` counted from `me` (1 = me), 0 for nobody."""
    return (p - me) % n + 1 if p else 0


def _clamp(v: int, top: int) -> int:
    return top if v > top else v


def observation(c, config) -> Observation:
    """The fields of a view (documented in data/README.md) and the function filling them."""
    return _observation(c, config)


@lru_cache(maxsize=32)
def _observation(c, config) -> Observation:
    n = seats(config)
    cards = mercenaries(c, config)
    merc_no = {m: k + 1 for k, m in enumerate(c.merc_ids)}
    unseen_card = len(c.merc_ids) + 1
    sup_kinds = tuple(dict.fromkeys(c.support[x] for x in c.support_ids))
    kinds = tuple(dict.fromkeys(c.data.reputation.markers))
    planets = len(layout(c, config))
    area = max_area(c, config)
    n_sectors = len(c.sectors)
    kinds_no = {k: i + 1 for i, k in enumerate(kinds)}
    type_no = {t: i + 1 for i, t in enumerate(c.types)}
    sector_no = {x: i + 1 for i, x in enumerate(c.sectors)}
    point_kinds = tuple(sorted(p.kind for p in POINTS))
    point_no = {k: i + 1 for i, k in enumerate(point_kinds)}
    colour_no = {x: i + 1 for i, x in enumerate(SKILL_COLOURS)}
    sup_no = {k: i + 1 for i, k in enumerate(sup_kinds)}
    market_size = max(c.data.table.market, c.data.table.solo_market)
    inf, tanks, air = c.totals
    most = max(inf, tanks, air)
    deck_top = len(c.merc_ids)
    rebels = tuple(c.rebels)
    rebel_no = {r: i + 1 for i, r in enumerate(rebels)}
    fields = [
        Field("seat", 1, 1, n, "the observer's seat number (P1 = 1); every other seat field counts from it"),
        Field("mode", 1, 0, 2, "0 free-for-all, 1 two teams (2 vs 2), 2 solo against the Rebellion"),
        Field("turn", 1, 0, TURN_TOP, f"the turn number (saturates at {TURN_TOP})"),
        Field("active", 1, 0, n, "whose turn it is (relative seat, 0 before the first turn)"),
        Field("phase", 1, 0, len(PHASES) - 1, "the turn's phase: " + ", ".join(PHASES)),
        Field("prompt_kind", 1, 0, len(point_kinds), "the open decision point, 0 none, else 1 + its index in: "
              + ", ".join(point_kinds)),
        Field("prompt_player", 1, 0, n, "who must answer it (relative seat)"),
        Field("end_after_turn", 1, 0, TURN_TOP, "the last turn once an end is triggered, 0 before"),
        Field("end_kind", 1, 0, len(END_KINDS) - 1,
              "why the game ends: 0 not yet, 1 supply, 2 reputation, 3 mission"),
        Field("power", n, 0, POWER_TOP, "each seat's Power (relative seats; saturates)"),
        Field("reputation", n, 0, c.rep_last, "each seat's Reputation Track position"),
        Field("planet_track", len(c.types), 0, c.track_last, "the planet track position of each type, in "
              "data order: " + ", ".join(c.types)),
        Field("reputation_markers", c.data.reputation.slots, 0, len(kinds), "the action marker on each slot, "
              "0 none, else 1 + its index in: " + ", ".join(kinds)),
        Field("planet_type", planets, 0, len(c.types), "each planet's type as the observer knows it (0 unknown: "
              "face down and not seen by Recon), 1 + its index in the types"),
        Field("planet_revealed", planets, 0, 1, "1 for a face-up planet"),
        Field("planet_owner", planets, 0, n, "the seat holding each planet (relative), 0 empty"),
        Field("planet_units", planets * 3, 0, c.limit, "Infantry, Tanks, Aircraft on each planet, planet by planet"),
        Field("ships", n, 0, n_sectors, "each seat's Base Ship: 1 + sector index, 0 off the board"),
        Field("recon", n * len(c.recon_kinds), 0, n_sectors, "recon markers on the board, seat by seat: the "
              "observer's by kind (" + ", ".join(c.recon_kinds) + "), the others' sorted (their kinds are "
              "hidden); 1 + sector index, 0 in supply"),
        Field("base", n * 18, 0, most, "each seat's units by zone (Reserve, Launch Pad, Mission, Medical Bay, "
              "Decon, destroyed) and kind (Infantry, Tank, Aircraft); the Rebellion's pool is its Reserve"),
        Field("hand_size", n, 0, deck_top, "mercenaries in each seat's hand"),
        Field("support_hand_size", n, 0, len(c.support_ids), "support cards in each seat's hand"),
        Field("hand", len(cards), 0, 1, "1 for each mercenary of this configuration's deck in the observer's "
              "hand, in data order"),
        Field("support_hand", len(sup_kinds), 0, len(c.support_ids), "the observer's support cards by kind: "
              + ", ".join(sup_kinds)),
        Field("command_area", n * area, 0, len(c.merc_ids), "each seat's Command Area left to right, the "
              "mercenary's number in data order (M01 = 1), 0 past its end"),
        Field("wounded", n * area, 0, 1, "1 where that mercenary carries a wound marker"),
        Field("circles", n * (area - 1), 0, len(SKILL_COLOURS), "the skill circle between neighbours: 0 none, "
              "else 1 + colour index in " + ", ".join(SKILL_COLOURS)),
        Field("guards", n * (area - 1), 0, 3, "that circle: 0 none, 1 open this turn, 2 guarded, 3 empty for good"),
        Field("skills_used", n * len(SKILL_COLOURS), 0, 1, "1 for each skill colour a seat has used"),
        Field("market", market_size, 0, len(c.merc_ids), "the Mercenary Market's cards (numbers in data order)"),
        Field("deck_size", 1, 0, deck_top, "cards left in the mercenary deck"),
        Field("support_deck_size", 1, 0, len(c.support_ids), "cards left in the support deck"),
        Field("support_discard", len(sup_kinds), 0, len(c.support_ids), "the face-up support discards by kind"),
        Field("out_of_game", len(c.merc_ids), 0, 1, "1 for each mercenary known to be out of the game (face up)"),
        Field("this_turn", 2 + 3 + n, 0, len(c.merc_ids), "the mercenary played this turn (0 none), whether the "
              "Team Action is used, its 3 action slots used (1 each), and each seat's support card played"),
        Field("action", 6, 0, max(planets, len(c.merc_ids), len(CTX_STAGES), n) + 1, "the action being resolved: "
              "kind (1 + index in " + ", ".join(CTX_KINDS) + "), source (1 + index in " + ", ".join(CTX_SOURCES)
              + "), stage (1 + index in " + ", ".join(CTX_STAGES) + "), planet (1 + slot), target (relative "
              "seat), the mercenary it names when the observer may know it"),
        Field("support_pending", 2, 0, len(sup_kinds), "the support cards waiting for Blockade answers (kinds, "
              "the latest first), 0 none"),
        Field("invasion", 8, 0, max(planets, len(INV_STAGES), TURN_TOP), "an invasion in progress: planet "
              "(1 + slot, 0 none), invader, defender (relative seats), stage (1 + index in "
              + ", ".join(INV_STAGES) + "), round, manoeuvre (index in: none, " + ", ".join(MANOEUVRES[1:])
              + "), Heavy Siege, guard used"),
        Field("invasion_units", 3 + 3 + 3 + 2, 0, max(c.limit, c.data.dice.max_dice + 1), "the invading Infantry, "
              "Tanks, Aircraft; the invader's and the defender's dice by result (hit, invader hit, miss); the "
              "invader's and the defender's losses due this round"),
        Field("exchange", 2, 0, unseen_card, "a team exchange's picks (the active player's, the teammate's): "
              f"0 none yet, a mercenary number, or {unseen_card} for a pick the observer cannot see"),
        Field("pre_deployed", n_sectors * 3, 0, c.limit, "solo: the Rebellion's pre-deployed Infantry, Tanks, "
              "Aircraft in each sector"),
        Field("rebellion", 3, 0, max(len(rebels), 8) + 1, "solo: Rebel deck size, the card being carried out (1 + "
              "index in rebellion.toml, 0 none), and its step"),
    ]

    # lookups that also read the blanks of a view ("" = none or unseen) as 0
    merc_at = {"": 0, **merc_no}
    type_at = {"": 0, **type_no}
    sector_at = {"": 0, **sector_no}
    card_slot = {m: k for k, m in enumerate(cards)}
    gone_slot = {m: k for k, m in enumerate(c.merc_ids)}
    guard_no = {OPEN: 1, GUARDED: 2, SHUT: 3}
    mode_no = {"ffa": 0, "teams": 1, "solo": 2}
    slots_n = c.data.reputation.slots

    def flags(values, slot: dict, size: int) -> list[int]:
        out = [0] * size
        for x in values:
            k = slot.get(x)
            if k is not None:
                out[k] = 1
        return out

    def padded(values: list[int], size: int) -> list[int]:
        return values + [0] * (size - len(values))

    def encode(v, me: int) -> list[int]:
        order = [(me - 1 + k) % n + 1 for k in range(n)]      # seats as the observer counts them
        rel = [0] * (n + 1)
        for k, p in enumerate(order):
            rel[p] = k + 1
        prompt = v.prompt
        out = [me, mode_no[v.mode], _clamp(v.turn, TURN_TOP), rel[v.active],
               PHASES.index(v.phase) if v.phase in PHASES else 0,
               point_no.get(prompt.kind, 0) if prompt else 0, rel[prompt.player] if prompt else 0,
               _clamp(v.last_turn, TURN_TOP), END_KINDS.index(v.end_kind) if v.end_kind in END_KINDS else 0]
        out += [_clamp(v.power[p - 1], POWER_TOP) for p in order]
        out += [v.rep[p - 1] for p in order]
        out += v.track
        out += padded([kinds_no.get(x, 0) for x in v.rep_slots], slots_n)
        out += [type_at.get(x, 0) for x in v.planet_type]
        out += map(int, v.revealed)
        out += [rel[o] for o in v.owner]
        out += chain.from_iterable(v.planet_units)
        out += [sector_at.get(v.ships[p - 1], 0) for p in order]
        for p in order:
            marks = v.recon[p - 1] if p == me else sorted(v.recon[p - 1])
            out += [sector_at.get(x, 0) for x in marks]
        out += chain.from_iterable(v.base[p - 1] for p in order)
        out += [len(v.hands[p - 1]) for p in order]
        out += [len(v.support_hands[p - 1]) for p in order]
        out += flags(v.hands[me - 1], card_slot, len(cards))
        held = [c.support.get(x, "") for x in v.support_hands[me - 1]]
        out += [held.count(k) for k in sup_kinds]
        for p in order:
            out += padded([merc_at.get(x, 0) for x in v.area[p - 1]], area)
        for p in order:
            hurt = v.wounded[p - 1]
            out += padded([1 if x in hurt else 0 for x in v.area[p - 1]] if hurt else [], area)
        for p in order:
            out += padded([colour_no.get(x, 0) for x in v.circle[p - 1]], area - 1)
        for p in order:
            marks = v.circle[p - 1]
            out += padded([guard_no[g] if marks[k] else 0 for k, g in enumerate(v.guard[p - 1])], area - 1)
        for p in order:
            used = v.skills_used[p - 1]
            out += [1 if x in used else 0 for x in SKILL_COLOURS]
        out += padded([merc_at.get(x, 0) for x in v.market], market_size)
        out += [len(v.deck), len(v.sdeck)]
        gone = [c.support.get(x, "") for x in v.sdiscard]
        out += [gone.count(k) for k in sup_kinds]
        out += flags(v.removed, gone_slot, len(c.merc_ids))
        out += [merc_at.get(v.played, 0), 1 if v.team_used else 0]
        out += [1 if k in v.used else 0 for k in range(3)]
        out += [1 if v.support_played[p - 1] else 0 for p in order]
        x = v.ctx[-1] if v.ctx else None
        if x is None:
            out += [0] * 6
        else:
            # the card a Subterfuge took is the two players' secret (GW-SUB-02): named only when the
            # view shows it (`taken` is "?" for everyone else)
            secret = x.kind == "subterfuge" and v.mode != "solo" and v.taken == "?"
            out += [CTX_KINDS.index(x.kind) + 1 if x.kind in CTX_KINDS else 0,
                    CTX_SOURCES.index(x.source) + 1 if x.source in CTX_SOURCES else 0,
                    CTX_STAGES.index(x.stage) + 1 if x.stage in CTX_STAGES else 0,
                    x.planet + 1, rel[x.target] if 0 < x.target <= n else 0,
                    0 if secret else merc_no.get(x.card, 0)]
        out += padded([sup_no.get(c.support.get(pc.card, ""), 0) for pc in reversed(v.pending)][:2], 2)
        inv = v.invasion
        if inv is None:
            out += [0] * 19
        else:
            out += [inv.planet + 1, rel[inv.attacker], rel[inv.defender],
                    INV_STAGES.index(inv.stage) + 1 if inv.stage in INV_STAGES else 0, _clamp(inv.round, TURN_TOP),
                    MANOEUVRES.index(inv.manoeuvre) if inv.manoeuvre in MANOEUVRES else 0,
                    1 if inv.siege else 0, 1 if inv.guard_used else 0]
            out += inv.att
            out += [inv.att_dice.count(f) for f in FACES] + [inv.def_dice.count(f) for f in FACES]
            out += [inv.att_loss, inv.def_loss]
        if v.mode == "teams":
            out += [unseen_card if x_ == "?" else merc_at.get(x_, unseen_card) for x_ in v.exchange[:2]]
        else:
            out += [0, 0]
        if v.mode == "solo":
            out += chain.from_iterable(v.pre)
            out += [len(v.rebel_deck), rebel_no.get(v.rebel_card, 0), v.rebel_step]
        else:
            out += [0] * (n_sectors * 3 + 3)
        return out

    return Observation(fields, encode)
