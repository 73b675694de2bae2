//! `/api/games…`: create, list, show and play games; the computer answers on its turn.
//! Every change is written to the store before the answer leaves, then published to the
//! game's event streams. Acting on a game needs a seat's token (`Authorization: Bearer`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ryg::report::{move_names, OutcomeReport};
use ryg::{Game, Level, Move, Position, Record, Side, Size, Square};
use serde::{Deserialize, Serialize};

use super::{blocking, int_param, Body, Params};
use crate::clock::{index, now_ms, Clock, ClockView};
use crate::engine::computer_move;
use crate::error::{ApiError, ApiResult};
use crate::events::Change;
use crate::store::{now_utc, utc, End, EndReason, Holder, Players, Seat, StoredGame};
use crate::{token, AppState};

type AppRef = State<Arc<AppState>>;

/// Games unchanged for this long are archived: left out of the list unless asked for.
const ARCHIVE_AFTER_SECS: u64 = 30 * 86_400;
/// The longest display name, in characters.
pub const MAX_NAME: usize = 32;

/// Display names in the view.
#[derive(Serialize, Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct Names {
    mouse: Option<String>,
    cats: Option<String>,
}

/// A rematch offer in the view.
#[derive(Serialize, Debug)]
pub struct RematchView {
    offered_by: &'static str,
}

/// A game as the API shows it.
#[derive(Serialize, Debug)]
pub struct GameView {
    id: i64,
    size: u8,
    start_fen: String,
    fen: String,
    to_move: &'static str,
    moves: Vec<String>,
    redo: Vec<String>,
    legal_moves: Vec<String>,
    last_move: Option<String>,
    outcome: Option<OutcomeReport>,
    result: &'static str,
    mouse: String,
    cats: String,
    names: Names,
    players: &'static str,
    hotseat: bool,
    /// The seat of the token the request carried.
    you: Option<&'static str>,
    clock: Option<ClockView>,
    undo_request: Option<&'static str>,
    rematch: Option<RematchView>,
    rematch_id: Option<i64>,
    version: i64,
    created_at: String,
    updated_at: String,
}

impl GameView {
    fn of(g: &StoredGame, you: Option<Holder>) -> GameView {
        let position = g.game.position();
        let players = g.players();
        GameView {
            id: g.id,
            size: position.size().n(),
            start_fen: g.start.fen(),
            fen: position.fen(),
            to_move: position.side_to_move().name(),
            moves: move_names(g.game.moves()),
            redo: g.game.redo_moves().map(|m| m.to_string()).collect(),
            legal_moves: if g.is_over() { Vec::new() } else { move_names(&position.legal_moves()) },
            last_move: g.game.last_move().map(|m| m.to_string()),
            outcome: g.outcome().map(|(winner, reason)| OutcomeReport { winner: winner.name(), reason }),
            result: g.result_token(),
            mouse: g.mouse.to_string(),
            cats: g.cats.to_string(),
            names: Names { mouse: g.names[0].clone(), cats: g.names[1].clone() },
            players: players.code(),
            hotseat: players == Players::Hotseat,
            you: you.map(Holder::code),
            clock: g.clock.map(|c| c.view(position.side_to_move(), g.is_over(), now_ms())),
            undo_request: g.undo_request.map(Side::name),
            rematch: g.rematch_offer.map(|s| RematchView { offered_by: s.name() }),
            rematch_id: g.rematch_id,
            version: g.version,
            created_at: g.created_at.clone(),
            updated_at: g.updated_at.clone(),
        }
    }
}

/// A clock asked for at creation.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClockBody {
    minutes: f64,
    #[serde(default)]
    increment: f64,
}

/// `POST /api/games`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    size: Option<u8>,
    start: Option<String>,
    fen: Option<String>,
    pgn: Option<String>,
    mouse: Option<String>,
    cats: Option<String>,
    seed: Option<u64>,
    names: Option<Names>,
    clock: Option<ClockBody>,
    #[serde(default)]
    hotseat: bool,
}

