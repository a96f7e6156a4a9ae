"""Server worker processes die with the ``serve`` process that started them.

``manage.py serve --workers N`` names itself in ``SERVE_PARENT_PID``; each uvicorn worker
process asks the kernel for SIGTERM when its parent dies (Linux ``PR_SET_PDEATHSIG``; elsewhere a
thread polls ``os.getppid()``), so a SIGKILL of the parent leaves no orphan holding the port.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PARENT_VARIABLE = "SERVE_PARENT_PID"
PR_SET_PDEATHSIG = 1


def _ask_the_kernel() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)


def die_with_parent() -> None:
    """In a worker process of ``serve``, end this process when its parent ends."""
    raw = os.environ.get(PARENT_VARIABLE, "")
    if not raw.isdigit() or int(raw) == os.getpid():
        return  # not started by serve with several workers, or serve itself
    parent = int(raw)
    if not _ask_the_kernel():
        threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before we asked
        os.kill(os.getpid(), signal.SIGTERM)
