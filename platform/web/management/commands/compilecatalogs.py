"""manage.py compilecatalogs: every locale/*/LC_MESSAGES/*.po to .mo with Babel (no gettext)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from web.catalogs import compile_catalogs


class Command(BaseCommand):
    help = (
        "Compile the translation catalogs (LOCALE_PATHS/*/LC_MESSAGES/*.po) to .mo files with "
        "Babel, leaving out fuzzy entries. Needs no system gettext."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--locale-dir",
            action="append",
            type=Path,
            help="a locale directory to compile instead of settings.LOCALE_PATHS (repeatable)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Compile each locale directory's catalogs and say how many."""
        dirs = options["locale_dir"] or [Path(p) for p in settings.LOCALE_PATHS]
        for locale_dir in dirs:
            written = compile_catalogs(Path(locale_dir))
            if options["verbosity"] >= 1:
                self.stdout.write(f"compiled {len(written)} catalog(s) in {locale_dir}")
