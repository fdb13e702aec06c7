"""Hidden information: what a player's view leaves out, how it is dealt afresh, and redacted log lines.

Solar Sphere hides the same from everyone: the deck orders (resistance, crew, DRANDA) and which hex
lies under each face-down slot (SS-SET-05, SS-SET-14); every die and every hand is public.
"""

from __future__ import annotations

import msgspec

from solar_sphere.events import CrewDeckShuffled, DrandaDeckShuffled, ResistanceDeckBuilt, SphereLaid
from solar_sphere.state import SolarState


def view(s: SolarState, player: int | None) -> SolarState:  # noqa: ARG001
    """Deck orders and face-down hexes are hidden from everyone (SS-SET-05, SS-SET-14)."""
    d = None if s.d is None else msgspec.structs.replace(s.d, deck=[-1] * len(s.d.deck))
    return msgspec.structs.replace(          # shallow: agents copy a view before changing it
        s, res_deck=[-1] * len(s.res_deck), crew_decks=[[-1] * len(x) for x in s.crew_decks], d=d,
        hex_at=s.shown)


def hidden_variant(s: SolarState, player: int | None, rng) -> SolarState:
    """The position with the deck orders and the face-down hexes dealt afresh: nothing else is hidden."""
    v = s.copy()
    v.res_deck = rng.shuffled(s.res_deck)
    v.crew_decks = [rng.shuffled(d) for d in s.crew_decks]
    down = [i for i, f in enumerate(s.face_down) if f]
    for slot, h in zip(down, rng.shuffled([s.hex_at[i] for i in down]), strict=True):
        v.hex_at[slot] = h
    if v.d is not None:
        v.d.deck = rng.shuffled(s.d.deck)
    return v


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
