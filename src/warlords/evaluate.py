"""The greedy bot's estimate of a final standing (GW-SCORE-01..05 projected onto the
current position), relative to the best opponent (or the other team, or the Rebellion); and
`prior`, the cheap preference over legal actions that fast rollouts and a search's ordering use."""

from __future__ import annotations

import msgspec

from boardcore.game.rules import Standing

from warlords import events as ev
from warlords import reputation
from warlords.scoring import Holdings, guards, majority, missions
from warlords.state import LP, REBEL, opponents, teammate

_PAD = LP * 3   # the Launch Pad's first counter in a base


def projected_power(c, s, h: Holdings, maj, p: int) -> float:
    """What the game would end with now (`ended_now`), and a little for reputation and ready units.
    `h` and `maj`: the state's holdings and majorities, shared by every seat's projection. (Plain
    loops rather than generators: the greedy bot projects every seat of every position it tries.)"""
    now = ended_now(c, s, h, maj, p)
    if s.over:
        return float(now)
    if s.mode == "solo" and p == REBEL:
        return now
    i = p - 1
    b = s.base[i]
    ready = b[_PAD] + b[_PAD + 1] + b[_PAD + 2]
    value = now + 0.5 * s.rep[i] + 0.1 * ready + 0.3 * len(s.support_hands[i])
    planets, first, mission_type = h.planets, i * h.types, c.mission_type
    hopes = 0             # mercenaries in hand whose mission `p` could already score
    for card in s.hands[i]:
        t = mission_type.get(card)   # None for a hidden card ("") or another kind of card
        if t is not None and planets[first + t]:
            hopes += 1
    value += 0.8 * hopes
    if s.active == p:
        under_way = 0     # an action under way
        for x in s.ctx:
            if x.kind != "bonus":
                under_way += 1
        value += 0.8 * under_way
        ship = s.ships[i]
        if ship and s.phase in ("tactical", "merc", "actions"):
            owner, revealed = s.owner, s.revealed
            open_here = 0  # empty revealed planets the ship's sector offers
            for k, x in enumerate(s.planet_sector):
                if x == ship and revealed[k] and not owner[k]:
                    open_here += 1
            value += 0.4 * open_here
    return value


def ended_now(c, s, h: Holdings, maj, p: int) -> int:
    """`p`'s final Power if the game ended in this position (GW-SCORE-05; the Rebellion: GW-SSCORE-03)."""
    if s.over:
        return s.power[p - 1]
    if s.mode == "solo" and p == REBEL:
        return s.power[p - 1] + maj[p - 1] + sum(sum(x) for x in s.pre)
    return s.power[p - 1] + guards(s, p) + maj[p - 1] + missions(c, s, p, h)


def planets_scored(c, s) -> tuple[Holdings, list[int]]:
    """The state's holdings and majorities (GW-SCORE-02), kept in the catalog's memo (`boardcore.game.memo`)
    by the values they read: the seats, and the planets' owners, types and units and the track as one
    msgpack string (one call in C, cheaper than a tuple of tuples). The bots estimate position after
    position that leave the planets as they were: greedy each legal action from one view, mcts the leaves
    of its tree. The answer is shared: read it, never change it."""
    key = (Holdings, s.seats, _encode((s.owner, s.planet_type, s.planet_units, s.track)))
    return c.judged.get(key, lambda: _scored(c, s))


_encode = msgspec.msgpack.Encoder().encode


def _scored(c, s) -> tuple[Holdings, list[int]]:
    """Holdings and majorities worked out afresh (what `planets_scored` keeps)."""
    h = Holdings(c, s)
    return h, majority(c, s, h)


def evaluate(c, s, player: int) -> float:
    h, maj = planets_scored(c, s)
    mine = projected_power(c, s, h, maj, player)
    if s.mode == "teams":
        mine += projected_power(c, s, h, maj, teammate(s, player))
        opp = sum(projected_power(c, s, h, maj, q) for q in opponents(s, player))
    else:
        opp = max([projected_power(c, s, h, maj, q) for q in opponents(s, player)])
    return mine - opp


def standing(c, s) -> Standing:
    """Who is ahead, for the win probability (`boardcore.game.rules.Standing`): each side's `projected` final Power
    and, as its `scored`, the Power it would finish with if the game ended now (GW-SCORE-05: Power so far plus
    guards, majorities and missions, all in sight of every seat; the Rebellion's sector score, GW-SSCORE-03),
    a team's summed (GW-TEAM-01), the Rebellion's last in solo. Power so far alone told the winner less: on
    held-out greedy games (`tools/fit_value.py check`) the final scoring's swings are most of a lead. How far
    the game has come
    is the nearest of its ends: the leader on the Reputation Track (GW-END-03, GW-SEND-02), the mercenaries
    gone from the supply (GW-END-01, GW-SEND-03), the most of one mission in a Command Area (GW-END-04), in
    solo the Rebel deck resolved (GW-SEND-01)."""
    h, maj = planets_scored(c, s)
    if s.mode == "teams":
        sides: tuple[tuple[int, ...], ...] = ((1, 3), (2, 4))
    else:
        sides = tuple((p,) for p in range(1, s.players + 1))
    entries = [*sides, (REBEL,)] if s.mode == "solo" else list(sides)
    projected = tuple(float(sum(projected_power(c, s, h, maj, p) for p in side)) for side in entries)
    scored = tuple(float(sum(ended_now(c, s, h, maj, p) for p in side)) for side in entries)
    supply = len(s.deck) + len(s.market)
    played = sum(map(len, s.area)) + sum(map(len, s.wounded)) + len(s.removed)
    done = max(max(s.rep) / c.rep_last, played / (played + supply) if played + supply else 0.0)
    if s.mode != "solo":   # GW-END-04, GW-AMB-41: four of one mission in a Command Area, wounded ones included
        for area in s.area:
            symbols = [c.mercs[x].mission for x in area]
            done = max(done, max(map(symbols.count, symbols), default=0) / 4)
    else:
        dealt = len(c.rebels) - len(s.rebel_removed)   # GW-SSET-12: some were removed unseen at setup
        done = max(done, 1 - len(s.rebel_deck) / dealt if dealt else 0.0)
    mode = f"solo {s.level}" if s.mode == "solo" else f"{s.players}p{' teams' if s.mode == 'teams' else ''}"
    if s.players == 4 and s.mode == "ffa":
        mode = "4p ffa"
    return Standing(mode=mode, sides=sides, projected=projected, scored=scored, done=1.0 if s.over else min(1.0, done))


