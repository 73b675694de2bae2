//! Players without passwords: a visitor becomes a player on first need with a random secret
//! their browser keeps (the server stores only its SHA-256 and never shows it), a public id and
//! a display name under the seats' name rules. A one-time code moves the player to another
//! device; a player deletes themselves and their data. Their rated games move their Glicko-2
//! ratings per board size ([`rated`]). Everything works over a [`PlayerStore`] with the time
//! given by the caller; nothing here knows of HTTP.

pub mod page;
pub mod rated;

use thiserror::Error;

use crate::error::ErrorCode;
use crate::game::{display_name, GameError};
use crate::store::players::{Player, PlayerStore};
use crate::store::{utc, StoreError};

/// The fewest characters of a player's secret: 32 URL-safe characters are at least 128 bits
/// when random, as the page makes them (43 characters, 256 bits).
pub const MIN_SECRET: usize = 32;

/// The most characters of a player's secret.
pub const MAX_SECRET: usize = 128;

/// How long a one-time code holds.
pub const CODE_FOR_MS: i64 = 10 * 60 * 1000;

/// The characters of a one-time code: no 0, O, 1 or I to misread.
const CODE_ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// How many characters a one-time code has (40 random bits; ten minutes to guess in, under the
/// per-address limits).
pub const CODE_LEN: usize = 8;

/// Why a player's request was refused.
#[derive(Debug, Error)]
pub enum PeopleError {
    #[error("this needs a player: send the browser's player secret as 'Ryg-Player: SECRET'")]
    NoSecret,
    #[error(
        "bad player secret: expected {MIN_SECRET} to {MAX_SECRET} characters from A-Z, a-z, 0-9, '-' and '_'"
    )]
    BadSecret,
    #[error("no player holds this secret (deleted, or moved to another device): become a player again")]
    UnknownSecret,
    #[error("no such player")]
    NoSuchPlayer,
    #[error("this player is not a bot: a player becomes one with POST /api/players/me/bot, before their first game")]
    NotABot,
    #[error("a player needs a name")]
    NoName,
    #[error("this browser is a player already: a code moves a player to a browser that is none")]
    AlreadyPlayer,
    #[error("no player has this code, or it was used or is older than ten minutes: ask for a new one")]
    BadCode,
    /// A request the game's state does not allow now (a seat of a game that is not rated, or
    /// taken, or after the first move).
    #[error("{0}")]
    NotNow(String),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Rating(#[from] ryg_ratings::RatingError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl PeopleError {
    /// The HTTP status and code of the refusal (the code's status: [`ErrorCode::statuses`]).
    pub fn status(&self) -> (u16, ErrorCode) {
        let code = match self {
            // a malformed secret is a credential that names nobody, as an unknown one is
            PeopleError::NoSecret | PeopleError::UnknownSecret | PeopleError::BadSecret => {
                ErrorCode::Unauthorized
            }
            PeopleError::NoName | PeopleError::Rating(_) => ErrorCode::BadRequest,
            PeopleError::NoSuchPlayer | PeopleError::BadCode => ErrorCode::NotFound,
            PeopleError::NotABot => ErrorCode::Forbidden,
            PeopleError::AlreadyPlayer | PeopleError::NotNow(_) => ErrorCode::Conflict,
            PeopleError::Game(e) => return crate::view::error_status(e),
            PeopleError::Store(_) => ErrorCode::Internal,
        };
        (code.statuses()[0], code)
    }
}

/// Whether `secret` has the shape of a player's secret.
pub fn secret_ok(secret: &str) -> bool {
    (MIN_SECRET..=MAX_SECRET).contains(&secret.len())
        && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A new one-time code, and the form it is stored and looked up in.
fn new_code() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| char::from(CODE_ALPHABET[usize::from(b & 31)])).collect())
}

/// A code as typed (any case, spaces and dashes), as it is looked up: its hash.
pub fn code_key(typed: &str) -> String {
    let code: String =
        typed.chars().filter(|c| !c.is_whitespace() && *c != '-').map(|c| c.to_ascii_uppercase()).collect();
    crate::token::hash(&code)
}

/// The players' rules over a store.
pub struct People<'a> {
    pub(crate) store: &'a dyn PlayerStore,
}

