"""The Rules object: setup, prompts and legal actions, decide (through `resolve`) and the
automatic flow of the round (Dock -> Deploy -> Battle -> Recover, SS-FLOW-02)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from boardcore.errors import BoardcoreError, IllegalAction
from boardcore.rules import Game, Outcome, Unfolding

from solar_sphere import battle as battle_mod
from solar_sphere import crew as crew_mod
from solar_sphere.command import (KICKBACK_OPTIONS, auto_task, do_gain_any, do_kickback, do_recall, do_salvage,
                                  do_storage, gain_morale, kickbacks_for, push, recall_options, refresh_targets,
                                  salvage_options, storage_options)
from solar_sphere.components import KINDS, Components, load_components
from solar_sphere.dock import dock
from solar_sphere.evolve import HANDLERS
from solar_sphere.events import (DECISIONS, EVENTS, Attack, ChooseDie, Choose, CrewDeckShuffled, CrewRevealed,
                                 CrewUsed, DieDeployed, DiscardDie, DrandaCardFlipped, DrandaDeckShuffled, EndTurn,
                                 FleetDrawn, MoraleChanged, PhaseStarted, ResistanceDeckBuilt, RoundStarted, SatelliteMoved,
                                 ScoringCardDrawn, SphereLaid, StepSet, TakeKickbacks, TaskDone, TasksPushed,
                                 TurnEnded, TurnOrderSet, TurnStarted, UseCrew, Visit)
from solar_sphere.locations import (attack_options, build_options, buildable, can_hire, do_attack, do_build,
                                    hire_options, take_action)
from solar_sphere.recover import arrange_fleet, recover, refill
from solar_sphere.scoring import final_parts, final_scoring, winners
from solar_sphere.solo import dranda_turn
from solar_sphere.state import DrandaState, PlayerState, SolarState, Task

VERSION = "1.1"  # 1.1: "When you visit" crew after the action (SS-AMB-25); T3-02 may refresh its twin (SS-ALM-13)


class SolarConfig(msgspec.Struct, frozen=True, kw_only=True):
    """`players` 2-4, or 1 for the DRANDA solo mode at `level` 1-3 (SS-GEN-01, SS-SOLO-02)."""

    players: int = 2
    level: int = 3


class SolarSphere(Game):
    name = "solar-sphere"
    version = VERSION
    config_type = SolarConfig
    state_type = SolarState
    events = EVENTS
    min_players, max_players = 1, 4

    def __init__(self, components: Components | None = None) -> None:
        self.c = components or load_components()
        self.data_id, self.data_sha256 = self.c.data_id, self.c.sha256
        self.handlers = HANDLERS.bind(self.c, EVENTS)

    def with_data(self, folder: Any) -> SolarSphere:
        """`--data DIR`: these rules on replacement component data (validated by components.py)."""
        return SolarSphere(load_components(Path(folder)))

    def copy(self, s: SolarState) -> SolarState:
        return s.copy()

    # -- the table -------------------------------------------------------------------------
    def initial(self, config: SolarConfig) -> SolarState:
        """The empty table before anything is shuffled: SS-SET-20, SS-SET-21 (a Command Centre
        each), SS-SET-22, SS-SET-23 (both markers at the start), SS-SET-25 (score 0), SS-SET-26,
        SS-SET-27 (dice
        above the board, the auxiliary die and 12 drones in reserve: SS-DRN-02, SS-DRN-03),
        SS-SET-28 (6 active, 2 inactive), SS-SET-29 (faction counts 0, SS-GAP-12), SS-SET-30;
        the 8 Location cards around the Sphere (SS-SET-09) with the resource supplies beside them
        (SS-SET-10; supplies are unlimited, SS-STO-05, SS-COMP-07); in solo DRANDA's 20 drones
        are its supply (SS-DRSET-05), its 4 faction counts start at 0 (SS-DRSET-10) and its 3
        opaque dice wait in a reserve (SS-DRSET-09). The solo player is seat 1, shown in red
        (SS-DRSET-02, SS-GAP-21)."""
        self.check_players(config.players)
        if config.players == 1 and config.level not in (1, 2, 3):
            raise BoardcoreError(f"solar-sphere solo level must be 1, 2 or 3, not {config.level}")
        cmd = self.c.cmd
        n = config.players
        solo = n == 1
        players = [PlayerState(morale=0, rep=0, store=[0, 0, 0],
                               reserve=cmd.drones - cmd.start_active - cmd.start_inactive,
                               active=cmd.start_active, inactive=cmd.start_inactive, matrix=[0, 0, 0],
                               sats=[False] * 8, factions=[0, 0, 0, 0], ports=[0] * 6) for _ in range(n)]
        s = SolarState(players=n, solo=solo, level=config.level if solo else 0, dseat=2 if solo else 0,
                       p=players, fleet=[None] * 4, crew_decks=[[], [], []], display=[-1] * 6, tokens=[0] * 6,
                       loc_dice=[0] * 8, order=list(range(1, n + 1)) + ([2] if solo else []),
                       builder=[0] * 18, hex_at=list(range(18)), shown=list(range(18)), face_down=[False] * 18)
        if solo:
            s.d = DrandaState(supply=self.c.levels.drones, factions=[0, 0, 0, 0], opaque=[0, 0, 0])
        return s

    def setup(self, state: SolarState, rng) -> list:
        """SS-SET-01, SS-SET-02, SS-SET-03, SS-SET-04, SS-SET-05, SS-SET-06, SS-SET-07, SS-SET-08,
        SS-SET-09, SS-SET-10, SS-SET-11, SS-SET-12, SS-SET-13, SS-SET-14, SS-SET-15, SS-SET-16,
        SS-SET-17, SS-SET-18, SS-SET-19, SS-SET-20, SS-SET-21, SS-SET-22, SS-SET-23, SS-SET-24,
        SS-SET-25, SS-SET-26, SS-SET-27, SS-SET-28, SS-SET-29, SS-SET-30, SS-SET-31 (and SS-DRSET-01,
        SS-DRSET-02, SS-DRSET-03, SS-DRSET-04, SS-DRSET-05, SS-DRSET-06, SS-DRSET-07, SS-DRSET-08,
        SS-DRSET-09, SS-DRSET-10, SS-DRSET-11 in solo), then round 1's Dock. Every random result
        is a recorded fact (SS-GEN-07). The Core is implicit at the centre (SS-SET-01); the 18
        hexes are shuffled onto the slots, inner ring first, clockwise (SS-SET-03, SS-SET-04,
        SS-AMB-01); a uniformly random subset is face down (SS-SET-03); the border score track
        (SS-SET-07), the turn order track (SS-SET-08, SS-GAP-23) and the morale token supply
        (SS-SET-19, SS-GAP-19: 6 tokens, those not on display cards) need no state of their own.
        Of the 9 Corporation drones (SS-COMP-09) those on face-down hexes never move (SS-CORP-06)
        and 2 wait beside the deck (SS-SET-16); the rest are out of the game."""
        u = Unfolding.over(self, state)
        s = state
        c = self.c
        key = str(s.players)
        order = rng.shuffled(range(18))                                  # SS-SET-02, SS-SET-03, SS-SET-04
        down = sorted(rng.sample(range(18), c.data.sphere.face_down[key]))
        u.emit(SphereLaid(hexes=tuple(order), face_down=tuple(down)))    # SS-SET-05, SS-SET-06
        u.emit(ScoringCardDrawn(card=rng.randbelow(len(c.scoring))))     # SS-SET-11
        deck = []                                                        # SS-SET-12, SS-SET-13
        for value, count in zip((2, 3, 4, 5), c.data.resistance.composition[key], strict=True):
            stack = [i for i, sh in enumerate(c.ships) if sh.value == value]
            deck += rng.sample(stack, count) if count else []
        deck = rng.shuffled(deck)                                        # SS-SET-14
        u.emit(ResistanceDeckBuilt(order=tuple(deck)))
        u.emit(FleetDrawn(left=deck[0], right=deck[1]))                  # SS-SET-15
        for tier in (1, 2, 3):                                           # SS-SET-17
            cards = [i for i, card in enumerate(c.crew) if card.tier == tier]
            u.emit(CrewDeckShuffled(tier=tier - 1, order=tuple(rng.shuffled(cards))))
        refill(u)                                                        # SS-SET-18
        u.emit(TurnOrderSet(order=tuple(rng.shuffled(s.order))))         # SS-SET-24, SS-DRSET-11
        if s.dseat:
            u.emit(DrandaDeckShuffled(order=tuple(rng.shuffled(range(len(c.dranda))))))   # SS-DRSET-06
            u.emit(DrandaCardFlipped(card=u.state.d.deck[0]))            # SS-DRSET-07
            arrange_fleet(u)                                             # SS-DRSET-03
        u.emit(RoundStarted(round=1))                                    # SS-SET-31
        self.advance(u, rng)
        return u.events

    # -- the flow ----------------------------------------------------------------------------
    def advance(self, u, rng) -> None:
        """Run every automatic step until someone must decide or the game is over: a round is
        Dock, Deploy (turns), Battle, Recover (SS-GEN-02, SS-FLOW-02); each pending effect resolves
        completely before the next (SS-GEN-08)."""
        while True:
            s: SolarState = u.state
            if s.phase == "over":
                return
            if s.tasks:
                t = s.tasks[-1]
                if auto_task(u, t, rng):
                    continue
                if t.kind == "attack" and not attack_options(s, t):
                    u.emit(TaskDone())          # SS-FLT-06: no further ship can be attacked
                    continue
                if not self.prompt_actions(s, t):
                    u.emit(TaskDone())          # nothing left to choose (e.g. a hire made unaffordable)
                    continue
                return
            if s.phase == "dock":
                dock(u, rng)
            elif s.phase == "deploy":
                if s.turn:
                    if s.step == "acting":
                        if crew_mod.usable(s, self, s.turn, crew_mod.GENERAL):
                            u.emit(StepSet(step="after"))
                            return
                        u.emit(TurnEnded(player=s.turn))
                        continue
                    return
                seat = self.next_seat(s)
                if seat == 0:                                     # SS-DEP-03, SS-AMB-14, SS-INV-22
                    u.emit(PhaseStarted(phase="battle"))
                elif seat == s.dseat:
                    dranda_turn(u, rng)
                else:
                    u.emit(TurnStarted(player=seat))
                    return
            elif s.phase == "battle":
                if not battle_mod.battle(u, rng):
                    return
                if battle_mod.final_round(s):                     # SS-END-01, SS-END-02, SS-FLOW-05, SS-REC-11
                    final_scoring(u)
                    return
                u.emit(PhaseStarted(phase="recover"))
            elif s.phase == "recover":
                recover(u, rng)
            else:
                return

    @staticmethod
    def next_seat(s: SolarState) -> int:
        """SS-DEP-01, SS-DEP-03: the next seat in turn order that still has a die to deploy (DRANDA has
        3 turns a round, one per transparent die: SS-DRDEP-01, SS-DRDEP-06)."""
        n = len(s.order)
        for k in range(1, n + 1):
            seat = s.order[(s.at + k) % n]
            if seat == s.dseat:
                if any(s.d.dice):
                    return seat
            elif sum(s.p[seat - 1].ports):
                return seat
        return 0

    # -- prompts -----------------------------------------------------------------------------
    def task_options(self, s: SolarState, t: Task) -> list[str]:
        kind = t.kind
        if kind == "gain":
            return storage_options(s, t)
        if kind == "gain_any":
            return list(KINDS)
        if kind == "fabricate":
            return recall_options(s, t.player, self)
        if kind == "salvage":
            return salvage_options(s, t, self)
        if kind == "kickback":
            return list(KICKBACK_OPTIONS)
        if kind == "build":
            return build_options(s, self, t)
        if kind == "hire":
            return hire_options(s, self, t.player)
        if kind == "retire":
            return crew_mod.retire_options(s, self, t)
        if kind == "bonus":
            return t.arg.split("|")
        if kind == "attack":                      # SS-FLT-06: at least one ship, unless none can be
            return ["done"] if t.mask or not attack_options(s, t) else []
        if kind == "refresh":
            return [self.c.crew[card].id for card in refresh_targets(s, t.player, int(t.arg))]
        if kind == "reroll":
            return ["reroll", "pass"]
        return []

    def prompt_actions(self, s: SolarState, t: Task) -> list:
        acts: list = [Choose(player=t.player, option=o) for o in self.task_options(s, t)]
        if t.kind == "attack":
            acts = [Attack(player=t.player, ship=pos, drones=n) for pos, n in attack_options(s, t)] + acts
        return acts

    def to_act(self, s: SolarState) -> tuple[int, ...]:
        if s.phase == "over":
            return ()
        if s.tasks:
            return (s.tasks[-1].player,)
        return (s.turn,) if s.turn else ()

    def legal_actions(self, s: SolarState) -> list:
        if s.phase == "over":
            return []
        if s.tasks:
            return self.prompt_actions(s, s.tasks[-1])
        seat = s.turn
        if not seat:
            return []
        p = s.p[seat - 1]
        if s.step == "turn":
            return self.turn_actions(s, seat, p)
        if s.step == "visit":
            ctx = self.context(s, seat)
            return [Visit(player=seat, location=self.c.locations[loc]) for loc in range(8)
                    if self.visit_ok(s, seat, loc, s.chosen, p.active, p.inactive, ctx)]
        if s.step == "act":
            return self.act_actions(s, seat, p)
        if s.step == "after":
            return [UseCrew(player=seat, card=self.c.crew[c].id)
                    for c in crew_mod.usable(s, self, seat, crew_mod.GENERAL)] + [EndTurn(player=seat)]
        return []

    def turn_actions(self, s: SolarState, seat: int, p: PlayerState) -> list:
        """The start of a Deploy turn (SS-DEP-02): kickbacks, crew, a die to deploy, or a discard."""
        acts: list = []
        if not s.kicked:                          # SS-KB-01, SS-KB-02, SS-AMB-06: once, before the die
            acts += [TakeKickbacks(player=seat, to=sp) for sp in self.c.cmd.spanners if sp < p.morale]
        acts += [UseCrew(player=seat, card=self.c.crew[c].id) for c in crew_mod.usable(s, self, seat, crew_mod.GENERAL)]
        setter = any(not used and self.c.crew[c].action == "set_die" for c, used in zip(p.crew, p.used, strict=True))
        ok: dict[tuple[int, int], bool] = {}
        ctx = self.context(s, seat)
        dice = [v for v in range(1, 7) if p.ports[v - 1] - (1 if p.fresh == v else 0) > 0]
        for v in dice:
            for t in range(1, 7):
                cost = abs(t - v)
                if cost <= p.active:                  # SS-DEP-06, SS-DEP-07, SS-GEN-03: 1..6, no wrap
                    key = (t, cost)
                    if key not in ok:
                        ok[key] = self.any_visit(s, seat, t, p.active - cost, p.inactive + cost, ctx)
                    if ok[key]:
                        acts.append(ChooseDie(player=seat, die=v, value=t))
                if setter and t != v:                 # SS-ALM-11, SS-AMB-41: the occupied cost still applies
                    key = (t, 0)
                    if key not in ok:
                        ok[key] = self.any_visit(s, seat, t, p.active, p.inactive, ctx)
                    if ok[key]:
                        acts.append(ChooseDie(player=seat, die=v, value=t, crew=True))
        acts += [DiscardDie(player=seat, die=v) for v in dice]            # SS-DEP-19, SS-AMB-16
        return acts

    def act_actions(self, s: SolarState, seat: int, p: PlayerState) -> list:
        """SS-DEP-13: a satellite or the action; "When you visit" crew (SS-ALM-10)."""
        loc = s.visiting
        acts: list = []
        if p.active >= 1 and not p.sats[loc]:
            acts.append(Choose(player=seat, option="satellite"))
        if self.can_act(s, seat, loc, s.chosen, p.active, p.inactive):
            acts.append(Choose(player=seat, option="action"))
        acts += [UseCrew(player=seat, card=self.c.crew[c].id)
                 for c in crew_mod.usable(s, self, seat, self.c.locations[loc])]
        if not acts:          # a trigger was used to no avail: the action may still be taken, to no effect
            acts.append(Choose(player=seat, option="action"))
        return acts

    def with_triggers(self, s: SolarState, seat: int, loc: int, active: int, inactive: int) -> list:
        """SS-AMB-15 with SS-ALM-10: the positions (state, active, inactive) the upright "When you
        visit" crew of this card can bring about before the choice (a resource, or a kickback:
        a resource, a fabricated drone or up to 2 regenerated drones)."""
        triggers = [self.c.crew[c].action.split(":", 2)[2]
                    for c in crew_mod.usable(s, self, seat, self.c.locations[loc])]
        out = [(s, active, inactive)]
        for gain in triggers:
            more = []
            for st, a, i in out:
                if gain.startswith("gain:"):
                    kinds = [KINDS.index(gain.split(":")[1])]
                else:
                    kinds = [0, 1, 2]
                    more.append((st, a + (1 if st.p[seat - 1].reserve else 0), i))
                    more.append((st, a + min(2, i), i - min(2, i)))
                for k in kinds:
                    copy = st.copy()
                    copy.p[seat - 1].store[k] += 1
                    more.append((copy, a, i))
            out += more
        return out[1:]

    @staticmethod
    def context(s: SolarState, seat: int) -> list:
        """What SS-AMB-15 needs that does not depend on the die, filled in when first needed:
        the lowest buildable hex value (99: none), whether a hire is affordable without and
        with the boost resource."""
        return [None, None, None]

    def can_act(self, s, seat, loc, value, active, inactive, ctx=None) -> bool:
        """SS-AMB-15: whether the visited card's action can be taken (asteroids, fabricator and salvage
        always; the Sphere needs a drone and a viable, affordable hex within reach; the Crew Station an
        affordable card, counting the boost resource; the Fleet a crystal, a ship and a drone)."""
        kind = self.c.loc[loc].kind
        if kind in ("asteroid", "fabricator", "salvage"):
            return True
        p = s.p[seat - 1]
        ctx = ctx or self.context(s, seat)
        boosted = p.sats[loc]
        if kind == "sphere":
            if active < 1:
                return False
            if ctx[0] is None:
                values = [self.c.hexes[s.hex_at[slot]].value for slot in buildable(s, self, seat, 6)]
                ctx[0] = min(values) if values else 99
            return ctx[0] <= (6 if boosted else value)
        if kind == "crew":
            i = 2 if boosted else 1
            if ctx[i] is None:
                ctx[i] = can_hire(s, self, seat, boosted)
            return ctx[i]
        if kind == "fleet":
            reach = active + (min(2, inactive) if boosted else 0)
            return p.store[2] >= 1 and reach >= 1 and any(x is not None for x in s.fleet)
        return False

    def visit_ok(self, s, seat, loc, value, active, inactive, ctx=None) -> bool:
        """SS-DEP-05 requirements (SS-AST-01, SS-AST-02, SS-FAB-01, SS-SAL-01, SS-SPH-01, SS-CREW-01,
        SS-FLT-01); SS-DEP-09, SS-DEP-10: a card holding any die this round (SS-AMB-39; each Asteroid Belt
        on its own, SS-DEP-12, SS-AST-05; satellites do not count, SS-DEP-18) costs exactly one
        exhausted drone; SS-DEP-11; SS-DEP-13, SS-DEP-15 and SS-AMB-15: something must be doable
        there (a satellite needs a drone left after the occupied cost, SS-AMB-36)."""
        if value not in self.c.loc_accepts[loc]:
            return False
        if s.loc_dice[loc]:
            if active < 1:
                return False
            active -= 1
            inactive += 1
        if active >= 1 and not s.p[seat - 1].sats[loc]:
            return True
        if self.can_act(s, seat, loc, value, active, inactive, ctx):
            return True
        p = s.p[seat - 1]
        trigger = self.c.crew_trigger
        if any(trigger[c] == loc and not used for c, used in zip(p.crew, p.used, strict=True)):
            for st, a, i in self.with_triggers(s, seat, loc, active, inactive):
                if (a >= 1 and not st.p[seat - 1].sats[loc]) or self.can_act(st, seat, loc, value, a, i):
                    return True
        return False

    def any_visit(self, s, seat, value, active, inactive, ctx=None) -> bool:
        """Some card can be visited with this value (SS-EX-13, SS-EX-30)."""
        ctx = ctx or self.context(s, seat)
        return any(self.visit_ok(s, seat, loc, value, active, inactive, ctx) for loc in range(8))

    # -- decide ------------------------------------------------------------------------------
    def decide(self, state: SolarState, action, rng) -> list:
        """As `Game.decide`, with a direct legality test for the frequent decisions (the same
        test `legal_actions` applies, without listing every alternative)."""
        if not self.is_legal(state, action):
            self.explain_illegal(state, action)
            raise IllegalAction(f"{self.format_action(action)} is not a legal action now")
        u = Unfolding(self, state, action)
        self.resolve(u, action, rng)
        return u.events

    def is_legal(self, s: SolarState, action) -> bool:
        kind = type(action)
        if s.phase == "over" or action.player not in self.to_act(s):
            return False
        if s.tasks:
            t = s.tasks[-1]
            if kind is Choose:
                return action.option in self.task_options(s, t)
            if kind is Attack:
                return t.kind == "attack" and (action.ship, action.drones) in attack_options(s, t)
            return False
        if kind is ChooseDie and s.step == "turn":
            p = s.p[action.player - 1]
            v, target = action.die, action.value
            if not (1 <= v <= 6 and 1 <= target <= 6) or p.ports[v - 1] - (1 if p.fresh == v else 0) <= 0:
                return False
            if action.crew:
                setter = any(not used and self.c.crew[c].action == "set_die" for c, used in zip(p.crew, p.used, strict=True))
                return setter and target != v and self.any_visit(s, action.player, target, p.active, p.inactive)
            cost = abs(target - v)
            return cost <= p.active and self.any_visit(s, action.player, target, p.active - cost, p.inactive + cost)
        if kind is Visit and s.step == "visit":
            p = s.p[action.player - 1]
            loc = self.c.loc_index.get(action.location)
            return loc is not None and self.visit_ok(s, action.player, loc, s.chosen, p.active, p.inactive)
        return action in self.legal_actions(s)

    def explain_illegal(self, s: SolarState, action) -> None:
        """Name the rule an illegal action breaks, where one clearly applies."""
        seat = action.player
        if s.phase == "over":
            raise IllegalAction("the game is over", rule="SS-INV-26")
        if seat not in self.to_act(s):
            raise IllegalAction(f"it is not P{seat}'s turn", rule="SS-DEP-01")
        p = s.p[seat - 1]
        if s.tasks:
            t = s.tasks[-1]
            if isinstance(action, Choose) and t.kind == "salvage" and action.option.startswith("decommission"):
                raise IllegalAction("one drone per matrix row per decommission action, into a row with room",
                                    rule="SS-DRN-17")
            if isinstance(action, Choose) and t.kind == "retire":
                raise IllegalAction("the crew member just hired cannot be retired", rule="SS-CREW-09")
            if isinstance(action, Attack):
                raise IllegalAction("each ship once per action, with 1 crystal and 1 or more active drones",
                                    rule="SS-FLT-04")
            raise IllegalAction(f"P{seat} must first answer the {t.kind} prompt")
        if isinstance(action, ChooseDie) and s.step == "turn":
            if not 1 <= action.die <= 6 or p.ports[action.die - 1] == 0:
                raise IllegalAction(f"no die on port {action.die}", rule="SS-DEP-04")
            if action.die == p.fresh and p.ports[action.die - 1] == 1:
                raise IllegalAction("the auxiliary die cannot be deployed on the turn it is gained", rule="SS-AUX-03")
            if not 1 <= action.value <= 6:
                raise IllegalAction("die values never leave 1..6", rule="SS-DEP-07")
            if not action.crew and abs(action.value - action.die) > p.active:
                raise IllegalAction("one active drone per step of change is needed", rule="SS-DEP-06")
        if isinstance(action, Visit) and s.step == "visit" and action.location in self.c.loc_index:
            loc = self.c.loc_index[action.location]
            if s.chosen not in self.c.loc_accepts[loc]:
                raise IllegalAction(f"a {s.chosen} cannot visit {action.location}", rule="SS-DEP-05")
            if s.loc_dice[loc] and p.active < 1:
                raise IllegalAction("an occupied location needs an active drone to exhaust", rule="SS-DEP-11")
            raise IllegalAction("nothing could be done there after the visit", rule="SS-AMB-15")
        if isinstance(action, TakeKickbacks) and s.step == "turn":
            if s.kicked:
                raise IllegalAction("kickbacks are taken once per turn", rule="SS-KB-01")
            raise IllegalAction("kickbacks move the morale marker back onto a spanner space", rule="SS-KB-02")

    def resolve(self, u, action, rng) -> None:
        s: SolarState = u.state
        if s.tasks and type(action) is Choose:
            self.answer(u, s.tasks[-1], action.option, rng)
        else:
            self.on_decision[type(action)](self, u, s, action)
        self.advance(u, rng)

    def _visit_choice(self, u, s: SolarState, action: Choose) -> None:
        seat = action.player
        if action.option == "satellite":                              # SS-DEP-14, SS-DRN-08, SS-DRN-09
            u.emit(SatelliteMoved(player=seat, location=s.visiting, launch=True))
            u.emit(TurnEnded(player=seat))
        else:                                                         # SS-DEP-16
            u.emit(StepSet(step="acting"))
            take_action(u, seat, s.visiting, s.chosen)

    def _attack(self, u, s: SolarState, action: Attack) -> None:
        do_attack(u, s.tasks[-1], action.ship, action.drones)

    def _kickbacks(self, u, s: SolarState, action: TakeKickbacks) -> None:
        """SS-KB-03, SS-KB-04, SS-KB-05, SS-KB-06: counted, then chosen one by one."""
        seat = action.player
        before = s.p[seat - 1].morale
        n = kickbacks_for(self, before, action.to, s.p[seat - 1].rep)
        u.emit(MoraleChanged(player=seat, delta=action.to - before))   # SS-KB-08: no underflow
        push(u, Task(kind="kickback", player=seat, n=n))

    def _use_crew(self, u, s: SolarState, action: UseCrew) -> None:
        crew_mod.use(u, action.player, self.c.crew_index[action.card])

    def _choose_die(self, u, s: SolarState, action: ChooseDie) -> None:
        if action.crew:                                               # SS-ALM-11
            p = s.p[action.player - 1]
            card = next(c for c, used in zip(p.crew, p.used, strict=True)
                        if not used and self.c.crew[c].action == "set_die")
            u.emit(CrewUsed(player=action.player, card=card))

    def _visit(self, u, s: SolarState, action: Visit) -> None:
        loc = self.c.loc_index[action.location]
        u.emit(DieDeployed(player=action.player, location=loc, occupied=s.loc_dice[loc] > 0))   # SS-DEP-09, SS-DEP-10

    def _discard(self, u, s: SolarState, action: DiscardDie) -> None:
        """SS-DEP-19, SS-DEP-20: the die is out of play until Recover; 1 morale."""
        gain_morale(u, action.player, 1, "discard")
        u.emit(TurnEnded(player=action.player))

    def _end_turn(self, u, s: SolarState, action: EndTurn) -> None:
        u.emit(TurnEnded(player=action.player))

    on_decision = {Choose: _visit_choice, Attack: _attack, TakeKickbacks: _kickbacks, UseCrew: _use_crew,
                   ChooseDie: _choose_die, Visit: _visit, DiscardDie: _discard, EndTurn: _end_turn}

    def answer(self, u, t: Task, option: str, rng) -> None:
        """The chosen option of an open task, dispatched on the task's kind."""
        if t.kind == "attack":
            u.emit(TaskDone())
        elif t.kind == "reroll":
            battle_mod.reroll_choice(u, t, option, rng)
        else:
            ANSWERS[t.kind](u, t, option)

    # -- information ---------------------------------------------------------------------------
    def view(self, s: SolarState, player: int | None) -> SolarState:  # noqa: ARG002
        """Deck orders and face-down hexes are hidden from everyone (SS-SET-05, SS-SET-14)."""
        d = None if s.d is None else msgspec.structs.replace(s.d, deck=[-1] * len(s.d.deck))
        return msgspec.structs.replace(          # shallow: agents copy a view before changing it
            s, res_deck=[-1] * len(s.res_deck), crew_decks=[[-1] * len(x) for x in s.crew_decks], d=d,
            hex_at=s.shown)

    def hidden_variant(self, s: SolarState, player: int | None, rng) -> SolarState:
        v = s.copy()
        v.res_deck = rng.shuffled(s.res_deck)
        v.crew_decks = [rng.shuffled(d) for d in s.crew_decks]
        down = [i for i, f in enumerate(s.face_down) if f]
        for slot, h in zip(down, rng.shuffled([s.hex_at[i] for i in down]), strict=True):
            v.hex_at[slot] = h
        if v.d is not None:
            v.d.deck = rng.shuffled(s.d.deck)
        return v

    def visible(self, e, player: int | None):
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

    def outcome(self, s: SolarState) -> Outcome | None:
        if s.phase != "over":
            return None
        if s.dseat:                                   # SS-SOLO-01, SS-AMB-50
            return Outcome(scores=(s.outcome[0],), winners=winners(s), note=f"DRANDA scored {s.outcome[1]}")
        return Outcome(scores=tuple(s.outcome), winners=winners(s))

    def invariants(self):
        from solar_sphere.invariants import INVARIANTS
        return {k: (lambda st, f=f: f(st, self)) for k, f in INVARIANTS.items()}

    def evaluate(self, s: SolarState, player: int) -> float:
        from solar_sphere.evaluate import evaluate
        return evaluate(self, s, player)

    def render(self, s: SolarState, player: int | None):
        from solar_sphere.render import render
        return render(self, s, player)

    def final_estimate(self, s: SolarState, seat: int) -> int:
        f = final_parts(s, self, seat)
        return f.sphere + f.factions + f.reputation + f.morale + f.halves + f.supply


__all__ = ["SolarSphere", "SolarConfig", "DECISIONS"]


ANSWERS = {"gain": do_storage, "gain_any": do_gain_any, "fabricate": do_recall, "salvage": do_salvage,
           "kickback": do_kickback, "build": do_build, "hire": crew_mod.hire_choice, "retire": crew_mod.retire,
           "bonus": crew_mod.bonus_choice, "refresh": crew_mod.refresh_choice}
"""Task kind -> the function that carries out the option chosen for it."""
