"""Many independent pieces of work (games, rollouts, checks, audits) on every core, or on a Ray cluster.

Work is a task function, something every worker shares (the rules, a config, policies: sent once
per worker, not once per item), and a list of items:

    results = run(play_one_game, shared, range(1000), workers=4)

or, for work that comes in rounds, each decided by the results of the one before (what-if's race),
on workers started once and kept for every round:

    with Workers(shared, workers=4) as pool:
        first = pool.run(play_one_game, range(100))
        ...

`task(shared, item)` must be a module-level function whose result depends only on `shared` and
the item (an item carries its own index, from which its seeds are derived), and results come back
in the order of the items. So the same work gives the same answer on 1 worker, on N local
processes, or on a Ray cluster (`ray="auto"` or an address; `BOARDCORE_RAY` names a default):
only the wall time differs.

One worker runs in this process (no pickling, tracebacks as usual). Several use a pool of
processes forked from a clean fork server (no inherited threads or open database connections)
fed in chunks. Ctrl-C or SIGTERM stops the pool and cancels what has not started; a worker whose
program is gone (killed with SIGKILL, say) ends itself instead of playing on unseen.

Starting that pool takes a new interpreter importing the game (a few tenths of a second, more on a
busy machine), which a small job never earns back. So with the default, every core (`workers=None`),
this process plays the items itself, in order, while the pool starts; the pool takes what is left once
it is ready, and a job done before that never waits for it. A number of workers asked for explicitly
gets that pool at once, as before.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from boardcore.game.errors import BoardcoreError

T = TypeVar("T")
R = TypeVar("R")
Task = Callable[[Any, Any], Any]

_shared: Any = None  # a pool worker's copy of the shared part


def cores() -> int:
    """The cores this process may use (its CPU affinity, which containers and `taskset` narrow)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def resolve_workers(workers: int | None) -> int:
    """`None` means every core; anything below 1 is refused."""
    if workers is None:
        return cores()
    if workers < 1:
        raise BoardcoreError(f"--workers must be at least 1, not {workers}")
    return workers


def run(task: Task, shared: Any, items: Sequence[Any], *, workers: int | None = None, ray: str | None = None,
        progress: Callable[[int], None] | None = None, preload: Sequence[str] = ()) -> list[Any]:
    """`[task(shared, item) for item in items]`, spread over workers (see the module docstring).
    `progress(n)` is called with the number of items done so far. `preload` names modules every
    worker needs (the game's): the fork server imports them once, when it starts, so workers forked
    from it later need not (a program that runs work again, a tournament or a bench, pays once)."""
    items = list(items)
    with Workers(shared, workers=workers, ray=ray, preload=preload) as pool:
        return pool.run(task, items, progress)


