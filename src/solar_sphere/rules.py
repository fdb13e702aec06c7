"""The Rules object: setup, prompts and legal actions, decide (through `resolve`) and the
automatic flow of the round (Dock -> Deploy -> Battle -> Recover, SS-FLOW-02)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from boardcore.errors import BoardcoreError, IllegalAction
from boardcore.rules import Game, Outcome

from solar_sphere import battle as battle_mod
from solar_sphere import crew as crew_mod
from solar_sphere.command import (KICKBACK_OPTIONS, auto_task, do_gain_any, do_kickback, do_recall, do_salvage,
                                  do_storage, gain_morale, kickbacks_for, push, recall_options, refresh_targets,
                                  salvage_options, storage_options)
from solar_sphere.components import KINDS, Components, load_components
from solar_sphere.dock import dock
from solar_sphere.events import (DECISIONS, EVENTS, HANDLERS, Attack, ChooseDie, Choose, CrewDeckShuffled, CrewRevealed,
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

VERSION = "1"


class SolarConfig(msgspec.Struct, frozen=True, kw_only=True):
    """`players` 2-4, or 1 for the DRANDA solo mode at `level` 1-3 (SS-GEN-01, SS-SOLO-02)."""

    players: int = 2
    level: int = 3


class _Setup:
    """An Unfolding without a decision, for the setup facts."""

    def __init__(self, rules, state) -> None:
        self.rules, self.state, self.events = rules, state, []

    def emit(self, *facts):
        for fact in facts:
            self.events.append(fact)
            self.state = self.rules.evolve(self.state, fact)
        return self.state


class SolarSphere(Game):
    name = "solar-sphere"
    version = VERSION
    config_type = SolarConfig
    state_type = SolarState
    events = EVENTS
    min_players, max_players = 1, 4
    handlers = HANDLERS

    def __init__(self, components: Components | None = None) -> None:
        self.c = components or load_components()
        self.data_id, self.data_sha256 = self.c.data_id, self.c.sha256

    def with_data(self, folder: Any) -> SolarSphere:
        """`--data DIR`: these rules on replacement component data (validated by components.py)."""
        return SolarSphere(load_components(Path(folder)))

    def copy(self, s: SolarState) -> SolarState:
        return s.copy()

    # -- the table -------------------------------------------------------------------------
    def initial(self, config: SolarConfig) -> SolarState:
        """SS-SET-20..30: the empty table before anything is shuffled."""
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
                       builder=[0] * 18, hex_at=list(range(18)), face_down=[False] * 18)
        if solo:
            s.d = DrandaState(supply=self.c.levels.drones, factions=[0, 0, 0, 0], opaque=[0, 0, 0])
        return s

    def setup(self, state: SolarState, rng) -> list:
        """SS-SET-01..31 (and SS-DRSET-01..11 in solo), then round 1's Dock."""
        u = _Setup(self, state)
        s = state
        c = self.c
        key = str(s.players)
        order = rng.shuffled(range(18))                                  # SS-SET-02/03/04
        down = sorted(rng.sample(range(18), c.data.sphere.face_down[key]))
        u.emit(SphereLaid(hexes=tuple(order), face_down=tuple(down)))    # SS-SET-05/06
        u.emit(ScoringCardDrawn(card=rng.randbelow(len(c.scoring))))     # SS-SET-11
        deck = []                                                        # SS-SET-12/13
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
        """Run every automatic step until someone must decide or the game is over."""
        while True:
            s: SolarState = u.state
            if s.phase == "over":
                return
            if s.tasks:
                t = s.tasks[-1]
                if auto_task(u, t, rng):
                    continue
                if not self.task_options(s, t):
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
                if battle_mod.final_round(s):                     # SS-END-01/02, SS-FLOW-05
                    final_scoring(u)
                    return
                u.emit(PhaseStarted(phase="recover"))
            elif s.phase == "recover":
                recover(u, rng)
            else:
                return

    @staticmethod
    def next_seat(s: SolarState) -> int:
        """SS-DEP-01/03: the next seat in turn order that still has a die to deploy."""
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
        if kind == "attack":
            return ["done"]
        if kind == "refresh":
            return [self.c.crew[card].id for card in refresh_targets(s, t.player, self)]
        if kind == "reroll":
            return ["reroll", "pass"]
        return []

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
            t = s.tasks[-1]
            acts = [Choose(player=t.player, option=o) for o in self.task_options(s, t)]
            if t.kind == "attack":
                acts = [Attack(player=t.player, ship=pos, drones=n) for pos, n in attack_options(s, t)] + acts
            return acts
        seat = s.turn
        if not seat:
            return []
        p = s.p[seat - 1]
        if s.step == "turn":
            return self.turn_actions(s, seat, p)
        if s.step == "visit":
            return [Visit(player=seat, location=self.c.locations[loc]) for loc in range(8)
                    if self.visit_ok(s, seat, loc, s.chosen, p.active, p.inactive)]
        if s.step == "act":
            return self.act_actions(s, seat, p)
        if s.step == "after":
            return [UseCrew(player=seat, card=self.c.crew[c].id)
                    for c in crew_mod.usable(s, self, seat, crew_mod.GENERAL)] + [EndTurn(player=seat)]
        return []

    def turn_actions(self, s: SolarState, seat: int, p: PlayerState) -> list:
        """The start of a Deploy turn (SS-DEP-02): kickbacks, crew, a die to deploy, or a discard."""
        acts: list = []
        if not s.kicked:                                                  # SS-KB-01/02
            acts += [TakeKickbacks(player=seat, to=sp) for sp in self.c.cmd.spanners if sp < p.morale]
        acts += [UseCrew(player=seat, card=self.c.crew[c].id) for c in crew_mod.usable(s, self, seat, crew_mod.GENERAL)]
        setter = any(not used and self.c.crew[c].action == "set_die" for c, used in zip(p.crew, p.used, strict=True))
        ok: dict[tuple[int, int], bool] = {}
        dice = [v for v in range(1, 7) if p.ports[v - 1] - (1 if p.fresh == v else 0) > 0]
        for v in dice:
            for t in range(1, 7):
                cost = abs(t - v)
                if cost <= p.active:                                      # SS-DEP-06/07
                    key = (t, cost)
                    if key not in ok:
                        ok[key] = self.any_visit(s, seat, t, p.active - cost, p.inactive + cost)
                    if ok[key]:
                        acts.append(ChooseDie(player=seat, die=v, value=t))
                if setter and t != v:                                     # SS-ALM-11
                    key = (t, 0)
                    if key not in ok:
                        ok[key] = self.any_visit(s, seat, t, p.active, p.inactive)
                    if ok[key]:
                        acts.append(ChooseDie(player=seat, die=v, value=t, crew=True))
        acts += [DiscardDie(player=seat, die=v) for v in dice]            # SS-DEP-19
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
        return acts

    def can_act(self, s, seat, loc, value, active, inactive) -> bool:
        """SS-AMB-15 (see locations.can_act), with the Sphere and Crew Station checks memoised
        per state because they do not depend on the die."""
        kind = self.c.loc[loc].kind
        p = s.p[seat - 1]
        if kind in ("asteroid", "fabricator", "salvage"):
            return True
        if kind == "sphere":
            if active < 1:
                return False
            return bool(buildable(s, self, seat, 6 if p.sats[loc] else value))
        if kind == "crew":
            return can_hire(s, self, seat, p.sats[loc])
        if kind == "fleet":
            reach = active + (min(2, inactive) if p.sats[loc] else 0)
            return p.store[2] >= 1 and reach >= 1 and any(x is not None for x in s.fleet)
        return False

    def visit_ok(self, s, seat, loc, value, active, inactive) -> bool:
        """SS-DEP-05, SS-DEP-09..11, SS-DEP-13, SS-AMB-15, SS-AMB-36."""
        if value not in self.c.loc_accepts[loc]:
            return False
        if s.loc_dice[loc]:
            if active < 1:
                return False
            active -= 1
            inactive += 1
        if active >= 1 and not s.p[seat - 1].sats[loc]:
            return True
        return self.can_act(s, seat, loc, value, active, inactive)

    def any_visit(self, s, seat, value, active, inactive) -> bool:
        return any(self.visit_ok(s, seat, loc, value, active, inactive) for loc in range(8))

    # -- decide ------------------------------------------------------------------------------
    def explain_illegal(self, s: SolarState, action) -> None:
        """Name the rule an illegal action breaks, where one clearly applies."""
        seat = action.player
        if s.phase == "over":
            raise IllegalAction("the game is over", rule="SS-INV-26")
        if seat not in self.to_act(s):
            raise IllegalAction(f"it is not P{seat}'s turn", rule="SS-DEP-01")
        p = s.p[seat - 1]
        if isinstance(action, ChooseDie):
            if p.ports[action.die - 1] == 0:
                raise IllegalAction(f"no die on port {action.die}", rule="SS-DEP-04")
            if action.die == p.fresh and p.ports[action.die - 1] == 1:
                raise IllegalAction("the auxiliary die cannot be deployed on the turn it is gained", rule="SS-AUX-03")
            if not 1 <= action.value <= 6:
                raise IllegalAction("die values never leave 1..6", rule="SS-DEP-07")
            if not action.crew and abs(action.value - action.die) > p.active:
                raise IllegalAction("one active drone per step of change is needed", rule="SS-DEP-06")
        if isinstance(action, Visit) and action.location in self.c.loc_index:
            loc = self.c.loc_index[action.location]
            if s.chosen not in self.c.loc_accepts[loc]:
                raise IllegalAction(f"a {s.chosen} cannot visit {action.location}", rule="SS-DEP-05")
            if s.loc_dice[loc] and p.active < 1:
                raise IllegalAction("an occupied location needs an active drone to exhaust", rule="SS-DEP-11")
            raise IllegalAction("nothing could be done there after the visit", rule="SS-AMB-15")
        if isinstance(action, TakeKickbacks):
            if s.kicked:
                raise IllegalAction("kickbacks are taken once per turn", rule="SS-KB-01")
            raise IllegalAction("kickbacks move the morale marker back onto a spanner space", rule="SS-KB-02")
        if isinstance(action, Choose) and s.tasks and s.tasks[-1].kind == "salvage" and action.option.startswith("decommission"):
            raise IllegalAction("one drone per matrix row per decommission action, into a row with room",
                                rule="SS-DRN-17")
        if isinstance(action, Choose) and s.tasks and s.tasks[-1].kind == "retire":
            raise IllegalAction("the crew member just hired cannot be retired", rule="SS-CREW-09")
        if isinstance(action, Attack):
            raise IllegalAction("each attack needs 1 crystal and 1 or more active drones", rule="SS-FLT-04")

    def resolve(self, u, action, rng) -> None:
        s: SolarState = u.state
        seat = action.player
        if isinstance(action, Choose) and s.tasks:
            self.answer(u, s.tasks[-1], action.option, rng)
        elif isinstance(action, Choose):                                  # the visit's choice
            if action.option == "satellite":                              # SS-DEP-14
                u.emit(SatelliteMoved(player=seat, location=s.visiting, launch=True))
                u.emit(TurnEnded(player=seat))
            else:                                                         # SS-DEP-16
                u.emit(StepSet(step="acting"))
                take_action(u, seat, s.visiting, s.chosen)
        elif isinstance(action, Attack):
            do_attack(u, s.tasks[-1], action.ship, action.drones)
        elif isinstance(action, TakeKickbacks):                           # SS-KB-03..06
            before = s.p[seat - 1].morale
            n = kickbacks_for(self, before, action.to, s.p[seat - 1].rep)
            u.emit(MoraleChanged(player=seat, delta=action.to - before))   # SS-KB-08: no underflow
            push(u, Task(kind="kickback", player=seat, n=n))
        elif isinstance(action, UseCrew):
            crew_mod.use(u, seat, self.c.crew_index[action.card])
        elif isinstance(action, ChooseDie):
            if action.crew:                                               # SS-ALM-11
                p = s.p[seat - 1]
                card = next(c for c, used in zip(p.crew, p.used, strict=True)
                            if not used and self.c.crew[c].action == "set_die")
                u.emit(CrewUsed(player=seat, card=card))
        elif isinstance(action, Visit):
            loc = self.c.loc_index[action.location]
            u.emit(DieDeployed(player=seat, location=loc, occupied=s.loc_dice[loc] > 0))   # SS-DEP-09/10
        elif isinstance(action, DiscardDie):                              # SS-DEP-19/20
            gain_morale(u, seat, 1, "discard")
            u.emit(TurnEnded(player=seat))
        elif isinstance(action, EndTurn):
            u.emit(TurnEnded(player=seat))
        self.advance(u, rng)

    def answer(self, u, t: Task, option: str, rng) -> None:
        kind = t.kind
        if kind == "gain":
            do_storage(u, t, option)
        elif kind == "gain_any":
            do_gain_any(u, t, option)
        elif kind == "fabricate":
            do_recall(u, t, option)
        elif kind == "salvage":
            do_salvage(u, t, option)
        elif kind == "kickback":
            do_kickback(u, t, option)
        elif kind == "build":
            do_build(u, t, option)
        elif kind == "hire":
            crew_mod.hire_choice(u, t, option)
        elif kind == "retire":
            crew_mod.retire(u, t, option)
        elif kind == "bonus":
            crew_mod.bonus_choice(u, t, option)
        elif kind == "attack":
            u.emit(TaskDone())
        elif kind == "refresh":
            crew_mod.refresh_choice(u, t, option)
        elif kind == "reroll":
            battle_mod.reroll_choice(u, t, option, rng)

    # -- information ---------------------------------------------------------------------------
    def view(self, s: SolarState, player: int | None) -> SolarState:
        """Deck orders and face-down hexes are hidden from everyone (SS-SET-05, SS-SET-14)."""
        v = s.copy()
        v.res_deck = [-1] * len(s.res_deck)
        v.crew_decks = [[-1] * len(d) for d in s.crew_decks]
        v.hex_at = [-1 if down else h for h, down in zip(s.hex_at, s.face_down, strict=True)]
        if v.d is not None:
            v.d.deck = [-1] * len(s.d.deck)
        return v

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
        if s.dseat:
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
