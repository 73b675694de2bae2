//! The lobby: open challenges (a size, a side or random, a clock or none, rated or casual, a
//! rating range, or one addressee for a direct challenge), accepted into a game between two
//! players; and quick pairing ([`pairing`]). Everything works over the store's
//! [`LobbyStore`] with the time given by the caller; what changed comes back as notices for the
//! event hub's topics (the lobby's, and each player's own). Nothing here knows of HTTP.

pub mod challenge;
pub mod pairing;
pub mod presence;
pub mod rounds;
pub mod start;

use std::sync::Arc;

use serde_json::{json, Value};
use thiserror::Error;

use crate::error::ErrorCode;
use crate::events::{Hub, Notice, Topic};
use crate::game::GameError;
use crate::people::PeopleError;
use crate::store::lobby::{ChallengeRow, LobbyStore, WaitingRow};
use crate::store::players::{Player, PlayerStore};
use crate::store::StoreError;
use challenge::{challenge_json, ChallengeSpec, PairingSpec};
pub use start::Match;

/// How long a player's challenges and place in the queue outlive their last lobby stream.
pub const LEAVE_AFTER_MS: i64 = 20_000;

/// Why a lobby request was refused.
#[derive(Debug, Error)]
pub enum LobbyError {
    #[error("no such challenge (accepted, cancelled or expired)")]
    NoSuchChallenge,
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{0}")]
    NotNow(String),
    #[error("{0}")]
    Invalid(String),
    #[error("this server keeps no lobby")]
    NoLobby,
    #[error(transparent)]
    People(#[from] PeopleError),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl LobbyError {
    /// The HTTP status and code of the refusal (the code's status: [`ErrorCode::statuses`]).
    pub fn status(&self) -> (u16, ErrorCode) {
        let code = match self {
            LobbyError::NoSuchChallenge => ErrorCode::NotFound,
            LobbyError::Forbidden(_) => ErrorCode::Forbidden,
            LobbyError::NotNow(_) => ErrorCode::Conflict,
            LobbyError::Invalid(_) => ErrorCode::BadRequest,
            LobbyError::NoLobby | LobbyError::Store(_) => ErrorCode::Internal,
            LobbyError::People(e) => return e.status(),
            LobbyError::Game(e) => return crate::view::error_status(e),
        };
        (code.statuses()[0], code)
    }
}

/// What a lobby change tells whom: notices for the hub's topics.
pub type Said = Vec<(Topic, Notice)>;

fn notice(event: &'static str, json: &Value) -> Notice {
    Notice { event, json: Arc::from(json.to_string()) }
}

/// Sends what a lobby change said to this server's streams.
pub fn tell(hub: &Hub, said: Said) {
    for (topic, n) in said {
        hub.notify(topic, n);
    }
}

/// The lobby's rules over a store.
pub struct Lobby<'a> {
    pub players: &'a dyn PlayerStore,
    pub store: &'a dyn LobbyStore,
}

