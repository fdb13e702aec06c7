"""The Rules object: setup, prompts and their legal actions, decide, evolve, views, result.

Every decision answers the open prompt (`state.prompt`); `decide` lets the prompt's
handler emit the facts that follow, then `turn.advance` runs the automatic steps
(phases, automa turns, end of game) until someone must decide again.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore.errors import BoardcoreError, IllegalAction
from boardcore.rules import Game, Unfolding

from warlords import actions, invasion, queries as q, reputation, solo, support, team, turn
from warlords import events as ev
from warlords import scoring
from warlords import setup as table
from warlords.components import Components, load
from warlords.evolve import handlers
from warlords.prompt import ask
from warlords.state import WarlordsConfig, WarlordsState, teammate


class Warlords(Game):
    """Galactic Warlords: 2-3 players, 2 vs 2 for 4, and solo against the Rebellion."""

    name = "warlords"
    version = "1.1"  # 1.1: the Rebellion's turn resets the support-card limit (GW-AMB-26)
    config_type = WarlordsConfig
    state_type = WarlordsState
    events = ev.EVENTS
    min_players, max_players = 1, 4

    def __init__(self, components: Components | None = None) -> None:
        self.c = components or load()
        self.data_id, self.data_sha256 = self.c.data_id, self.c.sha256
        self.handlers = handlers(self.c)
        self.prompts = self._prompts()
        self._seen_cache = None

    def with_data(self, folder: Any) -> Warlords:
        return Warlords(load(folder))

    # -- the table ----------------------------------------------------------------
    def initial(self, config: WarlordsConfig) -> WarlordsState:
        self.check_players(config.players)
        if config.mode not in ("", "teams", "ffa") or (config.mode == "teams" and config.players != 4):
            raise BoardcoreError(f"mode {config.mode!r} is not available for {config.players} players")
        if config.mission not in ("per_planet", "per_mercenary") or config.level not in ("standard", "hard"):
            raise BoardcoreError("mission must be per_planet or per_mercenary; level standard or hard")
        return table.initial(self.c, config)

    def setup(self, state: WarlordsState, rng) -> list:
        """GW-SET-01..20 (multiplayer) or GW-SSET-01..14 (solo), then the first prompt."""
        e = Unfolding.over(self, state)
        if state.mode == "solo":
            e.emit(*solo.setup(self.c, state, rng, state.level), ev.PhaseStarted(phase="keep"))
        else:
            e.emit(*table.facts(self.c, state, rng))
        turn.advance(self.c, e, rng)
        return e.events

    def copy(self, state: WarlordsState) -> WarlordsState:
        return state.copy()

    def evolve(self, state: WarlordsState, event) -> WarlordsState:
        """Every event has a handler (a decision closes the prompt), so no fallback is needed."""
        return self.handlers[type(event)](state, event)

    # -- prompts --------------------------------------------------------------------
    def to_act(self, s: WarlordsState) -> tuple[int, ...]:
        if s.over or s.prompt is None:
            return ()
        if s.prompt.kind == "exchange":
            return team.to_act(s)
        return (s.prompt.player,)

    def legal_actions(self, s: WarlordsState) -> list:
        if s.over or s.prompt is None:
            return []
        return self.prompts[s.prompt.kind][0](s, s.prompt.player)

    def is_legal(self, s: WarlordsState, a) -> bool:
        """Membership in `legal_actions`, decided without building the whole list where that is
        costly (the Action Phase menu); the same predicates either way."""
        if s.over or s.prompt is None:
            return False
        if s.prompt.kind == "action" and a.player == s.prompt.player:
            if isinstance(a, ev.Pass):
                return True
            if isinstance(a, ev.ChooseAction):
                actions = self.c.mercs[s.played].actions if s.played else ()
                return (0 <= a.slot < len(actions) and actions[a.slot] == a.action and a.slot not in s.used
                        and q.playable(self.c, s, a.player, a.action, "card"))
        return a in self.legal_actions(s)

    def decide(self, state: WarlordsState, action, rng) -> list:
        if not self.is_legal(state, action):
            self.explain_illegal(state, action)
            raise IllegalAction(f"{self.format_action(action)} is not a legal action now")
        kind = state.prompt.kind
        u = Unfolding(self, state, action)
        try:
            self.prompts[kind][1](self.c, u, action, rng)
            turn.advance(self.c, u, rng)
        except (KeyError, IndexError, ValueError) as exc:
            if "" in state.deck or "" in state.sdeck or "" in state.rebel_deck:  # a player's view
                raise IllegalAction(f"cannot foresee this from a player's view ({exc!r})") from None
            raise
        return u.events

    def explain_illegal(self, s: WarlordsState, a) -> None:
        """Name the rule an illegal action breaks, where it is a common mistake."""
        if s.over:
            raise IllegalAction("the game is over", rule="GW-END-06")
        if s.prompt is None or a.player not in self.to_act(s):
            raise IllegalAction(f"P{a.player} is not the one to act now", rule="GW-INV-25")
        if isinstance(a, ev.MoveShip) and a.sector == s.ships[a.player - 1]:
            raise IllegalAction("the Base Ship must move to a different sector", rule="GW-SHIP-01")
        if isinstance(a, ev.MoveShip):
            raise IllegalAction(f"{a.sector} is not adjacent, a recon sector, or has no room", rule="GW-SHIP-02")
        if isinstance(a, ev.DeployUnits) and a.infantry + a.tanks + a.aircraft > self.c.limit:
            raise IllegalAction("at most 3 units of one player on a planet", rule="GW-DEP-03")
        if isinstance(a, ev.TargetPlanet) and s.ctx and s.ctx[-1].kind in ("deploy", "deploy_only"):
            if not s.revealed[a.planet]:
                raise IllegalAction("a face-down planet cannot be targeted", rule="GW-DEP-08")
            if s.ctx[-1].kind == "deploy_only" and s.owner[a.planet] not in (0, a.player):
                raise IllegalAction("Deploy Only cannot start an invasion", rule="GW-DONLY-01")
            raise IllegalAction("that planet is out of reach of this deploy", rule="GW-SHIP-11")
        if isinstance(a, ev.Wound):
            raise IllegalAction("only an unguarded, unwounded mercenary of an opponent with 2+ in play",
                                rule="GW-ASN-02")
        if isinstance(a, ev.PlaySupport) and s.support_played[a.player - 1]:
            raise IllegalAction("one support card per turn", rule="GW-SUP-03")

    def _prompts(self) -> dict:
        c = self.c

        def ctx(s):
            return s.ctx[-1]

        def planet_opts(s, p):
            x = ctx(s)
            if x.kind in ("deploy", "deploy_only"):
                return actions.deploy_planet_options(c, s, p, x)
            targets = q.bombard_targets(s, p) if x.kind == "bombard" else q.orbital_targets(s)
            return [ev.TargetPlanet(player=p, planet=i) for i in targets]

        def casualty_opts(s, p):
            if s.inv is not None and s.inv.stage in ("cas_att", "cas_def"):
                return invasion.casualty_options(s, s.inv)
            x = ctx(s)
            return [ev.Casualties(player=p, infantry=i, tanks=t, aircraft=a)
                    for i, t, a in actions.loss_groups(s.pu[x.planet], x.n)]

        def on_casualties(c_, u, a, rng):
            if u.state.inv is not None:
                invasion.on_casualties(c_, u, a, rng)
            else:
                actions.on_bombard_casualties(c_, u, a, rng)

        def pay_opts(s, p):
            return [ev.PayWith(player=p, unit="infantry"), ev.PayWith(player=p, unit="aircraft")]

        def bonus_opts(s, p):
            return [ev.Pass(player=p)] + [ev.Bonus(player=p, choice=x) for x in reputation.bonus_options(c, s, p)]

        def skill_opts(s, p):
            return [ev.Pass(player=p), ev.UseSkill(player=p, colour=turn.skill_colour(c, s, p))]

        def give_opts(s, p):
            return [ev.GiveCard(player=p, card=x) for x in s.hands[p - 1] if x != s.taken]

        def swap_opts(s, p):
            return [ev.SoloSwap(player=p, discard=d, take=t) for d in s.hands[p - 1] for t in s.market]

        return {
            "keep": (lambda s, p: [ev.Discard(player=p, card=x) for x in s.hands[p - 1]], on_keep),
            "recall": (lambda s, p: [ev.Pass(player=p)] + turn.recall_options(s, p), turn.on_recall),
            "ship": (lambda s, p: [ev.MoveShip(player=p, sector=x) for x in turn.ship_destinations(c, s, p)],
                     turn.on_move),
            "tactical": (lambda s, p: [ev.Pass(player=p), ev.UseTactical(player=p)], turn.on_tactical),
            "play": (lambda s, p: turn.play_options(s, p), turn.on_play),
            "guard": (lambda s, p: [ev.Pass(player=p), ev.PlaceGuard(player=p)], turn.on_guard),
            "skill": (skill_opts, turn.on_skill),
            "action": (lambda s, p: turn.action_options(c, s, p), turn.on_action_choice),
            "hire": (lambda s, p: turn.hire_options(s, p), turn.on_hire),
            "bonus": (bonus_opts, reputation.take_bonus),
            "pay": (pay_opts, actions.on_pay),
            "planet": (planet_opts, actions.on_planet),
            "units": (lambda s, p: actions.deploy_unit_options(c, s, p, ctx(s)), actions.on_units),
            "assassinate": (lambda s, p: actions.assassinate_options(s, p), actions.on_assassinate),
            "remove_pre": (lambda s, p: actions.remove_pre_options(c, s, p), actions.on_remove_pre),
            "victim": (lambda s, p: [ev.TargetPlayer(player=p, target=t) for t in q.subterfuge_victims(s, p)],
                       actions.on_victim),
            "subterfuge": (lambda s, p: [ev.SubterfugeOption(player=p, option=x)
                                         for x in actions.subterfuge_choices(c, s, p)], actions.on_option),
            "give": (give_opts, actions.on_give),
            "borrow": (lambda s, p: [ev.BorrowAction(player=p, card=x, action=y)
                                     for x, y in actions.borrow_options(c, s, p, ctx(s))], actions.on_borrow),
            "swap": (swap_opts, actions.on_swap),
            "sector": (lambda s, p: [ev.ChooseSector(player=p, sector=x) for x in actions.recon_sectors(c, s)],
                       actions.on_sector),
            "recon": (lambda s, p: actions.recon_options(c, s, p), actions.on_recon),
            "casualties": (casualty_opts, on_casualties),
            "reinforce": (lambda s, p: invasion.reinforce_options(c, s, s.inv), invasion.on_reinforce),
            "reroll": (lambda s, p: invasion.reroll_options(s, s.inv), invasion.on_reroll),
            "evacuate": (lambda s, p: [ev.Pass(player=p), ev.Evacuate(player=p)], invasion.on_evacuate),
            "blockade": (lambda s, p: support.block_options(c, s, p), support.on_block),
            "exchange": (lambda s, p: team.exchange_options(s), team.on_pick),
            "switch": (lambda s, p: team.switch_options(c, s, p), team.on_switch),
            "transfer": (lambda s, p: team.transfer_options(s, p), team.on_transfer),
        }

    # -- information ------------------------------------------------------------------
    def view(self, s: WarlordsState, player: int | None) -> WarlordsState:
        """GW-SET-20, GW-AMB-65, GW-RCN-11: hands, deck orders, face-down planets (unless
        peeked by `player`), the kind of others' recon markers and secret picks are hidden."""
        v = s.copy()
        seen = s.peeked[player - 1] if player else ()
        if not all(s.revealed):
            v.planet_type = self._face_down(s.planet_type, s.revealed, seen)
        v.box_tiles = [""] * len(s.box_tiles)
        v.deck = [""] * len(s.deck)
        v.sdeck = [""] * len(s.sdeck)
        v.rebel_deck = [""] * len(s.rebel_deck)
        v.rebel_removed = [""] * len(s.rebel_removed)
        v.removed_unseen = [""] * len(s.removed_unseen)
        v.rep_leftover = ""
        if any(x for r in s.recon for x in r):
            v.recon = [x if p == player else sorted(x) for p, x in enumerate(s.recon, 1)]
        for p in range(1, s.seats + 1):
            if p != player:
                v.hands[p - 1] = [""] * len(s.hands[p - 1])
                v.support_hands[p - 1] = [""] * len(s.support_hands[p - 1])
        if s.taken and not (player == s.active or (s.ctx and player == s.ctx[-1].target)):
            v.taken = "?"
        if s.mode == "solo":
            v.exchange = s.exchange[:] if player == 1 else ["?" if x else x for x in s.exchange]
        else:
            mine = 0 if player == s.active else (1 if player and player == teammate(s, s.active) else -1)
            v.exchange = [x if k == mine or not x else "?" for k, x in enumerate(s.exchange)]
        return v

    def _face_down(self, types: list, revealed: list, seen) -> list:
        """The planet types a player may see; cached on the (copy-on-write, hence unchanged while
        shared) lists it depends on, which the cache keeps alive so identities stay unique."""
        cached = self._seen_cache
        if cached is not None and cached[0] is types and cached[1] is revealed and cached[2] == tuple(seen):
            return cached[3]
        out = [t if r else "" for t, r in zip(types, revealed)]
        for i in seen:
            out[i] = types[i]
        self._seen_cache = (types, revealed, tuple(seen), out)
        return out

    def hidden_variant(self, s: WarlordsState, player: int | None, rng) -> WarlordsState:
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
        return v

    def visible(self, e, player: int | None):
        """A log line as `player` may read it (GW-AMB-65)."""
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
        if isinstance(e, (ev.ReconPlaced, ev.PlaceRecon)) and e.player != player:
            return blank(e, kind="")
        if isinstance(e, ev.ReconReturned) and not e.used and e.player != player:
            return blank(e, kind="")
        if isinstance(e, ev.TeamExchanged) and player not in (e.player, e.mate):
            return blank(e, given="", received="")
        return e

    def outcome(self, s: WarlordsState):
        return scoring.outcome(s)

    def invariants(self):
        from warlords.invariants import INVARIANTS
        c = self.c
        return {k: (lambda f: lambda s: f(c, s))(f) for k, f in INVARIANTS.items()}

    def evaluate(self, s: WarlordsState, player: int) -> float:
        from warlords.evaluate import evaluate
        return evaluate(self.c, s, player)

    def render(self, s: WarlordsState, player: int | None) -> str:
        from warlords.render import render
        return render(self.c, self.view(s, player), player)


def on_keep(c, u, a, rng) -> None:
    """GW-SSET-09/10: keep 3 of 5; the other 2 go back and the deck is reshuffled; then the
    Market of 3, and the Rebellion opens the first round (GW-REB-01)."""
    s = u.state
    u.emit(ev.SetAside(player=a.player, card=a.card))
    if len(s.hands[0]) > c.data.table.solo_hand_kept:
        ask(u, 1, "keep")
        return
    aside = tuple(s.exchange)
    u.emit(ev.CardsReturned(player=1, cards=aside, order=tuple(rng.shuffled(s.deck + list(aside)))))
    u.emit(ev.MarketFilled(cards=tuple(s.deck[:c.data.table.solo_market])), ev.PhaseStarted(phase="rebel"))
