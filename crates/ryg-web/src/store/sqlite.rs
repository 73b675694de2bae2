//! The SQLite game store: every game in one file (WAL), one row per game.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use super::guard::{beside, FileGuard, Watch, ROOM};
use super::mark::{self, Kind};
use super::row::{GameRow, AGAINST_COMPUTER, COLUMNS};
use super::schema::{self, MigrateError};
use super::sqlite_row::row_to_game;
use super::StoredGame;
use super::{GameStore, StoreError};
use rusqlite::{params, Connection, OptionalExtension};

/// The SQLite game store. One connection, taken in turn by each query.
pub struct SqliteStore {
    /// Looks at the files about once a second, so that one lost between requests is noticed
    /// (and what the server holds copied) at once; stopped first when the store is dropped.
    _watch: Watch,
    db: Arc<Db>,
    /// The database file, held with an exclusive advisory lock (`flock`) while the store is
    /// open: one server per file. SQLite's own locks are POSIX locks and do not see it, so
    /// `ryg db backup` and `check` still read a running server's file.
    _lock: std::fs::File,
}

/// The open database and the guard of its files.
pub(super) struct Db {
    conn: Mutex<Connection>,
    path: std::path::PathBuf,
    guard: FileGuard,
}

/// How often the files are looked at between requests.
const WATCH_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// A failed query as a [`StoreError`].
pub(super) fn query(err: rusqlite::Error) -> StoreError {
    StoreError::Query(Box::new(err))
}

impl SqliteStore {
    /// Opens (creating it and its directory when missing) the database at `path` and brings
    /// its schema up to date.
    ///
    /// # Errors
    /// When the directory or file cannot be created or opened, or was written by a newer ryg.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let shown = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| StoreError::Directory { dir: dir.display().to_string(), source })?;
        }
        let open = |source: rusqlite::Error| StoreError::Open { path: shown.clone(), source: source.into() };
        // never an empty or outdated database where one was: a recovered copy beside it (a file
        // was lost under the last server), or a -wal without its database
        let wal = (!path.exists()).then(|| beside(path, "-wal"));
        if let Some(left) = [Some(beside(path, ".recovered")), wal].into_iter().flatten().find(|p| p.exists())
        {
            return Err(StoreError::Missing { path: shown, left: left.display().to_string() });
        }
        let lock = lock(path, &shown)?;
        let mut conn = Connection::open(path).map_err(open)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(open)?;
        // another program's file, a file written by a newer ryg and a damaged file are refused
        // before anything in them changes (even their journal mode)
        let kind = mark::recognise(&conn).map_err(open)?;
        let found = match &kind {
            Kind::Foreign(why) => return Err(StoreError::NotOurs { path: shown, why: why.clone() }),
            Kind::Marked(found) | Kind::Unmarked(found) => *found,
            Kind::Empty => 0,
        };
        if found > schema::SCHEMA_VERSION {
            return Err(StoreError::Newer { path: shown, found, ours: schema::SCHEMA_VERSION });
        }
        let report: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(open)?;
        if report != "ok" {
            return Err(StoreError::Damaged { path: shown, report });
        }
        if kind != Kind::Marked(found) {
            mark::mark(&conn).map_err(open)?;
        }
        // WAL: readers never wait for the writer; NORMAL sync keeps every committed move
        // across a crash of the process (not of the machine).
        conn.pragma_update(None, "journal_mode", "WAL").map_err(open)?;
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(open)?;
        schema::migrate(&mut conn).map_err(|e| match e {
            MigrateError::Newer(found) => {
                StoreError::Newer { path: shown.clone(), found, ours: schema::SCHEMA_VERSION }
            }
            MigrateError::Sql(source) => open(source),
        })?;
        let db = Arc::new(Db { conn: Mutex::new(conn), path: path.to_owned(), guard: FileGuard::new(path) });
        let watch = Watch::every(WATCH_EVERY, Arc::downgrade(&db), |db: &Db| {
            let _ = db.files_ok();
        });
        Ok(SqliteStore { _watch: watch, db, _lock: lock })
    }

    /// The open database.
    pub(super) fn db(&self) -> &Db {
        &self.db
    }

    /// The schema version of the open database.
    ///
    /// # Errors
    /// When SQLite cannot read it.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        schema::schema_version(&self.db.conn()).map_err(query)
    }
}