fn seat(text: Option<&str>, default: Seat) -> ApiResult<Seat> {
    text.map_or(Ok(default), |t| t.parse().map_err(ApiError::bad_request))
}

/// A display name checked: trimmed, at most [`MAX_NAME`] characters, no control characters;
/// empty means none.
fn display_name(text: Option<&str>) -> ApiResult<Option<String>> {
    let Some(name) = text.map(str::trim) else { return Ok(None) };
    if name.chars().count() > MAX_NAME {
        return Err(ApiError::bad_request(format!("a name has at most {MAX_NAME} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("a name may not hold control characters"));
    }
    Ok(Some(name.to_string()).filter(|n| !n.is_empty()))
}

impl NewGame {
    /// The start position and the moves already played (an imported record's).
    fn game(&self) -> ApiResult<Game> {
        let given = [self.fen.is_some(), self.pgn.is_some(), self.size.is_some() || self.start.is_some()];
        if given.iter().filter(|&&g| g).count() > 1 {
            return Err(ApiError::bad_request(
                "give one of \"fen\", \"pgn\" or \"size\"/\"start\", not several",
            ));
        }
        if let Some(pgn) = &self.pgn {
            let record =
                Record::parse(pgn).map_err(|e| ApiError::bad_request(format!("invalid record: {e}")))?;
            return Ok(record.into_game());
        }
        if let Some(fen) = &self.fen {
            let position: Position =
                fen.parse().map_err(|e| ApiError::bad_request(format!("invalid fen '{fen}': {e}")))?;
            return Ok(Game::new(position));
        }
        let size = match self.size {
            None => Size::STANDARD,
            Some(n) => Size::new(n).ok_or_else(|| {
                ApiError::bad_request(format!("unsupported board size {n}: expected 4, 6, 8 or 10"))
            })?,
        };
        let start = match &self.start {
            None => None,
            Some(s) => {
                Some(s.parse::<Square>().map_err(|e| ApiError::bad_request(format!("bad start: {e}")))?)
            }
        };
        let position =
            Position::start(size, start).map_err(|e| ApiError::bad_request(format!("bad start: {e}")))?;
        Ok(Game::new(position))
    }
}

fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    nanos as u64 ^ u64::from(std::process::id()).rotate_left(32)
}

fn parse_id(id: &str) -> ApiResult<i64> {
    id.parse::<i64>().map_err(|_| ApiError::not_found(format!("no game '{id}': game ids are numbers")))
}

/// Loads game `id` (404 when unknown).
fn load(state: &AppState, id: i64) -> ApiResult<StoredGame> {
    let store = state.store.lock().unwrap_or_else(|e| e.into_inner());
    store.load(id)?.ok_or_else(|| ApiError::not_found(format!("no game with id {id}")))
}

/// Stores a change of `g` (bumping its version), publishes it to the game's event streams and
/// sets the flag-fall alarm of its running clock.
fn commit(state: &Arc<AppState>, g: &mut StoredGame) -> ApiResult<()> {
    g.updated_at = now_utc();
    state.store.lock().unwrap_or_else(|e| e.into_inner()).save(g)?;
    g.version += 1;
    publish(state, g);
    watch_clock(state, g);
    Ok(())
}

fn publish(state: &AppState, g: &StoredGame) {
    state.hub.publish(g.id, Change { version: g.version, json: event_json(g).into() });
}

/// The view of a game as its stream sends it.
pub fn event_json(g: &StoredGame) -> String {
    serde_json::to_string(&GameView::of(g, None)).unwrap_or_default()
}

/// Ends the game on time when the running clock is down to zero; whether it did.
fn flag_if_due(state: &Arc<AppState>, g: &mut StoredGame) -> ApiResult<bool> {
    let to_move = g.game.position().side_to_move();
    let now = now_ms();
    if g.is_over() {
        return Ok(false);
    }
    let Some(clock) = g.clock.as_mut().filter(|c| c.flagged(to_move, now)) else { return Ok(false) };
    clock.stop(to_move, now);
    g.end = Some(End { winner: !to_move, reason: EndReason::Time });
    g.undo_request = None;
    commit(state, g)?;
    Ok(true)
}

/// After a change, wakes up when the running clock reaches zero and ends the game then,
/// unless the game changed meanwhile (its next change sets a new alarm).
pub fn watch_clock(state: &Arc<AppState>, g: &StoredGame) {
    let Some(at) = g.clock.and_then(|c| c.flag_at(g.game.position().side_to_move())) else { return };
    if g.is_over() {
        return;
    }
    let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
    let (st, id, version) = (Arc::clone(state), g.id, g.version);
    runtime.spawn(async move {
        let wait = u64::try_from(at - now_ms()).unwrap_or(0) + 1;
        tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        let _turn = lock_game(&st, id).await;
        let st2 = Arc::clone(&st);
        let _ = blocking(move || {
            let mut g = load(&st2, id)?;
            if g.version == version {
                flag_if_due(&st2, &mut g)?;
            }
            Ok(())
        })
        .await;
    });
}

/// Holds game `id`'s lock: requests on one game take turns.
pub async fn lock_game(state: &AppState, id: i64) -> tokio::sync::OwnedMutexGuard<()> {
    let lock = state.game_locks.lock().unwrap_or_else(|e| e.into_inner()).entry(id).or_default().clone();
    lock.lock_owned().await
}

fn has_human(g: &StoredGame) -> bool {
    g.mouse == Seat::Human || g.cats == Seat::Human
}

/// The seats the request's token holds in `g`.
fn holder(g: &StoredGame, headers: &HeaderMap) -> ApiResult<Option<Holder>> {
    Ok(g.holder(token::bearer_hash(headers)?.as_deref()))
}

/// The seats the request holds, or 403 saying what `action` needs.
fn require_holder(g: &StoredGame, headers: &HeaderMap, action: &str) -> ApiResult<Holder> {
    holder(g, headers)?.ok_or_else(|| {
        let how = if headers.contains_key(header::AUTHORIZATION) {
            "the token sent is not a seat's of this game (a watcher can read but not act)"
        } else {
            "send your seat's token as 'Authorization: Bearer TOKEN'"
        };
        ApiError::forbidden(format!("{action} needs a player's token of game {}: {how}", g.id))
    })
}

/// The seats the request holds, which must include `side`.
fn require_side(g: &StoredGame, headers: &HeaderMap, side: Side, action: &str) -> ApiResult<Holder> {
    let who = require_holder(g, headers, action)?;
    if who.holds(side) {
        Ok(who)
    } else {
        Err(ApiError::forbidden(format!(
            "{action} needs the {}' token: yours is the {}'",
            side.name(),
            who.code()
        )))
    }
}

/// Plays `mv` in `g` at `now`, with its clock; nothing changes when it is refused.
fn play_move(g: &mut StoredGame, mv: Move, now: i64) -> ApiResult<()> {
    let mover = g.game.position().side_to_move();
    let mut next = g.game.clone();
    next.play(mv).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if let Some(clock) = &mut g.clock {
        clock
            .moved(mover, now)
            .map_err(|_| ApiError::conflict(format!("the {}' time ran out", mover.name())))?;
        if next.outcome().is_some() {
            clock.stop(!mover, now);
        }
    }
    g.game = next;
    g.undo_request = None;
    Ok(())
}

/// One computer move by `level` for the side to move, stored.
async fn computer_plays(state: &Arc<AppState>, mut g: StoredGame, level: Level) -> ApiResult<StoredGame> {
    let st = Arc::clone(state);
    blocking(move || {
        let position = *g.game.position();
        let seed = g.seed ^ (g.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let guard = st.thinking.begin(g.id);
        let mv = computer_move(&st.tablebases, &position, level, seed, &guard.thinking)?;
        drop(guard);
        if !flag_if_due(&st, &mut g)? {
            play_move(&mut g, mv, now_ms())
                .map_err(|e| ApiError::internal(format!("the computer chose {mv}: {}", e.message)))?;
            commit(&st, &mut g)?;
        }
        Ok(g)
    })
    .await
}

/// While a person plays the other side, the computer answers on its turns.
async fn autoplay(state: &Arc<AppState>, mut g: StoredGame) -> ApiResult<StoredGame> {
    while has_human(&g) && !g.is_over() {
        let Seat::Computer(level) = g.seat_to_move() else { break };
        g = computer_plays(state, g, level).await?;
    }
    Ok(g)
}

/// The address the links point to: `--public-url`, else the request's host.
fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.public_url {
        return url.trim_end_matches('/').to_string();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.bytes().all(|c| c.is_ascii_alphanumeric() || b".-:[]".contains(&c)))
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// The answer to a created game: its view, its seats' tokens (shown this once) and links.
#[derive(Serialize, Debug)]
struct Created {
    #[serde(flatten)]
    view: GameView,
    tokens: serde_json::Map<String, serde_json::Value>,
    links: serde_json::Map<String, serde_json::Value>,
}

pub async fn create(
    State(state): AppRef,
    headers: HeaderMap,
    Body(body): Body<NewGame>,
) -> ApiResult<Response> {
    let game = body.game()?;
    let mouse = seat(body.mouse.as_deref(), Seat::Human)?;
    let cats = seat(body.cats.as_deref(), Seat::Computer(Level::Search(3)))?;
    let names = body.names.clone().unwrap_or_default();
    let names = [display_name(names.mouse.as_deref())?, display_name(names.cats.as_deref())?];
    let clock = match &body.clock {
        None => None,
        Some(c) => Some(Clock::new(c.minutes, c.increment).map_err(ApiError::bad_request)?),
    };
    if body.hotseat && !(mouse == Seat::Human && cats == Seat::Human) {
        return Err(ApiError::bad_request("\"hotseat\" needs two human seats"));
    }
    let mut g = StoredGame::new(game, mouse, cats, body.seed.unwrap_or_else(new_seed), now_utc());
    g.names = names;
    g.clock = clock;
    let mut tokens = serde_json::Map::new();
    let shared = token::generate()?;
    for side in [Side::Mouse, Side::Cats] {
        if g.seat(side) == Seat::Human {
            let t = if body.hotseat { shared.clone() } else { token::generate()? };
            g.tokens[index(side)] = Some(token::hash(&t));
            tokens.insert(side.name().to_string(), t.into());
        }
    }
    let st = Arc::clone(&state);
    g = blocking(move || {
        g.id = st.store.lock().unwrap_or_else(|e| e.into_inner()).create(&g)?;
        Ok(g)
    })
    .await?;
    let base = base_url(&state, &headers);
    let mut links = serde_json::Map::new();
    for (side, t) in &tokens {
        links
            .insert(side.clone(), format!("{base}/#game={}&token={}", g.id, t.as_str().unwrap_or("")).into());
    }
    links.insert("watch".into(), format!("{base}/#game={}", g.id).into());
    let _turn = lock_game(&state, g.id).await;
    let g = autoplay(&state, g).await?;
    let created = Created { view: GameView::of(&g, None), tokens, links };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

pub async fn list(State(state): AppRef, params: Params) -> ApiResult<Json<serde_json::Value>> {
    let limit = int_param(&params, "limit", 1..=100)?.unwrap_or(20) as usize;
    let archived = match params.get("archived").map(String::as_str) {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!("bad archived '{other}': expected true or false")))
        }
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let since = (!archived).then(|| utc(now.saturating_sub(ARCHIVE_AFTER_SECS)));
    let games = blocking(move || {
        Ok(state.store.lock().unwrap_or_else(|e| e.into_inner()).recent(limit, since.as_deref())?)
    })
    .await?;
    let views: Vec<GameView> = games.iter().map(|g| GameView::of(g, None)).collect();
    Ok(Json(serde_json::json!({ "games": views })))
}

pub async fn show(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let g = blocking(move || load(&state, id)).await?;
    let you = holder(&g, &headers)?;
    Ok(Json(GameView::of(&g, you)))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

/// The game's lock, held while a request works on it.
type Turn = tokio::sync::OwnedMutexGuard<()>;

/// Runs `change` on game `id` under its lock, off the async threads: it gets the state to
/// commit with and the game. Returns the lock still held, for the computer's answer.
async fn with_game<T: Send + 'static>(
    state: &Arc<AppState>,
    id: &str,
    change: impl FnOnce(&Arc<AppState>, &mut StoredGame) -> ApiResult<T> + Send + 'static,
) -> ApiResult<(Turn, StoredGame, T)> {
    let id = parse_id(id)?;
    let turn = lock_game(state, id).await;
    let st = Arc::clone(state);
    let (g, out) = blocking(move || {
        let mut g = load(&st, id)?;
        let out = change(&st, &mut g)?;
        Ok((g, out))
    })
    .await?;
    Ok((turn, g, out))
}

fn refuse_if_over(g: &StoredGame) -> ApiResult<()> {
    match g.outcome() {
        None => Ok(()),
        Some((winner, reason)) => Err(ApiError::conflict(format!(
            "the game is over: the {} {} ({})",
            winner.name(),
            if winner == Side::Mouse { "wins" } else { "win" },
            reason.replace('_', " ")
        ))),
    }
}

pub async fn play(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<MoveBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, &id, move |st, g| {
        refuse_if_over(g)?;
        let side = g.game.position().side_to_move();
        if let Seat::Computer(level) = g.seat_to_move() {
            return Err(ApiError::conflict(format!(
                "it is the computer's turn: level {level} plays the {}",
                side.name()
            )));
        }
        let you = require_side(g, &headers, side, "a move")?;
        let mv: Move = body.mv.parse().map_err(|e: ryg::MoveError| ApiError::bad_request(e.to_string()))?;
        if flag_if_due(st, g)? {
            return Err(ApiError::conflict(format!("the {}' time ran out: the game is over", side.name())));
        }
        play_move(g, mv, now_ms())?;
        commit(st, g)?;
        Ok(you)
    })
    .await?;
    Ok(Json(GameView::of(&autoplay(&state, g).await?, Some(you))))
}

/// Takes back moves until `side` is to move again, having taken back at least one of its moves.
fn take_back(g: &mut StoredGame, side: Side) -> ApiResult<()> {
    let before = g.game.moves().len();
    while g.game.undo().is_some() && g.game.position().side_to_move() != side {}
    if g.game.position().side_to_move() != side || g.game.moves().len() == before {
        return Err(ApiError::conflict(format!("nothing to undo: the {} made no move yet", side.name())));
    }
    let at_start = g.game.moves().is_empty();
    if let Some(clock) = &mut g.clock {
        clock.restart(at_start, now_ms());
    }
    g.undo_request = None;
    Ok(())
}

pub async fn undo(State(state): AppRef, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let (_turn, g, (you, asked)) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "undo")?;
        if g.end.is_some() {
            refuse_if_over(g)?;
        }
        if g.game.moves().is_empty() {
            return Err(ApiError::conflict("nothing to undo: the game is at its start"));
        }
        match (g.players(), you) {
            (Players::Friends, Holder::Seat(side)) => {
                if !g.game.moves().iter().enumerate().any(|(ply, _)| mover_of(g, ply) == side) {
                    return Err(ApiError::conflict(format!(
                        "nothing to undo: the {} made no move yet",
                        side.name()
                    )));
                }
                g.undo_request = Some(side);
                commit(st, g)?;
                Ok((you, true))
            }
            _ => {
                g.game.undo();
                // Take back the computer's moves too, so the person is to move again.
                while has_human(g) && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.undo().is_some()
                {
                }
                let at_start = g.game.moves().is_empty();
                if let Some(clock) = &mut g.clock {
                    clock.restart(at_start, now_ms());
                }
                commit(st, g)?;
                Ok((you, false))
            }
        }
    })
    .await?;
    let status = if asked { StatusCode::ACCEPTED } else { StatusCode::OK };
    Ok((status, Json(GameView::of(&g, Some(you)))).into_response())
}

