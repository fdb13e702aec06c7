"""The small emitting steps every part of the rules shares: moving through a step's order of play,
credits to and from the Bank, and revealing the Engineers placed on a spot."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.queries import placed
from apogee.state import SPOTS


def goto(u: Unfolding, step: str, order: tuple[int, ...] = (), cursor: int = 0) -> None:
    """Start `step`, played in `order` (players, or Engineers coded player * 1000 + Engineer)."""
    u.emit(ev.StepStarted(step=step, order=tuple(order), cursor=cursor))


def next_in_order(u: Unfolding) -> None:
    """The step's next player (or Engineer)."""
    s = u.state
    u.emit(ev.StepStarted(step=s.stage, order=tuple(s.order), cursor=s.cursor + 1))


def gain(u: Unfolding, player: int, amount: int, reason: str) -> None:
    """Credits from the Bank."""
    if amount:
        u.emit(ev.CreditsChanged(player=player, amount=amount, reason=reason))


def pay(u: Unfolding, player: int, amount: int, reason: str) -> None:
    """AP-AMB-37: pay what one can, never going below 0 (AP-INV-01)."""
    paid = min(amount, u.state.areas[player - 1].credits)
    if paid > 0:
        u.emit(ev.CreditsChanged(player=player, amount=-paid, reason=reason))


def reveal(u: Unfolding, spot: int) -> list[tuple[int, int]]:
    """Turn face up every Engineer placed on `spot`; returns them as (player, Engineer)."""
    pairs = placed(u.state, spot)
    if pairs:
        u.emit(ev.PlacementRevealed(spot=SPOTS[spot], engineers=tuple(pairs)))
    return pairs
