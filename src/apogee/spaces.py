"""Apogee for learning agents: every decision as a fixed index (the action codec's templates) and a view as a
fixed-size list of integers (the observation). Both are documented field by field in data/README.md.

**Actions** (`all_actions`): sections in a fixed order, each listing its values in ascending order of the
component ids (card ids 0-109 in the order of technologies.toml, Engineers and Directors in the order of
their files, destinations in the order of tables.toml). Every section but the last has the same size in
every configuration, so an index means the same decision in every Mission and player count; the last,
Nation Interventions, holds one entry per seat and none where no Intervention is allowed (Solo, Mission 5).
The order only ever grows at its end: a new kind of decision becomes a new last section.

**Observation** (`observation`): built from `view(state, player)` only. Players appear in seat order
starting with the observer ("relative seats": 1 is the observer, 2 the next seat...), so one policy can
play any seat. Every number is capped to its field's range.
"""

from __future__ import annotations

from operator import itemgetter

from boardcore.game.errors import BoardcoreError
from boardcore.game.spaces import Field, Observation

from apogee import events as ev
from apogee.components import RND, Components
from apogee.figures import progress
from apogee.prompts import POINTS
from apogee.rocket import crew, mass, soc_authority, thrust, yield_of
from apogee.state import IDLE, RIVERS, SPOTS, UNSET, ApogeeState

# The decision points in the order the observation's `prompt` field numbers them (1-based; 0: none).
# Only appended to, like the actions.
PROMPT_KINDS = ("director", "team", "place", "build", "keep_rnd", "design", "admin", "dismiss_owed", "trim",
                "reroll_launch", "reroll_engineer", "reroll_engine", "reroll_funds", "replace_river", "river_pick",
                "cheap_build", "engineer_sell", "liam", "anatoliy", "laura", "ekaterina", "yelena", "zhang",
                "us_pick")
STAGES = ("setup", "director", "team", "turn_start", "event", "place", "specialty", "construction", "rnd",
          "design", "admin", "over")


def nation_allowed(c: Components, config) -> bool:
    """AP-SOLO-03, AP-MIS-13: no Intervention in Solo, nor in Mission 5."""
    missions = c.solo_missions if config.players == 1 else c.missions
    if config.mission not in missions:
        raise BoardcoreError(f"apogee has no {'Solo ' if config.players == 1 else ''}Mission {config.mission}; "
                             f"choose from {sorted(missions)}")
    return config.players > 1 and not missions[config.mission].no_nation


def all_actions(c: Components, config) -> list:
    """Every decision that could ever be legal under `config`, as templates with player 0 (module docstring)."""
    cards = range(len(c.tech))
    engineers = range(len(c.engineer))
    out: list = [ev.KeepDirector(player=0, director=d) for d in range(len(c.director))]
    out += [ev.ChooseTeam(player=0, senior=True), ev.ChooseTeam(player=0, senior=False)]
    out += [ev.Place(player=0, engineer=e, spot=spot) for e in engineers for spot in SPOTS]
    out += [ev.ChooseRiver(player=0, river=r) for r in RIVERS]
    out += [ev.TakeCard(player=0, card=k) for k in cards if c.kind[k] != RND]  # the rivers hold no R&D
    out += [ev.Build(player=0, card=k) for k in cards]
    out += [ev.Sell(player=0, card=k) for k in cards]
    out += [ev.KeepRnd(player=0, card=k) for k in c.by_kind[RND]]
    out += [ev.Discard(player=0, card=k) for k in cards]
    out += [ev.Dismiss(player=0, engineer=e) for e in engineers]
    out += [ev.SpendDie(player=0), ev.Recruit(player=0, senior=False), ev.Recruit(player=0, senior=True),
            ev.StaticFire(player=0)]
    out += [ev.LaunchRocket(player=0, destination=d) for d in c.destinations]
    out += [ev.UseSpecialty(player=0), ev.Pass(player=0)]
    if nation_allowed(c, config):
        out += [ev.Intervene(player=0, target=t) for t in range(1, config.players + 1)]
    return out