impl<'a> Lobby<'a> {
    /// The lobby of `players`' store.
    ///
    /// # Errors
    /// [`LobbyError::NoLobby`] when the store keeps none.
    pub fn of(players: &'a dyn PlayerStore) -> Result<Lobby<'a>, LobbyError> {
        Ok(Lobby { players, store: players.lobby().ok_or(LobbyError::NoLobby)? })
    }

    /// `player`'s rating on `size` (a newcomer's when they have none).
    ///
    /// # Errors
    /// The store failed.
    pub fn rating(&self, player: i64, size: u8) -> Result<f64, LobbyError> {
        let found = self.players.ratings_of(player)?.into_iter().find(|r| r.size == size);
        Ok(found.map_or(ryg_ratings::NEWCOMER, |r| r.rating).rating())
    }

    /// A challenge's JSON.
    ///
    /// # Errors
    /// The store failed.
    pub fn json(&self, c: &ChallengeRow) -> Result<Value, LobbyError> {
        let owner = self.players.player_by_id(c.owner)?.ok_or(PeopleError::NoSuchPlayer)?;
        let to = c.to.map(|id| self.players.player_by_id(id)).transpose()?.flatten();
        Ok(challenge_json(c, &owner, self.rating(c.owner, c.size)?, to.as_ref()))
    }

    /// Who hears of challenge `c`: everyone in the lobby, or a direct one's two players.
    fn topics_of(c: &ChallengeRow) -> Vec<Topic> {
        match c.to {
            None => vec![Topic::Lobby],
            Some(to) => vec![Hub::player(c.owner), Hub::player(to)],
        }
    }

    /// A new challenge by `me` at `now`: its JSON, and what it says.
    ///
    /// # Errors
    /// A bad challenge, a direct challenge to nobody or to oneself; the store failed.
    pub fn create(&self, me: &Player, spec: &ChallengeSpec, now: i64) -> Result<(Value, Said), LobbyError> {
        let to = match spec.to.as_deref() {
            None => None,
            Some(id) => {
                let p = self.players.player_by_public_id(id)?.ok_or(PeopleError::NoSuchPlayer)?;
                if p.id == me.id {
                    return Err(LobbyError::Invalid("a direct challenge is to another player".into()));
                }
                Some(p.id)
            }
        };
        let public_id = crate::token::public_id().map_err(GameError::Random)?;
        let row = spec.row(me, to, public_id, now)?;
        self.store.insert_challenge(&row)?;
        let view = self.json(&row)?;
        let event = if row.to.is_some() { "challenge" } else { "added" };
        let said = Self::topics_of(&row).into_iter().map(|t| (t, notice(event, &view))).collect();
        Ok((view, said))
    }

    /// The challenges `viewer` sees: the public ones, and the direct ones from or to them.
    ///
    /// # Errors
    /// The store failed.
    pub fn list(&self, viewer: Option<&Player>) -> Result<Vec<Value>, LobbyError> {
        let me = viewer.map(|p| p.id);
        let seen = |c: &ChallengeRow| c.to.is_none() || Some(c.owner) == me || c.to == me;
        self.store.challenges()?.iter().filter(|c| seen(c)).map(|c| self.json(c)).collect()
    }

    /// What removing challenge `c` says (`why`: accepted, cancelled, declined, expired).
    pub fn removed(c: &ChallengeRow, why: &str) -> Said {
        let body = json!({ "id": c.public_id, "why": why });
        Self::topics_of(c).into_iter().map(|t| (t, notice("removed", &body))).collect()
    }

    /// Removes challenge `id`, owned by `me` (`cancelled`) or addressed to `me` (`declined`).
    ///
    /// # Errors
    /// No such challenge, or not `me`'s to remove; the store failed.
    pub fn withdraw(&self, me: &Player, id: &str, as_addressee: bool) -> Result<Said, LobbyError> {
        let c = self.store.challenge(id)?.ok_or(LobbyError::NoSuchChallenge)?;
        let (allowed, why) =
            if as_addressee { (c.to == Some(me.id), "declined") } else { (c.owner == me.id, "cancelled") };
        if !allowed {
            return Err(LobbyError::Forbidden(if as_addressee {
                "only the player a direct challenge is for declines it"
            } else {
                "only a challenge's owner cancels it"
            }));
        }
        let c = self.store.take_challenge(id)?.ok_or(LobbyError::NoSuchChallenge)?;
        Ok(Self::removed(&c, why))
    }

    /// `me` accepts challenge `id`: it leaves the lobby, and the game to start comes back.
    ///
    /// # Errors
    /// No such challenge (or taken a moment before), one's own, a direct challenge for another,
    /// a rating outside its range; the store failed.
    pub fn accept(&self, me: &Player, id: &str) -> Result<(Match, Said), LobbyError> {
        let c = self.store.challenge(id)?.ok_or(LobbyError::NoSuchChallenge)?;
        if c.owner == me.id {
            return Err(LobbyError::NotNow("this is your own challenge: wait for another player".into()));
        }
        if c.to.is_some_and(|to| to != me.id) {
            return Err(LobbyError::Forbidden("this direct challenge is for another player"));
        }
        if let Some((min, max)) = c.range {
            let r = self.rating(me.id, c.size)?;
            if !(min..=max).contains(&r) {
                return Err(LobbyError::NotNow(format!(
                    "your rating {} is outside this challenge's range {min}–{max}",
                    r.round()
                )));
            }
        }
        let c = self.store.take_challenge(id)?.ok_or(LobbyError::NoSuchChallenge)?;
        let owner = self.players.player_by_id(c.owner)?.ok_or(LobbyError::NoSuchChallenge)?;
        let m = Match::of_challenge(&c, owner, me.clone())?;
        Ok((m, Self::removed(&c, "accepted")))
    }

    /// `me` waits for quick pairing on `spec`'s size and clock from `now`.
    ///
    /// # Errors
    /// A bad size or clock; the store failed.
    pub fn join(&self, me: &Player, spec: &PairingSpec, now: i64) -> Result<WaitingRow, LobbyError> {
        let size = challenge::size_of(spec.size)?;
        let w = WaitingRow {
            player: me.id,
            size,
            clock: challenge::clock_of(spec.clock)?,
            rating: self.rating(me.id, size)?,
            since_ms: now,
        };
        self.store.join_queue(&w)?;
        Ok(w)
    }

    /// One pairing round at `now`: the games to start.
    ///
    /// # Errors
    /// The store failed.
    pub fn round(&self, now: i64) -> Result<Vec<Match>, LobbyError> {
        let pairs = self.store.pair_round(Box::new(move |w| pairing::pairs(w, now)))?;
        let mut matches = Vec::new();
        for (a, b) in pairs {
            let (Some(pa), Some(pb)) =
                (self.players.player_by_id(a.player)?, self.players.player_by_id(b.player)?)
            else {
                continue;
            };
            matches.push(Match::of_pair(&a, pa, pb)?);
        }
        Ok(matches)
    }

    /// The challenges and places of players gone from the lobby since before `now` −
    /// [`LEAVE_AFTER_MS`] leave it; what that says.
    ///
    /// # Errors
    /// The store failed.
    pub fn expire(&self, now: i64) -> Result<Said, LobbyError> {
        let gone = self.store.expire(now - LEAVE_AFTER_MS)?;
        Ok(gone.iter().flat_map(|c| Self::removed(c, "expired")).collect())
    }
}
