//! Abuse limits per client address: games created per minute, moves (and other changes of a
//! game) per second, and games stored per address. A request over a limit is answered 429
//! with `Retry-After` and a message that names the limit and its flag; nothing is done.
//! Changes are counted by seat first: each seat's token has the allowance of its own, and only
//! the changes made are counted against its address's, shared by the address's players (one
//! player's refused moves, a flood of illegal ones, cost the others nothing).

use crate::error::ErrorCode;
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
    /// The IPv6 prefix that counts as one client (`--ipv6-prefix`), for every limit per client:
    /// these, and the connections' and event streams' (the server sets theirs from this one).
    pub ipv6_prefix: u8,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            games_per_minute: CLASS_GAMES_PER_MINUTE,
            moves_per_second: CLASS_MOVES_PER_SECOND,
            games_per_client: CLASS_GAMES_PER_CLIENT,
            trust_proxy: false,
            ipv6_prefix: crate::places::IPV6_CLIENT_PREFIX,
        }
    }
}

/// The rate limiters of a server.
pub struct RateLimits {
    pub limits: Limits,
    games: DefaultKeyedRateLimiter<IpAddr>,
    /// The table of games' allowances is pruned of whole ones when it reaches this many
    /// addresses (as [`Allowance`] prunes its own).
    games_prune_at: AtomicUsize,
    /// Changes made, per client address.
    moves: Allowance<IpAddr>,
    /// Changes asked for, per seat (the hash of its token).
    seats: Allowance<String>,
}

/// So many a second per key, all at once if they like (a burst of as many), each taken given
/// back when what it paid for was not done.
// CITE: generic cell rate algorithm (GCRA), one "theoretical arrival time" per key
struct Allowance<K> {
    /// The time one takes of the allowance (a second over so many a second).
    cost: Duration,
    /// How far ahead of now a key's arrival time may go: a second's allowance.
    burst: Duration,
    keys: Mutex<Keys<K>>,
}

struct Keys<K> {
    /// Per key, when its allowance is whole again.
    full_at: HashMap<K, Instant>,
    /// The table is pruned of whole allowances when it reaches this many keys.
    prune_at: usize,
}

/// The tables of allowances are not pruned below this many keys.
const PRUNE_FROM: usize = 1024;

impl<K: Hash + Eq + Clone> Allowance<K> {
    fn per_second(n: u32) -> Allowance<K> {
        let cost = Duration::from_secs(1) / n.max(1);
        let keys = Keys { full_at: HashMap::new(), prune_at: PRUNE_FROM };
        Allowance { cost, burst: cost * n.max(1), keys: Mutex::new(keys) }
    }

    fn keys(&self) -> std::sync::MutexGuard<'_, Keys<K>> {
        self.keys.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes one for `key`; else how long until one is there.
    fn take(&self, key: &K) -> Result<(), Duration> {
        let now = Instant::now();
        let mut keys = self.keys();
        let after = keys.full_at.get(key).map_or(now, |&t| t.max(now)) + self.cost;
        let ahead = after - now;
        if ahead > self.burst {
            return Err(ahead - self.burst);
        }
        if keys.full_at.len() >= keys.prune_at {
            keys.full_at.retain(|_, t| *t > now);
            keys.prune_at = (2 * keys.full_at.len()).max(PRUNE_FROM);
        }
        keys.full_at.insert(key.clone(), after);
        Ok(())
    }

    /// Gives back one `key` took.
    fn give_back(&self, key: &K) {
        if let Some(t) = self.keys().full_at.get_mut(key) {
            *t = t.checked_sub(self.cost).unwrap_or(*t);
        }
    }
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
    ApiError::new(ErrorCode::RateLimited, format!("{message}; try again in {secs} s"))
        .retry_after(secs.max(1))
}

impl RateLimits {
    pub fn new(limits: Limits) -> RateLimits {
        RateLimits {
            limits,
            games: DefaultKeyedRateLimiter::keyed(Quota::per_minute(nonzero(limits.games_per_minute))),
            games_prune_at: AtomicUsize::new(PRUNE_FROM),
            moves: Allowance::per_second(limits.moves_per_second),
            seats: Allowance::per_second(limits.moves_per_second),
        }
    }

