"""manage.py compilecatalogs: .po -> .mo with real Babel, fuzzy entries left out."""

from __future__ import annotations

import gettext
from pathlib import Path

from django.core.management import call_command

from web.catalogs import compile_catalogs

PO = r"""msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Sign in"
msgstr "Iniciar sesión"

#, fuzzy
msgid "Sign up"
msgstr "Registrarse"

msgid "Untranslated"
msgstr ""

msgid "%(count)s match"
msgid_plural "%(count)s matches"
msgstr[0] "%(count)s partida"
msgstr[1] "%(count)s partidas"
"""


def write_po(root: Path, language: str = "es", domain: str = "django") -> Path:
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / f"{domain}.po"
    po.write_text(PO, encoding="utf-8")
    return po


def read_mo(mo: Path) -> gettext.GNUTranslations:
    with mo.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_the_command_compiles_every_po_and_skips_fuzzy(tmp_path: Path) -> None:
    po = write_po(tmp_path)
    write_po(tmp_path, "ko", "djangojs")
    call_command("compilecatalogs", locale_dir=[tmp_path], verbosity=0)
    mo = po.with_suffix(".mo")
    assert mo.exists()
    assert (tmp_path / "ko" / "LC_MESSAGES" / "djangojs.mo").exists()
    catalog = read_mo(mo)
    assert catalog.gettext("Sign in") == "Iniciar sesión"
    assert catalog.gettext("Sign up") == "Sign up"  # fuzzy: left out, so English shows
    assert catalog.gettext("Untranslated") == "Untranslated"
    assert catalog.ngettext("%(count)s match", "%(count)s matches", 1) == "%(count)s partida"
    assert catalog.ngettext("%(count)s match", "%(count)s matches", 5) == "%(count)s partidas"


def test_only_stale_leaves_fresh_catalogs_alone(tmp_path: Path) -> None:
    write_po(tmp_path)
    assert len(compile_catalogs(tmp_path)) == 1
    assert compile_catalogs(tmp_path, only_stale=True) == []
    assert len(compile_catalogs(tmp_path)) == 1
