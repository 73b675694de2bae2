"""``ryg.bot`` against a real ``ryg serve`` started by the test: a bot with an agent joins a
rated game by its invite link, plays it to its end against a person this test drives over HTTP,
and its rating moves; its secret stays in a 0600 file; an agent's illegal move is refused."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Tuple

import pytest

import ryg.bot

PERSON = "p" * 40


def call(url: str, method: str, path: str, body: Optional[Dict[str, Any]] = None, token: Optional[str] = None) -> Any:
    headers = {"Ryg-Player": PERSON, "Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


@pytest.fixture
def server(ryg_bin: str, tmp_path: Path) -> Iterator[str]:
    env = dict(os.environ, HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.Popen(
        [ryg_bin, "serve", "--port", "0", "--db", str(tmp_path / "games.sqlite3")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().strip()
        assert first.startswith("ryg: serving on "), first
        yield first.removeprefix("ryg: serving on ").rstrip("/")
    finally:
        proc.kill()
        proc.wait(timeout=10)


def rated_game(url: str) -> Tuple[str, str, str]:
    """A rated 6x6 game the person holds the mouse of: its id, the mouse's token, the cats' link."""
    call(url, "POST", "/api/players", {"name": "Ana"})
    spec = {"size": 6, "mouse": "human", "cats": "human", "rated": True, "player_seat": "mouse"}
    game = call(url, "POST", "/api/games", spec)
    return game["id"], game["tokens"]["mouse"], game["links"]["cats"]


def person(url: str, game: str, token: str, stop: threading.Event) -> None:
    """Plays the mouse's first legal move whenever it is the mouse's turn, for 60 s at most."""
    deadline = time.monotonic() + 60
    while not stop.is_set() and time.monotonic() < deadline:
        g = call(url, "GET", f"/api/games/{game}")
        if g["result"] != "*":
            return
        if g["to_move"] == "mouse":
            call(url, "POST", f"/api/games/{game}/moves", {"move": g["legal_moves"][0], "ply": len(g["moves"])}, token)
        else:
            time.sleep(0.05)


def test_an_agent_plays_a_rated_game_by_its_link_to_its_end(server: str, tmp_path: Path) -> None:
    game, mouse, link = rated_game(server)
    secret_file = tmp_path / "bot.secret"
    bot = ryg.bot.Bot(server, secret_file=secret_file, name="First move", timeout=30)
    assert bot.player["bot"] is True
    bot.join(link)
    stop = threading.Event()
    driver = threading.Thread(target=person, args=(server, game, mouse, stop), daemon=True)
    driver.start()
    try:
        finished = bot.play(lambda g: g["legal_moves"][0], games=1, retries=0)
    finally:
        stop.set()
        driver.join(timeout=30)
    assert finished[0]["type"] == "gameFinish" and finished[0]["id"] == game
    assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    again = ryg.bot.Bot(server, secret_file=secret_file)
    assert again.player["id"] == bot.player["id"], "the secret file keeps the player"
    me = again.call("GET", "/api/players/me")
    assert me["ratings"][0]["games"] == 1 and me["ratings"][0]["rating"] != 1500


def test_an_illegal_move_of_the_agent_is_refused_with_the_servers_words(server: str, tmp_path: Path) -> None:
    game, mouse, link = rated_game(server)
    bot = ryg.bot.Bot(server, secret_file=tmp_path / "bot.secret")
    bot.join(link)
    first = call(server, "GET", f"/api/games/{game}")["legal_moves"][0]
    call(server, "POST", f"/api/games/{game}/moves", {"move": first, "ply": 0}, mouse)
    with pytest.raises(ryg.bot.BotError) as refused:
        bot.play(lambda g: "a1a1", games=1, retries=0)
    assert refused.value.status == 400, refused.value
    with pytest.raises(ValueError):
        bot.join("http://example.org/#game=abc")
