"""Setup (SS-SET-01..31; in solo SS-DRSET-01..11): the empty table before anything is shuffled
(`initial`), then the setup facts, every random result recorded (SS-GEN-07) (`deal`).
"""

from __future__ import annotations

from boardcore.game.errors import BoardcoreError

from solar_sphere.components import Components
from solar_sphere.events import (CrewDeckShuffled, DrandaCardFlipped, DrandaDeckShuffled, FleetDrawn,
                                 ResistanceDeckBuilt, RoundStarted, ScoringCardDrawn, SphereLaid, TurnOrderSet)
from solar_sphere.recover import arrange_fleet, refill
from solar_sphere.state import DrandaState, PlayerState, SolarState


def initial(c: Components, config) -> SolarState:
    """The table before anything is shuffled, for `config.players` seats (SS-GEN-01). Some of the
    rulebook's setup needs no state: the Core is implicit at the Sphere's centre (SS-SET-01), the
    border score track is the scores themselves (SS-SET-07), and the supplies beside the Asteroid
    Belts (SS-SET-10) are unlimited (SS-STO-05, SS-COMP-07)."""
    if config.players == 1 and config.level not in (1, 2, 3):     # SS-SOLO-02: level I, II or III
        raise BoardcoreError(f"solar-sphere solo level must be 1, 2 or 3, not {config.level}")
    cmd = c.cmd
    n = config.players
    solo = n == 1
    # SS-SET-20, SS-SET-21: a Command Centre per seat, in seat order (the solo player red, seat 1:
    # SS-DRSET-02, SS-GAP-21)
    players = [PlayerState(morale=0, rep=0,                 # SS-SET-22, SS-SET-23: both markers at the start
                           store=[0, 0, 0],                 # SS-SET-30: empty storage, score 0 (SS-SET-25)
                           # SS-SET-27, SS-SET-28, SS-DRN-02: 12 in reserve (out of play: SS-DRN-03),
                           # 6 active and 2 inactive
                           reserve=cmd.drones - cmd.start_active - cmd.start_inactive,
                           active=cmd.start_active, inactive=cmd.start_inactive,
                           matrix=(0, 0, 0), sats=(False,) * 8,   # SS-SET-30: no decommissions, no satellites
                           factions=(0, 0, 0, 0),           # SS-SET-29, SS-GAP-12: every faction count 0
                           ports=[0] * 6)                   # SS-SET-26: dice above the board, not on ports
               for _ in range(n)]
    s = SolarState(players=n, solo=solo, level=config.level if solo else 0, dranda_seat=2 if solo else 0,
                   centres=players, fleet=[None] * 4, crew_decks=((), (), ()), display=(-1,) * 6,
                   tokens=(0,) * 6,                         # SS-SET-19, SS-GAP-19: all 6 tokens in the supply
                   loc_dice=[0] * 8,                        # SS-SET-09: the 8 Location cards, no dice yet
                   order=(*range(1, n + 1), *((2,) if solo else ())),   # SS-SET-08, SS-GAP-23: the track
                   builder=(0,) * 18, hex_at=tuple(range(18)), shown=tuple(range(18)), face_down=(False,) * 18)
    # SS-COMP-09, SS-SET-16: of the 9 Corporation drones, 2 wait beside the deck (`corp_beside`), those on
    # face-down hexes never move (SS-CORP-06) and the rest are out of the game
    if solo:
        s.dranda = DrandaState(supply=c.levels.drones,          # SS-DRSET-05: all 20 drones are its supply
                          factions=(0, 0, 0, 0),            # SS-DRSET-10: its 4 faction counts start at 0
                          opaque=[0, 0, 0])                 # SS-DRSET-09: the 3 opaque dice wait in reserve
    return s


def deal(c: Components, u, rng) -> None:
    """The setup facts, in the rulebook's order (SS-SET-31 ends it: round 1 begins with Dock)."""
    s: SolarState = u.state
    key = str(s.players)                                             # SS-DRSET-01: solo is laid out as for 2
    order = rng.shuffled(range(18))                                  # SS-SET-02: shuffled face up,
    down = sorted(rng.sample(range(18), c.data.sphere.face_down[key]))   # SS-SET-03: a random subset face down
    u.emit(SphereLaid(hexes=tuple(order), face_down=tuple(down)))    # SS-SET-04, SS-AMB-01: inner ring first
    u.emit(ScoringCardDrawn(card=rng.randbelow(len(c.scoring))))     # SS-SET-11: one card at random
    deck = []
    for value, count in zip((2, 3, 4, 5), c.data.resistance.composition[key], strict=True):
        stack = [i for i, sh in enumerate(c.ships) if sh.value == value]   # SS-SET-12: stacks by value,
        deck += rng.sample(stack, count) if count else []                  # SS-SET-13: so many from each
    deck = rng.shuffled(deck)                                        # SS-SET-14: shuffled together
    u.emit(ResistanceDeckBuilt(order=tuple(deck)))
    u.emit(FleetDrawn(left=deck[0], right=deck[1]))                  # SS-SET-15: the top row, in draw order
    for tier in (1, 2, 3):                                           # SS-SET-17: one deck per tier, shuffled
        cards = [i for i, card in enumerate(c.crew) if card.tier == tier]
        u.emit(CrewDeckShuffled(tier=tier - 1, order=tuple(rng.shuffled(cards))))
    refill(u)                                                        # SS-SET-18: 2 cards of each tier
    u.emit(TurnOrderSet(order=tuple(rng.shuffled(s.order))))         # SS-SET-24, SS-DRSET-11: a random order
    if s.dranda_seat:
        u.emit(DrandaDeckShuffled(order=tuple(rng.shuffled(range(len(c.dranda))))))   # SS-DRSET-06: face down
        u.emit(DrandaCardFlipped(card=u.state.dranda.deck[0]))            # SS-DRSET-07: starts the discard pile
        arrange_fleet(c, u)                                             # SS-DRSET-03: higher value on the left
    u.emit(RoundStarted(round=1))                                    # SS-SET-31: round 1, Dock
