"""Every setting read from the environment is documented: in the README's configuration table
or in the docs page of the feature it tunes."""

from __future__ import annotations

import re

from tests.processes import ROOT


def test_every_environment_setting_is_documented() -> None:
    source = (ROOT / "platform" / "config" / "settings.py").read_text()
    names = set(re.findall(r"\benv_[a-z_]+\(\s*\"([A-Z][A-Z0-9_]+)\"", source))
    assert len(names) > 50  # the pattern still finds them
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = "\n".join(page.read_text() for page in pages)
    missing = sorted(name for name in names if f"`{name}`" not in text)
    assert missing == [], f"settings no page names: {missing}"
