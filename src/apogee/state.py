"""The table: one `ApogeeState` with a `Player` per seat. Mutable, slotted, copied by hand.

Units (AP-GEN-04): credits in thousands, Authority and yield in tenths. Credits are integer balances with an
unlimited Bank (AP-COMP-02, AP-GAP-03: the Credit cards' denominations are cosmetic). Cards are ids into the
catalog (components.Components). Piles are lists whose *last* element is the top card; "beneath the pile"
(AP-GEN-05) is index 0. Hidden values in a view are -1 (rules.view).
"""

from __future__ import annotations

import msgspec

# Engineer spots (AP-PLC-01). UNSET: not yet placed this turn; SOC_FIXED: at the SOC through
# Malvina Glushko's or Felipe de la Cierva's Specialty, with the card's fixed Authority (AP-AMB-21).
HIDDEN, UNSET, IDLE, SPECIALTY, CONSTRUCTION, RND, DESIGN, SOC, SOC_FIXED = -2, -1, 0, 1, 2, 3, 4, 5, 6
SPOTS = ("none", "specialty", "construction", "rnd", "design", "soc")
SPOT_OF = {name: i for i, name in enumerate(SPOTS)}

# Turn modifiers held per player (AP-GEN-08, AP-AMB-65): indices into Player.mods.
SOLID, LIQUID, ION, NUCLEAR, MASS, CAPSULE, DISCOUNT, THRUST, AUTH_CUT, KEEP_FIRST = range(10)
MODS = ("solid_thrust", "liquid_thrust", "ion_thrust", "nuclear_thrust", "mass_cut", "capsule_crew",
        "discount", "thrust", "authority_cut", "keep_first_stages")
MOD_OF = {name: i for i, name in enumerate(MODS)}

# Piles of Technology cards by kind, then the rivers (AP-SETUP-02, AP-SETUP-15).
RIVERS = ("first", "upper", "payload")


class Prompt(msgspec.Struct, frozen=True, kw_only=True):
    """What is asked of whom now (player 0: every player still `waiting`, a simultaneous step)."""
    kind: str
    player: int = 0
    a: int = 0
    b: int = 0


class Launch(msgspec.Struct, frozen=True, kw_only=True):
    """A successful launch as the SOC records it (AP-LCH-14, AP-INV-18, AP-AMB-22)."""
    destination: int
    cards: tuple[int, ...]
    astronauts: int
    crewed: bool
    rnd: int
    thrust: int
    yield_: int
    cost: int
    turn: int


class Player(msgspec.Struct, kw_only=True, gc=False):
    """One seat. The tuples change rarely and are replaced, never changed in place, so copies share them."""
    director: int = -1
    dealt: tuple[int, ...] = ()
    credits: int = 0
    dice: int = 0                  # additional dice held, at most 3 (AP-COMP-17)
    hand: list[int] = []          # every Engineer owned, placed or not (AP-GEN-10)
    spots: list[int] = []         # parallel to hand
    reserve: list[int] = []       # unbuilt Technologies, face up (AP-COMP-16)
    pad: list[int] = []           # the rocket: built Technologies (AP-GEN-09); only Anatoliy
    # Feoktistov, a successful launch and Engine Failure take cards off it (AP-CON-09)
    drawn: tuple[int, ...] = ()   # R&D cards drawn this step, not yet kept (AP-RND-04)
    investors: tuple[int, ...] = ()  # Investors won (AP-IVR-02)
    launches: tuple[Launch, ...] = ()  # successful launches and their SOC deposits  (AP-COMP-21, AP-LCH-19)
    specialty_used: bool = False
    nation_used: bool = False
    actions: int = 0
    launched: bool = False
    fired: bool = False
    skip: bool = False            # debtor: no Director actions this turn (AP-ERN-05)
    owed: int = 0                 # Engineers still to dismiss by choice (debt, Solo Events)
    built_kinds: int = 0          # bit per kind ever built (AP-AMB-44)
    waiting: bool = False         # still to answer a simultaneous step
    mods: tuple[int, ...] = ()     # indexed by SOLID...KEEP_FIRST

    def copy(self) -> Player:
        """Explicit and fast (greedy copies every position it weighs): scalars and frozen structs shared, every
        list new. `list.copy` by name, not slices: no slice object built for each."""
        q = self.__copy__()
        q.hand = self.hand.copy()
        q.spots = self.spots.copy()
        q.reserve = self.reserve.copy()
        q.pad = self.pad.copy()
        return q


class ApogeeState(msgspec.Struct, kw_only=True, gc=False):
    """The table. Greedy copies every position it weighs, so most of what changes rarely (the order of play,
    Investors, Events, bans, winners) is a tuple, replaced when it changes and shared by copies; the lists
    (piles, rivers, the Engineer piles, the Director box, each seat's hand, reserve and pad) change in place. The
    wire form is the same either way: msgspec encodes both as arrays."""
    players: int
    mission: int
    solo: bool = False
    max_turns: int = 0
    tiebreak: bool = False
    turn: int = 0
    stage: str = "setup"
    order: tuple[int, ...] = ()
    cursor: int = 0
    prompt: Prompt | None = None
    answered: Prompt | None = None
    piles: list[list[int]] = []          # Technology piles by kind (AP-SETUP-02)
    rivers: list[list[int]] = []         # First Stage, Upper Stage, Payload (AP-SETUP-15)
    juniors: list[int] = []
    seniors: list[int] = []
    investor_pile: tuple[int, ...] = ()
    investor_river: tuple[int, ...] = ()
    investors_out: tuple[int, ...] = ()  # removed from the game (AP-ENG-16)
    event_pile: tuple[int, ...] = ()
    events_seen: tuple[int, ...] = ()
    event: int = -1                      # this turn's Event, -1 for none (AP-PEV-07); earlier
    # ones are covered in `events_seen` (AP-PEV-05) and affect no later turn (AP-PEV-06)
    supply: int = 0                      # blue dice beside the play area (AP-INV-07)
    revealed: int = 0                    # bit per spot revealed this turn
    # Solo Events 01-04 (AP-SEV-01, AP-SEV-02, AP-SEV-03, AP-SEV-04, AP-SEV-05, AP-SEV-06)
    bans: tuple[str, ...] = ()
    extra_goals: tuple[int, ...] = ()    # Solo Events 13/14 that added an objective
    directors_out: list[int] = []
    over: bool = False
    winners: tuple[int, ...] = ()
    truncated: bool = False
    areas: list[Player] = msgspec.field(default_factory=list, name="p")

    def copy(self) -> ApogeeState:
        """Explicit and fast: scalars, tuples and frozen structs are shared, every list is new (`Player.copy`).
        The nested lists are copied by `map`, with no comprehension frame."""
        c = self.__copy__()
        c.piles = list(map(list.copy, self.piles))
        c.rivers = list(map(list.copy, self.rivers))
        c.juniors = self.juniors.copy()
        c.seniors = self.seniors.copy()
        c.directors_out = self.directors_out.copy()
        c.areas = list(map(Player.copy, self.areas))
        return c
