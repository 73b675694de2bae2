//! A refused question: an HTTP status, a stable machine code and a message, which the server
//! sends as `{"error", "code"}` (and the WebAssembly build the same).

use thiserror::Error;

/// A refused question: `status` (400, 404, 409), `code` (one of the API's documented codes)
/// and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct QueryError {
    pub status: u16,
    pub code: &'static str,
    pub message: String,
}

impl QueryError {
    /// 400 `bad_request`: the request is wrong; the message says how.
    pub fn bad_request(message: impl Into<String>) -> QueryError {
        QueryError { status: 400, code: "bad_request", message: message.into() }
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> QueryError {
        QueryError { status: 404, code: "not_found", message: message.into() }
    }

    /// The same error with a more precise `code`.
    #[must_use]
    pub fn with_code(self, code: &'static str) -> QueryError {
        QueryError { code, ..self }
    }
}
