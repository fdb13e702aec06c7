"""A worker started while its program is stopping leaves without a traceback; other errors still print."""

import multiprocessing.synchronize
import subprocess
import sys

from boardcore.agents.forkserver_start import owner_gone


def _raised(call):
    try:
        call()
    except BaseException as error:   # noqa: BLE001 - the error is what the test looks at
        return error, error.__traceback__
    raise AssertionError("nothing raised")


def test_a_semaphore_gone_with_its_pool_is_the_owner_gone():
    """What a forked worker meets when the pool's owner unlinked its semaphores first (seen when a
    `simulate --workers 2` was sent SIGTERM 0.3 s in)."""
    lock = object.__new__(multiprocessing.synchronize.Lock)
    error, tb = _raised(lambda: lock.__setstate__((0, 1, 1, "/boardcore-test-no-such-semaphore")))
    assert isinstance(error, FileNotFoundError) and owner_gone(error, tb)


def test_any_other_error_is_not():
    assert not owner_gone(*_raised(lambda: open("/no/such/boardcore/file")))
    assert not owner_gone(*_raised(lambda: 1 / 0))


def test_the_fork_server_prints_other_errors_and_not_that_one():
    """The module's hook, installed in a fresh interpreter as the fork server installs it."""
    script = ("import boardcore.agents.forkserver_start, multiprocessing.synchronize, sys\n"
              "lock = object.__new__(multiprocessing.synchronize.Lock)\n"
              "try:\n    lock.__setstate__((0, 1, 1, '/boardcore-test-no-such-semaphore'))\n"
              "except FileNotFoundError:\n    sys.excepthook(*sys.exc_info())\n"
              "raise ValueError('still printed')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert "FileNotFoundError" not in done.stderr and "ValueError: still printed" in done.stderr