/// The side that played ply `ply` (from 0) of `g`.
fn mover_of(g: &StoredGame, ply: usize) -> Side {
    let first = g.start.side_to_move();
    if ply.is_multiple_of(2) {
        first
    } else {
        !first
    }
}

/// Answers the opponent's undo request.
async fn answer_undo(
    state: Arc<AppState>,
    id: String,
    headers: HeaderMap,
    accept: bool,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "answering an undo request")?;
        let Some(asker) = g.undo_request.filter(|&asker| you != Holder::Seat(asker)) else {
            return Err(ApiError::conflict("no undo request of your opponent is waiting"));
        };
        if accept {
            take_back(g, asker)?;
        }
        g.undo_request = None;
        commit(st, g)?;
        Ok(you)
    })
    .await?;
    Ok(Json(GameView::of(&g, Some(you))))
}

pub async fn undo_accept(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    answer_undo(state, id, headers, true).await
}

pub async fn undo_decline(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    answer_undo(state, id, headers, false).await
}

pub async fn redo(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "redo")?;
        if g.players() == Players::Friends {
            return Err(ApiError::conflict("redo is not available in a game between two players"));
        }
        refuse_if_over(g)?;
        if g.game.redo().is_none() {
            return Err(ApiError::conflict("nothing to redo"));
        }
        while has_human(g) && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.redo().is_some() {}
        if let Some(clock) = &mut g.clock {
            clock.restart(false, now_ms());
        }
        commit(st, g)?;
        Ok(you)
    })
    .await?;
    Ok(Json(GameView::of(&g, Some(you))))
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ComputerBody {
    level: Option<String>,
}

