//! The fair-play rules ([`crate::fairplay`]) as one route layer: before a request that can have
//! the computer play or judge a stored game reaches its handler (`POST /api/games`, `…/moves`,
//! `…/computer`, `GET …/review`), the layer reads what it asks and refuses it with a 403 when
//! the server would be a live game's oracle. A request it cannot read passes to its handler,
//! which says what is wrong.

use std::sync::Arc;

use axum::body::{to_bytes, Body};
use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::blocking::blocking;
use super::extract::MAX_BODY;
use super::games::{with_service, GameRef};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::fairplay::{self, Refusal};
use crate::game::NewGame;
use crate::state::AppState;
use crate::store::StoredGame;

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::LivePosition => ApiError::new(
                ErrorCode::LiveGame,
                "this position is in a game between two players that is being played: the computer \
                 neither plays from it nor reviews a game through it until that game ends",
            ),
            Refusal::ForAPerson => ApiError::new(
                ErrorCode::FairPlay,
                "the computer plays no move for a player in a game between two players",
            ),
        }
    }
}

/// The layer: the request, refused or passed on.
pub async fn guard(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    match check(&state, req).await {
        Ok(req) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// The routes the layer looks at.
enum Asked {
    Create,
    Move,
    Computer,
    Review,
}

async fn check(state: &Arc<AppState>, req: Request) -> ApiResult<Request> {
    let route = req.extensions().get::<MatchedPath>().map(MatchedPath::as_str);
    let asked = match (req.method() == Method::POST, route) {
        (true, Some("/api/games")) => Asked::Create,
        (true, Some("/api/games/{id}/moves")) => Asked::Move,
        (true, Some("/api/games/{id}/computer")) => Asked::Computer,
        (false, Some("/api/games/{id}/review")) => Asked::Review,
        _ => return Ok(req),
    };
    let now = crate::clock::now_ms();
    let closes = |p: &ryg_wide::Position| state.live.closes(p, now);
    let (mut parts, body) = req.into_parts();
    let bytes = to_bytes(body, MAX_BODY).await.map_err(|_| {
        ApiError::new(ErrorCode::TooLarge, format!("request body over {} KiB", MAX_BODY / 1024))
    })?;
    if let Asked::Create = asked {
        if let Ok(spec) = serde_json::from_slice::<NewGame>(&bytes) {
            fairplay::new_game(&spec, &closes)?;
        }
        return Ok(Request::from_parts(parts, Body::from(bytes)));
    }
    let Some(g) = game(state, &mut parts).await else {
        return Ok(Request::from_parts(parts, Body::from(bytes)));
    };
    match asked {
        Asked::Move => {
            let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
            if let Some(mv) = body.get("move").and_then(serde_json::Value::as_str) {
                fairplay::reply_to(&g, mv, &closes)?;
            }
        }
        Asked::Computer => fairplay::computer_move(&g, &closes)?,
        Asked::Review => fairplay::review(&g, crate::live::is_live(&g, now), &closes)?,
        Asked::Create => {}
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

/// The game the path names, when it names one to this request (else its handler answers).
async fn game(state: &Arc<AppState>, parts: &mut axum::http::request::Parts) -> Option<StoredGame> {
    let GameRef(id) = GameRef::from_request_parts(parts, state).await.ok()?;
    let st = Arc::clone(state);
    blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await.ok()
}
