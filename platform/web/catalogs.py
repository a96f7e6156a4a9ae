"""Compile the translation catalogs (locale/*/LC_MESSAGES/*.po -> .mo) with Babel.

Pure Python, so a fresh machine needs no system gettext to run the site or its tests: setup
(scripts/setup.sh) and the test session (tests/conftest.py) call :func:`compile_catalogs`. The .mo
files are build output, not committed (.gitignore). Extracting new strings (``make messages``)
still needs GNU gettext's xgettext. This module imports no Django, so conftest can call it first.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"


def compile_catalog(po_path: Path, mo_path: Path | None = None) -> Path:
    """Compile one .po file to its .mo beside it (or ``mo_path``); fuzzy entries are left out."""
    mo_path = mo_path or po_path.with_suffix(".mo")
    with po_path.open("rb") as po_file:
        catalog = read_po(po_file, abort_invalid=True)
    # write_mo drops fuzzy messages when use_fuzzy is False (the header entry is kept).
    tmp = mo_path.with_name(f"{mo_path.name}.{os.getpid()}.tmp")  # one per process
    with tmp.open("wb") as mo_file:
        write_mo(mo_file, catalog, use_fuzzy=False)
    tmp.replace(mo_path)  # atomic: a concurrent reader never sees half a file
    return mo_path


def compile_catalogs(locale_dir: Path = LOCALE_DIR, *, only_stale: bool = False) -> list[Path]:
    """Compile every ``<locale_dir>/*/LC_MESSAGES/*.po``; return the .mo files written.

    With ``only_stale``, a .mo newer than its .po is left alone.
    """
    written = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if only_stale and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        written.append(compile_catalog(po_path, mo_path))
    return written
