"""The catalogs are complete: every message translated in every language, none missing.

(a) Every msgid of every language's django.po and djangojs.po has a non-empty msgstr (every
    plural form) and no entry is fuzzy.
(b) ``makemessages``, run over a temporary copy of the sources and of locale/, adds no msgid the
    committed catalogs lack (so no English string is left untranslated). It needs GNU gettext's
    xgettext: skipped with the reason when xgettext is missing, except on CI (CI=true) where
    that is a failure (.ci/run installs gettext).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tests.processes import ROOT

LOCALE = ROOT / "locale"
LANGUAGES = ("es", "pt_BR", "id", "ko")  # the folders under locale/ (settings.LANGUAGES)
DOMAINS = ("django", "djangojs")
# The same folders as the Makefile's `make messages` leaves out.
IGNORE = (".venv/*", "var/*", "tests/*", "bench/*", "examples/*", "node_modules/*")
COPY_IGNORE = shutil.ignore_patterns(
    ".venv",
    ".git",
    "var",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "*.mo",
    "*.egg-info",
    "tests",
    "bench",
    "examples",
)


def catalog(path: Path) -> Catalog:
    assert path.exists(), f"{path.relative_to(ROOT)} is missing"
    with path.open("rb") as handle:
        return read_po(handle)


def keys(po: Catalog) -> set[tuple[str, str | None]]:
    """Return each message as (msgid, msgctxt); a plural's msgid is its singular."""
    found = set()
    for message in po:
        if not message.id:
            continue  # the header
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        found.add((msgid, message.context))
    return found


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language: str, domain: str) -> None:
    po = catalog(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")
    untranslated, fuzzy = [], []
    for message in po:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        if not all(strings):
            untranslated.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not untranslated, f"{language}/{domain}: untranslated {untranslated[:20]}"
    assert not fuzzy, f"{language}/{domain}: fuzzy {fuzzy[:20]}"


def test_makemessages_adds_nothing(tmp_path: Path) -> None:
    if shutil.which("xgettext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("xgettext is missing on CI (apt-get install gettext; .ci/run does it)")
        pytest.skip("xgettext (GNU gettext) is missing: install gettext to run this check")
    # makemessages writes where LOCALE_PATHS point and walks the current folder: run it in a
    # copy of the sources with a copy of locale/, so the committed catalogs stay untouched.
    sources = tmp_path / "src"
    shutil.copytree(ROOT, sources, ignore=COPY_IGNORE)
    shutil.rmtree(sources / "locale", ignore_errors=True)
    shutil.copytree(LOCALE, sources / "locale", ignore=shutil.ignore_patterns("*.mo"))
    settings_dir = tmp_path / "settings"
    settings_dir.mkdir()
    (settings_dir / "catalogs_check_settings.py").write_text(
        "from config.settings import *  # noqa: F403\n"
        f"LOCALE_PATHS = [{str(sources / 'locale')!r}]\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "catalogs_check_settings",
        "PYTHONPATH": os.pathsep.join([str(settings_dir), os.environ.get("PYTHONPATH", "")]),
        "VAR_DIR": str(tmp_path / "var"),
    }
    (tmp_path / "var").mkdir()
    ignores = [f"--ignore={pattern}" for pattern in IGNORE]
    languages = [f"-l{language}" for language in LANGUAGES]
    for domain in DOMAINS:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "django",
                "makemessages",
                "-d",
                domain,
                *languages,
                "--no-obsolete",
                *ignores,
            ],
            cwd=sources,
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
    missing = {}
    for language in LANGUAGES:
        for domain in DOMAINS:
            fresh = catalog(sources / "locale" / language / "LC_MESSAGES" / f"{domain}.po")
            committed = catalog(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")
            new = keys(fresh) - keys(committed)
            if new:
                missing[f"{language}/{domain}"] = sorted(str(key) for key in new)[:20]
    assert not missing, f"strings not in the committed catalogs (run make messages): {missing}"
