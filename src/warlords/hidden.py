"""Hidden information (GW-SET-20, GW-AMB-65): what each player may see of the table and of the log,
and the same table with everything a player cannot see dealt afresh."""

from __future__ import annotations

import msgspec

from warlords import events as ev
from warlords.state import WarlordsState, teammate

_seen_cache: tuple | None = None


def view(s: WarlordsState, player: int | None) -> WarlordsState:
    """The table as `player` sees it (None: a spectator). GW-SET-20: hands, deck orders and
    face-down planets are hidden; the Market, Command Areas, revealed planets, units and tracks
    are public."""
    v = s.copy()
    seen = s.peeked[player - 1] if player else ()
    if not all(s.revealed):   # face-down planets, but those `player` has peeked at (GW-RCN-02)
        v.planet_type = _face_down(s.planet_type, s.revealed, seen)
    v.box_tiles = [""] * len(s.box_tiles)
    v.deck = [""] * len(s.deck)
    v.sdeck = [""] * len(s.sdeck)
    v.rebel_deck = [""] * len(s.rebel_deck)
    v.rebel_removed = [""] * len(s.rebel_removed)
    v.removed_unseen = [""] * len(s.removed_unseen)
    v.rep_leftover = ""
    if any(x for r in s.recon for x in r):   # GW-RCN-11: others' markers show where, not which kind
        v.recon = [x if p == player else sorted(x) for p, x in enumerate(s.recon, 1)]
    for p in range(1, s.seats + 1):
        if p != player:
            v.hands[p - 1] = [""] * len(s.hands[p - 1])
            v.support_hands[p - 1] = [""] * len(s.support_hands[p - 1])
    if s.taken and not (player == s.active or (s.ctx and player == s.ctx[-1].target)):
        v.taken = "?"   # GW-SUB-02: the card taken is seen by the two players involved only
        _name_taken(v, s, "?")   # ... and so is its name in the action being resolved
    if s.mode == "solo":
        v.exchange = s.exchange[:] if player == 1 else ["?" if x else x for x in s.exchange]
    else:
        # GW-TEAM-03: a team exchange's picks are secret until both are made
        mine = 0 if player == s.active else (1 if player and player == teammate(s, s.active) else -1)
        v.exchange = [x if k == mine or not x else "?" for k, x in enumerate(s.exchange)]
    return v


def _face_down(types: list, revealed: list, seen) -> list:
    """The planet types a player may see; cached on the (copy-on-write, hence unchanged while
    shared) lists it depends on, which the cache keeps alive so identities stay unique."""
    global _seen_cache
    cached = _seen_cache
    if cached is not None and cached[0] is types and cached[1] is revealed and cached[2] == tuple(seen):
        return cached[3]
    out = [t if r else "" for t, r in zip(types, revealed)]
    for i in seen:
        out[i] = types[i]
    _seen_cache = (types, revealed, tuple(seen), out)
    return out


def hidden_variant(s: WarlordsState, player: int | None, rng) -> WarlordsState:
    """Everything `player` cannot see, dealt afresh (the check walker's leak test)."""
    v = s.copy()
    seen = s.peeked[player - 1] if player else ()
    unknown = [i for i in range(len(s.owner)) if not s.revealed[i] and i not in seen]
    tiles = rng.shuffled([s.planet_type[i] for i in unknown] + s.box_tiles)
    v.planet_type = list(s.planet_type)
    for i in unknown:
        v.planet_type[i] = tiles.pop()
    v.box_tiles = tiles
    others = [p for p in range(1, s.seats + 1) if p != player]
    cards = rng.shuffled(s.deck + s.removed_unseen + [x for p in others for x in s.hands[p - 1]])
    v.deck = [cards.pop() for _ in s.deck]
    v.removed_unseen = [cards.pop() for _ in s.removed_unseen]
    for p in others:
        v.hands[p - 1] = [cards.pop() for _ in s.hands[p - 1]]
    sup = rng.shuffled(s.sdeck + [x for p in others for x in s.support_hands[p - 1]])
    v.sdeck = [sup.pop() for _ in s.sdeck]
    v.recon = [x[::-1] if p != player and rng.randbelow(2) else x for p, x in enumerate(s.recon, 1)]
    for p in others:
        v.support_hands[p - 1] = [sup.pop() for _ in s.support_hands[p - 1]]
    rebels = rng.shuffled(s.rebel_deck + s.rebel_removed)
    v.rebel_deck = [rebels.pop() for _ in s.rebel_deck]
    v.rebel_removed = rebels
    if s.taken and not (player == s.active or (s.ctx and player == s.ctx[-1].target)):
        v.taken = v.hands[s.active - 1][-1] if v.hands[s.active - 1] else s.taken
        _name_taken(v, s, v.taken)
    return v


def _name_taken(v, s, card: str) -> None:
    """GW-SUB-02: a Subterfuge's action carries the card taken (`Ctx.card`) while its option is chosen;
    for the players not involved it shows `card` instead (hidden, or dealt afresh)."""
    if s.ctx and s.ctx[-1].kind == "subterfuge" and s.ctx[-1].card == s.taken:
        v.ctx = [*s.ctx[:-1], msgspec.structs.replace(s.ctx[-1], card=card)]


def visible(e, player: int | None):
    """A log line as `player` may read it: GW-AMB-65, the facts that carry hidden information are
    recorded whole and blanked here, as `view` blanks the table."""
    blank = msgspec.structs.replace
    if isinstance(e, ev.GalaxySeeded):
        return blank(e, types=("",) * len(e.types), box=("",) * len(e.box))
    if isinstance(e, ev.Peeked) and e.player != player:
        return blank(e, types=("",) * len(e.types))
    if isinstance(e, ev.SupportShuffled):
        return blank(e, order=("",) * len(e.order))
    if isinstance(e, ev.DeckFormed):
        return blank(e, order=("",) * len(e.order), removed=("",) * len(e.removed))
    if isinstance(e, ev.RebelDeckFormed):
        return blank(e, order=("",) * len(e.order), removed=("",) * len(e.removed))
    if isinstance(e, ev.CardsReturned):
        return blank(e, order=("",) * len(e.order), cards=e.cards if player == e.player else ("",) * 2)
    if isinstance(e, ev.MarkersPlaced):
        return blank(e, leftover="")
    if isinstance(e, ev.HandDealt) and e.player != player:
        return blank(e, cards=("",) * len(e.cards))
    if isinstance(e, (ev.SupportDrawn, ev.SetAside, ev.TeamPicked, ev.ExchangePick, ev.GiveCard,
                      ev.Discard)) and e.player != player:
        return blank(e, card="")
    if isinstance(e, ev.MercenaryHired) and not e.drafted and e.player != player:
        return blank(e, card="")
    if isinstance(e, (ev.CardTaken, ev.CardGiven)) and player not in (e.player, e.target):
        return blank(e, card="")
    if isinstance(e, ev.ActionStaged) and e.ctx.kind == "subterfuge" and e.ctx.card and player != e.ctx.target:
        # GW-SUB-02: the staged Subterfuge names the card taken; the taker read it in CardTaken
        return blank(e, ctx=blank(e.ctx, card=""))
    if isinstance(e, (ev.ReconPlaced, ev.PlaceRecon)) and e.player != player:
        return blank(e, kind="")
    if isinstance(e, ev.ReconReturned) and not e.used and e.player != player:
        return blank(e, kind="")
    if isinstance(e, ev.TeamExchanged) and player not in (e.player, e.mate):
        return blank(e, given="", received="")
    return e