    /// One more game created by `client`.
    ///
    /// # Errors
    /// 429 when `client` created its allowance of games this minute.
    pub fn new_game(&self, client: IpAddr) -> Result<(), ApiError> {
        if self.games.len() >= self.games_prune_at.load(Ordering::Relaxed) {
            self.games.retain_recent();
            self.games.shrink_to_fit();
            self.games_prune_at.store((2 * self.games.len()).max(PRUNE_FROM), Ordering::Relaxed);
        }
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

    /// One more change of a game asked for by the holder of `seat` (its token's hash) at
    /// `client`: counted against the seat's allowance, then its address's; once the change is
    /// known not to be made, [`RateLimits::give_back`] returns the address's share.
    ///
    /// # Errors
    /// 429 when the seat, or `client`'s players together, made their allowance of changes this
    /// second.
    pub fn change(&self, client: IpAddr, seat: &str) -> Result<(), ApiError> {
        let over = |who: &str, wait: Duration| {
            too_many(
                format!(
                    "too many moves from {who}: at most {} a second (--moves-per-second)",
                    self.limits.moves_per_second
                ),
                wait,
            )
        };
        self.seats.take(&seat.to_owned()).map_err(|wait| over("your seat", wait))?;
        self.moves.take(&client).map_err(|wait| over("your address", wait))
    }

    /// Gives `client`'s address back a change [`RateLimits::change`] counted that was not made
    /// (refused: an illegal move, a request out of turn).
    pub fn give_back(&self, client: IpAddr) {
        self.moves.give_back(&client);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn each_address_has_its_own_allowance() {
        let limits = RateLimits::new(Limits { games_per_minute: 2, ..Limits::default() });
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        assert!(limits.new_game(a).is_ok() && limits.new_game(a).is_ok());
        let err = limits.new_game(a).unwrap_err();
        assert_eq!((err.status(), err.code), (StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited));
        assert!(err.message.starts_with(
            "too many new games from your address: at most 2 a minute (--games-per-minute); try again in "
        ));
        assert!(matches!(err.retry_after, Some(s) if (1..=30).contains(&s)), "{:?}", err.retry_after);
        assert!(limits.new_game(b).is_ok(), "another address is not held up");
    }

    #[test]
    fn many_addresses_leave_a_bounded_table_of_new_games() {
        // an allowance whole again 10 µs after its game: only the last few are still spent
        let limits = RateLimits::new(Limits { games_per_minute: 6_000_000, ..Limits::default() });
        for i in 0..20_000u32 {
            let client = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            assert!(limits.new_game(client).is_ok());
        }
        let kept = limits.games.len();
        assert!(kept <= 2 * PRUNE_FROM, "{kept} addresses kept");
    }

    #[test]
    fn a_seat_spends_its_own_allowance_and_its_address_only_what_was_made() {
        let limits = RateLimits::new(Limits { moves_per_second: 3, ..Limits::default() });
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        // one seat's refused changes: its own allowance spent, each given back to the address
        let refused: Vec<bool> = (0..10)
            .map(|_| {
                let ok = limits.change(a, "flooder").is_ok();
                if ok {
                    limits.give_back(a);
                }
                ok
            })
            .collect();
        assert_eq!(refused.iter().filter(|&&ok| ok).count(), 3, "{refused:?}");
        let err = limits.change(a, "flooder").unwrap_err();
        assert!(err.message.starts_with("too many moves from your seat: at most 3 a second"), "{err:?}");
        // another seat at the address has the address's whole allowance
        assert!((0..3).all(|_| limits.change(a, "player").is_ok()));
        let err = limits.change(a, "third").unwrap_err();
        assert!(err.message.starts_with("too many moves from your address: at most 3 a second"), "{err:?}");
        assert!(matches!(err.retry_after, Some(1)), "{:?}", err.retry_after);
    }
}
