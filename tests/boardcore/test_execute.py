"""Work spread over processes or a real Ray cluster gives exactly the results of one process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from boardcore import games
from boardcore.analysis import whatif
from boardcore.analysis.audit import audit_many
from boardcore.analysis.check import check
from boardcore.agents.execute import Workers, chunks, cores, run
from boardcore.session.session import Session
from boardcore.analysis.simulate import simulate

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def square(shared: int, item: int) -> int:
    return shared * item * item


def same(a, b) -> bool:
    return msgspec.structs.replace(a, seconds=0) == msgspec.structs.replace(b, seconds=0)


def test_results_come_back_in_item_order_whatever_the_chunks():
    assert run(square, 3, range(50), workers=2) == [3 * i * i for i in range(50)]
    for n, parts in ((10, 2), (1000, 2), (1000, 3), (7, 8)):
        split = chunks(list(range(n)), parts)
        assert [x for _, c in split for x in c] == list(range(n))           # every item once, in order
        assert all(start == c[0] for start, c in split)
        sizes = [len(c) for _, c in split]
        assert sizes == sorted(sizes, reverse=True)                          # largest first
        assert sizes[-1] <= max(1, n // (parts * 16))                        # a small piece last


def pid_after_a_while(fail_at: int, item: int) -> int:
    """The worker's process id, after long enough that every worker of a pool gets some of the items."""
    import time

    if item == fail_at:
        raise ValueError(f"item {item} fails")
    time.sleep(0.02)
    return os.getpid()


def test_workers_kept_over_several_runs_are_the_same_processes():
    """What-if runs a round of rollouts at a time: its pool is started once, not once per round."""
    with Workers(-1, workers=2) as pool:
        first = pool.run(pid_after_a_while, range(40))
        second = pool.run(pid_after_a_while, range(40))
    assert len(set(first)) == 2 and set(second) == set(first)      # a pool per run would make four
    assert os.getpid() not in first


def test_after_a_failed_run_the_next_run_starts_a_new_pool():
    with Workers(3, workers=2) as pool:
        with pytest.raises(ValueError, match="item 3 fails"):
            pool.run(pid_after_a_while, range(8))
        again = pool.run(pid_after_a_while, [0, 1, 2, 4])           # the ended pool is not asked again
    assert len(again) == 4 and os.getpid() not in again


def pid_after(seconds: float, item: int) -> tuple[int, int]:
    import time

    time.sleep(seconds)
    return item, os.getpid()


def test_by_default_a_small_job_is_played_here_without_waiting_for_workers():
    """With every core (the default, `workers=None`) this process plays the items while the pool starts:
    a job done before the pool is ready is all its own. It used to wait for the pool and hand it every
    item, so a small job was slower on every core than on one."""
    assert run(pid_after, 0.0, range(6)) == [(i, os.getpid()) for i in range(6)]


@pytest.mark.skipif(cores() < 2, reason="one core: the default is one worker")
def test_by_default_the_pool_takes_every_item_not_begun_here():
    """A job long enough for the pool (100 items of 0.05 s: 5 s alone) is shared: the first items played
    here, in order, then the rest on the workers; results in the order of the items."""
    out = run(pid_after, 0.05, range(100))
    assert [i for i, _ in out] == list(range(100))
    pids = [p for _, p in out]
    here = pids.count(os.getpid())
    assert 0 < here < 100 and pids[:here] == [os.getpid()] * here
    assert len(set(pids)) > 1


def negated_square(shared: int, item: int) -> int:
    return -square(shared, item)


@pytest.mark.skipif(cores() < 2, reason="one core: the default is one worker")
def test_by_default_a_pool_that_starts_between_two_runs_plays_the_second_run_s_task():
    """The pool started in the background during a first, short run is handed the next run's items when
    it comes up between runs; it must play them with that run's task. It used to keep the first run's
    task: `negated_square` came back as `square`."""
    import time

    with Workers(2, workers=None) as pool:
        assert pool.run(square, [1, 2, 3]) == [2, 8, 18]       # done here, before the pool is up
        deadline = time.monotonic() + 60
        while pool._starting is not None and pool._starting.pool is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pool._starting is not None and pool._starting.pool is not None, "the pool never came up"
        out = pool.run(negated_square, list(range(40)))
    assert out == [-2 * i * i for i in range(40)]


