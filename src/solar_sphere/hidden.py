"""Hidden information: what a player's view leaves out, how it is dealt afresh, and redacted log lines.

Solar Sphere hides the same from every seat alike: the order and content of the Resistance deck, the
three crew decks and DRANDA's deck, and which hex lies under each face-down slot (SS-SET-05, SS-SET-14);
every die and every hand is public. A view shows the hidden places as -1, so `hidden_variant` works from
the true table or from a view alike: each hidden place is dealt from the components no one can see
(all components less the visible ones). The leak check, information-set search and honest what-if all
start from it.
"""

from __future__ import annotations

import msgspec

from solar_sphere.components import Components
from solar_sphere.events import CrewDeckShuffled, DrandaDeckShuffled, ResistanceDeckBuilt, SphereLaid
from solar_sphere.state import SolarState


def view(s: SolarState, player: int | None) -> SolarState:  # noqa: ARG001
    """Deck orders and face-down hexes are hidden from everyone (SS-SET-05, SS-SET-14)."""
    d = None if s.dranda is None else msgspec.structs.replace(s.dranda, deck=[-1] * len(s.dranda.deck))
    return msgspec.structs.replace(          # shallow: agents copy a view before changing it
        s, res_deck=(-1,) * len(s.res_deck), crew_decks=tuple((-1,) * len(x) for x in s.crew_decks), dranda=d,
        hex_at=s.shown)


def hidden_variant(c: Components, s: SolarState, rng) -> SolarState | None:
    """The same table with the hidden parts dealt from what no one can see, in a fresh order; None before
    setup has laid everything out (the check walker asks between its facts too)."""
    if s.phase == "setup":
        return None
    v = s.copy()
    v.res_deck = tuple(_resistance_deck(c, s, rng))
    v.crew_decks = tuple(map(tuple, _crew_decks(c, s, rng)))
    down = [slot for slot, hex_ in enumerate(s.shown) if hex_ < 0]
    unseen_hexes = sorted(set(range(len(c.hexes))) - {h for h in s.shown if h >= 0})
    hex_at = list(v.hex_at)
    for slot, hex_ in zip(down, rng.shuffled(unseen_hexes), strict=True):   # SS-SET-05
        hex_at[slot] = hex_
    v.hex_at = tuple(hex_at)
    if v.dranda is not None:
        v.dranda.deck = _dranda_deck(c, s, rng)
    return v


def _resistance_deck(c: Components, s: SolarState, rng) -> list[int]:
    """SS-SET-12..14: the deck was so many ships of each value, sampled from the stacks and shuffled
    together; what is left of each value is that count less the ships of that value in sight, drawn
    from the ships of that value no one has seen."""
    seen = {sh.card for sh in s.fleet if sh} | set(s.res_out)
    for p in s.centres:
        seen.update(p.ships)
    if s.dranda is not None:
        seen.update(s.dranda.ships)
    key = str(s.players)                                    # as setup.deal reads the composition
    deck: list[int] = []
    for value, count in zip((2, 3, 4, 5), c.data.resistance.composition[key], strict=True):
        shown = sum(1 for i in seen if c.ships[i].value == value)
        unseen = [i for i, sh in enumerate(c.ships) if sh.value == value and i not in seen]
        deck += rng.sample(unseen, count - shown) if count > shown else []
    if len(deck) != len(s.res_deck):
        raise AssertionError(f"resistance deck of {len(s.res_deck)} cards, but {len(deck)} are unseen")
    return rng.shuffled(deck)


def _crew_decks(c: Components, s: SolarState, rng) -> list[list[int]]:
    """SS-SET-17: each tier's deck holds that tier's cards that are not on display, in a crew or retired."""
    seen = {card for card in s.display if card >= 0}
    for p in s.centres:
        seen.update(p.crew)
        seen.update(p.retired)
    if s.dranda is not None:
        seen.update(s.dranda.crew)
    decks = []
    for tier, deck in enumerate(s.crew_decks):
        unseen = [i for i, card in enumerate(c.crew) if card.tier == tier + 1 and i not in seen]
        if len(unseen) != len(deck):
            raise AssertionError(f"crew deck {tier + 1} of {len(deck)} cards, but {len(unseen)} are unseen")
        decks.append(rng.shuffled(unseen))
    return decks


def _dranda_deck(c: Components, s: SolarState, rng) -> list[int]:
    """SS-DRSET-06, SS-INV-24: DRANDA's deck is its cards not in the discard pile or its play area."""
    seen = set(s.dranda.discard) | set(s.dranda.area)
    unseen = [i for i in range(len(c.dranda)) if i not in seen]
    if len(unseen) != len(s.dranda.deck):
        raise AssertionError(f"DRANDA's deck of {len(s.dranda.deck)} cards, but {len(unseen)} are unseen")
    return rng.shuffled(unseen)


def visible(e, player: int | None):
    """A log line as anyone may read it: deck orders and the face-down hexes' places blanked."""
    if isinstance(e, ResistanceDeckBuilt):
        return ResistanceDeckBuilt(order=(-1,) * len(e.order))
    if isinstance(e, CrewDeckShuffled):
        return CrewDeckShuffled(tier=e.tier, order=(-1,) * len(e.order))
    if isinstance(e, DrandaDeckShuffled):
        return DrandaDeckShuffled(order=(-1,) * len(e.order))
    if isinstance(e, SphereLaid):
        down = set(e.face_down)
        return SphereLaid(hexes=tuple(-1 if i in down else h for i, h in enumerate(e.hexes)), face_down=e.face_down)
    return e