class Workers:
    """Workers kept for several runs of work on the same shared part: `run` (above) is one of them,
    and what-if's rounds are many (each round's rollouts are decided by the round before), which
    would otherwise start a pool each, about 35 ms on two workers. The processes (or the Ray
    connection and the shared part put in its object store) are made at the first run and ended on
    leaving the `with` block, or at once when a run fails or is interrupted; a run after that starts
    afresh. With `workers=None` the first runs play in this process while the pool starts (see the
    module docstring), and the pool has no more processes than the first run that starts it has items."""

    def __init__(self, shared: Any, *, workers: int | None = None, ray: str | None = None,
                 preload: Sequence[str] = ()) -> None:
        self.shared = shared
        self.workers = resolve_workers(workers)
        self.meanwhile = workers is None   # this process plays while the pool starts
        self._starting: _Start | None = None   # the pool being started meanwhile
        self.ray = ray if ray is not None else os.environ.get("BOARDCORE_RAY") or None
        self.preload = tuple(preload)
        self._pool: Any = None          # the process pool, once started
        self._shared_ref: Any = None    # the shared part in Ray's object store, once put
        self._shared_names_script: bool | None = None   # (found out once: see `_needs_script`)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the processes (waiting for none: every run has collected its results)."""
        starting, self._starting = self._starting, None
        if starting is not None and (ready := starting.abandon()) is not None:
            ready.shutdown(wait=False, cancel_futures=True)   # a pool not ready yet ends once it is
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown()

    def run(self, task: Task, items: Sequence[Any], progress: Callable[[int], None] | None = None) -> list[Any]:
        """`[task(shared, item) for item in items]` on these workers, in the order of the items."""
        items = list(items)
        if self.ray:
            return self._on_ray(task, items, progress)
        if self.workers == 1 or len(items) <= 1:
            out = []
            for i, item in enumerate(items, 1):
                out.append(task(self.shared, item))
                if progress:
                    progress(i)
            return out
        if self.meanwhile and self._pool is None:
            return self._meanwhile(task, items, progress)
        return self._on_processes(task, items, progress)

    def _meanwhile(self, task: Task, items: list[Any], progress: Callable[[int], None] | None) -> list[Any]:
        """Play the items here, in order, while the pool starts in a thread; once it is ready it takes
        every item not yet begun here, and this process collects their results after its own."""
        if self._starting is None:
            self._starting = _Start(self, task, min(self.workers, len(items)))
        starting = self._starting
        starting.offer(task, items)
        out: list[Any] = []
        restore = _sigterm_raises()
        try:
            while (i := starting.take()) is not None:
                out.append(task(self.shared, items[i]))
                if progress:
                    progress(len(out))
            pending = starting.handed()
            if pending is None:                   # all done here; the pool, when ready, waits for the next run
                return out
            self._pool, self._starting = starting.pool, None
            rest = _gather(pending, _first_done, _result, len(items) - len(out),
                           progress and (lambda n: progress(len(out) + n)))
            return out + rest
        except BaseException:
            self._starting = None
            pool, self._pool = self._pool, None
            pool = starting.abandon() or pool     # from now on nothing is handed over (a pool not ready yet
            if pool is not None:                  # ends once it is)
                _stop(pool)                       # chunks handed over already: their workers end now
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            restore()

    def _on_processes(self, task: Task, items: list[Any], progress: Callable[[int], None] | None) -> list[Any]:
        restore = _sigterm_raises()
        try:
            with _script_left_out(self._needs_script(task)):   # workers (and the fork server) start without it
                pool = self._processes(task, len(items))
                pending = {pool.submit(_chunk, task, chunk): (start, len(chunk))
                           for start, chunk in chunks(items, self.workers)}
            return _gather(pending, _first_done, _result, len(items), progress)
        except BaseException:
            pool, self._pool = self._pool, None
            if pool is not None:
                _stop(pool)
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            restore()

    def _needs_script(self, task: Task) -> bool:
        """Whether the workers must import the program's script (`_script_left_out`): for a task of its
        own, or a shared part that names something of it (pickled once to see, not at every run)."""
        if task.__module__ == "__main__":
            return True
        if self._shared_names_script is None:
            self._shared_names_script = _names_the_script(self.shared)
        return self._shared_names_script

    def _processes(self, task: Task, items: int) -> Any:
        """The pool, started at the first run (with no more processes than it has items)."""
        if self._pool is None:
            self._pool = self._new_pool(task, min(self.workers, items))
        return self._pool

    def _new_pool(self, task: Task, workers: int) -> Any:
        """A pool of `workers` processes. A fork server starts clean (no threads, no open connections) once,
        with boardcore and the task's module imported, and forks each worker from it: workers start in
        milliseconds, not seconds."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["boardcore.agents.forkserver_start", "boardcore.agents.execute",
                                        "boardcore.session.session", task.__module__, *self.preload])
        return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init,
                                   initargs=(self.shared, os.getpid()))

    def _on_ray(self, task: Task, items: list[Any], progress: Callable[[int], None] | None) -> list[Any]:
        ray = _ray(self.ray)
        if self._shared_ref is None:
            self._shared_ref = ray.put(self.shared)
        remote = ray.remote(_ray_chunk)
        parts = max(1, int(ray.cluster_resources().get("CPU", 1)))
        pending = {remote.remote(task, self._shared_ref, chunk): (start, len(chunk))
                   for start, chunk in chunks(items, parts)}
        try:
            return _gather(pending, lambda refs: ray.wait(refs, num_returns=1)[0], ray.get, len(items), progress)
        except BaseException:
            for ref in pending:                   # what has not come back yet
                ray.cancel(ref)
            raise


class _Start:
    """A pool started in a thread while this process plays items itself (`Workers._meanwhile`). Which
    items are whose is decided under one lock: this process `take`s them one at a time from the front,
    and the thread, once every worker is up, hands the pool all the items not yet taken (`handed` is
    then what they were sent as). A start nobody waits for any more is `abandon`ed: the pool is shut down
    as soon as it exists, without holding up the program."""

    def __init__(self, owner: Workers, task: Task, workers: int) -> None:
        import threading

        self.owner, self.task, self.workers = owner, task, workers
        self.lock = threading.Lock()
        self.pool: Any = None
        self.items: list[Any] = []
        self.next = 0                      # the next item this process takes
        self.pending: dict[Any, tuple[int, int]] | None = None   # what the pool was handed, as chunks
        self.abandoned = False
        threading.Thread(target=self._start, name="boardcore-pool-start", daemon=True).start()

    def offer(self, task: Task, items: list[Any]) -> None:
        """A new run's task and items (the pool, if it becomes ready during the run, takes the rest of
        these, played by this run's task, not the one the pool was started for)."""
        with self.lock:
            self.task, self.items, self.next, self.pending = task, items, 0, None
            if self.pool is not None:      # ready between two runs: hand this run over at once
                self._hand_over()

    def take(self) -> int | None:
        """The index of the next item for this process, or None when none is left for it."""
        with self.lock:
            if self.pending is not None or self.next >= len(self.items):
                return None
            self.next += 1
            return self.next - 1

    def handed(self) -> dict[Any, tuple[int, int]] | None:
        """The chunks the pool was given (keyed by future: start index among the items, size), or None
        if this process played every item."""
        with self.lock:
            if self.pending is None:
                self.items = []            # too late for this run: the pool waits for the next one
            return self.pending

    def abandon(self) -> Any:
        """No one waits for this start any more: nothing more is handed over, and a pool still starting
        shuts down once it is up. The pool if it is up already (marked and read under one lock, so the
        thread cannot hand it a run in between); the caller ends it."""
        with self.lock:
            self.abandoned = True
            return self.pool

    def _start(self) -> None:
        owner, pool = self.owner, None
        try:
            with _script_left_out(owner._needs_script(self.task)):
                pool = owner._new_pool(self.task, self.workers)
                for ready in [pool.submit(_ready) for _ in range(self.workers)]:   # every worker up
                    ready.result()
        except BaseException as failure:  # noqa: BLE001 - this process plays on alone: the pool is not needed,
            if pool is not None:                            # but a user who asked for every core is told why
                pool.shutdown(wait=False, cancel_futures=True)
            if not self.abandoned:
                warnings.warn(f"the workers could not start ({type(failure).__name__}: {failure}); "
                              "the items are played in this process alone", RuntimeWarning, stacklevel=1)
            return
        with self.lock:
            if not self.abandoned:
                self.pool = pool
                self._hand_over()
                return
        pool.shutdown(wait=False, cancel_futures=True)

    def _hand_over(self) -> None:
        """(Under the lock.) Give the pool every item of the run not yet taken here, in chunks."""
        rest = self.items[self.next:]
        if not rest:
            return
        self.pending = {self.pool.submit(_chunk, self.task, chunk): (start, len(chunk))   # `start` within the rest
                        for start, chunk in chunks(rest, self.workers)}
        self.next = len(self.items)


