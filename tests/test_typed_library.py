"""A user's script sees boardcore fully typed: `py.typed` ships, and the names that `import boardcore`
loads lazily are visible to type checkers (mypy here) through `TYPE_CHECKING` imports, so nothing a
Python user touches on a `Session` is `Any`. `import boardcore` stays light all the same."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

USER_SCRIPT = """\
from boardcore import Session, Outcome, IllegalAction
s = Session.new("solar-sphere", players=2, seed=7)
reveal_type(s)
reveal_type(s.legal_actions())
reveal_type(s.outcome)
reveal_type(s.to_act)
reveal_type(s.render(1))
reveal_type(s.head)
reveal_type(s.position)
reveal_type(s.undo)
reveal_type(s.redo)
reveal_type(Session.load("game.jsonl"))
reveal_type(s.branch(3))
"""


def test_mypy_sees_session_typed_in_a_user_script(tmp_path):
    pytest.importorskip("mypy")
    (tmp_path / "user.py").write_text(USER_SCRIPT)
    result = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-color-output",
                             "--cache-dir", str(tmp_path / "cache"), "user.py"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    revealed = re.findall(r'Revealed type is "(.*)"', result.stdout)
    assert len(revealed) == USER_SCRIPT.count("reveal_type")
    assert revealed[0] == "boardcore.session.session.Session"
    assert revealed[1] == "list[boardcore.game.events.Decision]"
    assert all("Any" not in t for t in revealed), revealed


def test_the_public_names_are_the_lazy_ones_and_the_import_stays_light():
    import boardcore

    assert set(boardcore.__all__) <= set(dir(boardcore))
    probe = ("import sys, boardcore\n"
             "print(sorted(m for m in ('boardcore.session.session', 'eventsourcing', 'solar_sphere', 'rich') "
             "if m in sys.modules))\n"
             "from boardcore import Session\n"
             "print(Session.__module__)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "boardcore.session.session"]


def test_render_is_plain_text_unless_markup_is_asked_for():
    from boardcore import Session

    s = Session.new("solar-sphere", players=2, seed=7)
    assert "[bold]" in s.render(1, markup=True)
    plain = s.render(1)
    assert "[bold]" not in plain and "[/" not in plain and "Solar Sphere" in plain


def test_every_public_method_and_property_of_session_says_what_it_is_for():
    import inspect

    from boardcore.session.session import Receipt, Session

    lacking = [f"{cls.__name__}.{name}" for cls in (Session, Receipt) for name, member in vars(cls).items()
               if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property | classmethod))
               and not (inspect.getdoc(member) or "").strip()]
    assert lacking == []
