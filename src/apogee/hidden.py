"""What each player may see (AP-COMP-25, AP-INV-26): a player's view of the table, the same table with what
they cannot see dealt afresh, and log lines redacted for them. Hidden values are -1."""

from __future__ import annotations

from apogee import events as ev
from apogee.components import Components
from apogee.queries import event_amount, event_key
from apogee.state import (CONSTRUCTION, DESIGN, HIDDEN, IDLE, RND, SOC, SOC_FIXED, SPECIALTY, SPOTS, UNSET,
                          ApogeeState)


def view(c: Components, s: ApogeeState, player: int | None) -> ApogeeState:
    """AP-COMP-25, AP-INV-26: piles face down, others' hands, unrevealed placements, R&D draws and (during
    the choice) Directors hidden as -1."""
    v = s.__copy__()  # what is in sight and a tuple is shared (see ApogeeState)
    v.rivers = list(map(list.copy, s.rivers))
    v.piles = [[-1] * len(x) for x in s.piles]
    v.juniors = [-1] * len(s.juniors)
    v.seniors = [-1] * len(s.seniors)
    v.investor_pile = (-1,) * len(s.investor_pile)
    v.event_pile = (-1,) * len(s.event_pile)
    v.directors_out = [-1] * len(s.directors_out)
    revealed = s.revealed
    hide_director = s.stage == "director"
    players = []
    for q, pl in enumerate(s.areas, 1):
        if q == player:
            players.append(pl.copy())
            continue
        o = pl.__copy__()
        o.reserve, o.pad = pl.reserve.copy(), pl.pad.copy()
        o.dealt = (-1,) * len(pl.dealt)
        o.drawn = (-1,) * len(pl.drawn)
        if hide_director:
            o.director = -1
        shown = [(e, sp) for e, sp in zip(pl.hand, pl.spots) if _revealed(sp, revealed)] if revealed else []
        hidden = len(pl.hand) - len(shown)
        shown.sort()
        o.hand = [e for e, _ in shown] + [-1] * hidden
        o.spots = [sp for _, sp in shown] + [HIDDEN] * hidden
        players.append(o)
    v.areas = players
    return v

def hidden_variant(c: Components, s: ApogeeState, player: int | None, rng) -> ApogeeState:
    """The same table with everything `player` cannot see dealt afresh from the components they have not
    seen: from the true table or from their view alike (a view shows them as -1 and others' unrevealed
    spots as HIDDEN), so the leak check, information-set search and honest what-if share one deal.

    Dealt: the Technology piles and others' R&D draws, the Engineer piles and others' unrevealed Engineers
    (as many Juniors among them as are unaccounted for), the Investor and Event piles (a Solo pile keeps its
    Solo Events where AP-SOLO-05 puts them), the Directors in the box and others' dealt ones. Others'
    unrevealed spots are guessed: during placement at random among the spots for a player who has placed,
    unset for one still placing; later, at a spot whose step is still to come, or none. Until setup has dealt
    everything (the check walker asks between its facts too), there is nothing to deal (None)."""
    if s.stage == "setup":
        return None
    v = s.copy()
    others = [q for q in range(1, s.players + 1) if q != player]
    _technologies(c, s, v, player, others, rng)
    _engineers(c, s, v, player, others, rng)
    v.investor_pile = tuple(rng.shuffled(_unseen(range(len(c.investor)), [*s.investor_river, *s.investors_out,
                                                                     *(i for pl in s.areas for i in pl.investors)])))
    v.event_pile = tuple(_events(c, s, rng))
    _directors(c, s, v, player, others, rng)
    return v


def _unseen(every, seen) -> list[int]:
    """The components of a kind not in sight, in order; a card in sight twice, or one not in the game, is a bug."""
    left = set(every)
    for x in seen:
        if x >= 0:
            left.remove(x)
    return sorted(left)


def _technologies(c: Components, s: ApogeeState, v: ApogeeState, player: int | None, others: list[int], rng) -> None:
    """AP-SETUP-02, AP-INV-09: each pile holds its kind's cards not in a river, a reserve, on a Launch Pad,
    deposited at the SOC or (R&D) drawn by oneself; others' R&D draws come from the R&D pile's."""
    seen = [card for river in s.rivers for card in river]
    for q, pl in enumerate(s.areas, 1):
        seen += pl.reserve + pl.pad + [card for x in pl.launches for card in x.cards]
        if q == player:
            seen += pl.drawn
    unseen = set(_unseen(range(len(c.tech)), seen))
    for k in range(4):
        cards = rng.shuffled([card for card in c.by_kind[k] if card in unseen])
        if k == 3:
            for q in others:
                pl = v.areas[q - 1]
                pl.drawn = tuple([cards.pop() for _ in pl.drawn])
        if len(cards) != len(s.piles[k]):
            raise AssertionError(f"pile {k}: {len(s.piles[k])} cards, but {len(cards)} are unseen")
        v.piles[k] = cards


_STEP_SPOT = {"specialty": SPECIALTY, "construction": CONSTRUCTION, "rnd": RND, "design": DESIGN, "admin": SOC}


