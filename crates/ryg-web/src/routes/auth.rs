//! Who a request acts for: the hash of the seat token it carries as
//! `Authorization: Bearer TOKEN`, read before the handler runs. Which seats that token holds
//! in a game is the game service's question.

use crate::error::ErrorCode;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};

use crate::error::ApiError;
use crate::token;

/// The SHA-256 of the request's bearer token; `None` without an `Authorization` header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bearer(pub Option<String>);

impl Bearer {
    /// The token hash, as the game service takes it.
    pub fn hash(&self) -> Option<&str> {
        self.0.as_deref()
    }

    /// The bearer token of `headers`.
    ///
    /// # Errors
    /// 401 when an `Authorization` header is there but is not `Bearer TOKEN`.
    pub fn of(headers: &HeaderMap) -> Result<Bearer, ApiError> {
        let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(Bearer(None)) };
        let malformed = || {
            ApiError::new(ErrorCode::Unauthorized, "malformed Authorization header: expected 'Bearer TOKEN'")
        };
        let text = value.to_str().map_err(|_| malformed())?;
        let (scheme, token) = text.trim().split_once(' ').ok_or_else(malformed)?;
        let token = token.trim();
        if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.len() > 256 {
            return Err(malformed());
        }
        Ok(Bearer(Some(token::hash(token))))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Bearer, ApiError> {
        Bearer::of(&parts.headers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_headers_are_read_and_checked() {
        let mut h = HeaderMap::new();
        assert_eq!(Bearer::of(&h).unwrap(), Bearer(None));
        h.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(Bearer::of(&h).unwrap().hash(), Some(token::hash("abc").as_str()));
        h.insert("authorization", "Basic abc".parse().unwrap());
        assert_eq!(Bearer::of(&h).unwrap_err().status(), 401);
        h.insert("authorization", "Bearer".parse().unwrap());
        assert!(Bearer::of(&h).is_err());
    }
}
