"""A saved game as the viewer shows it: the board at each decision, the log in words, the figures,
the rounds, all from what one reader may see.

One fold of the effective history does everything. Before each event the state is the position
that event was decided or recorded in: its description is asked of the reader's view of that
state, and the event itself as `visible` gives it to the reader. Where a decision lands (a
boundary: `Session.boundaries`), the board is drawn and the figures are read, again from the
reader's view. So the page is built from views only: nothing the reader may not see reaches it,
except in a finished game whose seed is revealed, where there is nothing left to hide and every
event and position is shown whole.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore.game.events import Decision, Event
from boardcore.analysis.replay import taken
from boardcore.game.rules import status_line
from boardcore.session.session import Session

ROUND_TAGS = ("round_started", "turn_started")
"""Facts that open a round, in order of preference: a game that records `round_started` steps
round by round; one that records only `turn_started` steps turn by turn (Apogee's turns are
rounds of the whole table; Warlords' are one player's)."""


class Frame(msgspec.Struct, frozen=True):
    """One stop of the timeline: the state at `position`, between whole decisions.

    `decision` is the log position of the decision taken here (the number `boardcore replay`
    prints beside it: `position + 1`), None at the end of the record."""

    position: int
    decision: int | None
    round: int
    caption: str
    svg: str
    figures: dict[str, dict[str, float]]


class Line(msgspec.Struct, frozen=True):
    """One event in words, a decision led by its taker ("P2: ...", as `boardcore replay` tells it:
    in a simultaneous step the log says whose placement each line is). `position` is its number in
    `boardcore replay`; `frame` the timeline stop whose decision it is or follows (-1: the setup,
    before any decision)."""

    position: int
    frame: int
    decision: bool
    text: str


class Round(msgspec.Struct, frozen=True):
    """Where a round begins: the first timeline stop after its opening fact. The first round is
    "setup", the stops before any round opened; a frame's `round` indexes this list (-1 for a game
    that records no rounds)."""

    frame: int
    label: str


class Timeline(msgspec.Struct, frozen=True):
    frames: list[Frame]
    lines: list[Line]
    rounds: list[Round]
    whole: bool
    """True when every event and position is shown unredacted (the game is over, its seed out)."""


def collect(session: Session, player: int | None) -> Timeline:
    """Fold `session`'s effective history once, seen by `player` (None: a spectator)."""
    rules = session.rules
    live = session.history.live
    whole = session.revealed
    if whole:
        def see(state: Any) -> Any:
            return state

        def show(event: Event) -> Event | None:
            return event
    else:
        def see(state: Any) -> Any:
            return rules.view(state, player)

        def show(event: Event) -> Event | None:
            return rules.visible(event, player)

    stops = set(session.boundaries())
    round_tag = next((t for t in ROUND_TAGS if any(_tag(r.event) == t for r in live)), None)
    frames: list[Frame] = []
    lines = [Line(1, -1, False, _created(session))]
    rounds = [Round(0, "setup")] if round_tag else []
    opened = 0
    state = session.state_at(1)
    evolve = rules.evolve
    for index in range(1, len(live)):
        event = live[index].event
        seen = None
        shown = show(event)
        if index in stops:
            seen = see(state)
            frames.append(_frame(session, state, seen, index, player, len(rounds) - 1, shown))
        if shown is not None:
            seen = see(state) if seen is None else seen
            words = rules.describe(seen, shown, player)
            decided = isinstance(shown, Decision)
            lines.append(Line(index + 1, len(frames) - 1, decided, taken(shown.player, words) if decided else words))
            if _tag(shown) == round_tag:
                opened += 1
                label = _round_label(shown, opened)
                if rounds[-1].frame == len(frames):   # no stop since the last opening: this one names it
                    rounds[-1] = Round(len(frames), label)
                else:
                    rounds.append(Round(len(frames), label))
        state = evolve(state, event)
    frames.append(_frame(session, state, see(state), len(live), player, len(rounds) - 1, None, end=True))
    return Timeline(frames, lines, rounds, whole)


def _frame(session: Session, state: Any, seen: Any, position: int, player: int | None, round_: int,
           decision: Event | None, end: bool = False) -> Frame:
    """The stop at `position`; `decision` is the one taken there as the reader sees it (None when
    it is hidden from them, or at the `end`)."""
    rules = session.rules
    if end:
        caption = status_line(rules, state)
    elif decision is None:
        caption = "a decision hidden from this reader"
    else:
        others = ", ".join(f"P{p}" for p in rules.to_act(state) if p != decision.player)
        caption = f"P{decision.player} decides" + (f" (also to act: {others})" if others else "")
    return Frame(position, None if end else position + 1, round_, caption,
                 rules.draw(seen, player), _numbers(rules.figures(seen)))


def _numbers(figures: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """The figures as plain numbers (a game may hand back ints or bools); a series given as None
    has no value at this stop (a gap in its line)."""
    return {str(name): {str(k): float(v) for k, v in series.items() if v is not None}
            for name, series in figures.items()}


def _tag(event: Event) -> str:
    return event.__struct_config__.tag


def _round_label(event: Event, count: int) -> str:
    """'round 3', 'turn 5, P2': the word of the tag, the number the fact carries (else a count),
    and whose turn it is when the fact names a player."""
    word = _tag(event).split("_")[0]
    number = getattr(event, word, None)
    label = f"{word} {number if isinstance(number, int) else count}"
    who = getattr(event, "player", None)
    return f"{label}, P{who}" if isinstance(who, int) and who > 0 else label


def _created(session: Session) -> str:
    created = session.created
    seats = ", ".join(f"P{p} {kind}" for p, kind in enumerate(created.seats, 1)) or f"{session.players} players"
    start = " from a given position" if created.start is not None else ""
    return f"game created{start}: {created.game}, {seats}"
