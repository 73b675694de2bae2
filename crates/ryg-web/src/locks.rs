//! One lock per game, so that two requests on a game take turns while others go on. An entry
//! lives while someone holds or waits for its lock: unused ones are pruned as the table grows,
//! so requests for made-up ids cannot grow it without bound.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The game's lock, held while a request works on it.
pub type Turn = tokio::sync::OwnedMutexGuard<()>;

/// The table is not pruned below this many entries.
const PRUNE_FROM: usize = 256;

#[derive(Default)]
struct Table {
    locks: HashMap<i64, Arc<tokio::sync::Mutex<()>>>,
    /// The size at which unused entries are next dropped: twice the entries in use after the
    /// last pruning, so pruning costs O(1) per request on average.
    prune_at: usize,
}

/// The per-game locks.
#[derive(Default)]
pub struct GameLocks {
    table: Mutex<Table>,
}

impl GameLocks {
    /// Holds game `id`'s lock (waiting for the request before).
    pub async fn lock(&self, id: i64) -> Turn {
        let lock = {
            let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
            if table.locks.len() >= table.prune_at.max(PRUNE_FROM) {
                // An entry only the table holds has no holder and no waiter.
                table.locks.retain(|_, lock| Arc::strong_count(lock) > 1);
                table.prune_at = 2 * table.locks.len();
            }
            Arc::clone(table.locks.entry(id).or_default())
        };
        lock.lock_owned().await
    }

    /// How many games have an entry.
    pub fn len(&self) -> usize {
        self.table.lock().unwrap_or_else(|e| e.into_inner()).locks.len()
    }

    /// Whether no game has an entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn unused_locks_are_pruned_and_held_ones_kept() {
        let locks = GameLocks::default();
        let held = locks.lock(-1).await;
        for id in 0..200_000 {
            drop(locks.lock(id).await);
        }
        assert!(locks.len() <= PRUNE_FROM, "{} entries", locks.len());
        // The held lock survived every pruning: a second request on its game waits.
        let second = tokio::time::timeout(std::time::Duration::from_millis(50), locks.lock(-1)).await;
        assert!(second.is_err(), "a held lock was dropped from the table");
        drop(held);
        let again = tokio::time::timeout(std::time::Duration::from_secs(5), locks.lock(-1)).await;
        assert!(again.is_ok());
    }
}