class Layout:
    """The sizes the observation needs, from the component data and the config, computed once."""

    def __init__(self, c: Components, config) -> None:
        entries = c.loaded.data.technologies.tech
        self.type_of = [i for i, entry in enumerate(entries) for _ in range(entry.count)]
        assert len(self.type_of) == len(c.tech)
        self.types = len(entries)
        names = [t.name for t in entries if t.kind == "payload" or t.deposit]
        self.deposits = list(dict.fromkeys(names))
        self.deposit_index = {name: i for i, name in enumerate(self.deposits)}
        self.bans = sorted({e.ban for e in c.events if e.ban})
        self.goal_events = [i for i, e in enumerate(c.events) if e.goal is not None]
        self.players = config.players
        self.n_dest = len(c.destinations)


def fields(c: Components, config, lay: Layout) -> list[Field]:
    n, types, dests = lay.players, lay.types, lay.n_dest
    engineers, investors, events = len(c.engineer), len(c.investor), len(c.events)
    max_kind = max(len(k) for k in c.by_kind)
    out = [
        Field("seat", 1, 1, 5, "the observer's seat, 1-5"),
        Field("to_act", 1, 0, 1, "1 when the observer must decide now"),
        Field("prompt", 1, 0, len(PROMPT_KINDS), "the open decision point, numbered as PROMPT_KINDS (0: none)"),
        Field("prompt_for", 1, 0, n, "the relative seat it asks (0: every player still placing or choosing)"),
        Field("prompt_a", 1, 0, 15, "builds left, the roll needed, or the relative seat targeted"),
        Field("prompt_b", 1, 0, engineers, "the Engineer id + 1 whose Specialty asks, or the destination + 1"),
        Field("turn", 1, 0, 99, "the turn (quarter) under way"),
        Field("stage", 1, 0, len(STAGES) - 1, "the step of the turn, numbered as STAGES"),
        Field("mission", 1, 1, 12, "the Mission (or Solo Mission) number"),
        Field("event", 1, 0, events, "this turn's Event id + 1 (0: none)"),
        Field("events_seen", events, 0, 1, "1 for each Event already revealed (its id)"),
        Field("bans", len(lay.bans), 0, 1, "1 for each Solo Event ban in force: " + ", ".join(lay.bans)),
        Field("goals_added", len(lay.goal_events), 0, 1, "1 for each Solo Event goal added to the Mission"),
        Field("supply", 1, 0, c.n.blue_dice, "blue dice in the supply"),
        Field("piles", 4, 0, max_kind, "cards left in the First Stage, Upper Stage, Payload and R&D piles"),
        Field("engineer_piles", 2, 0, engineers, "Junior and Senior Engineers left in their piles"),
        Field("investor_pile", 1, 0, investors, "Investors left in their pile"),
        Field("event_pile", 1, 0, events, "Events left in their pile"),
        Field("rivers", types, 0, c.n.river_size, "cards of each Technology type (technologies.toml entry) in the "
              "rivers"),
        Field("investors", investors, 0, 2 + n, "each Investor: 0 unseen, 1 in the river, 2 out of the game, "
              "2 + the relative seat that won it"),
        Field("engineer_holder", engineers, 0, n, "each Engineer: the relative seat whose hand shows it (0: "
              "unseen)"),
        Field("engineer_spot", engineers, 0, 7, "each Engineer seen: 1 not yet placed, 2 Specialty, 3 "
              "Construction, 4 R&D, 5 Design, 6 Space Operations Center, 7 there by Specialty (0: idle, unseen)"),
        Field("dealt", len(c.director), 0, 1, "1 for each Mission Director dealt to the observer, not yet kept"),
        Field("drawn", types, 0, 5, "the observer's drawn R&D cards not yet kept, by type"),
    ]
    per = [
        ("director", 1, 0, len(c.director), "Mission Director id + 1 (0: face down)"),
        ("credits", 1, 0, 999, "credits in thousands"),
        ("dice", 1, 0, c.n.dice_limit, "additional dice held"),
        ("actions", 1, 0, 3, "Director actions left this turn"),
        ("flags", 6, 0, 1, "Specialty used, Intervention used, launched this turn, static fire this turn, "
         "skips the Administration (debt), still to answer a simultaneous step"),
        ("owed", 1, 0, 9, "Engineers still to dismiss"),
        ("hand", 1, 0, 9, "Engineers in hand"),
        ("drawn_count", 1, 0, 9, "R&D cards drawn, not yet kept"),
        ("reserve", types, 0, 9, "reserve cards by type"),
        ("pad", types, 0, c.n.slot_limit, "Launch Pad cards by type"),
        ("rocket", 4, 0, 99, "the rocket's thrust, mass, yield (tenths) and astronauts"),
        ("operations", 2, 0, 999, "Engineers and Authority (tenths) at the Space Operations Center"),
        ("investors_won", 1, 0, investors, "Investors won"),
        ("launches", dests, 0, 20, "successful launches per destination"),
        ("astronauts", dests, 0, 40, "astronauts deposited per destination"),
        ("deposits", dests * len(lay.deposits), 0, 20, "cards deposited per destination (outer) and name (inner): "
         + ", ".join(lay.deposits)),
        ("progress", 1, 0, 100, "share of the Mission fulfilled, percent (the figures' score)"),
    ]
    for r in range(1, n + 1):
        out += [Field(f"p{r}.{name}", size, low, high, doc + (" (relative seat "
                      f"{r}{', the observer' if r == 1 else ''})")) for name, size, low, high, doc in per]
    return out


