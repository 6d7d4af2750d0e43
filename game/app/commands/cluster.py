"""Cells of a grid computed on dask.distributed: ``chaosmap`` and ``sweep`` hand their chunks here.

A chunk (a block of rows of a map, a run of cells of a sweep) is one task: a few per worker,
so the cost of a task (milliseconds) stays small against its work. :func:`cells_on` gives the
place they run: this process alone (``--jobs 1``: the single-process reference), a
``LocalCluster`` of one worker process per core (one thread each, numba's parallel loops
included), or an existing cluster at ``--scheduler ADDRESS``. :func:`compute` submits the
chunks and hands each result back as it finishes, so progress is shown and a resumable sweep
keeps what is done.

A worker that dies (killed, out of memory) loses no cells: the scheduler runs its chunks again
elsewhere, and a chunk's result depends on its cells alone, never on where or in what order it
ran. A scheduler that does not answer is said within :data:`CONNECT_SECONDS`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ...messages import msg
from .usage import UsageError

#: how long to wait for a scheduler given with --scheduler before saying it does not answer
CONNECT_SECONDS = 5.0
#: a task whose worker died this many times is given up (dask's setting
#: distributed.scheduler.allowed-failures, 3 unless changed: a chunk that kills every worker it
#: meets, by running out of memory, must not go round forever)
ALLOWED_FAILURES = 3

Job = TypeVar("Job")
Chunk = TypeVar("Chunk")
Prepared = TypeVar("Prepared")
Out = TypeVar("Out")


class ClusterError(Exception):
    """The cluster could not finish the work (its workers kept dying, or cannot run this program);
    the message says why."""


def cores() -> int:
    return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def cells_on(processes: int, scheduler: str | None = None) -> Iterator[Any]:
    """Where the cells run: None (this process) for one process and no scheduler, else a
    dask ``Client`` of a new local cluster of ``processes`` workers or of the scheduler at
    ``scheduler``. Closed on leaving (the local cluster's processes end)."""
    if scheduler is None and processes <= 1:
        yield None
        return
    from distributed import Client, LocalCluster

    quiet = [logging.getLogger(name) for name in ("distributed", "tornado", "asyncio")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:  # dask's notes (ports, the dashboard, workers coming and going) are not ours to say
        logger.setLevel(logging.CRITICAL)
    try:
        with contextlib.ExitStack() as stack:
            if scheduler is not None:
                client = stack.enter_context(_connect(Client, scheduler))
            else:
                local = stack.enter_context(LocalCluster(
                    n_workers=processes, threads_per_worker=1, processes=True, dashboard_address=None,
                    silence_logs=logging.CRITICAL))
                client = stack.enter_context(Client(local, set_as_default=False))
            yield client
    finally:
        for logger, level in zip(quiet, levels):
            logger.setLevel(level)


@contextlib.contextmanager
def _connect(client_class, address: str) -> Iterator[Any]:
    try:
        client = client_class(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:  # refused, no answer, or not an address at all
        raise UsageError(msg("cluster.unreachable", address=address, seconds=f"{CONNECT_SECONDS:g}",
                             reason=str(exc).splitlines()[0] if str(exc) else type(exc).__name__)) from None
    try:
        if not client.nthreads():
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        client.close()
        raise UsageError(msg("cluster.no_workers", address=address, seconds=f"{CONNECT_SECONDS:g}")) from None
    try:
        yield client
    finally:
        client.close()


def workers(client: Any, processes: int) -> int:
    """How many chunks run at once: the cluster's threads, or ``processes`` in this process."""
    return processes if client is None else max(1, sum(client.nthreads().values()))


#: what a worker process built for the job it is running (one job at a time): its token, and it
_prepared: dict[str, Any] = {}


def _one_thread() -> None:
    """A chunk runs on one of its worker's threads, so numba's parallel loops run on that thread
    alone: a worker per core each spreading its batch over every core made a map four times slower."""
    try:
        import numba
    except ImportError:
        return
    numba.set_num_threads(1)


def _run_chunk(prepare: Callable[[Job], Prepared], work: Callable[[Prepared, Chunk], Out], token: str, job: Job,
               chunk: Chunk) -> Out:
    """One chunk, in a worker: the job's system is built once per process (compiled code, the
    condition), then reused by every chunk of the job that lands there."""
    _one_thread()
    ready = _prepared.get(token)
    if ready is None:
        _prepared.clear()
        ready = _prepared[token] = prepare(job)
    return work(ready, chunk)


def compute(prepare: Callable[[Job], Prepared], work: Callable[[Prepared, Chunk], Out], job: Job,
            chunks: Sequence[Chunk], client: Any, done: Callable[[int, Out], None]) -> None:
    """``work(prepare(job), chunk)`` for every chunk, on ``client``'s workers (or here, in order,
    when it is None); ``done(index, result)`` hears of each as it finishes. An exception of a
    chunk stops the rest and is raised here as it was raised there."""
    if client is None:
        ready = prepare(job)
        for index, chunk in enumerate(chunks):
            done(index, work(ready, chunk))
        return
    from distributed import KilledWorker, as_completed

    token = uuid.uuid4().hex
    futures = {client.submit(_run_chunk, prepare, work, token, job, chunk, key=f"cells-{token}-{index}", pure=False):
               index for index, chunk in enumerate(chunks)}
    try:
        for future in as_completed(futures, loop=client.loop):
            done(futures[future], future.result())
    except KilledWorker:
        raise ClusterError(msg("cluster.killed", times=ALLOWED_FAILURES)) from None
    except ImportError as exc:  # workers started where this program is not installed
        raise ClusterError(msg("cluster.cannot_import", reason=str(exc))) from None
    finally:
        client.cancel(list(futures), force=True)
