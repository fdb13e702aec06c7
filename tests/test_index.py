"""tests/INDEX.md maps every module under src/ to the test files that test it (see tools/index_tests.py for
how they are found), is current, and leaves no module without tests."""

from pathlib import Path

from tests_support import tool as load_tool

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_has_tests_and_the_index_is_current():
    index = load_tool("index_tests")
    found = index.index()
    assert [name for name, tests in found.items() if not tests] == [], \
        "modules with no tests: write some, or name them in tools/index_tests.py THROUGH"
    assert (ROOT / "tests" / "INDEX.md").read_text() == index.render(found), \
        "tests/INDEX.md is out of date: run python tools/index_tests.py"


def test_the_hand_kept_links_name_real_modules_and_tests():
    index = load_tool("index_tests")
    modules = index.modules()
    for name, tests in index.THROUGH.items():
        assert name in modules, name
        assert all((ROOT / t).is_file() for t in tests), (name, tests)


def test_a_module_with_no_tests_shows_in_the_index():
    index = load_tool("index_tests")
    assert "| `pkg.new` | **none** |" in index.render({"pkg.new": []})
