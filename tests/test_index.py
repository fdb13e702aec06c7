"""tests/INDEX.md maps every module under src/ to the test files that test it (see tools/test_index.py for
how they are found), is current, and leaves no module without tests."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tool():
    spec = importlib.util.spec_from_file_location("test_index_tool", ROOT / "tools" / "test_index.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_module_has_tests_and_the_index_is_current():
    index = tool()
    found = index.index()
    assert [name for name, tests in found.items() if not tests] == [], \
        "modules with no tests: write some, or name them in tools/test_index.py THROUGH"
    assert (ROOT / "tests" / "INDEX.md").read_text() == index.render(found), \
        "tests/INDEX.md is out of date: run python tools/test_index.py"


def test_the_hand_kept_links_name_real_modules_and_tests():
    index = tool()
    modules = index.modules()
    for name, tests in index.THROUGH.items():
        assert name in modules, name
        assert all((ROOT / t).is_file() for t in tests), (name, tests)


def test_a_module_with_no_tests_shows_in_the_index():
    index = tool()
    assert "| `pkg.new` | **none** |" in index.render({"pkg.new": []})
