//! `/api/games…`: create, list, show and play games; the computer answers on its turn.
//! Every change is written to the store before the answer leaves.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ryg::report::{move_names, OutcomeReport};
use ryg::{Game, Level, Move, Position, Record, Side, Size, Square};
use serde::{Deserialize, Serialize};

use super::{blocking, int_param, Body, Params};
use crate::engine::computer_move;
use crate::error::{ApiError, ApiResult};
use crate::store::{now_utc, Seat, StoredGame};
use crate::AppState;

type AppRef = State<Arc<AppState>>;

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
    version: i64,
    created_at: String,
    updated_at: String,
}

impl GameView {
    fn of(g: &StoredGame) -> GameView {
        let position = g.game.position();
        GameView {
            id: g.id,
            size: position.size().n(),
            start_fen: g.start.fen(),
            fen: position.fen(),
            to_move: position.side_to_move().name(),
            moves: move_names(g.game.moves()),
            redo: g.game.redo_moves().map(|m| m.to_string()).collect(),
            legal_moves: move_names(&position.legal_moves()),
            last_move: g.game.last_move().map(|m| m.to_string()),
            outcome: OutcomeReport::of(g.game.outcome()),
            result: ryg::result_token(&g.game),
            mouse: g.mouse.to_string(),
            cats: g.cats.to_string(),
            version: g.version,
            created_at: g.created_at.clone(),
            updated_at: g.updated_at.clone(),
        }
    }
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
}

fn seat(text: Option<&str>, default: Seat) -> ApiResult<Seat> {
    text.map_or(Ok(default), |t| t.parse().map_err(ApiError::bad_request))
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

fn save(state: &AppState, g: &mut StoredGame) -> ApiResult<()> {
    g.updated_at = now_utc();
    state.store.lock().unwrap_or_else(|e| e.into_inner()).save(g)?;
    g.version += 1;
    Ok(())
}

/// Holds game `id`'s lock: requests on one game take turns.
async fn lock_game(state: &AppState, id: i64) -> tokio::sync::OwnedMutexGuard<()> {
    let lock = state.game_locks.lock().unwrap_or_else(|e| e.into_inner()).entry(id).or_default().clone();
    lock.lock_owned().await
}

fn has_human(g: &StoredGame) -> bool {
    g.mouse == Seat::Human || g.cats == Seat::Human
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
        g.game.play(mv).map_err(|e| ApiError::internal(format!("the computer chose {e}")))?;
        save(&st, &mut g)?;
        Ok(g)
    })
    .await
}

/// While a person plays the other side, the computer answers on its turns.
async fn autoplay(state: &Arc<AppState>, mut g: StoredGame) -> ApiResult<StoredGame> {
    while has_human(&g) && g.game.outcome().is_none() {
        let Seat::Computer(level) = g.seat_to_move() else { break };
        g = computer_plays(state, g, level).await?;
    }
    Ok(g)
}

fn side_name(side: Side) -> &'static str {
    side.name()
}

pub async fn create(State(state): AppRef, Body(body): Body<NewGame>) -> ApiResult<Response> {
    let game = body.game()?;
    let mouse = seat(body.mouse.as_deref(), Seat::Human)?;
    let cats = seat(body.cats.as_deref(), Seat::Computer(Level::Search(3)))?;
    let now = now_utc();
    let mut g = StoredGame {
        id: 0,
        start: *game.start(),
        mouse,
        cats,
        game,
        seed: body.seed.unwrap_or_else(new_seed),
        version: 0,
        created_at: now.clone(),
        updated_at: now,
    };
    let st = Arc::clone(&state);
    g = blocking(move || {
        g.id = st.store.lock().unwrap_or_else(|e| e.into_inner()).create(&g)?;
        Ok(g)
    })
    .await?;
    let _turn = lock_game(&state, g.id).await;
    let g = autoplay(&state, g).await?;
    Ok((StatusCode::CREATED, Json(GameView::of(&g))).into_response())
}

pub async fn list(State(state): AppRef, params: Params) -> ApiResult<Json<serde_json::Value>> {
    let limit = int_param(&params, "limit", 1..=100)?.unwrap_or(20) as usize;
    let games =
        blocking(move || Ok(state.store.lock().unwrap_or_else(|e| e.into_inner()).recent(limit)?)).await?;
    let views: Vec<GameView> = games.iter().map(GameView::of).collect();
    Ok(Json(serde_json::json!({ "games": views })))
}

pub async fn show(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let g = blocking(move || load(&state, id)).await?;
    Ok(Json(GameView::of(&g)))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

pub async fn play(
    State(state): AppRef,
    Path(id): Path<String>,
    Body(body): Body<MoveBody>,
) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let _turn = lock_game(&state, id).await;
    let st = Arc::clone(&state);
    let g = blocking(move || {
        let mut g = load(&st, id)?;
        if let Some(outcome) = g.game.outcome() {
            return Err(ApiError::conflict(format!("the game is over: {outcome}")));
        }
        let side = g.game.position().side_to_move();
        if let Seat::Computer(level) = g.seat_to_move() {
            return Err(ApiError::conflict(format!(
                "it is the computer's turn: level {level} plays the {}",
                side_name(side)
            )));
        }
        let mv: Move = body.mv.parse().map_err(|e: ryg::MoveError| ApiError::bad_request(e.to_string()))?;
        g.game.play(mv).map_err(|e| ApiError::bad_request(e.to_string()))?;
        save(&st, &mut g)?;
        Ok(g)
    })
    .await?;
    Ok(Json(GameView::of(&autoplay(&state, g).await?)))
}

pub async fn undo(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let _turn = lock_game(&state, id).await;
    let g = blocking(move || {
        let mut g = load(&state, id)?;
        if g.game.undo().is_none() {
            return Err(ApiError::conflict("nothing to undo: the game is at its start"));
        }
        // Take back the computer's moves too, so the person is to move again.
        while has_human(&g) && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.undo().is_some() {}
        save(&state, &mut g)?;
        Ok(g)
    })
    .await?;
    Ok(Json(GameView::of(&g)))
}

pub async fn redo(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let _turn = lock_game(&state, id).await;
    let g = blocking(move || {
        let mut g = load(&state, id)?;
        if g.game.redo().is_none() {
            return Err(ApiError::conflict("nothing to redo"));
        }
        while has_human(&g) && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.redo().is_some() {}
        save(&state, &mut g)?;
        Ok(g)
    })
    .await?;
    Ok(Json(GameView::of(&g)))
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ComputerBody {
    level: Option<String>,
}

pub async fn computer(
    State(state): AppRef,
    Path(id): Path<String>,
    Body(body): Body<ComputerBody>,
) -> ApiResult<Json<GameView>> {
    let id = parse_id(&id)?;
    let _turn = lock_game(&state, id).await;
    let st = Arc::clone(&state);
    let g = blocking(move || load(&st, id)).await?;
    if let Some(outcome) = g.game.outcome() {
        return Err(ApiError::conflict(format!("the game is over: {outcome}")));
    }
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
    Ok(Json(GameView::of(&computer_plays(&state, g, level).await?)))
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

fn player_name(seat: Seat) -> String {
    match seat {
        Seat::Human => "Human".to_string(),
        Seat::Computer(level) => format!("ryg level {level}"),
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
        ("Mouse", player_name(g.mouse)),
        ("Cats", player_name(g.cats)),
    ] {
        record.set_tag(name, &value).map_err(|e| ApiError::internal(e.to_string()))?;
    }
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], record.to_pgn()).into_response())
}