impl Db {
    pub(super) fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the database's files are still the ones opened; the first time one is not,
    /// everything the connection still holds is copied beside the database (SQLite's backup
    /// API) and every write stops for good.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] once a file was removed or replaced.
    pub(super) fn files_ok(&self) -> Result<(), StoreError> {
        if let Some(message) = self.guard.broken() {
            return Err(StoreError::Unavailable(message));
        }
        let Some(lost) = self.guard.lost() else { return Ok(()) };
        let copy = self.copy_beside();
        Err(self.guard.break_with(&lost, copy))
    }

    /// A consistent copy of the open database at `PATH.recovered` (or `.recovered-N`, never over a
    /// file), written whole before it takes its name.
    fn copy_beside(&self) -> Result<std::path::PathBuf, String> {
        let path = self.path.as_path();
        let target = (0..100)
            .map(|n| beside(path, &if n == 0 { ".recovered".to_owned() } else { format!(".recovered-{n}") }))
            .find(|p| !p.exists())
            .ok_or("too many recovered copies beside the database")?;
        let partial = beside(&target, ".partial");
        let conn = self.conn();
        let copied = (|| {
            let mut out = Connection::open(&partial)?;
            rusqlite::backup::Backup::new(&conn, &mut out)?.run_to_completion(
                1024,
                std::time::Duration::ZERO,
                None,
            )?;
            out.pragma_update(None, "journal_mode", "DELETE")?;
            Ok::<_, rusqlite::Error>(())
        })();
        copied.map_err(|e| e.to_string())?;
        std::fs::rename(&partial, &target).map_err(|e| e.to_string())?;
        Ok(target)
    }

    /// Writes `g` over its row if the row is still at `g.version`; `false` when another
    /// writer changed it first (nothing written).
    fn write(conn: &Connection, g: &StoredGame, bump: bool) -> rusqlite::Result<bool> {
        let r = GameRow::of(g);
        conn.execute(
            "UPDATE games SET moves = ?2, redo = ?3, result = ?4, updated_at = ?5, version = version + ?6,
                mouse_token = ?7, cats_token = ?8, mouse_name = ?9, cats_name = ?10,
                clock_initial_ms = ?11, clock_increment_ms = ?12, mouse_ms = ?13, cats_ms = ?14,
                turn_started_ms = ?15, end_reason = ?16, end_winner = ?17, undo_request = ?18,
                rematch_offer = ?19, rematch_id = ?20, clock_history = ?22
             WHERE id = ?1 AND version = ?21",
            params![
                r.id,
                r.moves,
                r.redo,
                g.result_token(),
                r.updated_at,
                i64::from(bump),
                r.tokens[0],
                r.tokens[1],
                r.names[0],
                r.names[1],
                r.clock_initial_ms,
                r.clock_increment_ms,
                r.left_ms[0],
                r.left_ms[1],
                r.turn_started_ms,
                r.end_reason,
                r.end_winner,
                r.undo_request,
                r.rematch_offer,
                r.rematch_id,
                g.version,
                r.clock_history,
            ],
        )
        .map(|changed| changed == 1)
    }
}

/// Opens (creating it when missing) the file at `path` and locks it for this store alone.
fn lock(path: &Path, shown: &str) -> Result<std::fs::File, StoreError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| StoreError::Unavailable(format!("cannot open the game database {shown}: {e}")))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked { path: shown.to_owned() }),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(StoreError::Unavailable(format!("cannot lock the game database {shown}: {e}")))
        }
    }
}

