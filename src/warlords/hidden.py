"""Hidden information (GW-SET-20, GW-AMB-65): what each player may see of the table and of the log,
and the same table with everything a player cannot see dealt afresh."""

from __future__ import annotations

from collections import Counter

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
    if s.taken and not knows_taken(s, player):
        v.taken = "?"   # GW-SUB-02: the card taken is seen by the two players involved only
        _name_taken(v, s, "?")   # ... and so is its name in the Subterfuge being resolved
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


def hidden_variant(c, s: WarlordsState, player: int | None, rng) -> WarlordsState | None:
    """Everything `player` cannot see, dealt afresh from the components they have not seen: from the
    true table or from their view alike (a view blanks them as "" or "?"), so the check walker's
    leak test, information-set search and honest what-if share one deal.

    Each hidden place is dealt from the pool of its kind of component (all of them in this game,
    less those in sight): planet types, mercenaries, support cards, the reputation marker left
    over, the Rebellion's deck. Known limit: the Rebellion's used cards leave the table without a
    trace, so from a view they may be dealt into its deck again (the levels stay in order). Before setup has
    dealt everything (the check walker asks between its facts too), there is nothing to deal (None)."""
    if s.phase == "setup":
        return None
    v = s.copy()
    others = [p for p in range(1, s.seats + 1) if p != player]
    _planets(c, s, v, player, rng)
    _mercenaries(c, s, v, player, others, rng)
    _support(c, s, v, player, others, rng)
    # GW-RCN-11: which of another player's markers is which kind is hidden, not where they are
    v.recon = [x if p == player else rng.shuffled(x) for p, x in enumerate(s.recon, 1)]
    if s.rep_slots:                         # GW-SET-12: the one marker left unseen
        left = Counter(c.data.reputation.markers) - Counter(s.rep_slots)
        v.rep_leftover = next(iter(left.elements()), "")
    if s.mode == "solo":
        _rebels(c, s, v, rng)
    return v


def _unseen(pool: tuple[str, ...], seen: list[str], what: str) -> list[str]:
    """The pool (sorted) less the cards in sight, still sorted (an exact count is a promise: checked)."""
    left = list(pool)
    remove = left.remove
    for x in seen:
        if x and x != "?":
            try:
                remove(x)
            except ValueError:
                raise AssertionError(f"{what}: more cards in sight than the game holds") from None
    return left


def _pool(c, kind: str, *variant, make) -> tuple[str, ...]:
    """A pool of components, sorted, worked out once per game variant: searches deal at every iteration."""
    return c.judged.get(("pool", kind, *variant), lambda: tuple(sorted(make())))


def _planets(c, s: WarlordsState, v: WarlordsState, player: int | None, rng) -> None:
    """GW-SET-06..09: the face-down planets and the box hold the tiles not in sight; the board holds
    at least `set_aside_per_type` of each type (those were set aside for it), so those are placed first."""
    seen = set(s.peeked[player - 1]) if player else set()
    unknown = [i for i in range(len(s.planet_type)) if not s.revealed[i] and i not in seen]
    if not unknown and not s.box_tiles:
        return
    per_type = c.data.planets.tiles_per_type
    known = [s.planet_type[i] for i in range(len(s.planet_type)) if i not in unknown]
    tiles = _unseen(_pool(c, "planets", make=lambda: [t for t in c.types for _ in range(per_type)]), known,
                    "planet tiles")
    need: list[str] = []
    if s.mode != "solo":
        on_board = Counter(known)
        for t in c.types:
            for _ in range(max(0, c.data.planets.set_aside_per_type - on_board[t])):
                need.append(t)
                tiles.remove(t)
    tiles = rng.shuffled(tiles)
    board = rng.shuffled(need + tiles[:len(unknown) - len(need)])
    v.planet_type = list(s.planet_type)
    for i, t in zip(unknown, board, strict=True):
        v.planet_type[i] = t
    v.box_tiles = tiles[len(unknown) - len(need):]
    if len(v.box_tiles) != len(s.box_tiles):
        raise AssertionError(f"{len(s.box_tiles)} tiles in the box, but {len(v.box_tiles)} are unseen")


def _merc_pool(c, s: WarlordsState) -> tuple[str, ...]:
    """GW-SET-14..16, GW-SSET-08: the mercenaries this game is played with."""
    if s.mode == "solo":
        return _pool(c, "mercenaries", "solo", make=lambda: [
            m for m in c.merc_ids if c.mercs[m].two_player and "recon" not in c.mercs[m].actions])
    if s.players == 2:
        return _pool(c, "mercenaries", 2, make=lambda: [m for m in c.merc_ids if c.mercs[m].two_player])
    return _pool(c, "mercenaries", make=lambda: c.merc_ids)