def encoder(c: Components, lay: Layout, specs: list[Field]):
    """The function filling the fields from a view (module docstring); every value capped to its range."""
    kind_index = {k: i + 1 for i, k in enumerate(PROMPT_KINDS)}
    stage_index = {k: i for i, k in enumerate(STAGES)}
    n = lay.players
    type_of = lay.type_of
    # Only these fields can leave their range (a long game, a rich player); the rest cannot by construction.
    # Their numbers are checked a range at a time (picked out, their least and greatest found, in C), and
    # mended one by one only when a range is broken, which is rare.
    by_range: dict[tuple[int, int], list[int]] = {}
    for i, f in enumerate(f for f in specs for _ in range(f.size)):
        if f.name.split(".")[-1] in CAPPED:
            by_range.setdefault((f.low, f.high), []).append(i)
    capped = [(itemgetter(*where, where[0]), where, lo, hi) for (lo, hi), where in by_range.items()]

    def encode(v: ApogeeState, player: int) -> list[int]:
        def rel(q: int) -> int:
            return (q - player) % n + 1

        q = v.prompt
        waiting = [p for p in range(1, n + 1) if v.areas[p - 1].waiting]
        to_act = q is not None and not v.over and (player in waiting if q.player == 0 else q.player == player)
        a = rel(q.a) if q is not None and q.kind == "us_pick" and q.a else (q.a if q else 0)
        b = q.b + 1 if q is not None and (q.kind.startswith("reroll_") or q.kind in ENGINEER_ASKS) else 0
        out = [player, int(to_act), kind_index.get(q.kind, 0) if q else 0, rel(q.player) if q and q.player else 0,
               a, b, v.turn, stage_index.get(v.stage, 0), v.mission, v.event + 1]
        out += marked(len(c.events), v.events_seen)
        out += [int(b_ in v.bans) for b_ in lay.bans]
        out += [int(e in v.extra_goals) for e in lay.goal_events]
        out += [v.supply, *(len(x) for x in v.piles), len(v.juniors), len(v.seniors), len(v.investor_pile),
                len(v.event_pile)]
        out += counts(type_of, lay.types, (k for r in v.rivers for k in r))
        status = [0] * len(c.investor)
        for i in v.investor_river:
            status[i] = 1
        for i in v.investors_out:
            if i >= 0:
                status[i] = 2
        for p, pl in enumerate(v.areas, 1):
            for i in pl.investors:
                status[i] = 2 + rel(p)
        out += status
        holder = [0] * len(c.engineer)
        spot = [0] * len(c.engineer)
        for p, pl in enumerate(v.areas, 1):
            for e, sp in zip(pl.hand, pl.spots):
                if e >= 0:
                    holder[e] = rel(p)
                    spot[e] = 1 if sp == UNSET else sp + 1 if sp > IDLE else 0
        out += holder + spot
        me = v.areas[player - 1]
        out += marked(len(c.director), me.dealt)
        out += counts(type_of, lay.types, (k for k in me.drawn if k >= 0))
        for r in range(n):
            out += player_numbers(c, lay, v, (player - 1 + r) % n + 1)
        for pick, where, lo, hi in capped:
            part = pick(out)
            if min(part) < lo or max(part) > hi:
                for i in where:
                    x = out[i]
                    out[i] = lo if x < lo else hi if x > hi else x
        return out

    return encode