def margin(c, s, player: int) -> float:
    """The search's leaf value: `evaluate` itself, already the lead over the best opponent (the other
    team, the Rebellion in a solo game) and without look ahead."""
    return evaluate(c, s, player)


# -- the rollout prior ----------------------------------------------------------------------
# How much a fast rollout prefers each answer: a few lookups per action, no copies, no lookahead.
# The weights lean towards what scores (GW-CON-02: Power from empty planets and reputation; GW-SCORE-01..03:
# guards, majorities, missions) and away from giving up what is offered for free.
PASS_WEIGHT = {"action": 0.3, "guard": 0.3, "skill": 0.3, "tactical": 0.4, "bonus": 0.1, "recon": 0.3,
               "recall": 1.5, "reinforce": 0.5, "blockade": 0.6}
ACTION_WEIGHT = {"deploy": 3.0, "deploy_only": 2.5, "bombard": 2.0, "assassinate": 1.5, "subterfuge": 1.0,
                 "support": 1.2, "recon": 0.8}
FLAT = {ev.UseTactical: 3.0, ev.PlaceGuard: 3.0, ev.UseSkill: 4.0, ev.TeamAction: 0.5, ev.Evacuate: 0.5,
        ev.Block: 1.5, ev.Wound: 1.5}


def prior(c, s, actions) -> list[float]:
    """Weights for `actions` (non-negative, never all zero), for a rollout policy and a search's order."""
    kind = s.prompt.kind if s.prompt is not None else ""
    held: dict[int, set] = {}

    def held_types(p: int) -> set:
        if p not in held:
            held[p] = {s.planet_type[i] for i, o in enumerate(s.owner) if o == p}
        return held[p]

    out = []
    for a in actions:
        t = type(a)
        if t in FLAT:
            w = FLAT[t]
        elif t is ev.Pass:
            w = PASS_WEIGHT.get(kind, 1.0)
        elif t is ev.ChooseAction:
            w = ACTION_WEIGHT.get(a.action, 1.0) + (2.0 if reputation.matches(c, s, a.player, a.action) else 0.0)
        elif t is ev.Bonus:
            w = 2.0 if a.choice == "power" else 1.0
        elif t is ev.TargetPlanet:
            w = _target_weight(c, s, a)
        elif t is ev.DeployUnits:
            w = _deploy_weight(s, a)
        elif t is ev.Casualties:
            w = max(0.1, 1.0 + 2 * a.infantry - a.tanks - a.aircraft)   # Infantry come back, the others do not
        elif t is ev.Reroll:
            w = max(0.1, 0.2 + 2 * a.misses - a.hits)
        elif t is ev.PlayMercenary:
            m = c.mercs.get(a.card)
            w = 1.0 + (1.5 if m is not None and m.mission in held_types(a.player) else 0.0)
        elif t is ev.Hire:
            m = c.mercs.get(a.card)
            w = 0.8 if m is None else 1.0 + (1.0 if m.mission in held_types(a.player) else 0.0)
        elif t is ev.MoveShip:
            w = 1.0 + sum(1.0 if s.revealed[i] and not s.owner[i] else 0.5 if not s.revealed[i] else 0.0
                          for i, x in enumerate(s.planet_sector) if x == a.sector)
        else:
            w = 1.0
        out.append(w)
    return out if any(out) else [1.0] * len(out)


def _target_weight(c, s, a) -> float:
    """A planet target: an empty planet by its Deploy value, a winnable invasion, a full Bombard."""
    x = s.ctx[-1] if s.ctx else None
    i = a.planet
    here = s.planet_units[i][0] + s.planet_units[i][1] + s.planet_units[i][2]
    if x is None or x.kind not in ("deploy", "deploy_only"):
        return 1.0 + here
    o = s.owner[i]
    if not o:
        t = c.type_index.get(s.planet_type[i])
        return 1.0 + (c.deploy_value[s.track[t]] if t is not None and s.mode != "solo" else 0.0)
    if o == a.player:
        return 0.5
    pad = s.base[a.player - 1]
    ready = pad[LP * 3] + pad[LP * 3 + 1] + pad[LP * 3 + 2]
    return 1.5 if min(ready, c.limit) > here else 0.3


def _deploy_weight(s, a) -> float:
    """More units hold a planet better; an invasion wants more than the defenders, and a Tank (Heavy Siege)."""
    n = a.infantry + a.tanks + a.aircraft
    x = s.ctx[-1] if s.ctx else None
    if x is None or x.planet < 0:
        return float(n)
    o = s.owner[x.planet]
    if o and o != a.player:
        here = sum(s.planet_units[x.planet])
        return (2.0 + n + (1.0 if a.tanks else 0.0)) if n > here else 0.3 * n
    return float(n)