def test_by_default_workers_that_cannot_start_are_said_and_every_item_is_played_here():
    """A shared part the workers cannot receive (a lambda does not pickle) keeps the pool from starting;
    with every core asked for, this process plays every item itself, and says why instead of keeping
    the failure to itself (`--workers 2` raises it)."""
    import time
    import warnings as warned

    with warned.catch_warnings(record=True) as caught:
        warned.simplefilter("always")
        with Workers(lambda: 0.05, workers=None) as pool:
            out = pool.run(lambda_sleeper, list(range(40)))
            deadline = time.monotonic() + 30
            while not caught and time.monotonic() < deadline:
                time.sleep(0.05)
    assert out == [(i, os.getpid()) for i in range(40)]
    assert any("workers could not start" in str(w.message) for w in caught), [str(w.message) for w in caught]


def lambda_sleeper(shared, item: int) -> tuple[int, int]:
    return pid_after(shared(), item)


def test_by_default_a_failure_played_here_leaves_the_next_run_right():
    with Workers(0, workers=None) as pool:
        with pytest.raises(ValueError, match="item 0 fails"):
            pool.run(pid_after_a_while, range(8))
        assert len(pool.run(pid_after_a_while, [1, 2, 3, 4])) == 4


def test_simulate_check_and_audit_are_the_same_on_one_worker_or_two(tmp_path):
    rules = games.get("warlords")
    config = rules.make_config(players=2)
    assert same(simulate(rules, config, ["random", "greedy"], 12, workers=1),
                simulate(rules, config, ["random", "greedy"], 12, workers=2))
    assert same(simulate(rules, config, ["random", "greedy"], 12, workers=1),
                simulate(rules, config, ["random", "greedy"], 12, workers=None))   # here while they start
    ss = games.get("solar-sphere")
    assert check(ss, ss.make_config(players=2), games=6, workers=1) == check(ss, ss.make_config(players=2), games=6,
                                                                              workers=2)
    assert audit_many([str(REPLAYS)], workers=1) == audit_many([str(REPLAYS)], workers=2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def ray_head(tmp_path_factory):
    """A real one-node Ray cluster on this machine (2 CPUs), stopped after the tests."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'boardcore[cluster]')")
    ray_bin = Path(sys.executable).with_name("ray")
    port = _free_port()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    temp = tmp_path_factory.mktemp("ray")
    started = subprocess.run([str(ray_bin), "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}",
                              "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats",
                              f"--temp-dir={temp}"], env=env, capture_output=True, text=True, timeout=180)
    assert started.returncode == 0, started.stderr[-2000:]
    try:
        yield f"127.0.0.1:{port}"
    finally:
        import ray

        if ray.is_initialized():
            ray.shutdown()
        subprocess.run([str(ray_bin), "stop", "--force"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.ray
def test_a_ray_cluster_gives_the_local_results(ray_head):
    rules = games.get("apogee")
    config = rules.make_config(players=3, max_turns=6)
    assert same(simulate(rules, config, ["random", "random", "greedy"], 16, ray=ray_head),
                simulate(rules, config, ["random", "random", "greedy"], 16, workers=1))
    wl = games.get("warlords")
    assert check(wl, wl.make_config(players=2), games=4, ray=ray_head) == check(wl, wl.make_config(players=2),
                                                                                 games=4, workers=1)
    assert audit_many([str(REPLAYS / "warlords")], ray=ray_head) == audit_many([str(REPLAYS / "warlords")])
    # what-if's rounds (16 rollouts, then 4) share one connection and one copy of the position in the store
    game = Session.load(REPLAYS / "warlords" / "2p.jsonl")
    on_ray = whatif.compare(game, 37, rollouts=20, ray=ray_head, seed="r")
    here = whatif.compare(game, 37, rollouts=20, workers=1, seed="r")
    assert on_ray.rounds == 2 and msgspec.structs.replace(on_ray, seconds=0, workers=1) == msgspec.structs.replace(
        here, seconds=0)


@pytest.mark.parametrize("address,words", [
    ("127.0.0.1:{closed}", "cannot reach the Ray cluster at '127.0.0.1:[0-9]+': Connection refused"),
    ("ray://127.0.0.1:{closed}", "cannot reach the Ray cluster at 'ray://127.0.0.1:[0-9]+': Connection refused"),
    ("no-port", "give its head as HOST:PORT"),
    ("host:port", "give its head as HOST:PORT")])
def test_a_ray_address_that_does_not_answer_is_one_clear_error(address, words):
    """Refused before Ray is asked: `ray.init` would wait for a head that is not there for minutes
    (measured: still waiting after 5, logging its retries), and then name no reason."""
    pytest.importorskip("ray")
    from boardcore.game.errors import BoardcoreError

    with pytest.raises(BoardcoreError, match=words):
        run(square, 3, [1, 2], ray=address.format(closed=_free_port()))   # a port nothing listens on


NO_GUARD = '''
from boardcore import games
from boardcore.analysis.simulate import simulate

rules = games.get("warlords")
report = simulate(rules, rules.make_config(players=2), ["random", "random"], 8, workers=2)
print(report.games, report.seats[0].win_rate)
'''

OWN_TASK = '''
from boardcore.agents.execute import run

def cube(shared, item):
    return shared + item ** 3

if __name__ == "__main__":
    print(run(cube, 1, range(6), workers=2))
'''

OWN_GAME = '''
import sys
sys.path.insert(0, {tests!r})
from boardcore.games import register
from boardcore.analysis.simulate import simulate
from toygame.game import ToyPig

class Dice(ToyPig):
    name = "script-pig"

register(Dice())

if __name__ == "__main__":
    rules = Dice()
    report = simulate(rules, rules.make_config(players=2), ["random", "random"], 6, workers=2)
    print(report.games, report.game)
'''


def test_a_script_without_the_main_guard_can_use_workers(tmp_path):
    """multiprocessing starts workers by importing the script again: one that calls `simulate(...,
    workers=2)` at its top level used to start workers inside its workers and die with a page of
    tracebacks (BrokenProcessPool). boardcore's work lives in modules, so its workers leave the script
    out; a script's own task, or a game it defines, is still found there (under the guard, as Python
    asks)."""
    own_game = OWN_GAME.format(tests=str(Path(__file__).resolve().parents[1]))
    for name, text, expected in (("no_guard.py", NO_GUARD, "8 "), ("own_task.py", OWN_TASK, "[1, 2, 9, 28, 65, 126]"),
                                 ("own_game.py", own_game, "6 script-pig")):
        script = tmp_path / name
        script.write_text(text)
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                              cwd=tmp_path)
        assert done.returncode == 0 and done.stdout.startswith(expected), done.stderr[-1500:]
        assert done.stderr == ""
    import __main__

    before = (getattr(__main__, "__file__", None), getattr(__main__, "__spec__", None))
    assert run(square, 3, range(4), workers=2) == [0, 3, 12, 27]
    assert (getattr(__main__, "__file__", None), getattr(__main__, "__spec__", None)) == before   # given back


SLOW_WORK = '''
import os, sys, time
from boardcore.agents.execute import run

def slow(folder, item):
    open(os.path.join(folder, str(os.getpid())), "w").close()
    time.sleep(300)

if __name__ == "__main__":
    run(slow, sys.argv[1], range(8), workers=2)
'''


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie does not). A process that ends between opening its stat file and
    reading it makes the read fail with ESRCH: gone, like one whose file is not there."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process states from /proc")
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
def test_workers_end_with_the_program_that_started_them(tmp_path, signal_name):
    """Stopping a command with workers (SIGTERM from a supervisor, or SIGKILL) ends its workers too;
    they used to play on through their chunks for as long as those took."""
    import signal
    import time

    script = tmp_path / "work.py"
    script.write_text(SLOW_WORK)
    started = tmp_path / "started"
    started.mkdir()
    parent = subprocess.Popen([sys.executable, str(script), str(started)], cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while len(os.listdir(started)) < 2:
            assert time.monotonic() < deadline and parent.poll() is None, "the workers never started"
            time.sleep(0.05)
        workers = [int(name) for name in os.listdir(started)]
        parent.send_signal(getattr(signal, signal_name))
        parent.wait(timeout=30)
        deadline = time.monotonic() + 30
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers)), f"workers {workers} outlived their program"
    finally:
        if parent.poll() is None:
            parent.kill()
        for name in os.listdir(started):
            if _alive(int(name)):
                os.kill(int(name), signal.SIGKILL)
