"""Toy Pig: the smallest game that exercises what boardcore must handle.

Dice (Pig), a hidden hand, and a simultaneous step (every round opens with a
secret card pick). Rules:

- TOY-01 Setup: the cards 1..9 are shuffled; each player is dealt `rounds` cards.
- TOY-02 A round opens with a simultaneous step: each player secretly picks one
  card from their own hand.
- TOY-03 On a pig turn a player rolls or holds; holding needs a running total above 0.
- TOY-04 When everyone has picked, the picks are revealed; the highest card starts
  the pig phase (ties: lower player number) and turns go round from there.
- TOY-05 A roll of 1 loses the turn's running total and passes the turn; any other
  value is added to it.
- TOY-06 Holding banks the running total into the player's score and passes the turn.
- TOY-07 The round ends when every player has had one pig turn.
- TOY-08 The game ends after the last round, or at once when a banked score reaches
  `target`; the top scores win.
"""

from __future__ import annotations

import msgspec

from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.events import Decision, Fact
from boardcore.game.rules import Game, Outcome, Standing
from boardcore.game.spaces import Field, Observation

CARDS = tuple(range(1, 10))
DIE = 6
PICK, PIG, DONE, OVER = "pick", "pig", "done", "over"
PHASES = ("setup", PICK, PIG, DONE, OVER)


class ToyPigConfig(msgspec.Struct, frozen=True, kw_only=True):
    players: int = 2
    rounds: int = 3
    target: int = 30


class ToyPigState(msgspec.Struct, kw_only=True):
    players: int
    rounds: int
    target: int
    phase: str = "setup"          # setup, pick, pig, done (rounds over), over
    round: int = 0
    deck: list[int] = []          # undealt cards, top first
    hands: list[list[int]] = []
    picks: list[int] = []         # this round's face-down picks, 0 = not yet picked
    played: list[int] = []        # revealed picks of every round
    turn: int = 0                 # the pig player, 0 outside the pig phase
    turns_left: int = 0
    running: int = 0
    scores: list[int] = []


# -- events: decisions, then the facts that follow them ---------------------
class CardPicked(Decision):
    """TOY-02: a card from the player's own hand, face down."""
    card: int


class Roll(Decision):
    """TOY-05: roll the die."""


class Hold(Decision):
    """TOY-06: bank the running total."""


class DeckShuffled(Fact):
    """TOY-01: the new order of the cards, top first."""
    reveals = True
    order: tuple[int, ...]


class HandDealt(Fact):
    """TOY-01: the next `rounds` cards from the top, to one player."""
    reveals = True
    player: int
    cards: tuple[int, ...]


class CardsRevealed(Fact):
    """TOY-04: every player's pick, in player order."""
    reveals = True
    picks: tuple[int, ...]


class DieRolled(Fact):
    """TOY-05: the value rolled, 1..6."""
    reveals = True
    value: int


class RoundEnded(Fact):
    """TOY-07: every player has had a pig turn this round."""
    round: int


class GameEnded(Fact):
    """TOY-08: the final banked scores."""
    scores: tuple[int, ...]


# -- evolve: one handler per event ----------------------------------------
def _pass_turn(s: ToyPigState) -> None:
    s.running = 0
    s.turns_left -= 1
    s.turn = s.turn % s.players + 1 if s.turns_left else 0


def _shuffled(s, e: DeckShuffled):
    s.deck = list(e.order)
    return s


def _dealt(s, e: HandDealt):
    """TOY-01: the hand leaves the deck; the last hand opens round 1."""
    for card in e.cards:
        s.deck.remove(card)
    s.hands[e.player - 1] = list(e.cards)
    if e.player == s.players:
        s.phase, s.round = PICK, 1
    return s


def _picked(s, e: CardPicked):
    s.hands[e.player - 1].remove(e.card)
    s.picks[e.player - 1] = e.card
    return s


def _revealed(s, e: CardsRevealed):
    """TOY-04: highest card starts, ties to the lower player number."""
    s.played.extend(e.picks)
    s.picks = [0] * s.players
    s.turn = max(range(1, s.players + 1), key=lambda p: (e.picks[p - 1], -p))
    s.phase, s.turns_left = PIG, s.players
    return s


