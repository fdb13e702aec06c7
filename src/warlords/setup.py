"""Setup (GW-SET-01..23; solo GW-SSET-01..14): the table built by `initial`, the random facts of
`setup`, and the solo player's choice of a starting hand."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask
from warlords.state import LP, MIS, RES, WarlordsConfig, WarlordsState

HUMAN = 1   # the solo player's seat; the Rebellion is seat 2


def initial(c, config: WarlordsConfig) -> WarlordsState:
    """The table before any card or tile is dealt: GW-SET-02, each player's units and markers, and no
    cards yet; the planets' slots, empty and face down."""
    n = config.players
    # GW-SET-01, GW-AMB-04: 2 to 4 players, 4 as two teams unless a free-for-all is asked for
    mode = "solo" if n == 1 else (config.mode or ("teams" if n == 4 else "ffa"))
    seats = 2 if n == 1 else n
    inf, tanks, air = c.totals
    start = c.data.units.start_mission_infantry
    base = []
    for p in range(1, seats + 1):
        b = [0] * 18
        if mode == "solo" and p == 2:
            b[RES * 3:RES * 3 + 3] = [inf, tanks, air]   # GW-SSET-04: the Rebel pool holds every unit
        else:
            # GW-SET-05, GW-SSET-03: 2 Infantry in Mission, Tanks and Aircraft on the Launch Pad, the
            # other Infantry in Reserve
            b[RES * 3] = inf - start
            b[MIS * 3] = start
            b[LP * 3 + 1], b[LP * 3 + 2] = tanks, air
        base.append(b)
    sectors = []
    for sector in c.data.galaxy.sectors:
        if mode == "solo":   # GW-SSET-05: 2 slots in each middle sector, 1 in each other
            slots = c.data.planets.solo_middle_slots if sector.middle else c.data.planets.solo_other_slots
        else:
            # GW-SET-09: 2 per Outer Sector and 1 + N in The Core: 19, 20, 21 planets for 2, 3, 4
            # players (GW-SET-21, GW-SET-22, GW-SET-23)
            slots = 1 + n if sector.core else c.data.planets.outer_slots
        sectors += [sector.name] * slots
    k = len(sectors)
    return WarlordsState(
        players=n, seats=seats, mode=mode, level=config.level, mission=config.mission,
        max_turns=config.max_turns, planet_sector=sectors, planet_type=[""] * k, revealed=[False] * k,
        owner=[0] * k, planet_units=[[0, 0, 0] for _ in range(k)], track=[c.data.planets.track.start] * len(c.types),
        peeked=[[] for _ in range(seats)], ships=[""] * seats,   # GW-SET-19: Base Ships start off the board
        recon=[[""] * len(c.recon_kinds) for _ in range(seats)], pre=[[0, 0, 0] for _ in c.sectors],
        # GW-SET-03, GW-SET-04, GW-GAP-20: Power and reputation start on 0, the Rebellion's too (GW-SSET-02)
        base=base, power=[0] * seats, rep=[0] * seats, hands=[[] for _ in range(seats)],
        support_hands=[[] for _ in range(seats)], area=[[] for _ in range(seats)],
        circle=[[] for _ in range(seats)], guard=[[] for _ in range(seats)], wounded=[[] for _ in range(seats)],
        skills_used=[[] for _ in range(seats)], support_played=[False] * seats, exchange=["", ""] if mode == "teams" else [],
        final=[[0, 0, 0, 0] for _ in range(seats)])


def shuffled_support(c, rng, solo: bool) -> ev.SupportShuffled:
    """GW-SET-13: the support deck, shuffled; GW-SSET-11: solo plays without Blockade and Scout Ships."""
    removed = set(c.data.support.solo_removed) if solo else set()
    return ev.SupportShuffled(order=tuple(rng.shuffled([x for x in c.support_ids if c.support[x] not in removed])))


def deal(c, u, rng) -> None:
    """Emit the setup facts of either game; then the first decision comes from the flow."""
    s: WarlordsState = u.state
    if s.mode == "solo":
        u.emit(*solo_facts(c, s, rng), ev.PhaseStarted(phase="keep"))
    else:
        u.emit(*multiplayer_facts(c, s, rng))


