//! The game service itself: loading a game, storing its changes (and telling who listens),
//! listing games, and the rule every action starts with: a finished game takes no more.

use super::error::GameError;
use crate::store::{utc, GameStore, StoredGame};

/// Games unchanged for this long are archived: left out of the list unless asked for.
pub const ARCHIVE_AFTER_SECS: u64 = 30 * 86_400;

/// The game service: the rules of stored games over a store. `changed` hears of every change
/// stored (the server publishes it to the game's event streams and sets its clock's alarm).
pub struct Games<'a> {
    pub(super) store: &'a dyn GameStore,
    changed: &'a dyn Fn(&StoredGame),
    /// Whether the computer reads exact results on a board beyond 10×10 (a table on disk).
    exact: Option<&'a dyn Fn(ryg_wide::Size) -> bool>,
}

/// `now` (epoch milliseconds) as an ISO time.
pub fn iso(now: i64) -> String {
    utc(u64::try_from(now / 1000).unwrap_or(0))
}

/// How long a game with no move is kept: a day.
pub const UNPLAYED_KEPT_SECS: u64 = 86_400;

impl<'a> Games<'a> {
    pub fn new(store: &'a dyn GameStore, changed: &'a dyn Fn(&StoredGame)) -> Games<'a> {
        Games { store, changed, exact: None }
    }

    /// The same service, where `exact` says on which boards the levels that read the tablebase
    /// (`perfect`, `err:F`) may play: beyond 10×10 those whose table is on disk; up to 10×10
    /// all, unless the server builds no large table (`--no-table-builds`).
    #[must_use]
    pub fn with_exact(self, exact: &'a dyn Fn(ryg_wide::Size) -> bool) -> Games<'a> {
        Games { exact: Some(exact), ..self }
    }

    /// Whether the computer reads exact results on `size` (see [`Games::with_exact`]).
    pub(super) fn exact_on(&self, size: ryg_wide::Size) -> bool {
        self.exact.is_some_and(|exact| exact(size))
    }

    /// Whether the server said where exact results are ([`Games::with_exact`]).
    pub(super) fn knows_exact(&self) -> bool {
        self.exact.is_some()
    }

    /// Game `id`.
    ///
    /// # Errors
    /// [`GameError::NotFound`] when there is none.
    pub fn load(&self, id: i64) -> Result<StoredGame, GameError> {
        self.store.load(id)?.ok_or(GameError::NotFound(id))
    }

    /// The game a request to read names by `id`: its public id, open to anyone who knows it, or
    /// its number, which names it only for the holder of one of its seats' tokens (`token`, a
    /// hash): to anyone else a number names no game, whether or not it exists.
    ///
    /// # Errors
    /// [`GameError::NoSuchGame`] when `id` names no game for this request.
    pub fn resolve(&self, id: &str, token: Option<&str>) -> Result<i64, GameError> {
        let unknown = || GameError::NoSuchGame(ryg_wide::echo::echo(id).to_string());
        let number = self.resolve_to_act(id)?;
        if crate::token::is_public_id(id) {
            return Ok(number);
        }
        let g = self.store.load(number)?.ok_or_else(unknown)?;
        let holds = token.is_some_and(|t| g.tokens.iter().any(|h| h.as_deref() == Some(t)));
        if holds {
            Ok(number)
        } else {
            Err(unknown())
        }
    }

    /// The game a request to act names by `id`, its public id or its number: acting needs a
    /// seat's token anyway, which the action checks (a refusal says no more than that).
    ///
    /// # Errors
    /// [`GameError::NoSuchGame`] when `id` names no game.
    pub fn resolve_to_act(&self, id: &str) -> Result<i64, GameError> {
        let unknown = || GameError::NoSuchGame(ryg_wide::echo::echo(id).to_string());
        if crate::token::is_public_id(id) {
            return self.store.id_of(id)?.ok_or_else(unknown);
        }
        id.parse().map_err(|_| unknown())
    }

    /// Stores a change of `g` made at `now` (bumping its version) and tells `changed`.
    ///
    /// # Errors
    /// When the store fails.
    pub fn commit(&self, g: &mut StoredGame, now: i64) -> Result<(), GameError> {
        g.updated_at = iso(now);
        self.store.save(g)?;
        g.version += 1;
        (self.changed)(g);
        Ok(())
    }

    /// Drops the games nobody moved in for a day (a link never followed, a game left at its
    /// start), and, with `keep_days`, every game unchanged for that many days (finished or
    /// abandoned). Returns how many of each went.
    ///
    /// # Errors
    /// When the store fails.
    pub fn clean(&self, now: i64, keep_days: Option<u64>) -> Result<(usize, usize), GameError> {
        let secs = u64::try_from(now / 1000).unwrap_or(0);
        let unplayed = self.store.delete_before(&utc(secs.saturating_sub(UNPLAYED_KEPT_SECS)), true)?;
        let old = match keep_days {
            Some(days) => {
                self.store.delete_before(&utc(secs.saturating_sub(days.saturating_mul(86_400))), false)?
            }
            None => 0,
        };
        Ok((unplayed, old))
    }

    /// The games `ids` name for the holder of `token` (see [`Games::resolve`]), in that order;
    /// ids that name none are skipped.
    ///
    /// # Errors
    /// When the store fails.
    pub fn some(&self, ids: &[String], token: Option<&str>) -> Result<Vec<StoredGame>, GameError> {
        let mut games = Vec::new();
        for id in ids {
            match self.resolve(id, token) {
                Ok(id) => games.extend(self.store.load(id)?),
                Err(GameError::NoSuchGame(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(games)
    }

    /// The `limit` games changed last, newest first; without `archived`, only those changed in
    /// the last [`ARCHIVE_AFTER_SECS`] before `now`.
    ///
    /// # Errors
    /// When the store fails.
    pub fn list(&self, limit: usize, archived: bool, now: i64) -> Result<Vec<StoredGame>, GameError> {
        let secs = u64::try_from(now / 1000).unwrap_or(0);
        let since = (!archived).then(|| utc(secs.saturating_sub(ARCHIVE_AFTER_SECS)));
        Ok(self.store.recent(limit, since.as_deref())?)
    }
}

/// Refuses to act on a finished game.
///
/// # Errors
/// [`GameError::Over`], saying who won and how.
pub fn refuse_if_over(g: &StoredGame) -> Result<(), GameError> {
    if g.aborted() {
        return Err(GameError::Aborted);
    }
    match g.outcome() {
        None => Ok(()),
        Some((winner, reason)) => Err(GameError::Over { winner, reason }),
    }
}
