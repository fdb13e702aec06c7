"""Fixed-size numbers for learning agents: Solar Sphere's action list and observation encoding
(the contract is `boardcore.game.spaces`; data/README.md documents both for users).

**Actions** (`all_actions`). Every decision that could ever be legal, as templates with
`player=0`, grouped by decision type in the order of `events.DECISIONS`, each group in the order
its values come from the component data. The list depends on the data only (not on the player
count: every mode shares one index space). Stability rule: entries are only ever appended, so an
index keeps its meaning across versions of these rules on the same data.

**Observation** (`observation`). Built only from a view, seat blocks in turn from the observer
(you first, then the seats after you by number, DRANDA last in solo), so the same network plays
any seat. Solar Sphere hides only deck orders and face-down hexes, from everyone; a view shows
them as -1 and the encoding counts or blanks them, so twin positions that differ only there
encode the same.
"""

from __future__ import annotations

from boardcore.game.events import Decision
from boardcore.game.spaces import Field, Observation

from solar_sphere.command import KICKBACK_OPTIONS
from solar_sphere.components import COLOURS, KINDS, Components
from solar_sphere.events import Attack, Choose, ChooseDie, DiscardDie, EndTurn, TakeKickbacks, UseCrew, Visit
from solar_sphere.prompts import open_point
from solar_sphere.queries import EXTRA_PAYMENTS
from solar_sphere.state import CORP, SolarConfig, SolarState

NOT_USED_BY_HAND = ("set_die", "reroll")
"""Crew actions never taken with UseCrew: T3-03 works through ChooseDie (SS-ALM-11), T2-09 through
the Battle's reroll prompt (SS-ALM-14)."""


def choose_options(c: Components) -> list[str]:
    """Every word a `Choose` may carry, in a fixed order: the visit's two answers, storage, kinds,
    fabrication and salvage, kickbacks, hexes by slot, the fleet's "done", hires with their ways of
    paying, crew ids (retire and refresh), retirement bonuses, and the reroll's two answers."""
    words = ["satellite", "action"]                                          # SS-DEP-13
    words += [f"drop:{k}" for k in KINDS] + ["drop:new"]                     # SS-STO-03
    words += list(KINDS)                                                     # SS-GEN-05 any resource
    words += ["fabricate", "stop"] + [f"recall:{loc}" for loc in c.locations]   # SS-DRN-05
    words += ["regenerate"] + [f"decommission:{row + 1}" for row in range(len(c.cmd.matrix))]   # SS-DRN-12
    words += list(KICKBACK_OPTIONS)                                          # SS-KB-05
    words += list(c.slots)                                                   # SS-SPH-02
    words += ["done"]                                                        # SS-FLT-06
    for card in c.crew:                                                      # SS-CREW-04
        for pay in EXTRA_PAYMENTS[c.tiers.extra[card.tier - 1]]:
            words.append(f"{card.id}:{pay}" if pay else card.id)
    words += [card.id for card in c.crew]                                    # SS-CREW-09, SS-ALM-13
    words += [code for card in c.crew if len(card.retire) > 1 for code in card.retire]   # SS-ALM-15
    words += ["reroll", "pass"]                                              # SS-ALM-14
    return list(dict.fromkeys(words))


def all_actions(c: Components, config: SolarConfig) -> list[Decision]:  # noqa: ARG001 - one space for every mode
    """The action templates (see the module docstring); about 480 on the default data."""
    out: list[Decision] = [TakeKickbacks(player=0, to=sp) for sp in c.cmd.spanners]            # SS-KB-02
    out += [UseCrew(player=0, card=card.id) for card in c.crew
            if card.action.split(":")[0] not in NOT_USED_BY_HAND]                                # SS-CREW-15
    out += [ChooseDie(player=0, die=die, value=value) for die in range(1, 7) for value in range(1, 7)]   # SS-DEP-06
    out += [ChooseDie(player=0, die=die, value=value, crew=True)                                  # SS-ALM-11
            for die in range(1, 7) for value in range(1, 7) if value != die]
    out += [Visit(player=0, location=loc) for loc in c.locations]                                # SS-DEP-04
    out += [DiscardDie(player=0, die=die) for die in range(1, 7)]                                # SS-DEP-19
    out += [Choose(player=0, option=word) for word in choose_options(c)]
    out += [Attack(player=0, ship=pos, drones=n) for pos in range(4)                             # SS-FLT-04
            for n in range(1, c.cmd.drones + 1)]
    out.append(EndTurn(player=0))                                                                # SS-CREW-17
    return out


# -- observation -----------------------------------------------------------------------------------
KINDS_ASKED = ("", "turn", "visit", "act", "after", "gain", "gain_any", "fabricate", "salvage", "kickback",
               "build", "attack", "hire", "retire", "bonus", "refresh", "reroll", "acting", "aux")
"""The open decision point's kind, by index (0: nobody is asked); only ever appended to."""
PHASE_INDEX = ("setup", "dock", "deploy", "battle", "recover", "over")
SCORE_LOW, SCORE_HIGH = -200, 999
SEATS = 4
"""Owner codes on hexes and ship columns: 0 nobody, 1..4 seats counted from the observer (1 is
you), 5 the Corporation."""
CORP_CODE = SEATS + 1


