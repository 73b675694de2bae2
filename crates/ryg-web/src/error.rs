//! The API's errors: a status, a message and a stable machine code, sent as
//! `{"error": "message", "code": "snake_case_code"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
pub use ryg_api::ErrorCode;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// One of the code's statuses ([`ErrorCode::statuses`]), set by [`ApiError::new`].
    status: StatusCode,
    /// What a program can match on, sent as its text.
    pub code: ErrorCode,
    pub message: String,
    /// Seconds to wait before asking again, sent as `Retry-After` (429 and 503 answers; 1 when
    /// `None`; 0: none, waiting will not help).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with `code` and `message`, answered with the code's usual status.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { status: status_of(code.statuses()[0]), code, message: message.into(), retry_after: None }
    }

    /// The HTTP status of the answer.
    #[must_use]
    pub const fn status(&self) -> StatusCode {
        self.status
    }

    /// 400: the request is malformed or asks for something impossible.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadRequest, message)
    }

    /// 403: the request does not carry the token of a seat that may do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Forbidden, message)
    }

    /// 403 `live_game`: a position of a game between two people that is being played (see
    /// [`crate::live`]), or that game's review, asked for while it is played.
    pub fn live_game() -> ApiError {
        ApiError::new(
            ErrorCode::LiveGame,
            "this position is in a game between two players that is being played: it cannot be \
             analysed here until that game ends",
        )
    }

    /// 404: no such game or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NotFound, message)
    }

    /// 409: the request is well formed but the game's state does not allow it.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Conflict, message)
    }

    /// 503: a resource (the 10×10 tablebase) is not ready yet.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Unavailable, message)
    }

    /// 500: the server failed (the database); the message says what failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Internal, message)
    }

    /// 409 `board_too_big`: `what` (exact results, a search tree …) is asked for on 12×12 or
    /// 14×14, where games are played but the tablebases and the lessons stop at 10×10.
    pub fn board_too_big(what: &str, size: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            ErrorCode::BoardTooBig,
            format!("{what} is for boards up to 10x10; this position is on {size}"),
        )
    }

    /// 409 `tablebase_absent`: `what` needs the exact table of `size`, which is read from files
    /// that are not there; the message gives the command that builds them.
    pub fn tablebase_absent(what: &str, size: ryg_wide::Size) -> ApiError {
        ApiError::new(
            ErrorCode::TablebaseAbsent,
            format!(
                "{what} needs the {size} tablebase, which is not built on this server: run `ryg solve --size {}` \
                 (the server finds it once built)",
                size.n()
            ),
        )
    }

    /// The same error with a more precise `code`, and that code's usual status.
    #[must_use]
    pub fn with_code(self, code: ErrorCode) -> ApiError {
        ApiError { status: status_of(code.statuses()[0]), code, ..self }
    }

    /// The same error with another of its code's statuses.
    ///
    /// # Panics
    /// When the code does not carry `status`: a bug in the caller.
    #[must_use]
    #[track_caller]
    pub fn with_status(self, status: u16) -> ApiError {
        assert!(self.code.statuses().contains(&status), "{} is never {status}", self.code);
        ApiError { status: status_of(status), ..self }
    }

    /// The same error, telling the client to wait `secs` seconds (`Retry-After`).
    #[must_use]
    pub fn retry_after(self, secs: u64) -> ApiError {
        ApiError { retry_after: Some(secs), ..self }
    }
}

/// A status of the table of [`ErrorCode::statuses`], all valid.
fn status_of(status: u16) -> StatusCode {
    StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// A question the shared answers (`ryg_api`) refused, with its status and code.
impl From<ryg_api::QueryError> for ApiError {
    fn from(e: ryg_api::QueryError) -> ApiError {
        let status = e.status();
        ApiError::new(e.code, e.message).with_status(status)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.status, Json(serde_json::json!({ "error": &self.message, "code": self.code })))
            .into_response();
        // every refusal for load says when to ask again (1 s unless the error knows better)
        let retry = matches!(self.status, StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE);
        // 0: the refusal does not pass by waiting (the stored-games cap): no Retry-After
        if let Some(secs) = self.retry_after.or(retry.then_some(1)).filter(|&s| s > 0) {
            res.headers_mut().insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        if self.status == StatusCode::UNAUTHORIZED {
            res.headers_mut()
                .insert(axum::http::header::WWW_AUTHENTICATE, axum::http::HeaderValue::from_static("Bearer"));
        }
        if self.status.is_server_error() {
            res.extensions_mut().insert(Cause { message: self.message, code: self.code });
        }
        res
    }
}

/// An answer's cause, attached by [`ApiError`] to a 5xx for the request log.
#[derive(Clone, Debug)]
pub struct Cause {
    pub message: String,
    pub code: ErrorCode,
}

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
