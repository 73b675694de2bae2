"""Schemathesis hooks for ryg's API contract (scripts/test-contract loads them through
SCHEMATHESIS_HOOKS): strategies that make the fuzzer's positive data *valid* where a schema cannot
say what valid is, so that it gets past the server's validation and into what the routes do.

- `ryg-fen` (the OpenAPI document's `format` of every FEN): legal positions on the boards of 4x4,
  6x6 and 8x8 -- the mouse and as many cats as the board has on distinct dark squares, either
  side to move -- and positions reached by random legal moves from a start, so that both
  arbitrary set-ups and positions of real games are asked about.
- `ryg-name` (names): up to 32 characters with no control, format or other invisible character.
- `ryg-seat` (a seat or a computer's level): "human", a level, or an article's program at a depth.
- Case by case, for the positive data of the operations whose valid values depend on each other:
  `/api/weights` gets as many weights as its evaluation has terms, `/api/bits` a square that
  holds a piece of its position, `POST /api/games` a body whose parts agree (a FEN or a size and
  a start square of that size, legal opening moves, a hot seat only for two people), and the
  moves of the game under test (`POST /api/games/{id}/moves`) are legal moves of that game as it
  stands, at its ply.

Negative data (what the schema does not allow) is left as the fuzzer draws it.
"""

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
import zlib

import schemathesis
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

SIZES = (4, 6, 8)
FILES = "abcdefghijklmn"


# ---------- the rules, as small as the fuzzer needs them ----------

def dark(f, r):
    """Whether the square of file `f` and rank `r` (from 0: a1) is dark."""
    return (f + r) % 2 == 0


def square(f, r):
    return f"{FILES[f]}{r + 1}"


def fen(size, mouse, cats, side):
    """The FEN of a position: ranks from the top, digits for runs of empty squares."""
    rows = []
    for r in range(size - 1, -1, -1):
        row, empty = "", 0
        for f in range(size):
            piece = "m" if (f, r) == mouse else "c" if (f, r) in cats else None
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + f" {side}"


def parse(text):
    """A FEN read back: size, mouse square, set of cat squares, side to move."""
    board, side = text.split()
    rows = board.split("/")
    size = len(rows)
    mouse, cats = None, set()
    for i, row in enumerate(rows):
        r, f, digits = size - 1 - i, 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                f += int(digits)
                digits = ""
            if ch == " ":
                break
            if ch.lower() == "m":
                mouse = (f, r)
            else:
                cats.add((f, r))
            f += 1
    return size, mouse, cats, side.lower()


def moves(size, mouse, cats, side):
    """The legal moves of a position, as (from, to) squares: none once the mouse has escaped."""
    if mouse[1] == size - 1:
        return []
    taken = set(cats) | {mouse}
    free = lambda f, r: 0 <= f < size and 0 <= r < size and (f, r) not in taken
    if side == "m":
        f, r = mouse
        return [(mouse, (f + df, r + dr)) for df, dr in ((-1, 1), (1, 1), (-1, -1), (1, -1)) if free(f + df, r + dr)]
    return [((f, r), (f + df, r - 1)) for f, r in sorted(cats) for df in (-1, 1) if free(f + df, r - 1)]


def play(size, mouse, cats, side, move):
    (src, dst) = move
    if side == "m":
        return size, dst, cats, "c"
    return size, mouse, (set(cats) - {src}) | {dst}, "m"


def move_text(move):
    (src, dst) = move
    return square(*src) + square(*dst)


def start(size, mouse_file):
    cats = {(f, size - 1) for f in range(size) if dark(f, size - 1)}
    return size, (mouse_file, 0), cats, "m"


def start_files(size):
    return [f for f in range(size) if dark(f, 0)]


# ---------- strategies ----------

