//! A refused question: an HTTP status, a stable machine code and a message, which the server
//! sends as `{"error", "code"}` (and the WebAssembly build the same).

use serde::{Serialize, Serializer};
use thiserror::Error;

/// The codes, each with the text the API sends: one list makes the type, its texts and
/// [`ErrorCode::SERVER`].
macro_rules! error_codes {
    (
        server { $($(#[doc = $doc:literal])* $variant:ident => $text:literal,)* }
        static_site { $($(#[doc = $s_doc:literal])* $s_variant:ident => $s_text:literal,)* }
    ) => {
        /// What was wrong, for a program: the `code` of an error answer, sent as its text
        /// (`"bad_fen"`), stable across versions. The OpenAPI document lists the server's.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
            $($(#[doc = $s_doc])* $s_variant,)*
        }

        impl ErrorCode {
            /// Every code the server may send, in the order the OpenAPI document lists them.
            pub const SERVER: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];
            /// Every code, the static site's own last.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)* $(ErrorCode::$s_variant,)*];

            /// The text the API sends.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                    $(ErrorCode::$s_variant => $s_text,)*
                }
            }
        }
    };
}

error_codes! {
    server {
    /// 400: the request is malformed or asks for something impossible.
    BadRequest => "bad_request",
    /// 400: a position that is not valid notation.
    BadFen => "bad_fen",
    /// 400: a move that is not valid notation.
    BadMove => "bad_move",
    /// 400: evaluation weights that cannot be read.
    BadWeights => "bad_weights",
    /// 400: no piece on the square asked about.
    EmptySquare => "empty_square",
    /// 400: a move the rules do not allow.
    IllegalMove => "illegal_move",
    /// 401 or 403: no token of a seat of this game.
    Unauthorized => "unauthorized",
    /// 403: a token of a seat that may not do this.
    Forbidden => "forbidden",
    /// 403: a position of a game between two people that is being played, or its review.
    LiveGame => "live_game",
    /// 403: the computer asked to play a move for a person in a game between two people.
    FairPlay => "fair_play",
    /// 403 or 409: the other side (or the computer) is to move.
    NotYourTurn => "not_your_turn",
    /// 404: no such game or route.
    NotFound => "not_found",
    /// 404: a game that is not shown to those without a seat.
    NotPublic => "not_public",
    /// 409: asked on a board larger than the tablebases and lessons go.
    BoardTooBig => "board_too_big",
    /// 409: the tablebase files of the size are not built on this server.
    TablebaseAbsent => "tablebase_absent",
    /// 405.
    MethodNotAllowed => "method_not_allowed",
    /// 409: the game's state does not allow it.
    Conflict => "conflict",
    /// 409: the game is over.
    GameOver => "game_over",
    /// 413 or 431: the request is too large.
    TooLarge => "too_large",
    /// 408.
    RequestTimeout => "request_timeout",
    /// 415.
    UnsupportedMediaType => "unsupported_media_type",
    /// 429 or 503: too many live streams.
    TooManyStreams => "too_many_streams",
    /// 429: too many requests (or games) from one address.
    RateLimited => "rate_limited",
    /// 503: a resource is not ready yet.
    Unavailable => "unavailable",
    /// 503: the server's workers are all busy.
    Busy => "busy",
    /// 503: the store cannot be reached.
    StorageUnavailable => "storage_unavailable",
    /// 503: the store may or may not have kept the change.
    CommitUnknown => "commit_unknown",
    /// 409: the move was asked for another ply than the game's.
    WrongPly => "wrong_ply",
    /// 503: the server is stopping.
    ShuttingDown => "shutting_down",
    /// 500: the server failed.
    Internal => "internal",
    }
    static_site {
    /// 503, from the static site's engine only: the question needs a ryg server.
    NeedsServer => "needs_server",
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A refused question: `status` (400, 404, 409), `code` and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct QueryError {
    pub status: u16,
    pub code: ErrorCode,
    pub message: String,
}

impl QueryError {
    /// 400 `bad_request`: the request is wrong; the message says how.
    pub fn bad_request(message: impl Into<String>) -> QueryError {
        QueryError { status: 400, code: ErrorCode::BadRequest, message: message.into() }
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> QueryError {
        QueryError { status: 404, code: ErrorCode::NotFound, message: message.into() }
    }

    /// The same error with a more precise `code`.
    #[must_use]
    pub fn with_code(self, code: ErrorCode) -> QueryError {
        QueryError { code, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn a_code_is_sent_as_its_text() {
        for &code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            assert_eq!(code.to_string(), code.as_str());
        }
        assert_eq!(serde_json::to_string(&ErrorCode::NotYourTurn).unwrap(), "\"not_your_turn\"");
        let mut texts: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), ErrorCode::ALL.len(), "no text twice");
    }
}