def _mercenaries(c, s: WarlordsState, v: WarlordsState, player: int | None, others: list[int], rng) -> None:
    """The deck, the cards removed unseen at setup and others' hands hold the mercenaries not in the
    Market, a Command Area, one's own hand, the face-up removed pile or (solo) set aside."""
    seen = list(s.market) + [x for row in s.area for x in row] + list(s.removed)
    if player:
        seen += s.hands[player - 1]
    if s.mode == "solo":
        seen += s.exchange                  # set aside by the solo player (GW-SSET-09)
    # GW-SUB-02: the player a Subterfuge took from knows that card is in the taker's hand
    owed = s.taken if s.taken and s.taken != "?" and player != s.active and knows_taken(s, player) else ""
    if owed:
        seen.append(owed)
    cards = rng.shuffled(_unseen(_merc_pool(c, s), seen, "mercenaries"))
    hidden_exchange = [k for k, x in enumerate(s.exchange) if x == "?"] if s.mode == "solo" else []
    if len(cards) != len(s.deck) + len(s.removed_unseen) + sum(len(s.hands[p - 1]) for p in others) \
            + len(hidden_exchange) - bool(owed):
        raise AssertionError("the unseen mercenaries do not fill the hidden places")
    v.deck = [cards.pop() for _ in s.deck]
    v.removed_unseen = [cards.pop() for _ in s.removed_unseen]
    for p in others:
        unknown = len(s.hands[p - 1]) - (1 if owed and p == s.active else 0)
        v.hands[p - 1] = [cards.pop() for _ in range(unknown)] + ([owed] if owed and p == s.active else [])
    if hidden_exchange:
        v.exchange = s.exchange[:]
        for k in hidden_exchange:
            v.exchange[k] = cards.pop()
    elif s.exchange and "?" in s.exchange:    # GW-TEAM-03: a secret pick is a card of the picker's hand
        v.exchange = s.exchange[:]
        for k, x in enumerate(s.exchange):
            picker = s.active if k == 0 else teammate(s, s.active)
            if x == "?" and v.hands[picker - 1]:
                v.exchange[k] = v.hands[picker - 1][rng.randbelow(len(v.hands[picker - 1]))]
    if s.taken and not knows_taken(s, player):
        v.taken = v.hands[s.active - 1][-1] if v.hands[s.active - 1] else s.taken   # GW-SUB-02: the card taken
        _name_taken(v, s, v.taken)


def _support(c, s: WarlordsState, v: WarlordsState, player: int | None, others: list[int], rng) -> None:
    """GW-INV-09: the support deck and others' hands hold the support cards not in one's own hand,
    the discard pile or waiting to resolve (GW-SSET-11: solo plays without some)."""
    solo = s.mode == "solo"
    removed = set(c.data.support.solo_removed) if solo else set()
    pool = _pool(c, "support", solo, make=lambda: [x for x in c.support_ids if c.support[x] not in removed])
    seen = list(s.sdiscard) + [q.card for q in s.pending] + (list(s.support_hands[player - 1]) if player else [])
    cards = rng.shuffled(_unseen(pool, seen, "support cards"))
    if len(cards) != len(s.sdeck) + sum(len(s.support_hands[p - 1]) for p in others):
        raise AssertionError("the unseen support cards do not fill the hidden places")
    v.sdeck = [cards.pop() for _ in s.sdeck]
    for p in others:
        v.support_hands[p - 1] = [cards.pop() for _ in s.support_hands[p - 1]]


def _rebels(c, s: WarlordsState, v: WarlordsState, rng) -> None:
    """GW-SSET-12, GW-SSET-13: the Rebellion's deck is in level order (Level 1 on top), each level
    shuffled, with some of each level removed unseen; it is drawn from the top, so how many of each
    level are left follows from the deck's size."""
    remove = c.data.rebellion.standard_remove if s.level != "hard" else c.data.rebellion.hard_remove
    levels = sorted({r.level for r in c.rebels.values()})
    kept = [sum(1 for r in c.rebels.values() if r.level == lvl) - k for lvl, k in zip(levels, remove)]
    drawn = sum(kept) - len(s.rebel_deck)
    deck: list[str] = []
    removed: list[str] = []
    for lvl, k, n in zip(levels, remove, kept):
        gone = min(drawn, n)
        drawn -= gone
        cards = rng.shuffled(sorted(r for r in c.rebels if c.rebels[r].level == lvl and r != s.rebel_card))
        deck += cards[:n - gone]
        removed += cards[n - gone:n - gone + k]
    v.rebel_deck = deck
    v.rebel_removed = removed


def _subterfuge(s: WarlordsState) -> int | None:
    """Where in the stack of actions under way is the Subterfuge that holds the card taken: the top
    while its option is chosen, lower while the borrowed card's own action resolves above it."""
    for i in range(len(s.ctx) - 1, -1, -1):
        if s.ctx[i].kind == "subterfuge" and s.ctx[i].card == s.taken:
            return i
    return None


def knows_taken(s: WarlordsState, player: int | None) -> bool:
    """GW-SUB-02: the card a Subterfuge took is seen by the taker (the active player) and by the
    player it was taken from, for as long as the action lasts."""
    if player is None:
        return False
    if player == s.active:
        return True
    i = _subterfuge(s)
    ctx = s.ctx[i] if i is not None else (s.ctx[-1] if s.ctx else None)
    return ctx is not None and player == ctx.target


def _name_taken(v, s, card: str) -> None:
    """GW-SUB-02: a Subterfuge's action carries the card taken (`Ctx.card`) until it has gone back;
    for the players not involved it shows `card` instead (hidden, or dealt afresh)."""
    i = _subterfuge(s)
    if i is not None:
        v.ctx = [*s.ctx[:i], msgspec.structs.replace(s.ctx[i], card=card), *s.ctx[i + 1:]]


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