def _rolled(s, e: DieRolled):
    """TOY-05."""
    if e.value == 1:
        _pass_turn(s)
    else:
        s.running += e.value
    return s


def _held(s, e: Hold):
    """TOY-06."""
    s.scores[e.player - 1] += s.running
    _pass_turn(s)
    return s


def _round_ended(s, e: RoundEnded):
    """TOY-07: the next round opens with its pick, unless that was the last."""
    s.turn = s.turns_left = 0
    if e.round < s.rounds:
        s.phase, s.round = PICK, e.round + 1
    else:
        s.phase = DONE
    return s


def _game_ended(s, e: GameEnded):
    s.phase, s.turn, s.turns_left = OVER, 0, 0
    return s


# -- invariants ------------------------------------------------------------
def cards_in_one_place(s):
    """TOY-INV-01: each card is in the deck, a hand, a face-down pick or played, once."""
    cards = s.deck + [c for h in s.hands for c in h] + [c for c in s.picks if c] + s.played
    return None if sorted(cards) == list(CARDS) else f"cards out of place: {sorted(cards)}"


def scores_not_negative(s):
    """TOY-INV-02."""
    return None if min(s.scores) >= 0 else f"negative score in {s.scores}"


def running_only_in_pig(s):
    """TOY-INV-03: the running total is 0 outside the pig phase."""
    return None if s.phase == PIG or s.running == 0 else f"running total {s.running} in phase {s.phase}"


