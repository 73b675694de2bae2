"""Play on a ryg server as a bot: an agent — any callable from a game's view to a move, such as a
policy trained with ``ryg.envs`` — plays the games its bot player is seated in. The bot API is
plain HTTP (docs/server.md, "Bot API"): the bot's secret travels in the ``Ryg-Player`` header,
never in a URL, and is kept in a file only its owner may read.

    import ryg.bot

    def first_move(game):                 # the game's view: "fen", "moves", "legal_moves", …
        return game["legal_moves"][0]

    bot = ryg.bot.Bot("http://127.0.0.1:8080", secret_file="bot.secret", name="First move")
    bot.join("http://127.0.0.1:8080/#game=…&token=…")     # or wait for a challenge
    bot.play(first_move, games=1)
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Union

__all__ = ["Agent", "Bot", "BotError"]

Game = Dict[str, Any]
#: What plays: a game's view (as ``GET /api/games/{id}`` answers it) to a move such as ``"e1f2"``.
Agent = Callable[[Game], str]


class BotError(Exception):
    """The server refused a call (its status and message), or a secret file cannot be used."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


def _load_or_create(path: Path) -> str:
    """The secret kept in ``path`` (made, mode 0600, when missing; refused when others may read it)."""
    if path.exists():
        if os.name == "posix" and stat.S_IMODE(path.stat().st_mode) & 0o077:
            raise BotError(f"{path} may be read by others: chmod 600 it")
        secret = path.read_text().strip()
        if not (32 <= len(secret) <= 128) or not all(c.isalnum() or c in "-_" for c in secret):
            raise BotError(f"{path} holds no player secret")
        return secret
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret + "\n")
    return secret


def _link_parts(link: str) -> tuple[str, str]:
    fragment = link.split("#", 1)[-1]
    parts = dict(p.split("=", 1) for p in fragment.split("&") if "=" in p)
    if not parts.get("game") or not parts.get("token"):
        raise ValueError(f"{link!r} is no seat's invite link: expected …/#game=ID&token=TOKEN")
    return parts["game"], parts["token"]


class Bot:
    """A bot player on the server at ``server`` (``http://HOST:PORT``), registered (or loaded)
    with the secret kept in ``secret_file``."""

    def __init__(
        self,
        server: str,
        *,
        secret_file: Union[str, "os.PathLike[str]"],
        name: str = "ryg.bot",
        timeout: float = 30.0,
    ) -> None:
        if not server.startswith(("http://", "https://")):
            raise ValueError(f"server {server!r}: expected http://HOST:PORT or https://…")
        self.server = server.rstrip("/")
        self.timeout = timeout
        self._secret = _load_or_create(Path(secret_file))
        player = self.call("POST", "/api/players", {"name": name, "bot": True})
        if player.get("bot") is not True:
            player = self.call("POST", "/api/players/me/bot")
        #: The bot's player: ``id``, ``name``, ``bot``.
        self.player: Dict[str, Any] = player

    def _request(self, method: str, path: str, body: Optional[Dict[str, Any]], token: Optional[str]) -> urllib.request.Request:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Ryg-Player": self._secret, "Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return urllib.request.Request(self.server + path, data=data, method=method, headers=headers)

    def call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None, token: Optional[str] = None) -> Dict[str, Any]:
        """One API call as the bot; its JSON answer. Raises :class:`BotError` on a refusal."""
        try:
            with urllib.request.urlopen(self._request(method, path, body, token), timeout=self.timeout) as resp:
                answer: Dict[str, Any] = json.loads(resp.read() or b"{}")
                return answer
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            try:
                message = str(json.loads(text).get("error", text))
            except ValueError:
                message = text
            raise BotError(f"{method} {path}: {e.code}: {message}", e.code) from None

    def join(self, link: str) -> Game:
        """Takes the seat of a rated game that its invite link (``…/#game=ID&token=TOKEN``) gives."""
        game, token = _link_parts(link)
        return self.call("POST", f"/api/games/{game}/player", token=token)

    def events(self) -> Iterator[Dict[str, Any]]:
        """The bot's stream, one event at a time (``gameStart``, ``gameState``, ``gameFinish``,
        ``challenge``); it ends when the server closes it."""
        req = self._request("GET", "/api/bot/stream", None, None)
        try:
            resp = urllib.request.urlopen(req, timeout=max(self.timeout, 60.0))
        except urllib.error.HTTPError as e:
            raise BotError(f"the bot stream: {e.code}: {e.read().decode(errors='replace')}", e.code) from None
        with resp:
            for raw in resp:
                line = raw.strip()
                if line:
                    event: Dict[str, Any] = json.loads(line)
                    yield event

    def play(
        self,
        agent: Agent,
        *,
        games: Optional[int] = None,
        accept: Optional[Callable[[Dict[str, Any]], bool]] = None,
        retries: int = 5,
    ) -> List[Dict[str, Any]]:
        """Plays the bot's games with ``agent`` until ``games`` have ended (forever without it);
        the ``gameFinish`` events. Challenges are accepted when ``accept(challenge)`` says so
        (without it, all). A stream that ends is opened again, ``retries`` times in a row at
        most, waiting 1, 2, 4 … s. An agent's move the server refuses raises :class:`BotError`."""
        finished: List[Dict[str, Any]] = []
        failures = 0
        while games is None or len(finished) < games:
            try:
                for event in self.events():
                    failures = 0
                    self._handle(event, agent, accept, finished)
                    if games is not None and len(finished) >= games:
                        return finished
            except OSError:  # the server went away (urllib's URLError is one)
                failures += 1
            else:
                failures += 1
            if failures > retries:
                raise BotError(f"the server stayed away: gave up after {retries} reconnections")
            time.sleep(min(2 ** (failures - 1), 30))
        return finished

    def _handle(
        self,
        event: Dict[str, Any],
        agent: Agent,
        accept: Optional[Callable[[Dict[str, Any]], bool]],
        finished: List[Dict[str, Any]],
    ) -> None:
        kind = event.get("type")
        if kind == "gameFinish":
            finished.append(event)
        elif kind == "gameState" and event.get("your_turn"):
            game: Game = event["game"]
            move = agent(game)
            self.call("POST", f"/api/games/{event['id']}/moves", {"move": move, "ply": len(game["moves"])})
        elif kind == "challenge":
            challenge: Dict[str, Any] = event["challenge"]
            verb = "accept" if accept is None or accept(challenge) else "decline"
            self.call("POST", f"/api/challenges/{challenge['id']}/{verb}", {})