class Layout:
    """The fields for one configuration, and the data bounds they use."""

    def __init__(self, c: Components, config: SolarConfig) -> None:
        self.c = c
        self.solo = config.players == 1
        self.seats = config.players
        cmd = c.cmd
        drones = cmd.drones
        hexes, ships, cards = len(c.hexes), len(c.ships), len(c.crew)
        levels = len(cmd.reputation_columns) - 1
        width = len(cmd.matrix[0])
        columns = c.data.resistance.columns
        f = Field
        fields = [
            f("round", 1, 0, 6, "the round, 1-6 (0 before the first)"),
            f("phase", 1, 0, len(PHASE_INDEX) - 1, "0 setup, 1 Dock, 2 Deploy, 3 Battle, 4 Recover, 5 over"),
            f("final_round", 1, 0, 1, "1 once the last hex is built: this round is the last (SS-SPH-09)"),
            f("asked", 1, 0, len(KINDS_ASKED) - 1,
              "the open decision point's kind, by index (data/README.md lists them)"),
            f("asked_seat", 1, 0, SEATS, "who must answer, counted from you (1 you, 0 nobody)"),
            f("asked_n", 1, 0, 99, "the open effect's count (resources, drones, hex value; 99 any number), "
                                   "the card just hired when retiring, the fleet position of a reroll"),
            f("asked_mask", 1, 0, 15, "the open effect's memory: matrix rows used, ships attacked (bits)"),
            f("chosen", 1, 0, 6, "the value of the die being deployed this turn (0 none)"),
            f("visiting", 1, 0, 8, "the Location card being visited, 1-8 in data order (0 none)"),
            f("kicked", 1, 0, 1, "1 when kickbacks were taken this turn (SS-KB-01)"),
            f("turn_order", SEATS, 0, SEATS, "seats in turn order, counted from you (0 unused position)"),
            f("scoring_card", 1, 0, len(c.scoring), "the Sphere scoring card, 1-based in data order"),
            f("hex", 18, 0, hexes, "each slot's hex, 1-based in data order; 0 a face-down hex"),
            f("hex_builder", 18, 0, CORP_CODE, "who built each slot: owner codes (5 the Corporation)"),
            f("hex_viable", 18, 0, 1, "1 where a hex can be built now (SS-SPH-04)"),
            f("ship", 4, 0, ships, "the ship at each fleet position (bottom left, bottom right, top left, "
                                   "top right), 1-based in data order; 0 none"),
            f("ship_columns", 4 * columns * 2, 0, max(drones, CORP_CODE),
              f"per position, {columns} columns of (owner code, drones), left to right"),
            f("resistance_deck", 1, 0, 12, "ships left in the Resistance deck (face down)"),
            f("corp_beside", 1, 0, 9, "Corporation drones beside the deck (SS-SET-16)"),
            f("resistance_roll", 1, 0, max(c.data.resistance.die_faces) + 1,
              "the roll standing for the ship being resolved, plus 1 (0 none)"),
            f("display", 6, 0, cards, "the crew display, Tier 1 top, Tier 1 bottom, … (card 1-based; 0 empty)"),
            f("tokens", 6, 0, 2, "the morale token on each display card"),
            f("crew_decks", 3, 0, cards, "cards left in each tier's deck (face down)"),
            f("location_dice", 8, 0, 4 * SEATS + 6, "ship dice on each Location card this round"),
        ]
        for i in range(self.seats):
            who = "you" if i == 0 else f"seat {i + 1} from you"
            fields += [
                f(f"score_{i}", 1, SCORE_LOW, SCORE_HIGH, f"{who}: points so far (silver and penalties)"),
                f(f"morale_{i}", 1, 0, cmd.morale_max, f"{who}: morale"),
                f(f"reputation_{i}", 1, 0, levels, f"{who}: reputation level"),
                f(f"storage_{i}", 3, 0, cmd.storage, f"{who}: ore, gold, crystal stored"),
                f(f"drones_{i}", 5, 0, drones, f"{who}: drones in reserve, active, inactive, on hexes, on ships"),
                f(f"matrix_{i}", 3, 0, width, f"{who}: drones in each matrix row"),
                f(f"satellites_{i}", 8, 0, 1, f"{who}: a satellite on each Location card"),
                f(f"ports_{i}", 6, 0, 4, f"{who}: dice on docking ports 1-6 (the auxiliary die included)"),
                f(f"dice_{i}", 4, 0, 6, f"{who}: auxiliary die gained this round, its value if gained this turn, "
                                        "dice deployed, dice discarded"),
                f(f"crew_{i}", cmd.crew_slots, 0, cards, f"{who}: current crew (card 1-based; 0 empty slot)"),
                f(f"crew_used_{i}", cmd.crew_slots, 0, 1, f"{who}: each current crew member rotated this round"),
                f(f"retired_{i}", 1, 0, cards, f"{who}: crew members retired"),
                f(f"ships_{i}", 1, 0, ships, f"{who}: Resistance ships claimed"),
                f(f"factions_{i}", 4, 0, 99, f"{who}: Engineering, Science, Security and silver icons"),
            ]
        if self.solo:
            fields += [
                f("dranda_score", 1, SCORE_LOW, SCORE_HIGH, "DRANDA: points so far"),
                f("dranda_drones", 4, 0, c.levels.drones, "DRANDA: drones in supply, removed, on hexes, on ships"),
                f("dranda_dice", 3, 0, 6, "DRANDA: its transparent dice in play order (0 placed)"),
                f("dranda_colours", 3, 0, len(COLOURS), "DRANDA: their colours, 1 black, 2 blue, 3 yellow"),
                f("dranda_opaque", 3, 0, 2, "DRANDA: opaque dice by colour: 0 unused, 1 placed, 2 out of the game"),
                f("dranda_deck", 1, 0, len(c.dranda), "DRANDA: cards in its deck (face down)"),
                f("dranda_discard", 1, 0, len(c.dranda), "DRANDA: the top card of its discard pile (1-based)"),
                f("dranda_area", 1, 0, len(c.dranda), "DRANDA: cards in its play area"),
                f("dranda_cards", 2, 0, cards, "DRANDA: crew members hired, Resistance ships claimed"),
                f("dranda_factions", 4, 0, 99, "DRANDA: Engineering, Science, Security and silver icons"),
            ]
        self.fields = fields

    def seats_from(self, s: SolarState, player: int) -> list[int]:
        """The seats with a Command Centre, counted from `player` (you first)."""
        n = s.players
        return [(player - 1 + k) % n + 1 for k in range(n)]

    def owner(self, s: SolarState, player: int, seat: int) -> int:
        """Owner codes: 0 nobody, 1.. counted from `player`, DRANDA after the players, 5 the Corporation."""
        if seat == 0:
            return 0
        if seat == CORP:
            return CORP_CODE
        if s.dranda_seat and seat == s.dranda_seat:
            return s.players + 1
        return (seat - player) % s.players + 1

    def encode(self, s: SolarState, player: int) -> list[int]:
        c = self.c
        kind, asked = open_point(s) if s.phase != "over" else ("", 0)
        top = s.tasks[-1] if s.tasks else None
        out = [s.round, PHASE_INDEX.index(s.phase), int(s.final), KINDS_ASKED.index(kind),
               self.owner(s, player, asked), min(top.n, 99) if top else 0, top.mask & 15 if top else 0,
               s.chosen, s.visiting + 1, int(s.kicked)]
        order = [self.owner(s, player, seat) for seat in s.order]
        out += order + [0] * (SEATS - len(order))
        out.append(s.scoring_card + 1)
        out += [h + 1 if h >= 0 and not down else 0 for h, down in zip(s.hex_at, s.face_down, strict=True)]
        out += [self.owner(s, player, b) for b in s.builder]
        built = s.builder.__getitem__          # (a neighbour looked up in C: a quarter of the encoding was here)
        out += [int(not b and (c.core_adjacent[slot] or any(map(built, c.adjacent[slot]))))
                for slot, b in enumerate(s.builder)]                                    # SS-SPH-04 viable
        columns = c.data.resistance.columns
        for ship in s.fleet:
            out.append(0 if ship is None else ship.card + 1)
        for ship in s.fleet:
            cols = [] if ship is None else ship.cols[:columns]
            for seat, n in cols:
                out += [self.owner(s, player, seat), n]
            out += [0, 0] * (columns - len(cols))
        out += [len(s.res_deck), s.corp_beside, s.roll + 1 if s.roll >= 0 else 0]
        out += [card + 1 for card in s.display] + list(s.tokens) + [len(deck) for deck in s.crew_decks]
        out += list(s.loc_dice)
        slots = c.cmd.crew_slots
        for seat in self.seats_from(s, player):
            p = s.centres[seat - 1]
            crew = [card + 1 for card in p.crew][:slots]
            used = [int(u) for u in p.used][:slots]
            out += [p.score, p.morale, p.rep, *p.store, p.reserve, p.active, p.inactive, p.hexes, p.on_ships,
                    *p.matrix, *map(int, p.sats), *p.ports, int(p.aux), p.fresh, p.placed, p.discarded,
                    *crew, *[0] * (slots - len(crew)), *used, *[0] * (slots - len(used)),
                    len(p.retired), len(p.ships), *p.factions]
        if self.solo:
            d = s.dranda
            dice = (list(d.dice) + [0, 0, 0])[:3]
            colours = ([k + 1 for k in d.colours] + [0, 0, 0])[:3]
            out += [d.score, d.supply, d.removed, d.hexes, d.on_ships, *dice, *colours, *d.opaque,
                    len(d.deck), d.discard[-1] + 1 if d.discard else 0, len(d.area),
                    len(d.crew), len(d.ships), *d.factions]
        return out


def observation(c: Components, config: SolarConfig) -> Observation:
    layout = Layout(c, config)
    return Observation(layout.fields, layout.encode)
