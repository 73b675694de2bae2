//! What every answer carries and every change must show: security headers on every response
//! (a strict Content-Security-Policy for the page, no sniffing, no framing, no referrer — seat
//! tokens live in the address's fragment and must never leave in a `Referer`), and
//! state-changing requests accepted only as JSON, so that a plain cross-site form (which can
//! only send `text/plain`, `application/x-www-form-urlencoded` or `multipart/form-data`, and
//! no token) cannot create games or start work on a user's server.

use crate::error::ErrorCode;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::extract::MAX_BODY;
use crate::error::ApiError;
use crate::headers::SECURITY_HEADERS;

/// Adds the security headers to every answer (those hyper gives by itself get them from
/// [`crate::listen`]).
pub async fn headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        h.insert(name, HeaderValue::from_static(value));
    }
    res
}

/// Refuses a change (`POST`, the one method of the API that changes anything) whose
/// `Content-Type` is not `application/json` (415), whose body is over [`MAX_BODY`] (413) or
/// is not JSON (400): nothing done, also on the routes that read no body. A route layer: the
/// router has matched the path and method first, so a method no route takes (`PUT`, `TRACE`…)
/// is answered 405 whatever its `Content-Type`. One exception, for the actions on a game
/// (`/api/games/{id}/…`), which need a seat's token in an `Authorization` header (a header a
/// cross-site form cannot send): a `POST` there with no body may omit the `Content-Type`, so
/// that a request without its token is answered 401 by the action, as for any other; so may a
/// player's own actions (`/api/players/me/…`), a player's answer to a challenge
/// (`/api/challenges/{id}/…`) and a tournament's host actions and entries
/// (`/api/tournaments/{id}/…`), which need the `Ryg-Player` header or the host's secret likewise.
pub async fn json_only(req: Request, next: Next) -> Response {
    if *req.method() != Method::POST {
        return next.run(req).await;
    }
    let sent =
        req.headers().get(header::CONTENT_TYPE).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let json = sent.as_deref().is_some_and(|t| {
        t.split(';').next().is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
    });
    if json {
        return match whole_json_body(req).await {
            Ok(req) => next.run(req).await,
            Err(e) => e.into_response(),
        };
    }
    let game_action = req.extensions().get::<axum::extract::MatchedPath>().is_some_and(|p| {
        ["/api/games/{id}/", "/api/players/me/", "/api/challenges/{id}/", "/api/tournaments/{id}/"]
            .iter()
            .any(|s| p.as_str().starts_with(s))
    });
    if sent.is_none() && game_action {
        match whole_body(req).await {
            Ok((req, true)) => return next.run(req).await,
            Ok((_, false)) => {}
            Err(e) => return e.into_response(),
        }
    }
    let what = match &sent {
        Some(t) => format!("this one sent '{}'", ryg::echo::echo(t)),
        None => "this one sent none".to_owned(),
    };
    ApiError::new(
        ErrorCode::UnsupportedMediaType,
        format!("POST requests need 'Content-Type: application/json' ({what})"),
    )
    .into_response()
}

/// The request with its body read (at most [`MAX_BODY`] bytes), and whether that body is empty.
async fn whole_body(req: Request) -> Result<(Request, bool), ApiError> {
    let (parts, body) = req.into_parts();
    let bytes = read_body(body).await?;
    let empty = bytes.is_empty();
    Ok((Request::from_parts(parts, axum::body::Body::from(bytes)), empty))
}

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::TooLarge, format!("request body over {} KiB", MAX_BODY / 1024))
}

/// The request with its body read and checked: at most [`MAX_BODY`] bytes, empty or JSON.
async fn whole_json_body(req: Request) -> Result<Request, ApiError> {
    let (parts, body) = req.into_parts();
    let bytes = read_body(body).await?;
    if !bytes.iter().all(u8::is_ascii_whitespace) {
        serde_json::from_slice::<serde::de::IgnoredAny>(&bytes)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))?;
    }
    Ok(Request::from_parts(parts, axum::body::Body::from(bytes)))
}

/// A body read whole: at most [`MAX_BODY`] bytes (413 beyond).
async fn read_body(body: axum::body::Body) -> Result<axum::body::Bytes, ApiError> {
    axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| too_large())
}

/// Answers `408` to a request that takes longer than the server's `--request-timeout`, body
/// included (a client sending its body slowly holds nothing for long); the work under way is
/// dropped with it. Event streams (and a bot's stream) are long by design and have their own idle limit.
pub async fn deadline(
    axum::extract::State(state): axum::extract::State<std::sync::Arc<crate::state::AppState>>,
    req: Request,
    next: Next,
) -> Response {
    if req.uri().path().ends_with("/events") || req.uri().path() == "/api/bot/stream" {
        return next.run(req).await;
    }
    let limit = state.request_timeout;
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => ApiError::new(
            ErrorCode::RequestTimeout,
            format!("the request took longer than {} s (--request-timeout)", limit.as_secs()),
        )
        .into_response(),
    }
}