pub async fn computer(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<ComputerBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, (you, level)) = with_game(&state, &id, move |_, g| {
        // A person may ask the computer to move for their own side, or for a computer seat.
        let to_move = g.game.position().side_to_move();
        let you = match g.seat_to_move() {
            Seat::Human => Some(require_side(g, &headers, to_move, "a computer move for this side")?),
            Seat::Computer(_) if has_human(g) => Some(require_holder(g, &headers, "a computer move")?),
            Seat::Computer(_) => holder(g, &headers)?,
        };
        refuse_if_over(g)?;
        let level = match (body.level, g.seat_to_move()) {
            (Some(text), _) => text.parse::<Level>().map_err(|e| ApiError::bad_request(e.to_string()))?,
            (None, Seat::Computer(level)) => level,
            (None, Seat::Human) => {
                return Err(ApiError::bad_request(format!(
                    "a person plays the {}: give the computer a level, e.g. {{\"level\": \"3\"}}",
                    g.game.position().side_to_move().name()
                )))
            }
        };
        Ok((you, level))
    })
    .await?;
    Ok(Json(GameView::of(&computer_plays(&state, g, level).await?, you)))
}

pub async fn resign(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "resigning")?;
        refuse_if_over(g)?;
        let to_move = g.game.position().side_to_move();
        let loser = match you {
            Holder::Seat(side) => side,
            Holder::Both => to_move,
        };
        if let Some(clock) = &mut g.clock {
            clock.stop(to_move, now_ms());
        }
        g.end = Some(End { winner: !loser, reason: EndReason::Resigned });
        g.undo_request = None;
        commit(st, g)?;
        Ok(you)
    })
    .await?;
    Ok(Json(GameView::of(&g, Some(you))))
}