impl GameStore for SqliteStore {
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        self.db.files_ok()?;
        let mut conn = self.db.conn();
        let mut write = || -> rusqlite::Result<i64> {
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO games (size, start_fen, mouse, cats, seed, created_at, updated_at, creator, public_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8)",
                params![
                    g.start.size().n(),
                    g.start.fen(),
                    g.mouse.to_string(),
                    g.cats.to_string(),
                    g.seed as i64,
                    g.created_at,
                    g.creator,
                    g.public_id
                ],
            )?;
            let id = tx.last_insert_rowid();
            Db::write(&tx, &StoredGame { id, version: 0, ..g.clone() }, false)?;
            tx.commit()?;
            Ok(id)
        };
        let id = write().map_err(|e| self.db.guard.write_failed(e))?;
        self.db.guard.wrote();
        Ok(id)
    }

    fn save(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.db.files_ok()?;
        let saved = match Db::write(&self.db.conn(), g, true) {
            Ok(true) => Ok(()),
            Ok(false) => Err(StoreError::Conflict { id: g.id }),
            Err(e) => return Err(self.db.guard.write_failed(e)),
        };
        self.db.guard.wrote();
        saved
    }

    /// The files are the ones opened, the database answers, and a write can succeed now: once
    /// the disk refused one (full, read-only, failing), or when it has less than [`ROOM`] free,
    /// a real write tells — page 1 rewritten as it is, in a transaction of its own; after a
    /// refusal, the store is writable again only with [`ROOM`] free as well.
    fn check(&self) -> Result<(), StoreError> {
        self.db.files_ok()?;
        self.load(0)?;
        let low = self.db.guard.room().is_some_and(|free| free < ROOM);
        if self.db.guard.refusing() && low {
            return Err(self.db.guard.full());
        }
        if !self.db.guard.refusing() && !low {
            return Ok(());
        }
        let probe = |conn: &Connection| -> rusqlite::Result<()> {
            let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
            conn.execute_batch(&format!("BEGIN IMMEDIATE; PRAGMA user_version = {version}; COMMIT"))
        };
        let probed = {
            let conn = self.db.conn();
            let probed = probe(&conn);
            if probed.is_err() && !conn.is_autocommit() {
                // nothing to keep of a write that failed half way
                let _ = conn.execute_batch("ROLLBACK");
            }
            probed
        };
        probed.map_err(|e| self.db.guard.write_failed(e))?;
        self.db.guard.wrote();
        Ok(())
    }

    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        self.db
            .conn()
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], row_to_game)
            .optional()
            .map_err(query)?
            .transpose()
            .map_err(StoreError::Unreadable)
    }

    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        self.db
            .conn()
            .query_row("SELECT id FROM games WHERE public_id = ?1", [public_id], |r| r.get(0))
            .optional()
            .map_err(query)
    }

    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.db.conn();
        let mut stmt = conn
            .prepare(&format!(
            "SELECT {COLUMNS} FROM games WHERE updated_at >= ?2 ORDER BY updated_at DESC, id DESC LIMIT ?1"
        ))
            .map_err(query)?;
        let rows = stmt.query_map(params![limit as i64, since.unwrap_or("")], row_to_game).map_err(query)?;
        rows.map(|r| r.map_err(query)?.map_err(StoreError::Unreadable)).collect()
    }

    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError> {
        let n: i64 = self
            .db
            .conn()
            .query_row("SELECT count(*) FROM games WHERE creator = ?1", [creator], |r| r.get(0))
            .map_err(query)?;
        Ok(n as usize)
    }

    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError> {
        self.db.files_ok()?;
        let sql = if unplayed_only {
            "DELETE FROM games WHERE updated_at < ?1 AND moves = '' AND redo = ''"
        } else {
            "DELETE FROM games WHERE updated_at < ?1"
        };
        let deleted = self.db.conn().execute(sql, [before]).map_err(|e| self.db.guard.write_failed(e))?;
        self.db.guard.wrote();
        Ok(deleted)
    }

    fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        let conn = self.db.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE turn_started_ms IS NOT NULL AND result = '*' AND end_reason IS NULL",
        ).map_err(query)?;
        let rows = stmt.query_map([], |r| r.get(0)).map_err(query)?;
        rows.collect::<rusqlite::Result<_>>().map_err(query)
    }

    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError> {
        let conn = self.db.conn();
        let mut stmt = conn.prepare(AGAINST_COMPUTER).map_err(query)?;
        let rows = stmt.query_map([since.unwrap_or("")], |r| r.get(0)).map_err(query)?;
        rows.collect::<rusqlite::Result<_>>().map_err(query)
    }
}

