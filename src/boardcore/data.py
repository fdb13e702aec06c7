"""Component data: a game's `data/*.toml`, typed and fingerprinted.

Each game keeps its components (cards, tracks, boards) in TOML files and a
msgspec schema for them. `load` reads a folder, lets a second folder replace
whole files (`--data DIR`: an owner of the physical game supplying the real
values), validates everything against the schema with errors that name the file
and field, and returns the data with a sha256 over exactly what was read, so a
game records which data it was played with.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from boardcore.errors import BoardcoreError

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
    raw: dict[str, Any] = {}
    for name, path in sorted(files.items()):
        content = path.read_bytes()
        digest.update(name.encode() + b"\x00" + content + b"\x00")
        try:
            raw[path.stem] = msgspec.toml.decode(content)
        except msgspec.DecodeError as exc:
            raise DataError(f"{path}: {exc}") from None
    try:
        data = msgspec.convert(raw, schema)
    except msgspec.ValidationError as exc:
        raise DataError(f"component data in {override_dir or default_dir}: {exc} "
                        "(`$.<file>.<field>` names the file and the field)") from None
    sha = digest.hexdigest()
    custom = override_dir is not None and any(Path(p).parent == override_dir for p in files.values())
    return Loaded(data, ("custom-" if custom else "default-") + sha[:12], sha, tuple(sorted(files)))