impl<'a> People<'a> {
    pub fn new(store: &'a dyn PlayerStore) -> People<'a> {
        People { store }
    }

    /// The player holding the secret whose hash is `secret`.
    ///
    /// # Errors
    /// [`PeopleError::NoSecret`] without one, [`PeopleError::UnknownSecret`] when no player holds
    /// it; the store failed.
    pub fn me(&self, secret: Option<&str>) -> Result<Player, PeopleError> {
        let secret = secret.ok_or(PeopleError::NoSecret)?;
        self.store.player_by_secret(secret)?.ok_or(PeopleError::UnknownSecret)
    }

    /// Makes the holder of `secret` a player named `name` at `now`, or gives the player it
    /// holds already; whether the player is new.
    ///
    /// # Errors
    /// No secret, a bad name, the store failed.
    pub fn join(&self, secret: Option<&str>, name: &str, now: i64) -> Result<(Player, bool), PeopleError> {
        self.join_as(secret, name, false, now)
    }

    /// As [`People::join`], the new player marked as a program when `bot` (a player who is
    /// one already stays as they are).
    ///
    /// # Errors
    /// As [`People::join`].
    pub fn join_as(
        &self,
        secret: Option<&str>,
        name: &str,
        bot: bool,
        now: i64,
    ) -> Result<(Player, bool), PeopleError> {
        let secret = secret.ok_or(PeopleError::NoSecret)?;
        if let Some(p) = self.store.player_by_secret(secret)? {
            return Ok((p, false));
        }
        let name = display_name(Some(name))?.ok_or(PeopleError::NoName)?;
        let public_id = crate::token::public_id().map_err(GameError::Random)?;
        let at = utc(u64::try_from(now / 1000).unwrap_or(0));
        let id = self.store.insert_player(&public_id, secret, &name, &at)?;
        if bot {
            self.store.make_bot(id)?;
        }
        Ok((Player { id, public_id, name, created_at: at, bot }, true))
    }

    /// Marks the holder of `secret` as a program (a bot), as lichess's upgrade does: only
    /// before their first game, so a person's games and rating never become a program's.
    ///
    /// # Errors
    /// As [`People::me`], and [`PeopleError::NotNow`] once the player holds a seat.
    pub fn become_bot(&self, secret: Option<&str>) -> Result<Player, PeopleError> {
        let mut p = self.me(secret)?;
        if p.bot {
            return Ok(p);
        }
        if !self.store.games_of(p.id, 1)?.is_empty() {
            return Err(PeopleError::NotNow("a player becomes a bot before their first game".into()));
        }
        self.store.make_bot(p.id)?;
        p.bot = true;
        Ok(p)
    }

    /// The bot holding `secret`.
    ///
    /// # Errors
    /// As [`People::me`], and [`PeopleError::NotABot`] for a player who is not one.
    pub fn bot(&self, secret: Option<&str>) -> Result<Player, PeopleError> {
        let p = self.me(secret)?;
        if p.bot {
            Ok(p)
        } else {
            Err(PeopleError::NotABot)
        }
    }

    /// Renames the holder of `secret`.
    ///
    /// # Errors
    /// As [`People::me`], and a bad name.
    pub fn rename(&self, secret: Option<&str>, name: &str) -> Result<Player, PeopleError> {
        let mut p = self.me(secret)?;
        p.name = display_name(Some(name))?.ok_or(PeopleError::NoName)?;
        self.store.rename_player(p.id, &p.name)?;
        Ok(p)
    }

    /// A one-time code that moves the holder of `secret` to another device within
    /// [`CODE_FOR_MS`] of `now` (replacing any earlier code), and until when it holds.
    ///
    /// # Errors
    /// As [`People::me`], and the random generator failed.
    pub fn code(&self, secret: Option<&str>, now: i64) -> Result<(String, String), PeopleError> {
        let p = self.me(secret)?;
        let code = new_code().map_err(GameError::Random)?;
        let until = utc(u64::try_from((now + CODE_FOR_MS) / 1000).unwrap_or(0));
        self.store.set_code(p.id, &code_key(&code), &until)?;
        Ok((code, until))
    }

    /// Moves the player whose one-time code is `code` to the device holding `secret`: from now
    /// on that secret is theirs, and the old one is no one's.
    ///
    /// # Errors
    /// No secret, [`PeopleError::BadCode`], the store failed.
    pub fn claim(&self, secret: Option<&str>, code: &str, now: i64) -> Result<Player, PeopleError> {
        let secret = secret.ok_or(PeopleError::NoSecret)?;
        if self.store.player_by_secret(secret)?.is_some() {
            return Err(PeopleError::AlreadyPlayer);
        }
        let at = utc(u64::try_from(now / 1000).unwrap_or(0));
        self.store.claim_code(&code_key(code), &at, secret)?.ok_or(PeopleError::BadCode)
    }

    /// Deletes the holder of `secret` and everything stored about them.
    ///
    /// # Errors
    /// As [`People::me`].
    pub fn delete(&self, secret: Option<&str>) -> Result<(), PeopleError> {
        let p = self.me(secret)?;
        Ok(self.store.delete_player(p.id)?)
    }
}

#[cfg(test)]
mod tests;
