//! The API's errors: a status, a message and a stable machine code, sent as
//! `{"error": "message", "code": "snake_case_code"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
pub use ryg_api::ErrorCode;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    /// What a program can match on, sent as its text.
    pub code: ErrorCode,
    pub message: String,
    /// Seconds to wait before asking again, sent as `Retry-After` (429 and 503 answers; 1 when
    /// `None`; 0: none, waiting will not help).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), retry_after: None }
    }

    /// 400: the request is malformed or asks for something impossible.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
    }

    /// 403: the request does not carry the token of a seat that may do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
    }

    /// 403 `live_game`: a position of a game between two people that is being played (see
    /// [`crate::live`]), or that game's review, asked for while it is played.
    pub fn live_game() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::LiveGame,
            "this position is in a game between two players that is being played: it cannot be \
             analysed here until that game ends",
        )
    }

    /// 404: no such game or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }

    /// 409: the request is well formed but the game's state does not allow it.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, message)
    }

    /// 503: a resource (the 10×10 tablebase) is not ready yet.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, message)
    }

    /// 500: the server failed (the database); the message says what failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, message)
    }

    /// 409 `board_too_big`: `what` (exact results, a search tree …) is asked for on 12×12 or
    /// 14×14, where games are played but the tablebases and the lessons stop at 10×10.
    pub fn board_too_big(what: &str, size: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::BoardTooBig,
            format!("{what} is for boards up to 10x10; this position is on {size}"),
        )
    }

    /// 409 `tablebase_absent`: `what` needs the exact table of `size`, which is read from files
    /// that are not there; the message gives the command that builds them.
    pub fn tablebase_absent(what: &str, size: ryg_wide::Size) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::TablebaseAbsent,
            format!(
                "{what} needs the {size} tablebase, which is not built on this server: run `ryg solve --size {}` \
                 (the server finds it once built)",
                size.n()
            ),
        )
    }

    /// The same error with a more precise `code`.
    #[must_use]
    pub fn with_code(self, code: ErrorCode) -> ApiError {
        ApiError { code, ..self }
    }

    /// The same error, telling the client to wait `secs` seconds (`Retry-After`).
    #[must_use]
    pub fn retry_after(self, secs: u64) -> ApiError {
        ApiError { retry_after: Some(secs), ..self }
    }
}

/// A question the shared answers (`ryg_api`) refused, with its status and code.
impl From<ryg_api::QueryError> for ApiError {
    fn from(e: ryg_api::QueryError) -> ApiError {
        let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
        ApiError::new(status, e.code, e.message)
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
            res.extensions_mut().insert(crate::routes::log::Cause { message: self.message, code: self.code });
        }
        res
    }
}

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