def _ready() -> bool:
    return True


def _first_done(futures: list[Any]) -> Any:
    from concurrent.futures import FIRST_COMPLETED, wait

    return wait(futures, return_when=FIRST_COMPLETED)[0]


def _result(future: Any) -> list[Any]:
    return future.result()


def _gather(pending: dict[Any, tuple[int, int]], finished: Callable[[list[Any]], Any],
            result: Callable[[Any], list[Any]], total: int, progress: Callable[[int], None] | None) -> list[Any]:
    """The results of the chunks in `pending` (a handle for each: its first item's index and its size),
    put in item order as each comes back; `finished(handles)` waits for some, `result(handle)` reads one.
    A chunk is taken out of `pending` as its results arrive, so what is left there is still running."""
    results: list[Any] = [None] * total
    done_count = 0
    while pending:
        for handle in finished(list(pending)):
            start, n = pending.pop(handle)
            results[start:start + n] = result(handle)
            done_count += n
            if progress:
                progress(done_count)
    return results


def chunks(items: list[Any], parts: int) -> list[tuple[int, list[Any]]]:
    """Items in consecutive chunks (start index, chunk): at most a quarter of a worker's share each
    (progress shows often enough), shrinking towards the end (guided scheduling), so that no worker
    idles long while another finishes a big chunk, as the last of equal chunks made it."""
    n = len(items)
    largest, smallest = max(1, n // (parts * 4)), max(1, n // (parts * 16))
    out, start = [], 0
    while start < n:
        size = max(smallest, min(largest, -(-(n - start) // (parts * 2))))
        out.append((start, items[start:start + size]))
        start += size
    return out


def _init(shared: Any, program: int) -> None:
    global _shared
    _shared = shared
    _end_with(program)


def _end_with(program: int) -> None:
    """A worker outlives the program that started it only if nobody ends it: the fork server it was
    forked from lives on while any worker holds its pipe, so neither notices a SIGKILLed program.
    A daemon thread waits on the program's pidfd (Linux) or polls it, and ends the worker with it."""
    import threading

    def watch() -> None:
        import select
        import time

        try:
            select.select([os.pidfd_open(program)], [], [])
        except (AttributeError, OSError):      # no pidfds here: look once a second
            while _running(program):
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="boardcore-parent-watch", daemon=True).start()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)              # signal 0: is it there? (PermissionError: there, someone else's)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _chunk(task: Task, chunk: list[Any]) -> list[Any]:
    return [task(_shared, item) for item in chunk]


@contextmanager
def _script_left_out(needed: bool) -> Iterator[None]:
    """Keep the program's script from being run again in the workers, unless the work is defined in it.
    multiprocessing starts each worker (and the fork server) by importing the script that started the
    program, for the functions it may define; a script without the `if __name__ == "__main__":` guard
    then asks for workers again inside its own workers, which fail with a page of tracebacks. Work that
    lives in a module (every boardcore command's) needs no script, so a script that only calls the library
    (`simulate(..., workers=4)` at its top level) just works; a task of the script's own still needs the
    guard, as Python's documentation says, and so does a shared part that names something of the script's
    (a game it defines and registers: its rules travel by module name). The script's module is told it
    has no file while the workers start (multiprocessing reads `__spec__` and `__file__` to find it),
    and given it back at once."""
    main = sys.modules.get("__main__")
    if main is None or needed:
        yield
        return
    hidden = {name: main.__dict__.pop(name) for name in ("__file__", "__spec__") if name in main.__dict__}
    main.__spec__ = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(hidden)


def _names_the_script(shared: Any) -> bool:
    """Whether the shared part refers to the script's module (a class or function of it, or rules that
    travel by its name). A shared part that does not pickle is left for the pool to report."""
    import pickle

    try:
        return b"__main__" in pickle.dumps(shared)
    except Exception:  # noqa: BLE001 - the pool's own pickling says what is wrong
        return True


def _sigterm_raises() -> Callable[[], None]:
    """While a pool runs, SIGTERM raises SystemExit in the main thread (by default it would end the
    program at once and leave the workers playing their chunks for as long as those take); returns
    what puts the previous handler back."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = signal.getsignal(signal.SIGTERM)
    if previous not in (signal.SIG_DFL, None):   # the program has its own plan for SIGTERM
        return lambda: None

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    return lambda: signal.signal(signal.SIGTERM, previous)


def _stop(pool: Any) -> None:
    """End the workers now: cancelling only stops chunks that have not started. (The pool's process
    table is private; Python 3.14's `terminate_workers` does this in public.)"""
    for process in list((getattr(pool, "_processes", None) or {}).values()):   # (none once shut down)
        if process.is_alive():
            process.terminate()


def _answers(address: str) -> None:
    """Refuse at once a cluster address whose port takes no connection: `ray.init` would wait for that
    head for minutes, retrying and logging, before it gave up. `auto` (the cluster this machine runs)
    and Ray's `local` are Ray's to find; anything else is HOST:PORT, optionally as ray://HOST:PORT."""
    if address in ("auto", "local"):
        return
    host, colon, port = address.split("://", 1)[-1].rpartition(":")
    if not colon or not host or not port.isdigit():
        raise BoardcoreError(f"Ray cluster {address!r} (--ray or BOARDCORE_RAY): give its head as HOST:PORT "
                             "(ray://HOST:PORT for Ray Client), or auto for the cluster this machine runs")
    import socket

    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5.0).close()
    except OSError as exc:
        raise BoardcoreError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


def _ray(address: str) -> Any:
    """The `ray` module, connected to the cluster at `address` (once per program)."""
    try:
        import ray
    except ImportError:
        raise BoardcoreError("--ray needs Ray: pip install 'boardcore[cluster]'") from None
    _answers(address)
    if not ray.is_initialized():
        try:
            import logging

            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, logging_level=logging.ERROR)
        except Exception as exc:  # noqa: BLE001 - ray raises ConnectionError, RuntimeError, …
            raise BoardcoreError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    return ray


def _ray_chunk(task: Task, shared: Any, chunk: list[Any]) -> list[Any]:
    return [task(shared, item) for item in chunk]
