"""Driving `boardcore play` through a pseudo-terminal of 80×24, reading the screen as a person would
see it (pexpect runs the command, pyte keeps the screen the terminal would show)."""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from pathlib import Path

import pexpect
import pyte

COLUMNS, ROWS = 80, 24
BOARDCORE = Path(sys.executable).with_name("boardcore")
PROMPT = re.compile(r"^P(\d)> *$")
WAITING = re.compile(r"^P\d> ?$|press Enter:$|^-- page .* --$|\):$")
"""The rows `boardcore play` leaves the cursor on when it waits for input (nothing typed yet)."""


class Play:
    """One `boardcore ARGS` process in a terminal; `screen` is what it shows now."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        command = str(BOARDCORE) if BOARDCORE.exists() else shutil.which("boardcore")
        environment = {**os.environ, "TERM": "xterm", "COLUMNS": str(COLUMNS), "LINES": str(ROWS), **(env or {})}
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(command, list(args), dimensions=(ROWS, COLUMNS), env=environment)
        self.settle()

    def settle(self, timeout: float = 30.0) -> str:
        """Read until the program waits for a key: its output has stopped and the cursor's row is
        one of its prompts (a turn, a hand-over, a page, a question), or it has ended."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.15)
            except pexpect.TIMEOUT:
                if WAITING.search(self.last_row):
                    break
                continue
            except pexpect.EOF:
                break
            self.stream.feed(data)
        return self.text

    def send(self, keys: str) -> str:
        self.child.send(keys + "\r")
        return self.settle()

    @property
    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    @property
    def last_row(self) -> str:
        used = [r for r in self.rows if r.strip()]
        return used[-1] if used else ""

    @property
    def actor(self) -> int | None:
        """The player whose prompt is showing, if a turn screen is up."""
        match = PROMPT.match(self.last_row)
        return int(match.group(1)) if match else None

    @property
    def handing_over(self) -> int | None:
        match = re.search(r"P(\d)'s turn — press Enter", self.text)
        return int(match.group(1)) if match else None

    def finish(self, timeout: float = 20.0) -> int:
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.stream.feed(self.child.before or b"")
        self.child.close()
        return self.child.exitstatus