def multiplayer_facts(c, s: WarlordsState, rng) -> list:
    """The multiplayer setup as facts, in the rulebook's order (GW-SET-06..18)."""
    n = s.players
    per = c.data.planets.set_aside_per_type
    aside = [t for t in c.types for _ in range(per)]   # GW-SET-06: 2 tiles of each type set aside
    rest = rng.shuffled([t for t in c.types for _ in range(c.data.planets.tiles_per_type - per)])
    extra = c.data.planets.extra_tiles[n]   # GW-SET-07: 7, 8 or 9 of the rest; the others to the box
    tiles = rng.shuffled(aside + rest[:extra])   # GW-SET-08, GW-SET-09: all shuffled, laid out face down
    out: list = [ev.GalaxySeeded(types=tuple(tiles), box=tuple(rest[extra:]))]
    middle = tuple(i for i, x in enumerate(s.planet_sector) if x in c.middle)
    # GW-SET-10: the middle sectors' planets turn up; GW-SET-11: each moves its marker forward
    out.append(ev.PlanetsRevealed(planets=middle, types=tuple(tiles[i] for i in middle)))
    markers = rng.shuffled(c.data.reputation.markers)   # GW-SET-12: one per slot, one left unseen
    out.append(ev.MarkersPlaced(slots=tuple(markers[:-1]), leftover=markers[-1]))
    support = shuffled_support(c, rng, solo=False)
    out.append(support)
    dealt = c.data.table.support_dealt
    for p in range(1, n + 1):
        for card in support.order[(p - 1) * dealt:p * dealt]:
            out.append(ev.SupportDrawn(player=p, card=card))
    if n == 2:   # GW-SET-14: the 30 cards marked "2"
        deck, removed = rng.shuffled([m for m in c.merc_ids if c.mercs[m].two_player]), []
    else:
        # GW-SET-15, GW-AMB-03: 3 players remove 7 unseen; GW-SET-16, GW-GAP-17: 4 players use all 40
        deck = rng.shuffled(c.merc_ids)
        cut = c.data.table.three_player_removed if n == 3 else 0
        deck, removed = deck[cut:], deck[:cut]
    out.append(ev.DeckFormed(order=tuple(deck), removed=tuple(removed)))
    hand = c.data.table.hand
    for p in range(1, n + 1):
        out.append(ev.HandDealt(player=p, cards=tuple(deck[(p - 1) * hand:p * hand])))
    # GW-SET-17: the next 4 cards form the Market
    out.append(ev.MarketFilled(cards=tuple(deck[n * hand:n * hand + c.data.table.market])))
    out.append(ev.FirstPlayer(player=rng.randint(1, n)))   # GW-SET-18, GW-GAP-19: a random first player
    out.append(ev.PhaseStarted(phase="start"))
    return out


def solo_facts(c, s: WarlordsState, rng) -> list:
    """The solo setup as facts (GW-SSET-05..12); the human's choice of a starting hand and the Market
    follow as the `keep` decision point."""
    types = c.types
    per = c.data.planets.set_aside_per_type
    # GW-SSET-05: 2 tiles of each type, shuffled, laid out and all turned up; the rest to the box
    pile = [t for t in types for _ in range(per)]
    box = [t for t in types for _ in range(c.data.planets.tiles_per_type - per)]
    order = rng.shuffled(pile)
    # GW-SSET-06, GW-AMB-58: the markers start on the top space and the reveals do not move them
    facts: list = [ev.GalaxySeeded(types=tuple(order), box=tuple(box)),
                   ev.PlanetsRevealed(planets=tuple(range(len(order))), types=tuple(order), advance=False),
                   ev.TrackSet(positions=(c.data.planets.track.solo_start,) * len(types))]
    markers = [m for m in c.data.reputation.markers]
    markers.remove(c.data.reputation.solo_removed)   # GW-SSET-07: the Recon marker is removed; 8 remain
    facts.append(ev.MarkersPlaced(slots=tuple(rng.shuffled(markers))))
    support = shuffled_support(c, rng, solo=True)
    facts += [support, ev.SupportDrawn(player=HUMAN, card=support.order[0])]   # GW-SSET-11: one card
    # GW-SSET-08: the 30 "2" cards without the 7 that have a Recon action
    mercs = [m for m in c.merc_ids if c.mercs[m].two_player and "recon" not in c.mercs[m].actions]
    deck = rng.shuffled(mercs)
    facts.append(ev.DeckFormed(order=tuple(deck)))
    facts.append(ev.HandDealt(player=HUMAN, cards=tuple(deck[:c.data.table.solo_hand_drawn])))   # 5 drawn
    # GW-SSET-12: some cards of each level removed unseen, Level 1 on top; GW-SSET-13, GW-GAP-24: hard
    # mode removes other numbers (data/rebellion.toml)
    remove = c.data.rebellion.standard_remove if s.level != "hard" else c.data.rebellion.hard_remove
    levels = sorted({r.level for r in c.rebels.values()})
    order_r: list[str] = []
    removed: list[str] = []
    for lvl, k in zip(levels, remove):
        pile_r = rng.shuffled([r for r in c.rebels if c.rebels[r].level == lvl])
        removed += pile_r[:k]
        order_r += pile_r[k:]
    facts.append(ev.RebelDeckFormed(order=tuple(order_r), removed=tuple(removed)))
    return facts


def phase_keep(c, u, rng) -> None:
    """The solo game opens with the human's choice of a starting hand."""
    ask(u, HUMAN, "keep")


@POINTS.options("keep", asks="Put back one of the mercenaries you drew: you keep 3 of the 5 (GW-SSET-09)")
def keep_answers(c, s, p: int) -> list:
    """One card put back at a time, until 3 are left."""
    return [ev.Discard(player=p, card=x) for x in s.hands[p - 1]]


@POINTS.resolves("keep")
def on_keep(c, u, a, rng) -> None:
    """GW-SSET-09: the card put back waits aside; once 3 are kept (the solo hand size, GW-SPT-13), the
    others are shuffled back into the deck. Then the Market and the Rebellion's first turn
    (GW-REB-01)."""
    s = u.state
    u.emit(ev.SetAside(player=a.player, card=a.card))
    if len(s.hands[0]) > c.data.table.solo_hand_kept:
        ask(u, 1, "keep")
        return
    aside = tuple(s.exchange)
    u.emit(ev.CardsReturned(player=1, cards=aside, order=tuple(rng.shuffled(s.deck + list(aside)))))
    # GW-SSET-10: a Market of 3
    u.emit(ev.MarketFilled(cards=tuple(s.deck[:c.data.table.solo_market])), ev.PhaseStarted(phase="rebel"))
