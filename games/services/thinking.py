"""Where a house search thinks (issue 20: no bot slows the others).

A search move (house:ismcts and its kin) is pure Python that computes for 40-200 ms. In the
embedded runtime the worker threads share the server's interpreter, so a search computed in a
thread would hold the GIL against every request and house move of everyone else. There,
``SEARCH_IN_CHILD_PROCESS`` (on by default when embedded) sends each search decision to one
child process and the thread only waits. Scaled out, the search queue has a worker process of
its own (Procfile), and the decision runs where the task runs.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from django.conf import settings

from games.engine import strategies
from games.engine.base import JSON
from games.engine.thinking import decide, decide_in

log = logging.getLogger(__name__)
_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def house_decision(game: str, rules: Any, state: Any, seat: int, rng_key: str, name: str) -> JSON:
    """Return the wire move ``name`` picks for ``seat``: a search in the child process when the
    setting asks for it, any other strategy here."""
    if not (strategies.is_search(name) and settings.SEARCH_IN_CHILD_PROCESS):
        return decide_in(game, state, seat, rng_key, name)  # here: no need to dump the state
    snapshot = rules.dump(state)
    for _ in range(2):
        try:
            return _child().submit(decide, game, snapshot, seat, rng_key, name).result()
        except BrokenProcessPool:  # the child died (killed, out of memory): start another
            log.warning("the search process died; starting another")
            shutdown()
    return decide(game, snapshot, seat, rng_key, name)


def _child() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            # spawn, never fork: the server process runs threads.
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return _pool


def shutdown() -> None:
    """Stop the child process, if one runs (the embedded runtime's stop calls this)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