/// The rematch of `old`: sides swapped (seats, tokens, names), the same start and clock.
fn rematch_of(old: &StoredGame) -> StoredGame {
    let mut g = StoredGame::new(Game::new(old.start), old.cats, old.mouse, new_seed(), now_utc());
    g.tokens = [old.tokens[1].clone(), old.tokens[0].clone()];
    g.names = [old.names[1].clone(), old.names[0].clone()];
    g.clock = old.clock.map(|c| c.reset());
    g
}

pub async fn rematch(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let token_hash = token::bearer_hash(&headers)?;
    let (_turn, old, created) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "a rematch")?;
        if !g.is_over() {
            return Err(ApiError::conflict("a rematch can be offered once the game is over"));
        }
        if let Some(new_id) = g.rematch_id {
            return Ok(Some(load(st, new_id)?));
        }
        let both_agree = match (g.players(), you) {
            (Players::Friends, Holder::Seat(side)) => g.rematch_offer.is_some_and(|offer| offer != side),
            _ => true,
        };
        if !both_agree {
            if let Holder::Seat(side) = you {
                g.rematch_offer = Some(side);
            }
            commit(st, g)?;
            return Ok(None);
        }
        let mut new = rematch_of(g);
        new.id = st.store.lock().unwrap_or_else(|e| e.into_inner()).create(&new)?;
        g.rematch_id = Some(new.id);
        g.rematch_offer = None;
        commit(st, g)?;
        Ok(Some(new))
    })
    .await?;
    match created {
        None => {
            let you = old.holder(token_hash.as_deref());
            Ok((StatusCode::ACCEPTED, Json(GameView::of(&old, you))).into_response())
        }
        Some(new) => {
            let _turn = lock_game(&state, new.id).await;
            let new = autoplay(&state, new).await?;
            let you = new.holder(token_hash.as_deref());
            Ok((StatusCode::CREATED, Json(GameView::of(&new, you))).into_response())
        }
    }
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    name: String,
    side: Option<String>,
}

