//! A refused question: an HTTP status, a stable machine code and a message, which the server
//! sends as `{"error", "code"}` (and the WebAssembly build the same).

use serde::{Serialize, Serializer};
use thiserror::Error;

/// The codes, each with the text the API sends: one list makes the type, its texts and
/// [`ErrorCode::SERVER`].
macro_rules! error_codes {
    (
        server { $($(#[doc = $doc:literal])* $variant:ident => $text:literal @ $status:literal $(| $alt:literal)*,)* }
        static_site { $($(#[doc = $s_doc:literal])* $s_variant:ident => $s_text:literal @ $s_status:literal $(| $s_alt:literal)*,)* }
    ) => {
        /// What was wrong, for a program: the `code` of an error answer, sent as its text
        /// (`"bad_fen"`), stable across versions, with its HTTP status. The OpenAPI document
        /// lists the server's codes, docs/server.md their statuses.
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

            /// The HTTP statuses an answer with this code may have, the usual one first: the
            /// one place a code's status is said ([`QueryError::new`] and the server's
            /// `ApiError::new` take it from here).
            #[must_use]
            pub const fn statuses(self) -> &'static [u16] {
                match self {
                    $(ErrorCode::$variant => &[$status $(, $alt)*],)*
                    $(ErrorCode::$s_variant => &[$s_status $(, $s_alt)*],)*
                }
            }
        }
    };
}

error_codes! {
    server {
    /// 400: the request is malformed or asks for something impossible.
    BadRequest => "bad_request" @ 400,
    /// 400: a position that is not valid notation.
    BadFen => "bad_fen" @ 400,
    /// 400: a move that is not valid notation.
    BadMove => "bad_move" @ 400,
    /// 400: evaluation weights that cannot be read.
    BadWeights => "bad_weights" @ 400,
    /// 400: no piece on the square asked about.
    EmptySquare => "empty_square" @ 400,
    /// 400: a move the rules do not allow.
    IllegalMove => "illegal_move" @ 400,
    /// 401: no token (or a malformed one); 403: a token of no seat of this game.
    Unauthorized => "unauthorized" @ 401 | 403,
    /// 403: a token of a seat that may not do this.
    Forbidden => "forbidden" @ 403,
    /// 403: a position of a game between two people that is being played, or its review.
    LiveGame => "live_game" @ 403,
    /// 403: the computer asked to play a move for a person in a game between two people.
    FairPlay => "fair_play" @ 403,
    /// 403: the other seat is to move; 409: the computer is to move.
    NotYourTurn => "not_your_turn" @ 403 | 409,
    /// 404: no such game or route.
    NotFound => "not_found" @ 404,
    /// 404: a game that is not shown to those without a seat.
    NotPublic => "not_public" @ 404,
    /// 409: asked on a board larger than the tablebases and lessons go.
    BoardTooBig => "board_too_big" @ 409,
    /// 409: the tablebase files of the size are not built on this server.
    TablebaseAbsent => "tablebase_absent" @ 409,
    /// 405.
    MethodNotAllowed => "method_not_allowed" @ 405,
    /// 409: the game's state does not allow it.
    Conflict => "conflict" @ 409,
    /// 409: the game is over.
    GameOver => "game_over" @ 409,
    /// 413: the request's body is too large.
    TooLarge => "too_large" @ 413,
    /// 408.
    RequestTimeout => "request_timeout" @ 408,
    /// 415.
    UnsupportedMediaType => "unsupported_media_type" @ 415,
    /// 429: too many live streams from one address (the server's own limit is `unavailable`).
    TooManyStreams => "too_many_streams" @ 429,
    /// 429: too many requests (or games) from one address.
    RateLimited => "rate_limited" @ 429,
    /// 503: a resource is not ready yet.
    Unavailable => "unavailable" @ 503,
    /// 503: the server's workers are all busy.
    Busy => "busy" @ 503,
    /// 503: the store cannot be reached.
    StorageUnavailable => "storage_unavailable" @ 503,
    /// 503: the store may or may not have kept the change.
    CommitUnknown => "commit_unknown" @ 503,
    /// 409: the move was asked for another ply than the game's.
    WrongPly => "wrong_ply" @ 409,
    /// 503: the server is stopping.
    ShuttingDown => "shutting_down" @ 503,
    /// 500: the server failed.
    Internal => "internal" @ 500,
    }
    static_site {
    /// 503, from the static site's engine only: the question needs a ryg server.
    NeedsServer => "needs_server" @ 503,
    /// 507, from the static site's engine only: the browser would not give a table its memory.
    NoMemory => "no_memory" @ 507,
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

/// A refused question: its code, the status the code carries and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct QueryError {
    status: u16,
    pub code: ErrorCode,
    pub message: String,
}

impl QueryError {
    /// A refusal with `code`, answered with the code's usual status ([`ErrorCode::statuses`]).
    pub fn new(code: ErrorCode, message: impl Into<String>) -> QueryError {
        QueryError { status: code.statuses()[0], code, message: message.into() }
    }

    /// 400 `bad_request`: the request is wrong; the message says how.
    pub fn bad_request(message: impl Into<String>) -> QueryError {
        QueryError::new(ErrorCode::BadRequest, message)
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> QueryError {
        QueryError::new(ErrorCode::NotFound, message)
    }

    /// The HTTP status of the answer.
    #[must_use]
    pub const fn status(&self) -> u16 {
        self.status
    }

    /// The same error with a more precise `code`, and that code's usual status.
    #[must_use]
    pub fn with_code(self, code: ErrorCode) -> QueryError {
        QueryError::new(code, self.message)
    }

    /// The same error with another of its code's statuses (`unauthorized` is 401 without a
    /// token and 403 with a token of no seat).
    ///
    /// # Panics
    /// When the code does not carry `status`: a bug in the caller.
    #[must_use]
    #[track_caller]
    pub fn with_status(self, status: u16) -> QueryError {
        assert!(self.code.statuses().contains(&status), "{} is never {status}", self.code);
        QueryError { status, ..self }
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

    #[test]
    fn an_error_has_its_codes_status() {
        use super::QueryError;
        for &code in ErrorCode::ALL {
            let statuses = code.statuses();
            assert!(!statuses.is_empty() && statuses.iter().all(|s| (400..600).contains(s)), "{code}");
            assert_eq!(QueryError::new(code, "x").status(), statuses[0], "{code}");
        }
        let e = QueryError::bad_request("no piece").with_code(ErrorCode::NotFound);
        assert_eq!((e.status(), e.code, e.message.as_str()), (404, ErrorCode::NotFound, "no piece"));
        let seat = QueryError::new(ErrorCode::Unauthorized, "not a seat").with_status(403);
        assert_eq!(seat.status(), 403);
    }

    #[test]
    #[should_panic(expected = "bad_request is never 503")]
    fn a_status_the_code_does_not_carry_is_refused() {
        let _ = super::QueryError::bad_request("x").with_status(503);
    }
}
