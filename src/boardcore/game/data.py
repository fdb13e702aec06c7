"""Component data: a game's `data/*.toml`, typed and fingerprinted.

Each game keeps its components (cards, tracks, boards) in TOML files and a
msgspec schema for them. `load` reads a folder, lets a second folder replace
whole files (`--data DIR`: an owner of the physical game supplying the real
values), validates everything against the schema with errors that name the file
and field, and returns the data with a sha256 over exactly what was read, so a
game records which data it was played with.

A game's own data is read at every start of every command, and Python's TOML parser takes most of
that (8-11 ms a game, of a command's 100-200). So the parsed tables of a game's own folder are kept
beside it, as Python keeps compiled modules: `data/__pycache__/tables-<sha256>.msgpack`, named by
the sha256 of the TOML files they were parsed from, read only when the files hash to that name,
written when Python writes bytecode (not under PYTHONDONTWRITEBYTECODE or `-B`), and always
validated against the schema like freshly parsed ones. Files given with `--data` are parsed each
time: nothing is written into a user's folder.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from boardcore.game.errors import BoardcoreError

T = TypeVar("T")


class DataError(BoardcoreError):
    """Component data that is missing, malformed or does not fit its schema."""


class Loaded(msgspec.Struct, frozen=True):
    data: Any
    data_id: str
    sha256: str
    files: tuple[str, ...]


def load(schema: type[T], default_dir: Path, override_dir: Path | None = None) -> Loaded:
    """Read every `*.toml` of `default_dir`, with same-named files of `override_dir`
    taking their place; each file's table becomes the schema field of its stem."""
    files = {p.name: p for p in sorted(Path(default_dir).glob("*.toml"))}
    if override_dir is not None:
        override_dir = Path(override_dir)
        if not override_dir.is_dir():
            raise DataError(f"--data {override_dir}: not a directory")
        extra = {p.name: p for p in sorted(override_dir.glob("*.toml"))}
        unknown = sorted(set(extra) - set(files))
        if unknown:
            raise DataError(f"--data {override_dir}: unknown file(s) {', '.join(unknown)}; "
                            f"expected some of {', '.join(files)}")
        files.update(extra)
    digest = hashlib.sha256()
    contents = {}
    for name, path in sorted(files.items()):
        contents[path] = content = path.read_bytes()
        digest.update(name.encode() + b"\x00" + content + b"\x00")
    sha = digest.hexdigest()
    custom = override_dir is not None and any(Path(p).parent == override_dir for p in files.values())
    kept = None if custom else Path(default_dir) / "__pycache__" / f"tables-{sha}.msgpack"
    raw = _read_tables(kept) if kept is not None else None
    if raw is None:
        raw = {}
        for path, content in contents.items():
            try:
                raw[path.stem] = msgspec.toml.decode(content)
            except msgspec.DecodeError as exc:
                raise DataError(f"{path}: {exc}") from None
        if kept is not None and not sys.dont_write_bytecode:
            _keep_tables(kept, raw)
    try:
        data = msgspec.convert(raw, schema)
    except msgspec.ValidationError as exc:
        raise DataError(f"component data in {override_dir or default_dir}: {exc} "
                        "(`$.<file>.<field>` names the file and the field)") from None
    return Loaded(data, ("custom-" if custom else "default-") + sha[:12], sha, tuple(sorted(files)))


def _read_tables(path: Path) -> dict[str, Any] | None:
    """The parsed tables kept at `path`, or None when there are none (or they cannot be read: then the
    TOML is parsed again, and the file rewritten)."""
    try:
        tables = msgspec.msgpack.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError):
        return None
    return tables if isinstance(tables, dict) else None


def _keep_tables(path: Path, tables: dict[str, Any]) -> None:
    """Write the parsed tables whole or not at all (a temporary file renamed into place, so a reader in
    another process never meets half of one), in place of those of the data's earlier versions; a folder
    that cannot be written to is left alone."""
    try:
        path.parent.mkdir(exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(msgspec.msgpack.encode(tables))
        os.replace(temporary, path)
        for old in path.parent.glob("tables-*.msgpack"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
