"""Toy Pig positions whose best move is known, for tests of the bots and of what-if.

`last_turn(running, banked, rival)`: the last pig turn of the last round, P1 to act with `running`
points on the turn and `banked` in the bank against P2's `rival`. With banked + running above the
rival's score, holding wins outright (TOY-06, TOY-08), while a roll can only lose: a 1 (one chance
in six) wipes the turn out and ends the game (TOY-05, TOY-07), and any other value leaves P1 where
holding already was, still winning only by holding later.

Under the random policy for the rest of the turn (roll or hold, each half the time) a roll wins with
probability p = 5/6 * (1/2 + p/2), so p = 5/7: holding is better by exactly 2/7 in win rate.
"""

from __future__ import annotations

from toygame.game import PIG, ToyPigState

HOLD_BEATS_ROLL_UNDER_RANDOM = 2 / 7


def last_turn(running: int = 5, banked: int = 10, rival: int = 14, *, rival_to_come: bool = False,
              deck: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9)) -> ToyPigState:
    """P1's pig turn in a one-round game: the last one, P2 having had theirs, or (`rival_to_come`) with
    P2's turn still to come, when both decisions' outcomes hang on P2's dice. The deck is hidden from P1."""
    return ToyPigState(players=2, rounds=1, target=100, phase=PIG, round=1, deck=list(deck),
                       hands=[[], []], picks=[0, 0], played=[1, 2], turn=1, turns_left=2 if rival_to_come else 1,
                       running=running, scores=[banked, rival])


def opening_turn(running: int = 4) -> ToyPigState:
    """P1's pig turn in round 1 of 3 (P2's turn to follow), `running` points on it, two cards left in
    each hand for the picks of rounds 2 and 3. Rolling or holding now changes how many decisions P1
    makes this round, and so how many P1 will have made when round 2 opens."""
    return ToyPigState(players=2, rounds=3, target=40, phase=PIG, round=1, deck=[3, 6, 7],
                       hands=[[2, 9], [1, 8]], picks=[0, 0], played=[5, 4], turn=1, turns_left=2,
                       running=running, scores=[0, 0])


def first_pick(p1_hand: tuple[int, ...] = (2, 5, 9), p2_hand: tuple[int, ...] = (1, 4, 8),
               deck: tuple[int, ...] = (3, 6, 7)) -> ToyPigState:
    """Round 1 of 3 opens: both players hold three cards and must pick one face down (TOY-02). P2's hand
    and the deck are hidden from P1, so twin positions differ in them only: swap cards between the two."""
    from toygame.game import PICK

    return ToyPigState(players=2, rounds=3, target=30, phase=PICK, round=1, deck=list(deck),
                       hands=[list(p1_hand), list(p2_hand)], picks=[0, 0], played=[], scores=[0, 0])
