//! A challenge as asked for ([`ChallengeSpec`], unvalidated) and as the lobby lists it (its
//! JSON); a quick-pairing request ([`PairingSpec`]).

use serde::Deserialize;
use serde_json::{json, Value};

use super::LobbyError;
use crate::clock::Clock;
use crate::game::ClockSpec;
use crate::store::lobby::{ChallengeRow, WaitingRow};
use crate::store::players::Player;

/// The rating range an acceptor's rating must fall in.
#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub min: f64,
    pub max: f64,
}

/// `POST /api/challenges`: what a new challenge should be.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ChallengeSpec {
    /// The board size (8 when left out).
    pub size: Option<u8>,
    /// The owner's side: `mouse`, `cats` or `random` (the default).
    pub side: Option<String>,
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub rated: bool,
    pub range: Option<Range>,
    /// The public id of the one player a direct challenge is for.
    pub to: Option<String>,
}

/// `POST /api/pairing`: the size and clock to be paired on.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PairingSpec {
    pub size: Option<u8>,
    pub clock: Option<ClockSpec>,
}

fn invalid(message: impl Into<String>) -> LobbyError {
    LobbyError::Invalid(message.into())
}

/// The size asked for, checked (8 when left out).
pub fn size_of(size: Option<u8>) -> Result<u8, LobbyError> {
    let n = size.unwrap_or(8);
    ryg_wide::Size::new(n)
        .map(|_| n)
        .ok_or_else(|| invalid(format!("bad size {n}: expected {}", ryg_wide::Size::IN_WORDS)))
}

/// The clock asked for, checked, as minutes and increment.
pub fn clock_of(clock: Option<ClockSpec>) -> Result<Option<(f64, f64)>, LobbyError> {
    clock
        .map(|c| Clock::new(c.minutes, c.increment).map(|_| (c.minutes, c.increment)).map_err(invalid))
        .transpose()
}

impl ChallengeSpec {
    /// The challenge's row, owned by `owner` at `now`, for the addressee `to` (looked up by the
    /// caller) with the public id `public_id`.
    ///
    /// # Errors
    /// [`LobbyError::Invalid`]: a bad size, side or clock.
    pub fn row(
        &self,
        owner: &Player,
        to: Option<i64>,
        public_id: String,
        now: i64,
    ) -> Result<ChallengeRow, LobbyError> {
        let side = self.side.as_deref().unwrap_or("random");
        if !["mouse", "cats", "random"].contains(&side) {
            return Err(invalid(format!("bad side {side:?}: expected \"mouse\", \"cats\" or \"random\"")));
        }
        // a range given high to low is the same range
        let range = self.range.map(|r| (r.min.min(r.max), r.min.max(r.max)));
        Ok(ChallengeRow {
            public_id,
            owner: owner.id,
            size: size_of(self.size)?,
            side: side.to_owned(),
            clock: clock_of(self.clock)?,
            rated: self.rated,
            range,
            to,
            created_ms: now,
        })
    }
}

fn clock_json(clock: Option<(f64, f64)>) -> Value {
    clock.map_or(Value::Null, |(minutes, increment)| json!({ "minutes": minutes, "increment": increment }))
}

/// A challenge's JSON, with its owner (and addressee) as the lobby shows them.
pub fn challenge_json(c: &ChallengeRow, owner: &Player, owner_rating: f64, to: Option<&Player>) -> Value {
    json!({
        "id": c.public_id,
        "owner": { "id": owner.public_id, "name": owner.name, "rating": owner_rating.round() },
        "size": c.size,
        "side": c.side,
        "clock": clock_json(c.clock),
        "rated": c.rated,
        "range": c.range.map_or(Value::Null, |(min, max)| json!({ "min": min, "max": max })),
        "to": to.map(|p| json!({ "id": p.public_id, "name": p.name })),
        "created_ms": c.created_ms,
    })
}

/// A place in the quick-pairing queue as JSON.
pub fn waiting_json(w: &WaitingRow, now: i64) -> Value {
    json!({
        "waiting": true,
        "size": w.size,
        "clock": clock_json(w.clock),
        "rating": w.rating.round(),
        "since_ms": w.since_ms,
        "range": super::pairing::range(now - w.since_ms).round(),
    })
}