@st.composite
def placed(draw):
    """Any legal set-up: the mouse and size/2 cats on distinct dark squares, either side to move."""
    size = draw(st.sampled_from(SIZES))
    darks = [(f, r) for r in range(size) for f in range(size) if dark(f, r)]
    chosen = draw(st.lists(st.sampled_from(darks), min_size=size // 2 + 1, max_size=size // 2 + 1, unique=True))
    return size, chosen[0], set(chosen[1:]), draw(st.sampled_from("mc"))


@st.composite
def played(draw):
    """A position of a game: random legal moves from a start square of rank 1."""
    size = draw(st.sampled_from(SIZES))
    position = start(size, draw(st.sampled_from(start_files(size))))
    for _ in range(draw(st.integers(0, 3 * size))):
        legal = moves(*position)
        if not legal:
            break
        position = play(*position, draw(st.sampled_from(legal)))
    return position


POSITIONS = st.one_of(placed(), played())
FENS = POSITIONS.map(lambda p: fen(*p))

# printable letters, digits, punctuation, symbols and the plain space, nothing blank-looking:
# categories L, N, P and S, less the Default_Ignorable_Code_Points among them (Hangul fillers,
# U+115F, U+1160, U+3164, U+FFA0) and the Braille patterns (U+2800–U+28FF, whose blank one
# shows nothing), and no White_Space but U+0020; leading and trailing spaces are trimmed by the
# server, so a name is not only spaces
NAME_CHARS = st.characters(
    categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
                "Sm", "Sc", "Sk", "So"),
    include_characters=" ",
    exclude_characters="\u115f\u1160\u3164\uffa0" + "".join(map(chr, range(0x2800, 0x2900))),
)
NAMES = st.text(NAME_CHARS, min_size=1, max_size=32).filter(lambda s: s.strip() != "")

LEVELS = ["random", "perfect"] + [str(n) for n in range(1, 10)]
ENGINES = {"ryg1-v1": 7, "ryg1": 7, "ryg3-v9": 16, "ryg3-v10": 16, "ryg3-v11": 16}
# the computer's level; an article's program shallow enough to answer at once on any board
LEVEL = st.one_of(
    st.sampled_from(LEVELS),
    st.floats(0, 1).map(lambda p: f"err:{p:.2f}"),
    st.builds(lambda e, d: f"{e}@{d}", st.sampled_from(sorted(ENGINES)), st.integers(1, 3)),
)
SEATS = st.one_of(st.just("human"), LEVEL)


def valid_level(text):
    """Whether `text` is a level as the server reads one (a seat's, or `…/computer`'s)."""
    if text in LEVELS:
        return True
    if text.startswith("err:"):
        try:
            return 0 <= float(text[4:]) <= 1
        except ValueError:
            return False
    engine, at, depth = text.partition("@")
    return engine in ENGINES and at == "@" and depth.isdigit() and 1 <= int(depth) <= ENGINES[engine]


def seat_or(text, rng, human=True):
    """`text` when it is a seat (a level, or "human" when `human`), else one drawn by `rng`."""
    if isinstance(text, str) and ((human and text == "human") or valid_level(text)):
        engine, at, depth = text.partition("@")
        # an article's program shallow enough to answer at once
        return f"{engine}@{min(int(depth), 3)}" if at else text
    return rng.choice((["human"] if human else []) + LEVELS)

schemathesis.openapi.format("ryg-fen", FENS)
schemathesis.openapi.format("ryg-name", NAMES)
schemathesis.openapi.format("ryg-seat", SEATS)


def positive(case):
    return case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE


def path_of(context):
    return context.operation.path if context.operation is not None else ""


# ---------- operations whose valid values depend on each other ----------
#
# Every phase's positive cases pass through `map_case` (the coverage phase draws its values from
# the schema's keywords, not from the formats above): a FEN that is not a legal position is
# replaced by one, and the values that depend on each other are made to agree. Each choice is
# drawn from a generator seeded by the case itself, so that a seed replays the same cases.

TERMS = {"default": 9, "classic": 7, "seed": 3, "seed-v1": 2}


def chooser(case):
    """A random generator seeded by what the fuzzer drew for this case."""
    import random
    drawn = json.dumps([case.path_parameters, case.query, case.body], sort_keys=True, default=str)
    return random.Random(zlib.crc32(drawn.encode()))


def legal_fen(text, rng):
    """`text` when it is a legal position (as this file reads positions), else one drawn by `rng`."""
    try:
        size, mouse, cats, side = parse(text)
        ok = (size in SIZES and mouse is not None and len(cats) == size // 2 and dark(*mouse)
              and all(dark(*c) and 0 <= c[0] < size for c in cats) and mouse not in cats
              and 0 <= mouse[0] < size and fen(size, mouse, cats, side) == " ".join(text.split()).lower())
    except (ValueError, IndexError, AttributeError):
        ok = False
    if ok:
        return text
    size = rng.choice(SIZES)
    position = start(size, rng.choice(start_files(size)))
    for _ in range(rng.randrange(3 * size)):
        legal = moves(*position)
        if not legal:
            break
        position = play(*position, rng.choice(legal))
    return fen(*position)


@schemathesis.hook
def before_add_examples(context, examples):
    """The examples phase's cases (the document's examples, their missing parts filled in) pass
    through the same repairs: that phase calls no `map_case`."""
    for i, case in enumerate(examples):
        examples[i] = map_case(context, case)


@schemathesis.hook
def map_case(context, case):
    if not positive(case):
        return case
    path = path_of(context)
    method = context.operation.method.upper() if context.operation is not None else ""
    rng = chooser(case)
    if path == "/api/tree" and isinstance(case.query, dict) and "engine" in case.query and "eval" in case.query:
        # an article's program has its own evaluation: `engine` and `eval` are not given together
        # (a 400 that a schema of independent parameters cannot say)
        drop = rng.choice(["engine", "eval"])
        case.query = {k: v for k, v in case.query.items() if k != drop}
    if isinstance(case.query, dict) and isinstance(case.query.get("fen"), str):
        case.query = {**case.query, "fen": legal_fen(case.query["fen"], rng)}
        if path == "/api/weights" and "weights" in case.query:
            n = TERMS.get(case.query.get("eval", "default"), 9)
            case.query["weights"] = ",".join(str(rng.randint(-100_000, 100_000)) for _ in range(n))
        if path == "/api/bits":
            size, mouse, cats, _ = parse(case.query["fen"])
            case.query["square"] = square(*rng.choice(sorted(cats | {mouse})))
    if path == "/api/games" and method == "POST" and isinstance(case.body, dict):
        case.body = new_game(case.body, rng)
    return case


def player_secret(headers, rng):
    """`headers` with their Ryg-Player secret as a browser makes it: 32 to 128 URL-safe
    characters (the security scheme's apiKey cannot carry a pattern); unknown to the server, it
    names no player (401). None where there is nothing to repair."""
    if not isinstance(headers, dict):
        return None
    key = next((k for k in headers if k.lower() == "ryg-player"), None)
    if key is None:
        return None
    secret = headers[key]
    if isinstance(secret, str) and re.fullmatch(r"[A-Za-z0-9_-]{32,128}", secret.strip()):
        return None
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return {**headers, key: "".join(rng.choice(alphabet) for _ in range(32))}


@schemathesis.hook
def before_call(context, case, kwargs):
    """The actions on a game (its id and token are known only now in the stateful phase, where a
    link fills them in): a move legal in the game as it stands, at its ply; a level for a
    computer move on a person's seat; the seat a name is for when the token holds both."""
    path = path_of(context)
    method = context.operation.method.upper() if context.operation is not None else ""
    if positive(case):
        rng = chooser(case)
        for holder in (case, kwargs):
            headers = holder.headers if holder is case else holder.get("headers")
            fixed = player_secret(headers, rng)
            if fixed is not None and holder is case:
                case.headers = fixed
            elif fixed is not None:
                holder["headers"] = fixed
    if not positive(case) or not (path.startswith("/api/games/{id}/") and method == "POST"):
        return
    rng = chooser(case)
    g = game_of(case)
    if g is None:
        return
    body = case.body if isinstance(case.body, dict) else {}
    if path.endswith("/moves") and isinstance(case.body, dict):
        case.body = legal_move(body, g)
    if path.endswith("/computer"):
        seat = g.get(g.get("to_move", "mouse"))
        if seat == "human":
            # a computer move for a person's seat names its level
            case.body = {**body, "level": seat_or(body.get("level"), rng, human=False)}
        elif isinstance(seat, str):
            # a computer's seat plays at its own level (another is refused)
            case.body = {**body, "level": seat} if "level" in body else body
    # a token that may hold both seats (the stateful phase's token comes from a link, not told
    # to this hook): a hot-seat game's, or the computer against itself
    both = g.get("you") == "both" or (g.get("you") is None and (g.get("hotseat") or "human" not in (g.get("mouse"), g.get("cats"))))
    if path.endswith("/name") and isinstance(case.body, dict) and both and body.get("side") is None:
        case.body = {**body, "side": rng.choice(["mouse", "cats"])}


def new_game(body, rng):
    """A body whose parts agree: a FEN, or a size and a start square of that size (or neither),
    opening moves legal from there, a hot seat only for two people, an article's program shallow
    enough to answer at once."""
    b = dict(body)
    if "pgn" in b:
        # a record: of a game played from a start square, its start given as a FEN tag; one of
        # "fen", "pgn" or "size"/"start" (the moves are the record's)
        for key in ("fen", "size", "start", "moves"):
            b.pop(key, None)
        size = rng.choice(SIZES)
        position = start(size, rng.choice(start_files(size)))
        tags = f'[FEN "{fen(*position)}"]\n\n'
        text = []
        for ply in range(rng.randrange(2 * size)):
            legal = moves(*position)
            if not legal:
                break
            mv = rng.choice(legal)
            text.append((f"{ply // 2 + 1}. " if ply % 2 == 0 else "") + move_text(mv))
            position = play(*position, mv)
        # the result the moves prove: the mouse escaped or the cats blocked, the mouse trapped
        over = not moves(*position)
        result = "*" if not over else "0-1" if position[3] == "m" and position[1][1] != size - 1 else "1-0"
        b["pgn"] = tags + " ".join(text + [result]) + "\n"
    elif "fen" in b:
        b.pop("size", None)
        b.pop("start", None)
        b["fen"] = legal_fen(b["fen"], rng)
        position = parse(b["fen"])
    else:
        size = b.get("size", 8)
        if size not in SIZES:
            size = b["size"] = rng.choice(SIZES)
        files = start_files(size)
        if "start" in b:
            mouse_file = rng.choice(files)
            b["start"] = square(mouse_file, 0)
        else:
            mouse_file = 4 if size == 8 else files[len(files) // 2]
        position = start(size, mouse_file)
    if "moves" in b:
        made = []
        for _ in range(min(len(b["moves"]), 20)):
            legal = moves(*position)
            if not legal:
                break
            mv = rng.choice(legal)
            made.append(move_text(mv))
            position = play(*position, mv)
        b["moves"] = made
    for side in ("mouse", "cats"):
        seat = b.get(side)
        if isinstance(seat, dict):
            engine = seat.get("engine")
            b[side] = {"engine": engine} if engine == "ryg" else {"engine": engine, "depth": min(seat.get("depth") or 1, 3)}
        elif side in b:
            b[side] = seat_or(seat, rng)
    # a seat left out is the mouse a person, the cats level 3
    if b.get("hotseat") and not (b.get("mouse", "human") == "human" and b.get("cats", "3") == "human"):
        b["hotseat"] = False
    return b


# ---------- the game a case acts on: its moves are legal ones ----------

def game_of(case):
    """The game `case` acts on, read with the case's token, or without it when the fuzzer drew a
    malformed Authorization header (a game is public: its moves still have to be legal ones, and
    the server then answers 401) (None: cannot say)."""
    url, game = os.environ.get("RYG_ST_URL"), (case.path_parameters or {}).get("id")
    if not (url and isinstance(game, str) and game):
        return None
    headers = {k: v for k, v in (case.headers or {}).items() if k.lower() == "authorization"}
    if not headers and game == os.environ.get("RYG_ST_GAME") and os.environ.get("RYG_ST_TOKEN"):
        # the stateful phase adds the configuration's header (the game's token) after this hook
        headers = {"Authorization": f"Bearer {os.environ['RYG_ST_TOKEN']}"}
    for sent in (headers, {}):
        req = urllib.request.Request(f"{url}/api/games/{urllib.parse.quote(game, safe='')}", headers=sent)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            if e.code != 401 or not sent:
                return None
        except Exception:
            return None
    return None


def legal_move(body, g):
    """A move of `g`, legal as it stands, with its ply: chosen from the drawn move text, so that
    a seed replays the same choice. A game over has no legal move: then a move in the notation
    (refused 409 game_over)."""
    legal = g.get("legal_moves") or g.get("moves", [])[-1:] or ["e1d2"]
    body = {**body, "move": legal[zlib.crc32(str(body.get("move", "")).encode()) % len(legal)]}
    if "ply" in body:
        body["ply"] = len(g.get("moves", []))
    return body
