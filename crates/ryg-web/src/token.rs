//! Seat tokens: 128 random bits from the operating system, shown once as 32 hex digits and
//! stored only as their SHA-256. A request acts for a seat by sending
//! `Authorization: Bearer TOKEN` (a header, so no cross-site request can carry it).

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// A new secret token.
///
/// # Errors
/// When the operating system's random generator fails.
pub fn generate() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("no random numbers from the system: {e}")))?;
    Ok(hex(&bytes))
}

/// What the store keeps of a token.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The hash of the bearer token the request carries, if any.
///
/// # Errors
/// 400 when an `Authorization` header is there but is not `Bearer TOKEN`.
pub fn bearer_hash(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(axum::http::header::AUTHORIZATION) else { return Ok(None) };
    let malformed = || ApiError::bad_request("malformed Authorization header: expected 'Bearer TOKEN'");
    let text = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = text.trim().split_once(' ').ok_or_else(malformed)?;
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.len() > 256 {
        return Err(malformed());
    }
    Ok(Some(hash(token)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_hex_digits_and_differ() {
        let (a, b) = (generate().unwrap(), generate().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_hash_is_sha256() {
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn bearer_headers_are_read_and_checked() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer_hash(&h).unwrap(), None);
        h.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer_hash(&h).unwrap(), Some(hash("abc")));
        h.insert("authorization", "Basic abc".parse().unwrap());
        assert_eq!(bearer_hash(&h).unwrap_err().status, 400);
        h.insert("authorization", "Bearer".parse().unwrap());
        assert!(bearer_hash(&h).is_err());
    }
}
