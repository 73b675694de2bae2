//! The API's errors: a status and a message, sent as `{"error": "message"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed or asks for something impossible.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// 403: the request does not carry the token of a seat that may do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::FORBIDDEN, message: message.into() }
    }

    /// 404: no such game or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    /// 409: the request is well formed but the game's state does not allow it.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::CONFLICT, message: message.into() }
    }

    /// 503: a resource (the 10×10 tablebase) is not ready yet.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }

    /// 500: the server failed (the database); the message says what failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(err: rusqlite::Error) -> ApiError {
        ApiError::internal(format!("game store: {err}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
