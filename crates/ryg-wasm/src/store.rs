//! The browser's game store: the games in memory, behind the server's own [`GameStore`] trait.
//! The service worker keeps them in IndexedDB: it loads the stored rows when the engine starts
//! (`POST /store/load`) and saves those changed after each change (`GET /store/changed`), as
//! the server's databases do, [`GameRow`]s.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use ryg_games::store::row::GameRow;
use ryg_games::store::{GameStore, StoreError, StoredGame};

/// The games, and the ids of those changed since the host last saved them.
#[derive(Default)]
pub struct MemoryStore {
    games: Mutex<BTreeMap<i64, StoredGame>>,
    changed: Mutex<BTreeSet<i64>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl MemoryStore {
    /// Adds games stored earlier (the host's rows); returns how many; a damaged row is an error.
    ///
    /// # Errors
    /// The first row that cannot be read back.
    pub fn load(&self, rows: Vec<GameRow>) -> Result<usize, String> {
        let n = rows.len();
        let mut games = lock(&self.games);
        for row in rows {
            let g = row.into_game()?;
            games.insert(g.id, g);
        }
        Ok(n)
    }

    /// The rows of the games changed since the last call.
    pub fn take_changed(&self) -> Vec<GameRow> {
        let ids = std::mem::take(&mut *lock(&self.changed));
        let games = lock(&self.games);
        ids.iter().filter_map(|id| games.get(id)).map(GameRow::of).collect()
    }

    /// Notes that game `id` changed.
    fn mark(&self, id: i64) {
        lock(&self.changed).insert(id);
    }
}

impl GameStore for MemoryStore {
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        let mut games = lock(&self.games);
        let id = games.keys().next_back().copied().unwrap_or(0) + 1;
        games.insert(id, StoredGame { id, ..g.clone() });
        drop(games);
        self.mark(id);
        Ok(id)
    }

    fn save(&self, g: &StoredGame) -> Result<(), StoreError> {
        let mut games = lock(&self.games);
        match games.get(&g.id) {
            Some(stored) if stored.version == g.version => {
                games.insert(g.id, StoredGame { version: g.version + 1, ..g.clone() });
            }
            _ => return Err(StoreError::Conflict { id: g.id }),
        }
        drop(games);
        self.mark(g.id);
        Ok(())
    }

    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        Ok(lock(&self.games).get(&id).cloned())
    }

    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        Ok(lock(&self.games).values().find(|g| g.public_id == public_id).map(|g| g.id))
    }

    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
        let mut list: Vec<StoredGame> = lock(&self.games)
            .values()
            .filter(|g| since.is_none_or(|s| g.updated_at.as_str() >= s))
            .cloned()
            .collect();
        list.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
        list.truncate(limit);
        Ok(list)
    }

    fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        Ok(lock(&self.games)
            .values()
            .filter(|g| !g.is_over() && g.clock.is_some_and(|c| c.started_ms.is_some()))
            .map(|g| g.id)
            .collect())
    }

    /// The browser plays the computer's reply before it answers the move, so none is owed
    /// across a reload; the server's sweep asks all the same, and gets the same answer.
    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError> {
        Ok(lock(&self.games)
            .values()
            .filter(|g| !g.is_over() && g.has_human() && g.updated_at.as_str() >= since.unwrap_or(""))
            .map(|g| g.id)
            .collect())
    }

    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError> {
        Ok(lock(&self.games).values().filter(|g| g.creator.as_deref() == Some(creator)).count())
    }

    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError> {
        let mut games = lock(&self.games);
        let n = games.len();
        games.retain(|_, g| g.updated_at.as_str() >= before || (unplayed_only && !g.game.moves().is_empty()));
        Ok(n - games.len())
    }
}
