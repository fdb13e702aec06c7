"""Replay: a saved game's history, position by position, in words, as a player may see it.

Every position a person sees or types is the one numbering `replay` prints: position N is the
N-th event in effect, `GameCreated` is 1, and `state_at(N)` is the state after it. A decision
printed at N was taken in `state_at(N - 1)`; a branch "at N" starts just before it.

The words are the game's own (`rules.describe`), handed only what the reader may know: the event
as `visible(event, player)` shows it and the position before it as `view(state, player)`, so a
line of history cannot leak what its reader was not shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from boardcore.game.events import Decision, Event, GameCreated
from boardcore.game.rules import Rules
from boardcore.session.session import Session


class Line(msgspec.Struct, frozen=True):
    """One effective event as a reader sees it: `position` is the state it leads to
    (`state_at(position)`), `seq` the record's place in the store, `text` the game's words and
    `event` the (redacted) event itself as JSON-ready data, `player` a decision's taker and
    `signpost` whether the fact only says where play stands (`Rules.signposts`)."""

    position: int
    seq: int
    decision: bool
    text: str
    event: Any = None
    player: int | None = None
    signpost: bool = False


def describe(rules: Rules, state: Any, event: Event, player: int | None) -> str:
    """`event` (already redacted for `player`) in words, from `state`, the true position before
    it: the game's `describe` is given `player`'s view of it only."""
    if isinstance(event, GameCreated):
        return created_words(rules, event)
    return rules.describe(rules.view(state, player), event, player)


def created_words(rules: Rules, created: GameCreated) -> str:
    """The first line of every history: which game, for how many, who sits where."""
    players = created.config.get("players", "?")
    seats = ", ".join(f"P{p} {kind}" for p, kind in enumerate(created.seats, 1))
    start = " from a given position" if created.start is not None else ""
    return f"{rules.name} for {players} player{'s' if players != 1 else ''}{start}" + (f" ({seats})" if seats else "")


def taken(player: int, words: str) -> str:
    """A decision taken, in words: a game words a decision as an option (`Rules.describe`), and once
    taken it is led by its taker ("P2: Deploy the 2")."""
    return f"P{player}: {words}"


def lines(session: Session, player: int | None = None, stop: int | None = None,
          start: int = 1) -> Iterator[Line]:
    """The effective history from position `start` to `stop` (default: now), each event redacted
    for `player` (None: the spectator) and told in words, a decision's led by its taker ("P2: ...");
    events the reader never sees are left out."""
    rules, live = session.rules, session.history.live
    signposts = frozenset(rules.signposts)
    stop = len(live) if stop is None else stop
    if start > stop:
        return
    state = session.state_at(start - 1) if start > 1 else None
    for position in range(start, stop + 1):
        rec = live[position - 1]
        event = rec.event
        if position == 1:
            state = session.state_at(1)
            created = msgspec.to_builtins(event)
            if event.start is not None:   # a game begun from a position: that position as the reader sees it
                created["start"] = msgspec.to_builtins(rules.view(state, player))
            yield Line(1, rec.seq, False, created_words(rules, event), created)
            continue
        shown = rules.visible(event, player)
        if shown is not None:
            words = describe(rules, state, shown, player)
            if isinstance(event, Decision):
                yield Line(position, rec.seq, True, taken(event.player, words), msgspec.to_builtins(shown),
                           event.player)
            else:
                yield Line(position, rec.seq, False, words, msgspec.to_builtins(shown),
                           signpost=type(event) in signposts)
        state = rules.evolve(state, event)


def last_decision(session: Session, player: int) -> int | None:
    """The position of `player`'s most recent decision in effect (None: they have taken none)."""
    live = session.history.live
    for index in range(len(live) - 1, 0, -1):
        event = live[index].event
        if isinstance(event, Decision) and event.player == player:
            return index + 1
    return None


def since(session: Session, player: int, after: int | None = None) -> list[Line]:
    """What happened since `player`'s last decision (or since `after`), as `player` may see it:
    the facts of that decision, what the other seats decided, what chance did. Their own last
    decision is not repeated; a player who has not decided yet is told the game from its setup."""
    after = last_decision(session, player) if after is None else after
    return list(lines(session, player, start=(after or 1) + 1))


def told(history: Sequence[Line]) -> list[Line]:
    """The lines worth a person's attention: words that say nothing are dropped, and a run of the
    same words (nine piles shuffled in turn) is kept once with how many times it happened."""
    kept: list[Line] = []
    counts: list[int] = []
    for line in history:
        if not line.text.strip():
            continue
        if kept and line.text == kept[-1].text and line.decision == kept[-1].decision:
            counts[-1] += 1
            continue
        kept.append(line)
        counts.append(1)
    return [line if n == 1 else msgspec.structs.replace(line, text=f"{line.text} (×{n})")
            for line, n in zip(kept, counts)]


def by_decision(history: Sequence[Line]) -> list[list[Line]]:
    """History cut into steps of play: the setup, then each decision with the facts after it."""
    groups: list[list[Line]] = []
    for line in history:
        if line.decision or not groups:
            groups.append([line])
        else:
            groups[-1].append(line)
    return groups


def decision_positions(session: Session) -> list[int]:
    """Where decisions are printed in `replay` (what `branch --at` and `whatif --at` accept)."""
    return [p + 1 for p in session.boundaries()[:-1]]


def check_branch_point(session: Session, position: int) -> None:
    """Refuse a `position` a branch cannot start just before (not a decision, nor one past the end),
    naming the nearest that can: before anything else is asked or written."""
    from boardcore.game.errors import BoardcoreError

    decisions = decision_positions(session)
    if position != session.position + 1 and position not in decisions:
        near = sorted(decisions, key=lambda p: (abs(p - position), p))[:5]
        raise BoardcoreError(
            f"position {position} is not a decision: a branch starts just before a decision, to take it "
            f"differently; the nearest decisions are at {', '.join(map(str, sorted(near))) or 'none'}"
            f" ({session.position + 1} copies the game as it stands)")


def view_at(session: Session, position: int, player: int | None) -> Any:
    """The state after event `position`, as `player` may see it."""
    return session.rules.view(session.state_at(position), player)


def load_state(target: str, **load: Any) -> Any:
    """The final state of a saved game: read, follow undo/redo, fold. The path the
    replay benchmark measures (no hash check: `audit` does that)."""
    return Session.load(target, verify_chain=False, checkpoint_every=0, **load).state
