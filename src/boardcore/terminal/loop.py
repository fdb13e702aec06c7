"""The terminal game loop behind `boardcore play`: hot-seat humans and bots, one screen per turn.

Every decision is saved as it is taken (the session writes before it returns), so quitting,
Ctrl-C or a crash loses nothing; undo appends a marker. Between two people's turns the screen is
cleared and the next player is asked to press Enter, so nothing private is left for the wrong
eyes. Pages (history, the whole board, help) wait for a key before the turn screen is drawn
again, so nothing is drawn over a page being read.

When input is not a terminal (a script, a test) there is no paging, clearing or waiting: each
screen is printed once and answers are read line by line.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from boardcore.analysis import replay
from boardcore.game.errors import BoardcoreError
from boardcore.games import data_option
from boardcore.agents.play import redo_turn, run_bots, undo_turn
from boardcore.session.session import Session
from boardcore.cli.common import branch_before
from boardcore.terminal import screen
from boardcore.text import board_rows, cut, wrap

KEYS = "{range} play · v board · h history · u undo · r redo · b branch · ? help · q quit"

POLICY = {
    "own": "Undo policy own (several people share this table): each of you may undo only your own "
           "decisions, with the bots' replies to them, and never back past dice rolled or cards shown "
           "since, so nobody takes back a move after seeing what it revealed, nor undoes another's.",
    "free": "Undo policy free: any decision may be undone, anyone's, until the game ends and its seed "
            "is revealed (then the dice are known to all: branch instead).",
}
"""What each undo policy lets a person undo, and why: said when play starts and on `?`."""

HELP = """\
Keys (then Enter):
  1, 2, …   take the option with that number (or type an action's text form, as `boardcore legal` lists it)
  m         the next page of options, when there are more than fit
  w         why an option you may look for is missing (the rule that holds it back)
  s         everything since your last decision (the screen shows the most recent)
  v         the whole board
  h         the history in words, by decision (paged)
  ?         these keys, and what the undo policy allows
  u         undo your last decision and the bots' replies to it
  r         redo what the last undo took back (while nothing new was decided)
  b         branch: a new game starting just before a decision, to take it differently
  q         quit: every decision is already saved; `boardcore play FILE` goes on from here

Positions are the numbers `boardcore replay` prints: position N is the N-th event, the game's
creation is 1. `show --at N` shows the state after event N; `branch --at N` starts just before
the decision printed at N."""


def options_range(n: int) -> str:
    """The numbers a player may type, as the key line says them: "1-5", "1" alone (not "1-1"), "text"
    when no option is numbered."""
    return "text" if n == 0 else "1" if n == 1 else f"1-{n}"


class Terminal:
    """Input and output of one play session: a real terminal (clearing, paging, waiting at a
    hand-over) or a script (plain lines)."""

    def __init__(self, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
                 interactive: bool | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        if interactive is None:
            interactive = _isatty(self.stdin) and _isatty(self.stdout)
        self.interactive = interactive
        self.width, self.height = screen.size()
        self.console = Console(file=self.stdout, width=self.width, highlight=False,
                               force_terminal=True if interactive else None)

    def show(self, rows: Sequence[Text | str]) -> None:
        for row in rows:
            text = row if isinstance(row, Text) else Text(row)
            self.console.print(text, no_wrap=True, overflow="crop", crop=True)

    def say(self, text: str) -> None:
        """A message of any length, wrapped to the terminal."""
        self.show(wrap(Text(text), self.width))

    def ask(self, prompt: str) -> str | None:
        """One line of input, stripped; None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            return None
        if not self.interactive:
            self.stdout.write("\n")
        return line.strip()

    def clear(self, scrollback: bool = False) -> None:
        """Wipe the screen (and the lines scrolled off it, at a hand-over); nothing when not a terminal."""
        if self.interactive:
            self.stdout.write("\033[H\033[2J" + ("\033[3J" if scrollback else ""))
            self.stdout.flush()

    def page(self, title: str, groups: Sequence[Sequence[Text]], last_first: bool = False) -> None:
        """Rows in pages of one screen each, never splitting a group that fits on a page; the
        reader moves with Enter (next), b (back) and q (back to the game)."""
        if not self.interactive:
            self.show([Text(title, style="bold"), *(r for g in groups for r in g)])
            return
        per = max(3, self.height - 2)
        pages: list[list[Text]] = [[]]
        for group in groups:
            for start in range(0, max(len(group), 1), per):
                part = list(group[start:start + per])
                if pages[-1] and len(pages[-1]) + len(part) > per:
                    pages.append([])
                pages[-1].extend(part)
        at = len(pages) - 1 if last_first else 0
        while True:
            self.clear()
            self.show([cut(Text(title, style="bold"), self.width), *pages[at]])
            more = "Enter next · b back · q back to the game" if at < len(pages) - 1 \
                else "b back · Enter or q back to the game"
            answer = self.ask(f"-- page {at + 1}/{len(pages)} · {more} -- ")
            if answer is None or answer == "q" or (answer == "" and at == len(pages) - 1):
                return
            at = max(0, at - 1) if answer == "b" else min(len(pages) - 1, at + 1)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Table:
    """One sitting at the terminal: which seats are people, who saw the screen last, what the
    next screen must say."""

    def __init__(self, session: Session, seat: int | None, terminal: Terminal, name: str) -> None:
        from boardcore.agents import policies as agents

        self.session = session
        self.seat = seat
        self.term = terminal
        self.name = name
        self.bots = {p: agents.make(kind, session.rules) for p, kind in enumerate(session.seats, 1)
                     if kind != "human"}
        people = [p for p in range(1, session.players + 1) if p not in self.bots]
        self.hot_seat = seat is None and len(people) > 1
        self.shown_to: int | None = None
        self.notice: list[str] = [POLICY[session.undo_policy]]
        self.page = 0

    # -- one turn ----------------------------------------------------------------------
    def run(self) -> None:
        session = self.session
        while True:
            if self.bots:
                run_bots(session, self.bots, seed=session.stream_id)
            if session.outcome is not None:
                return self.finish()
            people = [p for p in session.to_act if p not in self.bots and (self.seat is None or p == self.seat)]
            if not people:
                waiting = ", ".join(f"P{p}" for p in session.to_act)
                self.term.say(f"waiting for {waiting}: play that seat with `boardcore play {self.name} --as "
                              f"{session.to_act[0]}{data_option(session.rules)}`")
                return
            actor = people[0]
            if self.hot_seat and actor != self.shown_to:
                handed = self.hand_over(actor)
                if handed == "quit":
                    return self.quit()
                if handed == "undone":
                    continue            # the last player is back at their decision
            self.shown_to = actor
            answer = self.turn(actor)
            if answer is None or answer in ("q", "quit"):
                return self.quit()
            self.answer(actor, answer)

    def turn(self, actor: int) -> str | None:
        """Draw `actor`'s screen and read their answer."""
        session, term = self.session, self.term
        options = self.options(actor)
        since = replay.told(replay.since(session, actor))
        held = ["w says why an option you may look for is missing"] if session.unoffered(actor) else []
        rows, pages = screen.compose(
            status=screen.status_line(session, actor, term.width), since=since,
            first=replay.last_decision(session, actor) is None,
            options=options, page=self.page, picture=session.rules.render(session.state, actor), player=actor,
            notice=self.notice + held, keys=KEYS.format(range=options_range(len(options))),
            width=term.width, height=term.height)
        self.page %= max(pages, 1)
        self.notice = []
        term.clear()
        term.show(rows)
        return term.ask(f"P{actor}> ")

    def options(self, actor: int) -> list[str]:
        """The actor's legal actions in the game's words, without the actor's own name in front."""
        session, rules = self.session, self.session.rules
        view = rules.view(session.state, actor)
        out = []
        for action in session.legal_actions(actor):
            words = rules.describe(view, action, actor)
            out.append(words[len(f"P{actor} "):] if words.startswith(f"P{actor} ") else words)
        return out

    def answer(self, actor: int, answer: str) -> None:
        """Do what the answer asks; whatever goes wrong becomes the next screen's notice."""
        session = self.session
        try:
            if answer == "":
                return                  # Enter alone draws the screen again
            if answer in ("?", "help"):
                self.show_help()
            elif answer == "m":
                self.page += 1
            elif answer == "s":
                since = replay.told(replay.since(session, actor))
                self.term.page(f"P{actor}: since your last decision", [screen.history_rows(since, self.term.width)])
            elif answer == "v":
                self.term.page(f"The board as P{actor} sees it",
                               [board_rows(session.rules.render(session.state, actor), self.term.width)])
            elif answer == "h":
                self.show_history(actor)
            elif answer == "w":
                self.show_unoffered(actor)
            elif answer == "u":
                n = undo_turn(session, self.bots, by=actor)
                self.notice.append(f"undone {n} decision{'s' if n != 1 else ''}: back at position {session.position}")
                self.page = 0
            elif answer == "r":
                n = redo_turn(session, self.bots, by=actor)
                self.notice.append(f"redone {n} decision{'s' if n != 1 else ''}: at position {session.position}")
            elif answer == "b":
                self.branch()
            else:
                self.take(actor, answer)
        except BoardcoreError as exc:
            self.notice.append(str(exc))

    def take(self, actor: int, answer: str) -> None:
        session = self.session
        legal = session.legal_actions(actor)
        if answer.isdigit():
            n = int(answer)
            if not 1 <= n <= len(legal):
                raise BoardcoreError(f"no option {n}: " + ("the only option is 1" if len(legal) == 1
                                                           else f"choose {options_range(len(legal))}"))
            chosen = legal[n - 1]
        else:
            chosen = session.rules.parse_action(session.state, answer)
            if chosen.player != actor:
                raise BoardcoreError(f"that is P{chosen.player}'s action, and it is P{actor}'s turn")
        session.apply(chosen)
        self.page = 0

    # -- between turns -----------------------------------------------------------------
    def hand_over(self, actor: int) -> str:
        """Clear everything the last player saw, and wait for the next one to sit down. The last
        player may still take their decision back here (u), before anyone else has seen a thing.
        Returns "go", "quit" or "undone"."""
        term, before = self.term, self.shown_to
        problem: str | None = None
        said, self.notice = self.notice, []     # what the last player caused is said here, to everyone
        while True:
            term.clear(scrollback=True)
            rows = [Text(screen.status_line(self.session, None, term.width), style="dim"), Text(""),
                    Text(f"{f'P{before} is done. ' if before else ''}P{actor}'s turn — press Enter", style="bold"),
                    Text("(the screen was cleared: nothing of the last player's is left on it)", style="dim"),
                    Text(f"P{before}: u takes your last decision back · q quits" if before else "q quits",
                         style="dim")]
            for line in said + ([problem] if problem else []):
                rows += wrap(Text(line, style="yellow"), term.width)
            term.show(rows)
            if not term.interactive:
                return "go"
            answer = term.ask(f"P{actor}, press Enter: ")
            if answer is None or answer == "q":
                return "quit"
            if answer == "u" and before is not None:
                try:
                    n = undo_turn(self.session, self.bots, by=before)
                except BoardcoreError as exc:
                    problem = str(exc)
                    continue
                self.notice.append(f"P{before} took back {n} decision{'s' if n != 1 else ''}: back at position "
                                   f"{self.session.position}")
                term.clear(scrollback=True)
                return "undone"
            term.clear(scrollback=True)
            return "go"

    def show_history(self, actor: int) -> None:
        history = replay.told(list(replay.lines(self.session, actor)))
        groups = [screen.history_rows(g, self.term.width) for g in replay.by_decision(history)]
        self.term.page(f"History as P{actor} sees it (positions as `boardcore replay` numbers them)",
                       groups, last_first=True)

    def show_unoffered(self, actor: int) -> None:
        """The options the rules hold back from `actor` now, each with the rule's reason (`Rules.unoffered`)."""
        held = self.session.unoffered(actor)
        if not held:
            self.notice.append("nothing is held back here that the rules can name")
            return
        rows = [r for item in held for r in wrap(Text(f"{item.option}: {item.why} ({item.rule})"),
                                                         self.term.width, indent=2)]
        self.term.page(f"P{actor}: options the rules hold back now", [rows])

    def show_help(self) -> None:
        rows = [r for line in (HELP + "\n\n" + POLICY[self.session.undo_policy]).split("\n")
                for r in wrap(Text(line), self.term.width, indent=2)]
        self.term.page("Help", [rows])

    def branch(self) -> None:
        session, term = self.session, self.term
        decisions = replay.decision_positions(session)
        hint = f"{decisions[-1]}, " if decisions else ""
        answer = term.ask(f"branch just before the decision at position ({hint}Enter: the next one, "
                          f"{session.position + 1}): ")
        if answer is None:
            return
        at = int(answer) if answer.isdigit() else session.position + 1
        replay.check_branch_point(session, at)          # refused before a file name is asked for
        path = term.ask("save the branch as (a new replay file, or db:ID): ")
        if not path:
            self.notice.append("no branch made")
            return
        child, where = branch_before(session, at, path)
        self.notice.append(f"branch saved as {where}, just before position {at}: play it with "
                           f"`boardcore play {where}{data_option(child.rules)}`")

    def finish(self) -> None:
        session, term = self.session, self.term
        reader = self.shown_to if self.shown_to is not None else self.seat
        rows: list[Text] = []
        if reader is not None:
            rows += screen.since_rows(replay.told(replay.since(session, reader)), term.width,
                                      max(4, term.height // 2), False, reader)
        rows += board_rows(session.rules.render(session.state, self.seat), term.width)
        term.show([*rows, Text(screen.status_line(session, None, term.width), style="bold")])

    def quit(self) -> None:
        self.term.say(f"saved (every decision is kept as it is taken) at {screen.receipt(self.session)}: go on "
                      f"with `boardcore play {self.name}{data_option(self.session.rules)}`")


def play_loop(session: Session, seat: int | None = None, *, name: str = "FILE",
              terminal: Terminal | None = None) -> None:
    """Play `session` at this terminal until the game ends, no person here is to act, or `q`.
    `seat` limits play to that player (others play elsewhere with `--as`); `name` is how the
    game is opened again (shown when quitting)."""
    Table(session, seat, terminal or Terminal(), name).run()


def status(session: Session) -> str:
    """One line: who is to act, or how the game ended."""
    return session.status
