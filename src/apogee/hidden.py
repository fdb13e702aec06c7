"""What each player may see (AP-COMP-25, AP-INV-26): a player's view of the table, the same table with what
they cannot see dealt afresh, and log lines redacted for them. Hidden values are -1."""

from __future__ import annotations

from apogee import events as ev
from apogee.components import Catalog
from apogee.state import HIDDEN, IDLE, SOC_FIXED, SPECIALTY, ApogeeState


def view(c: Catalog, s: ApogeeState, player: int | None) -> ApogeeState:
    """AP-COMP-25, AP-INV-26: piles face down, others' hands, unrevealed placements, R&D draws and (during
    the choice) Directors hidden as -1."""
    v = s.__copy__()
    v.order = s.order[:]
    v.rivers = [x[:] for x in s.rivers]
    v.investor_river = s.investor_river[:]
    v.investors_out = s.investors_out[:]
    v.events_seen = s.events_seen[:]
    v.bans = s.bans[:]
    v.extra_goals = s.extra_goals[:]
    v.winners = s.winners[:]
    v.piles = [[-1] * len(x) for x in s.piles]
    v.juniors = [-1] * len(s.juniors)
    v.seniors = [-1] * len(s.seniors)
    v.investor_pile = [-1] * len(s.investor_pile)
    v.event_pile = [-1] * len(s.event_pile)
    v.directors_out = [-1] * len(s.directors_out)
    revealed = s.revealed
    hide_director = s.stage == "director"
    players = []
    for q, pl in enumerate(s.p, 1):
        if q == player:
            players.append(pl.copy())
            continue
        o = pl.__copy__()
        o.reserve, o.pad, o.investors, o.launches, o.mods = (pl.reserve[:], pl.pad[:], pl.investors[:],
                                                              pl.launches[:], pl.mods[:])
        o.dealt = [-1] * len(pl.dealt)
        o.drawn = [-1] * len(pl.drawn)
        if hide_director:
            o.director = -1
        shown = [(e, sp) for e, sp in zip(pl.hand, pl.spots) if _revealed(sp, revealed)] if revealed else []
        hidden = len(pl.hand) - len(shown)
        shown.sort()
        o.hand = [e for e, _ in shown] + [-1] * hidden
        o.spots = [sp for _, sp in shown] + [HIDDEN] * hidden
        players.append(o)
    v.p = players
    return v

def hidden_variant(c: Catalog, s: ApogeeState, player: int | None, rng) -> ApogeeState:
    """The same table with every pile reshuffled and others' unseen Engineers, R&D draws and dealt
    Directors dealt afresh."""
    v = s.copy()
    for k in range(4):
        v.piles[k] = rng.shuffled(v.piles[k])
    pool = {False: list(v.juniors), True: list(v.seniors)}
    slots = []
    for q, pl in enumerate(v.p, 1):
        if q == player:
            continue
        for i, (e, sp) in enumerate(zip(pl.hand, pl.spots)):
            if not _revealed(sp, s.revealed):
                pool[c.senior[e]].append(e)
                slots.append((pl, i, c.senior[e]))
    for senior in (False, True):
        pool[senior] = rng.shuffled(pool[senior])
    for pl, i, senior in slots:
        pl.hand[i] = pool[senior].pop()
    v.juniors, v.seniors = pool[False], pool[True]
    rnd_pool = list(v.piles[3])
    for q, pl in enumerate(v.p, 1):
        if q != player:
            rnd_pool += pl.drawn
    rnd_pool = rng.shuffled(rnd_pool)
    for q, pl in enumerate(v.p, 1):
        if q != player:
            pl.drawn = [rnd_pool.pop() for _ in pl.drawn]
    v.piles[3] = rnd_pool
    v.investor_pile = rng.shuffled(v.investor_pile)
    v.event_pile = rng.shuffled(v.event_pile)
    box = list(v.directors_out)
    for q, pl in enumerate(v.p, 1):
        if q != player:
            box += pl.dealt
            if s.stage == "director" and pl.director >= 0 and pl.director not in pl.dealt:
                pass
    box = rng.shuffled(box)
    for q, pl in enumerate(v.p, 1):
        if q != player and pl.dealt:
            pl.dealt = [box.pop() for _ in pl.dealt]
            if s.stage == "director" and pl.director >= 0:
                pl.director = pl.dealt[0]
    v.directors_out = box
    return v

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

