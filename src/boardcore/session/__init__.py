"""One game being played and kept: `Session`, its checkpoints, undo and repair."""

from boardcore.session.session import Receipt, Session

__all__ = ["Receipt", "Session"]
