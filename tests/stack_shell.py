"""A long-lived Django shell for one test stack: management commands and snippets of code run in
one process that set Django up once, instead of a ``manage.py`` process (two seconds) each.

    python -m tests.stack_shell        # with the stack's environment; talks JSON lines

Each request is one line, ``{"command": [name, *args]}`` or ``{"code": text}``; each answer one
line, ``{"out": text}`` or ``{"error": text}``. Database connections close after every request,
so the shell holds no lock and no transaction between them.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import threading
import traceback
from typing import IO, Any

from tests.processes import PYTHON, ROOT


def serve(requests: IO[str], answers: IO[str]) -> None:
    """Answer requests until the input ends (the shell's side)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    for line in requests:
        request = json.loads(line)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                if "command" in request:
                    name, *args = request["command"]
                    call_command(name, *args, stdout=out)
                else:
                    exec(request["code"], {"__name__": "__stack_shell__"})
            answer: dict[str, str] = {"out": out.getvalue()}
        except BaseException:  # a failing command raises SystemExit or CommandError
            answer = {"error": out.getvalue() + traceback.format_exc()}
        finally:
            connections.close_all()
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


class StackShell:
    """The test side: a shell process in ``env``, one request at a time."""

    def __init__(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [PYTHON, "-m", "tests.stack_shell"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lock = threading.Lock()

    def ask(self, request: dict[str, Any]) -> str:
        with self.lock:
            assert self.process.stdin is not None and self.process.stdout is not None
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"the stack shell exited ({self.process.poll()})")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"the stack shell failed on {request}:\n{answer['error']}")
        return str(answer["out"])

    def command(self, *args: str) -> str:
        """Run ``manage.py <args>``; return what it printed."""
        return self.ask({"command": list(args)})

    def run(self, code: str) -> str:
        """Run Python code with Django set up; return what it printed."""
        return self.ask({"code": code})

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process.stdout is not None:
            self.process.stdout.close()


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
