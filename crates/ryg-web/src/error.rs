//! The API's errors: a status, a message and a stable machine code, sent as
//! `{"error": "message", "code": "snake_case_code"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    /// What a program can match on; see [`CODES`].
    pub code: &'static str,
    pub message: String,
    /// Seconds to wait before asking again, sent as `Retry-After` (429 and 503 answers; 1 when
    /// `None`; 0: none, waiting will not help).
    pub retry_after: Option<u64>,
}

/// Every `code` an error answer may carry (the OpenAPI document lists the same).
pub const CODES: &[&str] = &[
    "bad_request",
    "bad_fen",
    "bad_move",
    "bad_weights",
    "empty_square",
    "illegal_move",
    "unauthorized",
    "forbidden",
    "live_game",
    "not_your_turn",
    "not_found",
    "not_public",
    "board_too_big",
    "tablebase_absent",
    "method_not_allowed",
    "conflict",
    "game_over",
    "too_large",
    "request_timeout",
    "unsupported_media_type",
    "too_many_streams",
    "rate_limited",
    "unavailable",
    "busy",
    "storage_unavailable",
    "commit_unknown",
    "wrong_ply",
    "shutting_down",
    "internal",
];

impl ApiError {
    /// An error with `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        debug_assert!(CODES.contains(&code), "undocumented error code {code}");
        ApiError { status, code, message: message.into(), retry_after: None }
    }

    /// 400: the request is malformed or asks for something impossible.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 403: the request does not carry the token of a seat that may do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 403 `live_game`: a position of a game between two people that is being played (see
    /// [`crate::live`]), or that game's review, asked for while it is played.
    pub fn live_game() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "live_game",
            "this position is in a game between two players that is being played: it cannot be \
             analysed here until that game ends",
        )
    }

    /// 404: no such game or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 409: the request is well formed but the game's state does not allow it.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }

    /// 503: a resource (the 10×10 tablebase) is not ready yet.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// 500: the server failed (the database); the message says what failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// 409 `board_too_big`: `what` (exact results, a search tree …) is asked for on 12×12 or
    /// 14×14, where games are played but the tablebases and the lessons stop at 10×10.
    pub fn board_too_big(what: &str, size: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "board_too_big",
            format!("{what} is for boards up to 10x10; this position is on {size}"),
        )
    }

    /// 409 `tablebase_absent`: `what` needs the exact table of `size`, which is read from files
    /// that are not there; the message gives the command that builds them.
    pub fn tablebase_absent(what: &str, size: ryg_wide::Size) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "tablebase_absent",
            format!(
                "{what} needs the {size} tablebase, which is not built on this server: run `ryg solve --size {}` \
                 (the server finds it once built)",
                size.n()
            ),
        )
    }

    /// The same error with a more precise `code`.
    #[must_use]
    pub fn with_code(self, code: &'static str) -> ApiError {
        debug_assert!(CODES.contains(&code), "undocumented error code {code}");
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

#[cfg(test)]
mod tests {
    use super::CODES;

    /// The codes the source gives its errors: the string literal right after a status
    /// (`StatusCode::X, "code"` or `(404, "code")`, line breaks allowed) or in
    /// `with_code("code")`.
    fn codes_in(text: &str) -> Vec<String> {
        let literal = |rest: &str| -> Option<String> {
            let rest = rest.trim_start().strip_prefix('"')?;
            let code = &rest[..rest.find('"')?];
            (!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
                .then(|| code.to_owned())
        };
        let after_status = text.match_indices("StatusCode::").filter_map(|(i, m)| {
            let rest = text[i + m.len()..].trim_start_matches(|c: char| c.is_ascii_uppercase() || c == '_');
            literal(rest.trim_start().strip_prefix(',')?)
        });
        let with_code = text.match_indices("with_code(").filter_map(|(i, m)| literal(&text[i + m.len()..]));
        // a status as a number and its code, `(409, "conflict")` (crate::view::error_status)
        let after_number = text.match_indices('(').filter_map(|(i, _)| {
            let rest = &text[i + 1..];
            let digits = rest.get(..3).filter(|d| d.bytes().all(|b| b.is_ascii_digit()))?;
            (digits.starts_with(['4', '5'])).then_some(())?;
            literal(rest[3..].strip_prefix(',')?)
        });
        after_status.chain(with_code).chain(after_number).collect()
    }

    #[test]
    fn every_code_the_server_gives_is_listed() {
        // the server's sources, and the answers it shares with the browser (ryg-api)
        let mut files = vec![
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../ryg-api/src")),
        ];
        let mut seen = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                // the code the server runs, not its tests
                let code_part = text.split("#[cfg(test)]").next().unwrap_or_default();
                for code in codes_in(code_part) {
                    assert!(
                        CODES.contains(&code.as_str()),
                        "{}: code '{code}' is not in CODES",
                        path.display()
                    );
                    seen.push(code);
                }
            }
        }
        // the scan finds the codes (it would pass vacuously otherwise)
        for code in ["bad_weights", "empty_square", "not_your_turn", "storage_unavailable", "too_large"] {
            assert!(seen.iter().any(|c| c == code), "the scan missed '{code}'");
        }
    }
}
