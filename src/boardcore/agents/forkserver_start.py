"""Imported first by the fork server `boardcore.agents.execute` starts its workers from, and by nothing else.

A worker forked while its program is being stopped (Ctrl-C or SIGTERM in the second or so a pool takes
to start) finds the pool's semaphores already unlinked when it unpickles its start-up message, and
multiprocessing prints that `FileNotFoundError` as a traceback before the worker exits: noise under
the one line the program itself prints about the stop. Such a worker has no work and no one to report
to, so it leaves quietly; any other error in a starting worker is printed as before.
"""

from __future__ import annotations

import os
import sys
import traceback
from types import TracebackType

_SYNCHRONIZE = os.path.join("multiprocessing", "synchronize.py")


def owner_gone(error: BaseException, tb: TracebackType | None) -> bool:
    """Whether `error` is a worker's start-up finding its pool's semaphore gone with the pool."""
    frames = traceback.extract_tb(tb) if tb is not None else []
    return isinstance(error, FileNotFoundError) and bool(frames) and frames[-1].filename.endswith(_SYNCHRONIZE)


def _hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None,
          _print=sys.excepthook) -> None:
    if not owner_gone(error, tb):
        _print(kind, error, tb)


sys.excepthook = _hook