def _engineers(c: Components, s: ApogeeState, v: ApogeeState, player: int | None, others: list[int], rng) -> None:
    """AP-SETUP-03, AP-INV-10: the Junior and Senior piles and others' unrevealed Engineers hold the Engineers
    not in sight. The piles' sizes say how many of the unseen are Juniors in others' hands."""
    slots = []                                   # (player state, index in hand) of each hidden Engineer
    seen = []
    for q, pl in enumerate(s.areas, 1):
        for i, (e, spot) in enumerate(zip(pl.hand, pl.spots)):
            if q == player or _revealed(spot, s.revealed):
                seen.append(e)
            else:
                slots.append((v.areas[q - 1], i))
    unseen = _unseen(range(len(c.engineer)), seen)
    juniors = rng.shuffled([e for e in unseen if not c.senior[e]])
    seniors = rng.shuffled([e for e in unseen if c.senior[e]])
    v.juniors = [juniors.pop() for _ in s.juniors]
    v.seniors = [seniors.pop() for _ in s.seniors]
    if len(juniors) + len(seniors) != len(slots):
        raise AssertionError(f"{len(slots)} hidden Engineers, but {len(juniors) + len(seniors)} are unseen")
    for pl, i in rng.shuffled(slots):
        pl.hand[i] = (juniors or seniors).pop()
        pl.spots[i] = _spot_guess(c, s, pl, rng)


def _spot_guess(c: Components, s: ApogeeState, pl, rng) -> int:
    """Where an unrevealed Engineer of another player may stand (see `hidden_variant`), among the spots this
    turn's Event leaves open to them (AP-EV-18, AP-EV-30, AP-EV-32)."""
    if s.stage == "place":
        if pl.waiting:
            return UNSET
        spots = range(len(SPOTS))
    else:
        step = _STEP_SPOT.get(s.stage)
        if step is None:                         # between turns every Engineer is back in hand
            return IDLE
        spots = [IDLE, *range(step + 1, SOC + 1)]
    key, limit = event_key(c, s), event_amount(c, s)
    open_ = [spot for spot in spots
             if not _revealed(spot, s.revealed)          # everyone on a revealed spot is in sight
             and not (spot == SPECIALTY and key == "inaccessible_premises")
             and not (spot == CONSTRUCTION and key == "construction_limit" and pl.spots.count(spot) >= limit)
             and not (spot == DESIGN and key == "design_limit" and pl.spots.count(spot) >= limit)]
    return open_[rng.randbelow(len(open_))]


def _events(c: Components, s: ApogeeState, rng) -> list[int]:
    """AP-SETUP-06: the base Events not yet revealed, shuffled; AP-SOLO-04..07: a Solo pile alternates the
    Mission's Solo Events, in their listed order, with base Events drawn unseen, so only those are dealt."""
    seen = set(s.events_seen)
    base = rng.shuffled([e for e in c.base_events if e not in seen])
    if not s.solo:
        if len(base) != len(s.event_pile):
            raise AssertionError(f"{len(s.event_pile)} Events in the pile, but {len(base)} are unseen")
        return base
    solo = [c.solo_event_id[n] for n in c.solo_missions[s.mission].events]
    top_first = [card for pair in zip(solo, [-1] * len(solo)) for card in pair]
    left = top_first[len(top_first) - len(s.event_pile):]
    return [card if card >= 0 else base.pop() for card in left][::-1]


def _directors(c: Components, s: ApogeeState, v: ApogeeState, player: int | None, others: list[int], rng) -> None:
    """AP-SETUP-11, AP-SETUP-12: the box holds the Directors no one has. While the choice is made (the
    `director` stage, until the flow moves on) others' dealt Directors and the ones they keep are hidden:
    dealt from the box, a player who has chosen keeping one of theirs, and once the dealt cards are
    revealed and gone, the one each kept."""
    choosing = s.stage == "director"
    seen = {pl.director for q, pl in enumerate(s.areas, 1) if q == player or not choosing}
    if player is not None:
        seen.update(s.areas[player - 1].dealt)    # one's own kept Director is one of them
    box = rng.shuffled(_unseen(range(len(c.director)), seen))
    for q in others:
        pl = v.areas[q - 1]
        if pl.dealt:
            pl.dealt = tuple([box.pop() for _ in pl.dealt])
            if choosing:
                pl.director = -1 if pl.waiting else pl.dealt[rng.randbelow(len(pl.dealt))]
        elif choosing and not pl.waiting:
            pl.director = box.pop()
    if len(box) != len(s.directors_out):
        raise AssertionError(f"{len(s.directors_out)} Directors in the box, but {len(box)} are unseen")
    v.directors_out = sorted(box) if not choosing else box


def visible(e, player: int | None):
    """A log line as `player` sees it (AP-INV-26)."""
    t = type(e)
    if t is ev.PileShuffled:
        return ev.PileShuffled(pile=e.pile, order=(-1,) * len(e.order))
    if t is ev.RndReturned:
        return ev.RndReturned(cards=(-1,) * len(e.cards))
    if getattr(e, "player", None) == player:
        return e
    if t is ev.DirectorsDealt:
        return ev.DirectorsDealt(player=e.player, directors=(-1,) * len(e.directors))
    if t is ev.KeepDirector:
        return ev.KeepDirector(player=e.player, director=-1)
    if t is ev.EngineersRecruited:
        return ev.EngineersRecruited(player=e.player, senior=e.senior, engineers=(-1,) * len(e.engineers))
    if t is ev.EngineerDismissed:
        return ev.EngineerDismissed(player=e.player, engineer=-1, reason=e.reason)
    if t is ev.Dismiss:
        return ev.Dismiss(player=e.player, engineer=-1)
    if t is ev.Place:
        return ev.Place(player=e.player, engineer=-1, spot="hidden")
    if t is ev.RndDrawn:
        return ev.RndDrawn(player=e.player, cards=(-1,) * len(e.cards))
    if t is ev.KeepRnd:
        return e
    return e


def _revealed(spot: int, revealed: int) -> bool:
    """A placed Engineer is public once its spot was revealed this turn (SOC_FIXED: by Specialty, so the
    Specialty step was revealed)."""
    if spot == SOC_FIXED:
        spot = SPECIALTY
    return spot > IDLE and bool(revealed >> spot & 1)