pub async fn name(
    State(state): AppRef,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<NameBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, &id, move |st, g| {
        let you = require_holder(g, &headers, "naming a seat")?;
        let name = display_name(Some(&body.name))?;
        let side = match (you, body.side.as_deref()) {
            (_, Some(text)) => {
                let side: Side =
                    text.parse().map_err(|e: ryg::SideError| ApiError::bad_request(e.to_string()))?;
                require_side(g, &headers, side, "naming this seat")?;
                side
            }
            (Holder::Seat(side), None) => side,
            (Holder::Both, None) => {
                return Err(ApiError::bad_request("you hold both seats: say which with \"side\""))
            }
        };
        g.names[index(side)] = name;
        commit(st, g)?;
        Ok(you)
    })
    .await?;
    Ok(Json(GameView::of(&g, Some(you))))
}

pub async fn thinking(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<serde_json::Value>> {
    let id = parse_id(&id)?;
    Ok(Json(match state.thinking.get(id) {
        Some(t) => serde_json::json!({
            "thinking": true,
            "depth": t.depth.load(std::sync::atomic::Ordering::Relaxed),
            "nodes": t.nodes.load(std::sync::atomic::Ordering::Relaxed),
        }),
        None => serde_json::json!({ "thinking": false, "depth": 0, "nodes": 0 }),
    }))
}

fn player_name(seat: Seat, name: Option<&str>) -> String {
    match (seat, name) {
        (Seat::Human, Some(name)) => name.to_string(),
        (Seat::Human, None) => "Human".to_string(),
        (Seat::Computer(level), _) => format!("ryg level {level}"),
    }
}

pub async fn pgn(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    let g = blocking(move || load(&state, id)).await?;
    let mut record = Record::new(g.game.clone());
    let date = g.created_at.get(..10).unwrap_or("????-??-??").replace('-', ".");
    for (name, value) in [
        ("Event", format!("ryg web game {}", g.id)),
        ("Date", date),
        ("Mouse", player_name(g.mouse, g.names[0].as_deref())),
        ("Cats", player_name(g.cats, g.names[1].as_deref())),
    ] {
        record.set_tag(name, &value).map_err(|e| ApiError::internal(e.to_string()))?;
    }
    // A record's result is what its moves prove: a resignation or a flag fall is told here.
    if let (None, Some(end)) = (g.game.outcome(), g.end) {
        let loser = !end.winner;
        let how = match end.reason {
            EndReason::Resigned => "resigned",
            EndReason::Time => "lost on time",
        };
        record
            .set_tag("Termination", &format!("the {} {how}", loser.name()))
            .map_err(|e| ApiError::internal(e.to_string()))?;
    }
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], record.to_pgn()).into_response())
}
