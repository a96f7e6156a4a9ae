"""The docs in docs/ served as pages: rendered, linked, escaped, and nothing else reachable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from learn.docs import doc_names, render_markdown
from tests.processes import ROOT

pytestmark = pytest.mark.django_db


def test_every_markdown_file_in_docs_is_listed_on_the_index() -> None:
    names = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))
    assert names == doc_names() and "bots" in names and "web" in names
    html = Client().get("/docs/").content.decode()
    for name in names:
        assert f'href="/docs/{name}/"' in html
    assert "The web site" in html  # titles come from each file's first heading


@pytest.mark.parametrize("name", ["bots", "rules", "tournaments", "web"])
def test_a_doc_renders_as_html_inside_the_layout(name: str) -> None:
    reply = Client().get(f"/docs/{name}/")
    assert reply.status_code == 200
    html = reply.content.decode()
    assert 'class="site"' in html and f'id="doc-{name}"' in html
    assert "<h1" in html and '<table tabindex="0">' in html  # the tables extension, scrollable
    assert "| --- |" not in html and "|---|" not in html
    assert " style=" not in html and "<script>" not in html  # the CSP allows neither


def test_fenced_code_and_links_between_docs() -> None:
    html = Client().get("/docs/rules/").content.decode()
    assert '<pre tabindex="0"><code class="language-python">' in html
    assert 'id="option-bounds"' in html
    bots = Client().get("/docs/bots/").content.decode()
    assert 'href="/docs/rules/#option-bounds"' in bots  # rules.md#option-bounds
    assert 'href="/docs/tournaments/"' in bots  # tournaments.md
    assert 'href="../examples/README.md"' not in bots  # a repository file: not served
    assert '.md"' not in bots


def test_raw_html_and_unsafe_links_are_not_passed_through() -> None:
    html = render_markdown(
        "<script>alert(1)</script>\n\nA <b onclick=x()>bold</b> [bad](javascript:alert(1)) "
        "[file](../pyproject.toml) [ok](https://example.org/) [doc](bots.md#tokens) "
        "[mail](mailto:a@example.org) ![pic](http://example.org/x.png)\n\n"
        "| a | b |\n|:--|--:|\n| 1 | 2 |\n",
        names={"bots"},
    )
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<b " not in html and "onclick" not in html.replace("&lt;b onclick", "")
    assert "javascript:" not in html
    assert 'href="../pyproject.toml"' not in html and "file" in html
    assert 'href="https://example.org/"' in html
    assert 'href="/docs/bots/#tokens"' in html
    assert 'href="mailto:a@example.org"' in html
    assert "<img" not in html and "pic" in html
    assert " style=" not in html and 'align="right"' in html


@pytest.mark.parametrize(
    "url",
    [
        "/docs/nowhere/",
        "/docs/web.md/",
        "/docs/..%2Fpyproject/",
        "/docs/..%2F..%2Fetc%2Fpasswd/",
        "/docs/%2e%2e/",
        "/docs/../README/",
        "/docs/..%5CREADME/",
        "/docs/WEB/",
        "/docs/.web/",
    ],
)
def test_unknown_names_and_paths_out_of_docs_are_a_404(url: str) -> None:
    reply = Client().get(url)
    assert reply.status_code == 404, url
    assert b"[project]" not in reply.content and b"root:" not in reply.content


def test_a_file_outside_docs_is_refused_even_by_name(settings: object, tmp_path: object) -> None:
    from pathlib import Path

    from learn.docs import doc_get

    folder = Path(str(tmp_path)) / "docs"
    folder.mkdir()
    (folder / "one.md").write_text("# One\n\nhello\n")
    (Path(str(tmp_path)) / "secret.md").write_text("# Secret\n")
    settings.DOCS_DIR = folder  # type: ignore[attr-defined]
    assert doc_names() == ["one"]
    assert doc_get(name="one") is not None
    for name in ["../secret", "secret", "..", "one.md", "/etc/passwd", ""]:
        assert doc_get(name=name) is None, name
    assert Client().get("/docs/one/").status_code == 200
    assert Client().get("/docs/secret/").status_code == 404


def test_the_docs_index_is_in_the_readers_language() -> None:
    # The files are English only; their titles on the index are translated.
    html = Client().get("/docs/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert '<a href="/docs/bots/">봇 만들기와 연결하기</a>' in html
    assert '<a href="/docs/rules/">규칙과 프로그램용 표기법</a>' in html
    assert 'lang="en">' not in html.split('class="docs-list"')[1].split("</ul>")[0]
    spanish = Client().get("/docs/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<a href="/docs/tournaments/">Torneos</a>' in spanish


def test_a_doc_the_index_has_no_words_for_keeps_its_heading_marked_english(
    tmp_path: Path, settings: Any
) -> None:
    (tmp_path / "extra.md").write_text("# An extra page\n\nText.\n")
    settings.DOCS_DIR = tmp_path
    html = Client().get("/docs/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert '<a href="/docs/extra/" lang="en">An extra page</a>' in html
