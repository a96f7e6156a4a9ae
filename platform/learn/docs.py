"""The markdown files in docs/, rendered to HTML for /docs/<page>/.

Only the files directly in docs/ are served, by a plain name (``bots`` for docs/bots.md), so no
address can reach another file. Raw HTML in a file is shown as text, never passed through;
links to another doc (``bots.md#tokens``) become its page (``/docs/bots/#tokens``), and links
that are neither a doc, an anchor, a site path nor a web address are left as plain text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

import markdown
from django.conf import settings
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,59}")  # DESIGN.md too
DOC_LINK = re.compile(r"(?:\./|docs/)?([A-Za-z0-9][A-Za-z0-9_-]{0,59})\.md")
SAFE_SCHEMES = {"http", "https", "mailto"}


# The index's titles of this repository's docs, in the reader's language (the files themselves
# are in English only). A doc not named here is listed by its own heading, marked as English.
TITLES: dict[str, Promise] = {
    "DESIGN": _("How the platform is built"),
    "accounts": _("Accounts, sign-in and tokens"),
    "bots": _("Writing and connecting a bot"),
    "fair-play": _("Fair play"),
    "formats": _("Tournament formats"),
    "ladders": _("Ladders"),
    "leagues": _("Leagues"),
    "ratings": _("Ratings and leaderboards"),
    "rules": _("The rules, with their notation for programs"),
    "tournaments": _("Tournaments"),
    "web": _("The web site: pages, playing in the browser, the live-table socket"),
}


@dataclass(frozen=True)
class DocTitle:
    """One line of the docs index: a doc's name, its title, and whether that is translated."""

    name: str
    title: str
    translated: bool


@dataclass(frozen=True)
class Doc:
    """One served doc: its name in the address, its title and its HTML."""

    name: str
    title: str
    html: SafeString


def docs_dir() -> Path:
    """Return the folder whose markdown files are served (``DOCS_DIR``, default docs/)."""
    return Path(getattr(settings, "DOCS_DIR", settings.BASE_DIR / "docs"))


def doc_names() -> list[str]:
    """Return the names of the docs that may be served, sorted."""
    folder = docs_dir()
    if not folder.is_dir():
        return []
    return sorted(
        path.stem for path in folder.glob("*.md") if path.is_file() and NAME.fullmatch(path.stem)
    )


def _link_target(href: str, names: set[str]) -> str | None:
    """Return where a link in a doc should point on the site, or None to drop the link."""
    parts = urlsplit(href)
    if parts.scheme:
        return href if parts.scheme.lower() in SAFE_SCHEMES else None
    if parts.netloc:
        return None
    if not parts.path:
        return href if parts.fragment else None  # "#anchor" on the same page
    doc = DOC_LINK.fullmatch(parts.path)
    if doc and doc.group(1) in names:
        page = reverse("doc", kwargs={"page": doc.group(1)})
        return f"{page}#{parts.fragment}" if parts.fragment else page
    if parts.path.startswith("/") and not parts.path.startswith("//"):
        return href  # a page of this site
    return None  # a file of the repository: not served here


class _Links(Treeprocessor):
    def __init__(self, md: markdown.Markdown, names: set[str]) -> None:
        super().__init__(md)
        self.names = names

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag == "a":
                target = _link_target(element.get("href", ""), self.names)
                if target is None:
                    element.tag = "span"
                    element.attrib.pop("href", None)
                    element.attrib.pop("title", None)
                else:
                    element.set("href", target)
            elif element.tag == "table":  # scrolls sideways on a phone: the keyboard
                element.set("tabindex", "0")  # must reach it too (as <pre> below)
            elif element.tag == "img":  # docs have no pictures: keep the words only
                element.tag = "span"
                element.text = element.get("alt", "")
                element.attrib.clear()


class _SafeDocs(Extension):
    """Show raw HTML as text and point links at the site's doc pages."""

    def __init__(self, names: set[str]) -> None:
        super().__init__()
        self.names = names

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_Links(md, self.names), "site_links", 0)


def render_markdown(text: str, *, names: set[str] | None = None) -> SafeString:
    """Return the HTML of a doc's markdown, with raw HTML escaped and links fixed."""
    md = markdown.Markdown(
        extensions=["tables", "fenced_code", "toc", _SafeDocs(names or set())],
        # aligned columns as align="…", not style="…" (the CSP allows no inline style)
        extension_configs={"tables": {"use_align_attribute": True}},
        output_format="html",
    )
    html = md.convert(text)
    # Code blocks scroll sideways too; fenced ones never pass the tree, so mark them here
    # (raw HTML is escaped, so every "<pre>" left is the renderer's own).
    html = html.replace("<pre>", '<pre tabindex="0">')
    return mark_safe(html)  # raw HTML was escaped by _SafeDocs


def _title(text: str, name: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return name


@lru_cache(maxsize=64)
def _render(path: Path, mtime_ns: int, names: tuple[str, ...]) -> Doc:
    text = path.read_text(encoding="utf-8")
    return Doc(
        name=path.stem, title=_title(text, path.stem), html=render_markdown(text, names=set(names))
    )


def doc_get(*, name: str) -> Doc | None:
    """Return the doc served as ``/docs/<name>/``, or None when there is no such doc."""
    names = doc_names()
    if not NAME.fullmatch(name) or name not in names:
        return None
    path = docs_dir() / f"{name}.md"
    return _render(path, path.stat().st_mtime_ns, tuple(names))


def doc_list() -> list[Doc]:
    """Return every doc (name, title, HTML) in name order."""
    return [doc for name in doc_names() if (doc := doc_get(name=name)) is not None]


def doc_titles() -> list[DocTitle]:
    """Return the docs index: each doc's title in the reader's language where one is known."""
    return [
        DocTitle(doc.name, str(TITLES[doc.name]), True)
        if doc.name in TITLES
        else DocTitle(doc.name, doc.title, False)
        for doc in doc_list()
    ]
