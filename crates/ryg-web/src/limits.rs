//! Abuse limits per client address: games created per minute, moves (and other changes of a
//! game) per second, and games stored per address. A request over a limit is answered 429
//! with `Retry-After` and a message that names the limit and its flag; nothing is done.

use crate::error::ErrorCode;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use axum::http::StatusCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::error::ApiError;

/// The default limits are a class's: a school's 200 pupils behind one NAT address play at once
/// (docs/server.md has the arithmetic). Each of them starts a game in the same minute…
pub const CLASS_GAMES_PER_MINUTE: u32 = 200;
/// …moves up to once a second, all at the same moment if they like (bursts of as many)…
pub const CLASS_MOVES_PER_SECOND: u32 = 200;
/// …and keeps 100 games: two a week each through a school year (`--keep-days` 365).
pub const CLASS_GAMES_PER_CLIENT: u32 = 20_000;

/// The limits, as `ryg serve` flags set them.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Games one address may create per minute (`--games-per-minute`).
    pub games_per_minute: u32,
    /// Moves, undos, redos and other changes one address may make per second
    /// (`--moves-per-second`).
    pub moves_per_second: u32,
    /// Games stored for one address (`--games-per-client`).
    pub games_per_client: u32,
    /// Whether the client's address is read from `X-Forwarded-For` (`--trust-proxy`).
    pub trust_proxy: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            games_per_minute: CLASS_GAMES_PER_MINUTE,
            moves_per_second: CLASS_MOVES_PER_SECOND,
            games_per_client: CLASS_GAMES_PER_CLIENT,
            trust_proxy: false,
        }
    }
}

/// The rate limiters of a server.
pub struct RateLimits {
    pub limits: Limits,
    games: DefaultKeyedRateLimiter<IpAddr>,
    moves: DefaultKeyedRateLimiter<IpAddr>,
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

/// The hash a game keeps of the address that created it (never the address itself).
pub fn creator_hash(client: IpAddr) -> String {
    crate::token::hash(&format!("ryg client {client}"))
}

/// A 429 that says which limit, with the seconds to wait.
pub fn too_many(message: String, wait: Duration) -> ApiError {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::RateLimited,
        format!("{message}; try again in {secs} s"),
    )
    .retry_after(secs.max(1))
}

impl RateLimits {
    pub fn new(limits: Limits) -> RateLimits {
        RateLimits {
            limits,
            games: DefaultKeyedRateLimiter::keyed(Quota::per_minute(nonzero(limits.games_per_minute))),
            moves: DefaultKeyedRateLimiter::keyed(Quota::per_second(nonzero(limits.moves_per_second))),
        }
    }

    /// One more game created by `client`.
    ///
    /// # Errors
    /// 429 when `client` created its allowance of games this minute.
    pub fn new_game(&self, client: IpAddr) -> Result<(), ApiError> {
        self.games.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            too_many(
                format!(
                    "too many new games from your address: at most {} a minute (--games-per-minute)",
                    self.limits.games_per_minute
                ),
                wait,
            )
        })
    }

    /// One more change of a game by `client`.
    ///
    /// # Errors
    /// 429 when `client` made its allowance of changes this second.
    pub fn change(&self, client: IpAddr) -> Result<(), ApiError> {
        self.moves.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            too_many(
                format!(
                    "too many moves from your address: at most {} a second (--moves-per-second)",
                    self.limits.moves_per_second
                ),
                wait,
            )
        })
    }

    /// Forgets the addresses whose allowance is full again (memory stays bounded).
    pub fn prune(&self) {
        self.games.retain_recent();
        self.moves.retain_recent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_allowance() {
        let limits = RateLimits::new(Limits { games_per_minute: 2, ..Limits::default() });
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        assert!(limits.new_game(a).is_ok() && limits.new_game(a).is_ok());
        let err = limits.new_game(a).unwrap_err();
        assert_eq!((err.status, err.code), (StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited));
        assert!(err.message.starts_with(
            "too many new games from your address: at most 2 a minute (--games-per-minute); try again in "
        ));
        assert!(matches!(err.retry_after, Some(s) if (1..=30).contains(&s)), "{:?}", err.retry_after);
        assert!(limits.new_game(b).is_ok(), "another address is not held up");
    }
}