#[cfg(test)]
mod tests {
    use ryg_wide::{Game, Level, Position, Side};

    use super::*;
    use crate::clock::Clock;
    use crate::store::schema::{MIGRATIONS, SCHEMA_VERSION};
    use crate::store::{End, EndReason};
    use crate::store::{Holder, Players, Seat};

    fn sample() -> StoredGame {
        let start = Position::standard();
        let mut game = Game::new(start);
        for m in ["e1f2", "h8g7", "f2e3"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        game.undo();
        let mut g = StoredGame::new(
            game,
            Seat::Human,
            Seat::Computer(ryg_wide::PlayerSpec::Level(Level::Search(3))),
            7,
            "2026-11-23T06:00:00Z".into(),
        );
        g.public_id = "Ab3_x-Yz09Q".into();
        g
    }

    #[test]
    fn games_round_trip_with_their_redo_list() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("sub/games.sqlite3")).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        let mut g = sample();
        g.id = store.insert(&g).unwrap();
        let back = store.load(g.id).unwrap().unwrap();
        assert_eq!(back.game.moves(), g.game.moves());
        assert_eq!(back.game.redo_moves().collect::<Vec<_>>(), vec!["f2e3".parse().unwrap()]);
        assert_eq!(
            (back.mouse, back.cats, back.seed),
            (Seat::Human, Seat::Computer(ryg_wide::PlayerSpec::Level(Level::Search(3))), 7)
        );
        assert_eq!(store.load(g.id + 1).unwrap(), None);
        assert_eq!(store.id_of("Ab3_x-Yz09Q").unwrap(), Some(g.id));
        assert_eq!(store.id_of("Ab3_x-Yz09R").unwrap(), None);
    }

    #[test]
    fn a_newer_schema_is_refused_and_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;").unwrap();
        mark::mark(&conn).unwrap();
        drop(conn);
        let before = std::fs::read(&path).unwrap();
        let err = SqliteStore::open(&path).err().unwrap().to_string();
        assert!(err.contains(&format!("schema version 99, newer than this ryg's {SCHEMA_VERSION}")), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "the refused file changed");
        let mode: String =
            Connection::open(&path).unwrap().pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "delete");
    }

    #[test]
    fn a_wal_removed_between_requests_is_noticed_and_copied_without_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let store = SqliteStore::open(&path).unwrap();
        store.insert(&sample()).unwrap();
        std::fs::remove_file(beside(&path, "-wal")).unwrap();
        let (copy, started) = (beside(&path, ".recovered"), std::time::Instant::now());
        while !copy.exists() && started.elapsed() < WATCH_EVERY * 5 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(copy.exists(), "nothing copied in {:?} with no request", started.elapsed());
        let copy = Connection::open(&copy).unwrap();
        assert_eq!(copy.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0)).unwrap(), 1);
        assert_eq!(mark::recognise(&copy).unwrap(), Kind::Marked(SCHEMA_VERSION), "the copy is ryg's");
    }

    #[test]
    fn one_store_per_file_the_second_is_told_why() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let first = SqliteStore::open(&path).unwrap();
        let err = SqliteStore::open(&path).err().unwrap().to_string();
        assert!(err.contains("is in use by another ryg server"), "{err}");
        drop(first);
        assert!(SqliteStore::open(&path).is_ok(), "the lock outlived its store");
    }

    #[test]
    fn a_save_from_a_stale_read_is_refused_and_stores_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
        let mut g = sample();
        g.id = store.insert(&g).unwrap();
        let (mut a, mut b) = (store.load(g.id).unwrap().unwrap(), store.load(g.id).unwrap().unwrap());
        a.game.play("f2e3".parse().unwrap()).unwrap();
        b.game.play("f2g3".parse().unwrap()).unwrap();
        store.save(&a).unwrap();
        let err = store.save(&b).unwrap_err();
        assert!(matches!(err, StoreError::Conflict { id } if id == g.id), "{err}");
        let stored = store.load(g.id).unwrap().unwrap();
        assert_eq!((stored.version, stored.game.moves().last()), (1, Some(&"f2e3".parse().unwrap())));
    }

    #[test]
    fn every_field_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
        let mut g = sample();
        g.cats = Seat::Human;
        g.tokens = [Some("a".repeat(64)), Some("b".repeat(64))];
        g.names = [Some("Ana <b>".into()), None];
        let mut clock = Clock::new(5.0, 2.0).unwrap();
        clock.moved(Side::Mouse, 1_000).unwrap();
        g.clock = Some(clock);
        g.end = Some(End { winner: Some(Side::Cats), reason: EndReason::Resigned });
        g.undo_request = Some(Side::Mouse);
        g.rematch_offer = Some(Side::Cats);
        g.rematch_id = Some(9);
        g.clock_history = vec![[300_000, 300_000], [300_000, 302_000]];
        g.id = store.insert(&g).unwrap();
        let back = store.load(g.id).unwrap().unwrap();
        assert_eq!(back, g);
        assert_eq!(back.players(), Players::Friends);
        assert_eq!(back.result_token(), "0-1");
        assert_eq!(
            store.running_clocks().unwrap(),
            Vec::<i64>::new(),
            "a resigned game's clock is not running"
        );
        store.save(&g).unwrap();
        assert_eq!(store.load(g.id).unwrap().unwrap().version, 1);
    }

    #[test]
    fn a_version_1_file_is_migrated_and_its_games_stay_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            for _ in 0..2 {
                conn.execute(
                    "INSERT INTO games (size, start_fen, mouse, cats, moves, seed, created_at, updated_at)
                     VALUES (8, ?1, 'human', 'human', 'e1f2 h8g7', 3, 'x', 'x')",
                    [Position::standard().fen()],
                )
                .unwrap();
            }
        }
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        assert_eq!(
            mark::recognise(&store.db.conn()).unwrap(),
            Kind::Marked(SCHEMA_VERSION),
            "an older ryg's file is marked"
        );
        // each old game got a public id of its own, and keeps its number
        let ids = [store.load(1).unwrap().unwrap().public_id, store.load(2).unwrap().unwrap().public_id];
        assert!(ids.iter().all(|id| crate::token::is_public_id(id)), "{ids:?}");
        assert_ne!(ids[0], ids[1]);
        assert_eq!(store.id_of(&ids[1]).unwrap(), Some(2));
        let g = store.load(1).unwrap().unwrap();
        assert_eq!(g.game.moves().len(), 2);
        assert_eq!((g.tokens.clone(), g.clock, g.end, g.creator.clone()), ([None, None], None, None, None));
        assert_eq!(g.holder(None), Some(Holder::Both), "a game from before tokens is open to anyone");
    }

    #[test]
    fn tokens_say_who_holds_which_seat() {
        let mut g = sample();
        g.tokens = [Some("m".into()), None];
        assert_eq!(g.holder(Some("m")), Some(Holder::Seat(Side::Mouse)));
        assert_eq!(g.holder(Some("x")), None);
        assert_eq!(g.holder(None), None);
        assert_eq!(g.players(), Players::Computer);
        g.cats = Seat::Human;
        g.tokens = [Some("h".into()), Some("h".into())];
        assert_eq!(g.holder(Some("h")), Some(Holder::Both));
        assert_eq!(g.players(), Players::Hotseat);
        g.tokens[1] = Some("c".into());
        assert_eq!(g.holder(Some("c")), Some(Holder::Seat(Side::Cats)));
        assert_eq!(g.players(), Players::Friends);
    }

    #[test]
    fn seats_parse_and_print() {
        assert_eq!("human".parse::<Seat>(), Ok(Seat::Human));
        assert_eq!(
            "perfect".parse::<Seat>(),
            Ok(Seat::Computer(ryg_wide::PlayerSpec::Level(Level::Perfect)))
        );
        assert_eq!("3".parse::<Seat>().unwrap().to_string(), "3");
        assert!("robot".parse::<Seat>().unwrap_err().contains("unknown seat 'robot'"));
    }
}
