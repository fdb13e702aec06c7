"""Phase 4: Recover (SS-REC-01..11; in solo SS-DRREC-01..07): dice and crew back, a new top row of
ships, the crew display's tokens and refill, and DRANDA's deck; then the next round."""

from __future__ import annotations

from solar_sphere.events import (CrewRevealed, DiceReturned, DisplayDiscarded, DrandaCardFlipped, DrandaDeckShuffled,
                                 FleetArranged, FleetDrawn, RoundStarted, TokensPlaced)
from solar_sphere.state import SolarState


def fewest_key(counts: list[int], factions) -> float:
    """SS-AMB-45, SS-DRDEP-13: the lowest of DRANDA's counts over a card's icons, silver as -1,
    no icon as infinity; smaller is preferred."""
    if not factions:
        return float("inf")
    return min(-1 if f == 3 else counts[f] for f in factions)


def arrange_fleet(c, u) -> None:
    """SS-DRSET-03, SS-DRREC-06, SS-AMB-52: in solo, each row puts the higher resistance value
    on the left; ties go to the card with icons DRANDA has fewest of; else unchanged (both rows,
    after each draw)."""
    s: SolarState = u.state
    if not s.dranda_seat:
        return
    swap = []
    for row in (0, 1):
        left, right = s.fleet[2 * row], s.fleet[2 * row + 1]
        if left is None and right is not None:
            swap.append(row)
            continue
        if left is None or right is None:
            continue
        a, b = c.ships[left.card], c.ships[right.card]
        if b.value > a.value or (b.value == a.value and fewest_key(s.dranda.factions, c.ship_factions[right.card])
                                 < fewest_key(s.dranda.factions, c.ship_factions[left.card])):
            swap.append(row)
    if swap:
        u.emit(FleetArranged(swap=tuple(swap)))


def refill(u) -> None:
    """SS-REC-07, SS-REC-08, SS-AMB-30: top slot first; an empty deck leaves the slot empty. New cards
    carry no token. Also the setup display (SS-SET-18)."""
    s: SolarState = u.state
    for slot in range(6):
        deck = s.crew_decks[slot // 2]
        if s.display[slot] < 0 and deck:
            u.emit(CrewRevealed(slot=slot, card=deck[0]))


def recover(c, u, rng) -> None:
    """The steps in the rulebook's order; in solo the player's are the same (SS-DRREC-01)."""
    s: SolarState = u.state
    # SS-REC-01, SS-REC-03: every die back and every crew card upright; SS-DRREC-02: DRANDA's dice too,
    # its opaque dice used this round gone for good (SS-DRREC-07); nothing else resets (SS-REC-09)
    u.emit(DiceReturned())
    if len(s.res_deck) >= 2:                                         # SS-REC-02: the new top row
        u.emit(FleetDrawn(left=s.res_deck[0], right=s.res_deck[1]))
    arrange_fleet(c, u)
    for slot in range(6):                                            # SS-REC-04: a 2-token card goes
        if s.display[slot] >= 0 and s.tokens[slot] == 2:             # under its deck
            u.emit(DisplayDiscarded(slot=slot))
    u.emit(TokensPlaced())                                           # SS-REC-05, SS-REC-06: tokens (SS-EX-18)
    refill(u)
    if s.dranda_seat:
        d = s.dranda
        if d.deck:
            u.emit(DrandaCardFlipped(card=d.deck[0]))                # SS-DRREC-03: sets next round's dice order
        # SS-DRREC-04: the play area shuffled back into the deck, never the discards (SS-DRREC-05)
        u.emit(DrandaDeckShuffled(order=tuple(rng.shuffled(d.deck + d.area))))
    u.emit(RoundStarted(round=s.round + 1))                          # SS-REC-10: the next round's Dock