ENGINEER_ASKS = ("replace_river", "river_pick", "cheap_build", "engineer_sell")
CAPPED = {"prompt_a", "turn", "credits", "owed", "hand", "drawn_count", "reserve", "rocket", "operations",
          "launches", "astronauts", "deposits"}


def marked(size: int, ids) -> list[int]:
    """1 at each of `ids` (component ids below `size`; a hidden one, -1, marks nothing), 0 elsewhere."""
    out = [0] * size
    for i in ids:
        if i >= 0:
            out[i] = 1
    return out


def counts(type_of: list[int], size: int, cards) -> list[int]:
    out = [0] * size
    for k in cards:
        out[type_of[k]] += 1
    return out


def player_numbers(c: Components, lay: Layout, v: ApogeeState, p: int) -> list[int]:
    pl = v.areas[p - 1]
    out = [pl.director + 1, pl.credits, pl.dice, pl.actions, int(pl.specialty_used), int(pl.nation_used),
           int(pl.launched), int(pl.fired), int(pl.skip), int(pl.waiting), pl.owed, len(pl.hand), len(pl.drawn)]
    judged = c.judged
    reserve = tuple(pl.reserve)
    out += judged.get((counts, lay.types, reserve), lambda: counts(lay.type_of, lay.types, reserve))
    out += judged.get((pad_numbers, lay.types, tuple(pl.pad), pl.mods), lambda: pad_numbers(c, lay, pl))
    out += soc_authority(c, pl)
    out.append(len(pl.investors))
    out += judged.get((launch_numbers, pl.launches), lambda: launch_numbers(c, lay, pl))
    out.append(int(progress(c, v, p)))
    return out


def pad_numbers(c: Components, lay: Layout, pl) -> list[int]:
    """What the Launch Pad shows: its cards by type, the rocket's thrust, mass, yield and astronauts. A pad
    changes seldom, so an observation looks these up in the catalog's memo (`boardcore.game.memo`) by the pad and
    the player's modifiers, the values they read."""
    t, m = thrust(c, pl), mass(c, pl)
    return counts(lay.type_of, lay.types, pl.pad) + [t, m, yield_of(c, t, m), crew(c, pl)[0]]


def launch_numbers(c: Components, lay: Layout, pl) -> list[int]:
    """Successful launches, astronauts and deposited cards per destination (looked up by the launches)."""
    launches = [0] * lay.n_dest
    astronauts = [0] * lay.n_dest
    deposits = [0] * (lay.n_dest * len(lay.deposits))
    for x in pl.launches:
        launches[x.destination] += 1
        astronauts[x.destination] += x.astronauts
        for k in x.cards:
            i = lay.deposit_index.get(c.tech[k].name)
            if i is not None:
                deposits[x.destination * len(lay.deposits) + i] += 1
    return launches + astronauts + deposits


def observation(c: Components, config) -> Observation:
    """The observation encoding for `config` (module docstring)."""
    missing = set(POINTS.points) - set(PROMPT_KINDS)
    assert not missing, f"decision points without an observation number: {sorted(missing)}"
    lay = Layout(c, config)
    specs = fields(c, config, lay)
    return Observation(specs, encoder(c, lay, specs))
