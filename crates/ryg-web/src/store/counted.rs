//! A store that counts for the metrics: games inserted, and every error by kind, whichever
//! store sits behind it.

use std::sync::atomic::{AtomicU64, Ordering};

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;

use super::{GameStore, ServerStore, StoreError, StoredGame};
use crate::metrics::ErrorLabels;

/// Writes the game store took since the server started: a write ends an episode of refusals
/// in the request log.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Counts a write the game store took (a game stored or changed).
fn write_taken() {
    WRITES.fetch_add(1, Ordering::Relaxed);
}

/// How many writes the game store took since the server started.
pub fn writes_taken() -> u64 {
    WRITES.load(Ordering::Relaxed)
}

/// `inner`, counted.
pub struct Counted {
    pub inner: Box<dyn ServerStore>,
    pub inserted: Counter,
    pub errors: Family<ErrorLabels, Counter>,
}

impl Counted {
    fn count<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if let Err(e) = &result {
            let kind = match e {
                StoreError::Unavailable(_) => "unavailable",
                StoreError::CommitUnknown => "commit_unknown",
                StoreError::Conflict { .. } => "conflict",
                _ => "query",
            };
            self.errors.get_or_create(&ErrorLabels { kind }).inc();
        }
        result
    }
}

impl ServerStore for Counted {
    fn players(&self) -> Option<&dyn crate::store::players::PlayerStore> {
        self.inner.players()
    }
}

impl GameStore for Counted {
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        let id = self.count(self.inner.insert(g))?;
        self.inserted.inc();
        write_taken();
        Ok(id)
    }

    fn save(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.count(self.inner.save(g))?;
        write_taken();
        Ok(())
    }

    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        self.count(self.inner.id_of(public_id))
    }

    fn check(&self) -> Result<(), StoreError> {
        self.count(self.inner.check())
    }

    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        self.count(self.inner.load(id))
    }

    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
        self.count(self.inner.recent(limit, since))
    }

    fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        self.count(self.inner.running_clocks())
    }

    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError> {
        self.count(self.inner.against_computer(since))
    }

    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError> {
        self.count(self.inner.count_created_by(creator))
    }

    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError> {
        self.count(self.inner.delete_before(before, unplayed_only))
    }
}