class ToyPig(Game):
    """The rules object; `evolve` dispatches through `handlers`."""

    name = "toy-pig"
    version = "1"
    config_type = ToyPigConfig
    state_type = ToyPigState
    events = (DeckShuffled, HandDealt, CardPicked, CardsRevealed, Roll, Hold,
              DieRolled, RoundEnded, GameEnded)
    min_players, max_players = 2, 4
    handlers = {DeckShuffled: _shuffled, HandDealt: _dealt, CardPicked: _picked,
                CardsRevealed: _revealed, DieRolled: _rolled, Hold: _held,
                RoundEnded: _round_ended, GameEnded: _game_ended}

    def initial(self, config: ToyPigConfig) -> ToyPigState:
        self.check_players(config.players)
        if config.rounds < 1 or config.players * config.rounds > len(CARDS) or config.target < 1:
            raise BoardcoreError(f"toy-pig cannot deal {config.rounds} rounds to {config.players} "
                                 f"players from {len(CARDS)} cards (or target < 1)")
        n = config.players
        return ToyPigState(players=n, rounds=config.rounds, target=config.target,
                           hands=[[] for _ in range(n)], picks=[0] * n, scores=[0] * n)

    def setup(self, state, rng):
        """TOY-01."""
        order = tuple(rng.shuffled(CARDS))
        r = state.rounds
        return [DeckShuffled(order=order),
                *(HandDealt(player=p, cards=order[(p - 1) * r:p * r]) for p in range(1, state.players + 1))]

    def copy(self, s: ToyPigState) -> ToyPigState:
        """Fast and explicit: the scalars are shared, every list is new."""
        return msgspec.structs.replace(s, deck=s.deck[:], hands=[h[:] for h in s.hands], picks=s.picks[:],
                                       played=s.played[:], scores=s.scores[:])

    # -- decisions ---------------------------------------------------------
    def to_act(self, s):
        """Everyone yet to pick (a simultaneous step), else the pig player."""
        if s.phase == PICK:
            return tuple(p for p in range(1, s.players + 1) if not s.picks[p - 1])
        return (s.turn,) if s.phase == PIG and s.turn else ()

    def legal_actions(self, s):
        """TOY-02 (a card from one's own hand), TOY-03 (no holding on 0)."""
        if s.phase == PICK:
            return [CardPicked(player=p, card=c) for p in self.to_act(s) for c in sorted(s.hands[p - 1])]
        if s.phase == PIG and s.turn:
            return [Roll(player=s.turn)] + ([Hold(player=s.turn)] if s.running else [])
        return []

    def explain_illegal(self, s, action):
        """Name the rule when an action breaks TOY-02 or TOY-03; else decide's generic reason."""
        acting = action.player in self.to_act(s)
        if (isinstance(action, CardPicked) and s.phase == PICK and acting
                and action.card not in s.hands[action.player - 1]):
            raise IllegalAction(f"P{action.player} has no card {action.card} in hand", rule="TOY-02")
        if isinstance(action, Hold) and s.phase == PIG and acting and s.running == 0:
            raise IllegalAction("cannot hold with a running total of 0: roll first", rule="TOY-03")

    def resolve(self, u, action, rng):
        """What follows a decision; `u.state` already has the decision applied."""
        s = u.state
        if isinstance(action, CardPicked) and all(s.picks):
            u.emit(CardsRevealed(picks=tuple(s.picks)))  # TOY-04
        elif isinstance(action, Roll):
            u.emit(DieRolled(value=rng.roll(DIE)))  # TOY-05
        if max(s.scores) >= s.target:  # TOY-08: the target ends the game at once
            u.emit(GameEnded(scores=tuple(s.scores)))
            return
        if s.phase == PIG and s.turns_left == 0:
            u.emit(RoundEnded(round=s.round))  # TOY-07
        if s.phase == DONE:
            u.emit(GameEnded(scores=tuple(s.scores)))  # TOY-08

    # -- for agents: a fixed action list and an observation ----------------
    def all_actions(self, config):
        """Every card pick (TOY-02), then roll (TOY-05) and hold (TOY-06): 11 indexes for any config."""
        return [*(CardPicked(player=0, card=c) for c in CARDS), Roll(player=0), Hold(player=0)]

    def observation(self, config):
        """What a player sees, seats counted from the player (0 = self, 1 = the next, ...), so the
        same numbers mean the same thing from every seat. Totals are capped at the target:
        beyond it the game is over anyway (TOY-08)."""
        n, r, cap = config.players, config.rounds, config.target
        fields = [
            Field("phase", 1, 0, len(PHASES) - 1, "0 setup, 1 pick, 2 pig, 3 rounds over, 4 game over"),
            Field("round", 1, 0, r, "the round being played, 1-based (0 before the deal)"),
            Field("hand", len(CARDS), 0, 1, "1 where card 1..9 is in one's own hand"),
            Field("own_pick", 1, 0, len(CARDS), "one's face-down pick this round, 0 if none yet"),
            Field("played_by", len(CARDS), 0, n, "who revealed card 1..9: seat offset + 1, 0 if not played"),
            Field("scores", n, 0, cap, "banked scores by seat offset, capped at the target"),
            Field("running", 1, 0, cap, "the running total of the pig turn, capped at the target"),
            Field("pig_turn", 1, 0, n, "whose pig turn it is: seat offset + 1, 0 if nobody's"),
            Field("turns_left", 1, 0, n, "pig turns left this round"),
            Field("deck", 1, 0, len(CARDS), "cards left undealt"),
            Field("hand_sizes", n, 0, r, "cards in hand by seat offset"),
        ]

        players = range(1, n + 1)
        seats_of = {p: [(p - 1 + k) % n for k in range(n)] for p in players}    # self first, then in turn order
        offset_of = {p: [0, *[(q - p) % n + 1 for q in players]] for p in players}   # by player, 0 for nobody
        phase_code = {phase: i for i, phase in enumerate(PHASES)}

        def encode(v, player):
            seats, offset, hands, scores = seats_of[player], offset_of[player], v.hands, v.scores
            out = [phase_code[v.phase], v.round, 0, 0, 0, 0, 0, 0, 0, 0, 0, v.picks[player - 1],
                   0, 0, 0, 0, 0, 0, 0, 0, 0]
            for card in hands[player - 1]:
                out[1 + card] = 1                                    # hand: out[2..10]
            for k, card in enumerate(v.played):                      # TOY-04: picks revealed in player order
                out[11 + card] = offset[k % n + 1]                   # played_by: out[12..20]
            out += [min(scores[i], cap) for i in seats]
            out += (min(v.running, cap), offset[v.turn], v.turns_left, len(v.deck))
            out += [len(hands[i]) for i in seats]
            return out

        return Observation(fields, encode)

    # -- information -------------------------------------------------------
    def view(self, s, player):
        """Others' hands and picks, and the deck order, become zeros of the same count."""
        v = self.copy(s)
        v.deck = [0] * len(s.deck)
        for p in range(1, s.players + 1):
            if p != player:
                v.hands[p - 1] = [0] * len(s.hands[p - 1])
                v.picks[p - 1] = 0
        return v

    def hidden_variant(self, s, player, rng):
        """The cards `player` cannot see (the deck, others' hands and face-down picks) dealt afresh
        from the cards they have not seen: from the true state or from their view alike (a view
        shows those cards as 0), so a search can determinise from what the player knows. An
        opponent has a face-down pick when their hand is one card short of the round's count."""
        seen = set(s.played)
        if player is not None:
            seen.update(s.hands[player - 1])
            seen.add(s.picks[player - 1])
        cards = rng.shuffled([c for c in CARDS if c not in seen])
        v = self.copy(s)
        v.deck = [cards.pop() for _ in s.deck]
        holding = s.rounds - s.round + 1   # cards in hand before this round's pick
        for p in range(1, s.players + 1):
            if p != player:
                v.hands[p - 1] = [cards.pop() for _ in s.hands[p - 1]]
                picked = s.phase == PICK and len(s.hands[p - 1]) < holding
                v.picks[p - 1] = cards.pop() if picked else 0
        return v

    def visible(self, e, player):
        if isinstance(e, DeckShuffled):
            return DeckShuffled(order=(0,) * len(e.order))
        if isinstance(e, HandDealt) and e.player != player:
            return HandDealt(player=e.player, cards=(0,) * len(e.cards))
        if isinstance(e, CardPicked) and e.player != player:
            return CardPicked(player=e.player, card=0)
        return e

    def outcome(self, s):
        """TOY-08: winners share the top score."""
        if s.phase != OVER:
            return None
        top = max(s.scores)
        return Outcome(scores=tuple(s.scores),
                       winners=tuple(p for p in range(1, s.players + 1) if s.scores[p - 1] == top))

    def invariants(self):
        return {"TOY-INV-01": cards_in_one_place, "TOY-INV-02": scores_not_negative,
                "TOY-INV-03": running_only_in_pig}

    def evaluate(self, s, player):
        """Own banked score (plus the running total on one's turn) minus the best opponent's."""
        own = s.scores[player - 1] + (s.running if s.turn == player else 0)
        return float(own - max(x for p, x in enumerate(s.scores, 1) if p != player))

    def standing(self, s):
        """Each player on their own: banked scores, the running total counted for whoever is rolling, and
        the share of the rounds played (the win-probability model's input, `boardcore.analysis.value`; the model
        in `data/` is set by hand, the toy game being a test of the machinery, not a game to fit)."""
        projected = tuple(float(x + (s.running if s.turn == p else 0)) for p, x in enumerate(s.scores, 1))
        done = 1.0 if s.phase == OVER else max(0, s.round - 1) / s.rounds
        return Standing(mode=f"{s.players}p", sides=tuple((p,) for p in range(1, s.players + 1)),
                        projected=projected, scored=tuple(map(float, s.scores)), done=done)

    def render(self, s, player):
        """A few lines of what `player` may see."""
        v = self.view(s, player)
        lines = [f"Toy Pig, round {v.round}/{v.rounds}, {v.phase} (target {v.target})"]
        for p in range(1, v.players + 1):
            hand = " ".join(str(c) if c else "?" for c in v.hands[p - 1]) or "-"
            pick = f"picked {v.picks[p - 1] or '?'}" if s.picks[p - 1] else ""
            turn = f"to act, running {v.running}" if v.turn == p else ""
            lines.append(f"P{p}: score {v.scores[p - 1]:>3}  hand {hand}  {pick}{turn}".rstrip())
        lines.append(f"played: {' '.join(map(str, v.played)) or '-'}   deck: {len(v.deck)} cards")
        return "\n".join(lines)
