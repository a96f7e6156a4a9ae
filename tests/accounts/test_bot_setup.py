"""The bot page tells its owner how to run the bot: a ready command, copy buttons, the guide."""

from __future__ import annotations

import html
import re
import shlex
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bots import client as bot_client
from bots.models import Bot
from tests.accounts.test_my_bots import create, shown_token

pytestmark = pytest.mark.django_db

COMMAND = re.compile(r'<code class="command" id="run-command">([^<]+)</code>')


def command_of(page: str) -> list[str]:
    found = COMMAND.search(page)
    assert found, "no command on the page"
    return shlex.split(html.unescape(found.group(1)))


def test_a_new_bot_page_holds_a_ready_command_with_the_fresh_token(
    ana: User, ana_client: Client
) -> None:
    bot, page = create(ana_client)
    assert "Bot robo created." in page
    token = shown_token(page)
    words = command_of(page)
    assert words[:3] == [".venv/bin/python", "-m", "bots.client"]
    # The example client's own parser reads it: this server's address, the token, a game.
    # (main() adds --strategy to the shared parser when it runs the client itself.)
    parser = bot_client.parser()
    parser.add_argument("--strategy", choices=sorted(bot_client.STRATEGIES))
    args = parser.parse_args(words[3:])
    assert args.url == "http://testserver" and args.token == token
    assert args.practice == bot.games[0] and args.strategy == "greedy"
    assert 'data-copy="#new-token"' in page and 'data-copy="#run-command"' in page
    assert 'href="/docs/bots/"' in page and "web/copy.js" in page


def test_later_the_command_holds_a_placeholder_not_a_token(ana_client: Client) -> None:
    bot, page = create(ana_client)
    token = shown_token(page)
    again = ana_client.get(f"/accounts/bots/{bot.pk}/").content.decode()
    assert token not in again
    words = command_of(again)
    assert words[words.index("--token") + 1] == "YOUR_TOKEN"
    assert "Replace YOUR_TOKEN with the bot" in again
    assert 'href="/docs/bots/"' in again and 'href="/bots/robo/"' in again


def test_the_bot_list_links_the_guide_and_messages_say_what_happened(ana_client: Client) -> None:
    assert 'href="/docs/bots/"' in ana_client.get("/accounts/bots/").content.decode()
    bot, _ = create(ana_client)
    saved = ana_client.post(
        f"/accounts/bots/{bot.pk}/", {"games": [bot.games[0]]}, follow=True
    ).content.decode()
    assert "robo&#x27;s settings are saved." in saved and "Saved." not in saved
    rotated = ana_client.post(f"/accounts/bots/{bot.pk}/tokens/").content.decode()
    assert "robo has a new token" in rotated
    assert Bot.objects.get(pk=bot.pk).tokens.count() == 2


STANDALONE = re.compile(r'<code class="command" id="standalone-command">([^<]+)</code>')


def test_without_the_source_the_page_gives_the_install_the_download_and_the_run(
    ana_client: Client,
) -> None:
    """A bare ``python -m bots.client`` fails without the project: the page gives three lines
    that work anywhere, and the file they download is the client itself."""
    _bot, page = create(ana_client)
    token = shown_token(page)
    found = STANDALONE.search(page)
    assert found, "no standalone commands on the page"
    install, download, run = html.unescape(found.group(1)).splitlines()
    assert shlex.split(install) == ["python3", "-m", "pip", "install", "httpx"]
    url = shlex.split(download)[-1]
    assert url == "http://testserver/downloads/client.py"
    served = ana_client.get("/downloads/client.py")
    assert served.status_code == 200 and served["Content-Type"] == "text/x-python"
    source = b"".join(served.streaming_content) if served.streaming else served.content
    assert source == Path(bot_client.__file__).read_bytes()
    # The client imports nothing of the platform: httpx and the standard library only.
    imported = re.findall(r"^(?:from|import) (\w+)", source.decode(), flags=re.MULTILINE)
    assert set(imported) - set(sys.stdlib_module_names) == {"httpx"}
    words = shlex.split(run)
    assert words[:2] == ["python3", "client.py"] and token in words
