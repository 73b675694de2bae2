//! Seat tokens: 128 random bits from the operating system, shown once as 32 hex digits and
//! stored only as their SHA-256. A request acts for a seat by sending
//! `Authorization: Bearer TOKEN` (a header, so no cross-site request can carry it). A game's
//! public id, the one its links carry: 64 random bits as 11 URL-safe characters.

use sha2::{Digest, Sha256};

/// A new secret token.
///
/// # Errors
/// When the operating system's random generator fails.
pub fn generate() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The characters of a public id (base64url).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// How long a public id is: 11 characters of 6 bits hold 64 random bits.
pub const PUBLIC_ID_LEN: usize = 11;

/// A new public game id: 64 random bits as 11 characters of [`ALPHABET`], never all digits
/// (those read as the old numeric ids).
///
/// # Errors
/// When the operating system's random generator fails.
pub fn public_id() -> Result<String, getrandom::Error> {
    loop {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes)?;
        let mut bits = u64::from_le_bytes(bytes);
        let id: String = (0..PUBLIC_ID_LEN)
            .map(|_| {
                let c = ALPHABET[(bits & 63) as usize];
                bits >>= 6;
                char::from(c)
            })
            .collect();
        if !id.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(id);
        }
    }
}

/// Whether `text` has the shape of a public id (it may name no game).
pub fn is_public_id(text: &str) -> bool {
    text.len() == PUBLIC_ID_LEN
        && text.bytes().all(|b| ALPHABET.contains(&b))
        && !text.bytes().all(|b| b.is_ascii_digit())
}

/// What the store keeps of a token.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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
    fn public_ids_are_11_url_safe_characters_and_differ() {
        let ids: Vec<String> = (0..100).map(|_| public_id().unwrap()).collect();
        for id in &ids {
            assert!(is_public_id(id), "{id}");
        }
        assert!(ids.iter().all(|id| ids.iter().filter(|o| *o == id).count() == 1));
        assert!(!is_public_id("12345678901"), "digits are a numeric id");
        assert!(!is_public_id("abc"));
        assert!(!is_public_id("abcdefghij/"));
    }

    #[test]
    fn the_hash_is_sha256() {
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
