//! The request log: one line per request — method, route, game id, status and latency, never a
//! token (tokens travel in the `Authorization` header and the page's address fragment, neither
//! logged) — and every 5xx at error level with its cause, except refusals for load (`busy`,
//! `unavailable`, `too_many_streams`): a warning at most once a second, the others at debug
//! level, so that a flood does not write the log at its own pace; and the store's refusals
//! (`storage_unavailable`, `commit_unknown`) once per episode: the first at error level, with the
//! store's name (a full disk, a file lost, a database down: the answer names no file), the rest
//! counted, and their number said once the store takes a write again (a request answered
//! otherwise — a junk 400, a 401, a 429, a read — ends nothing: the disk may still be full).

use ryg_api::ErrorCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

use crate::error::Cause;
use crate::store::counted::writes_taken;

/// The codes of the 503s that refuse work for load, not for a fault.
const OVERLOAD: &[ErrorCode] = &[ErrorCode::Busy, ErrorCode::Unavailable, ErrorCode::TooManyStreams];

/// The codes of the store's refusals, logged once per episode.
const STORE_DOWN: &[ErrorCode] = &[ErrorCode::StorageUnavailable, ErrorCode::CommitUnknown];

/// Refusals of the store in the episode under way (0: none).
static REFUSED: AtomicU64 = AtomicU64::new(0);

/// When the episode under way began (seconds since 1970).
static REFUSING_SINCE: AtomicU64 = AtomicU64::new(0);

/// [`writes_taken`] when the episode under way began: one more, and the episode is over.
static WRITES_BEFORE: AtomicU64 = AtomicU64::new(0);

/// The game store's name in the log: its path, or its URL without a password.
static STORE: OnceLock<String> = OnceLock::new();

/// Names the game store for the log's lines about it.
pub fn name_store(name: String) {
    let _ = STORE.set(name);
}

fn unix_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Whether a refusal for load may be logged as a warning now: once a second at most.
fn warn_now() -> bool {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    LAST.swap(now, Ordering::Relaxed) != now
}

/// The route of `path` (a game's id replaced by `{id}`) and the game's id, if any: its public
/// id (what the page's links carry, and what a player reporting a problem can say) or a number
/// (an earlier page's).
pub fn route_of(path: &str) -> (String, Option<String>) {
    if let Some(rest) = path.strip_prefix("/api/games/") {
        let (id, tail) = rest.split_once('/').map_or((rest, ""), |(id, tail)| (id, tail));
        if id.parse::<i64>().is_ok() || crate::token::is_public_id(id) {
            let route = if tail.is_empty() {
                "/api/games/{id}".to_owned()
            } else {
                format!("/api/games/{{id}}/{tail}")
            };
            return (route, Some(id.to_owned()));
        }
    }
    (path.to_owned(), None)
}

/// Logs every request once answered (an event stream: once its headers are sent).
pub async fn log(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let (route, game) = route_of(req.uri().path());
    let res = next.run(req).await;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let game = game.map_or_else(String::new, |id| format!(" game={id}"));
    write_line(&format!("{method} {route}{game}"), &res, ms);
    res
}

/// The log's line for `res`, the answer to `request` (`GET /api/… game=…`) after `ms`: a
/// refusal for load at most once a second, the first of a store's refusals (the others
/// counted), a server error, or the answer, which ends an episode of refusals once the store
/// takes a write again.
fn write_line(request: &str, res: &Response, ms: f64) {
    let status = res.status().as_u16();
    let cause = res.extensions().get::<Cause>();
    if let Some(cause) = cause.filter(|c| OVERLOAD.contains(&c.code)) {
        let message = &cause.message;
        if warn_now() {
            tracing::warn!("{request} {status} {ms:.1}ms: {message} (one line a second at most)");
        } else {
            tracing::debug!("{request} {status} {ms:.1}ms: {message}");
        }
    } else if let Some(cause) = cause.filter(|c| STORE_DOWN.contains(&c.code)) {
        let message = &cause.message;
        if REFUSED.fetch_add(1, Ordering::Relaxed) == 0 {
            REFUSING_SINCE.store(unix_secs(), Ordering::Relaxed);
            WRITES_BEFORE.store(writes_taken(), Ordering::Relaxed);
            let store = STORE.get().map_or_else(String::new, |name| format!("the game store is {name}; "));
            tracing::error!(
                "{request} {status} {ms:.1}ms: {message} ({store}further refusals are counted, not logged, until the store takes a write again)"
            );
        } else {
            tracing::debug!("{request} {status} {ms:.1}ms: {message}");
        }
    } else if res.status().is_server_error() {
        let cause = cause.map_or("", |c| c.message.as_str());
        tracing::error!("{request} {status} {ms:.1}ms: {cause}");
    } else {
        tracing::info!("{request} {status} {ms:.1}ms");
        // a write taken since the episode of refusals began: the episode is over
        let written = writes_taken() != WRITES_BEFORE.load(Ordering::Relaxed);
        if written && REFUSED.load(Ordering::Relaxed) > 0 {
            let refused = REFUSED.swap(0, Ordering::Relaxed);
            if refused > 0 {
                let secs = unix_secs().saturating_sub(REFUSING_SINCE.load(Ordering::Relaxed));
                tracing::warn!("the game store answers again, after refusing {refused} requests in {secs} s");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_id_is_taken_out_of_its_route() {
        let id = |id: &str| Some(id.to_owned());
        assert_eq!(route_of("/api/games/42/moves"), ("/api/games/{id}/moves".to_owned(), id("42")));
        assert_eq!(route_of("/api/games/42"), ("/api/games/{id}".to_owned(), id("42")));
        assert_eq!(
            route_of("/api/games/Ab3_x-Yz09Q/events"),
            ("/api/games/{id}/events".to_owned(), id("Ab3_x-Yz09Q"))
        );
        assert_eq!(route_of("/api/games/abc/moves"), ("/api/games/abc/moves".to_owned(), None));
        assert_eq!(route_of("/api/solve"), ("/api/solve".to_owned(), None));
    }
}
