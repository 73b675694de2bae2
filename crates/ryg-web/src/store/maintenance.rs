//! Looking after a game database, also while a server uses it: an online, consistent copy
//! (SQLite's backup API), an integrity check that also reads every game back, and a vacuum.
//! None of these creates a database, migrates one, or replaces a file that exists.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

use super::mark::Kind;
use super::row::COLUMNS;
use super::schema::{schema_version, SCHEMA_VERSION};
use super::sqlite_row::row_to_game;

/// Why a maintenance command could not do its work.
#[derive(Debug, Error)]
pub enum MaintenanceError {
    #[error("no game database at {0}")]
    Missing(String),
    #[error("{0} is not a SQLite database")]
    NotSqlite(String),
    #[error("{path} is not a ryg game database: {why}")]
    NotRyg { path: String, why: String },
    #[error("the game database {path} has schema version {found}, newer than this ryg's {SCHEMA_VERSION}: use a newer ryg")]
    Newer { path: String, found: i64 },
    #[error("{0} already exists: a backup never replaces a file; choose a new name or remove it")]
    Exists(String),
    #[error("the server kept the database busy for {0} s: try again")]
    Busy(u64),
    #[error("{path}: {source}")]
    Sql { path: String, source: rusqlite::Error },
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
}

/// What a database holds, as the commands report it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DbSummary {
    pub path: String,
    pub schema_version: i64,
    pub games: i64,
    /// Games with a result or an end reason.
    pub finished: i64,
    /// The main file's size in bytes (the write-ahead log not counted).
    pub bytes: u64,
}

/// The outcome of [`check`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CheckReport {
    #[serde(flatten)]
    pub summary: DbSummary,
    /// SQLite's `integrity_check` lines other than "ok", then the games that cannot be read
    /// back ("game 12: move 3: ..."); empty when the database is sound.
    pub problems: Vec<String>,
}

impl CheckReport {
    #[must_use]
    pub fn sound(&self) -> bool {
        self.problems.is_empty()
    }
}

/// How long a command waits for a busy server before it gives up.
const PATIENCE: Duration = Duration::from_secs(10);

fn shown(path: &Path) -> String {
    path.display().to_string()
}

fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> MaintenanceError + '_ {
    move |source| {
        if source.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase) {
            MaintenanceError::NotSqlite(shown(path))
        } else {
            MaintenanceError::Sql { path: shown(path), source }
        }
    }
}

/// Opens an existing ryg database, never creating one; checks it is ours and not newer.
fn open(path: &Path, flags: OpenFlags) -> Result<Connection, MaintenanceError> {
    if !path.is_file() {
        return Err(MaintenanceError::Missing(shown(path)));
    }
    let conn =
        Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX).map_err(sql(path))?;
    conn.busy_timeout(PATIENCE).map_err(sql(path))?;
    let found = match super::mark::recognise(&conn).map_err(sql(path))? {
        Kind::Foreign(why) => return Err(MaintenanceError::NotRyg { path: shown(path), why }),
        // a new, empty file is no game database yet: the commands never make one
        Kind::Empty => return Err(MaintenanceError::NotRyg { path: shown(path), why: "it is empty".into() }),
        Kind::Marked(found) | Kind::Unmarked(found) => found,
    };
    if found > SCHEMA_VERSION {
        return Err(MaintenanceError::Newer { path: shown(path), found });
    }
    Ok(conn)
}

fn summary(conn: &Connection, path: &Path) -> Result<DbSummary, MaintenanceError> {
    let count = |q: &str| conn.query_row(q, [], |r| r.get::<_, i64>(0)).map_err(sql(path));
    Ok(DbSummary {
        path: shown(path),
        schema_version: schema_version(conn).map_err(sql(path))?,
        games: count("SELECT count(*) FROM games")?,
        finished: count("SELECT count(*) FROM games WHERE result != '*' OR end_reason IS NOT NULL")?,
        bytes: std::fs::metadata(path)
            .map(|m| m.len())
            .map_err(|source| MaintenanceError::Io { path: shown(path), source })?,
    })
}

/// Copies the database at `db` to the new file `dest`, consistently even while a server
/// writes to it: the copy is written beside `dest` and linked into place only when whole, and
/// an existing `dest` is never replaced. Returns what the copy holds.
///
/// # Errors
/// When `db` is not a ryg database, `dest` exists, or a read or write fails.
pub fn backup(db: &Path, dest: &Path) -> Result<DbSummary, MaintenanceError> {
    let src = open(db, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    if dest.exists() {
        return Err(MaintenanceError::Exists(shown(dest)));
    }
    let partial = partial_name(dest);
    let result = copy_into(&src, db, &partial).and_then(|()| {
        // link fails when dest appeared meanwhile: nothing is ever replaced
        std::fs::hard_link(&partial, dest).map_err(|source| {
            if source.kind() == std::io::ErrorKind::AlreadyExists {
                MaintenanceError::Exists(shown(dest))
            } else {
                MaintenanceError::Io { path: shown(dest), source }
            }
        })
    });
    let _ = std::fs::remove_file(&partial);
    result?;
    let copy = open(dest, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    summary(&copy, dest)
}

/// `dir/.NAME.partial-PID`, beside `dest`.
fn partial_name(dest: &Path) -> PathBuf {
    let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    dest.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

fn copy_into(src: &Connection, db: &Path, partial: &Path) -> Result<(), MaintenanceError> {
    let _ = std::fs::remove_file(partial);
    let mut dst = Connection::open(partial).map_err(sql(partial))?;
    {
        let backup = Backup::new(src, &mut dst).map_err(sql(db))?;
        let started = std::time::Instant::now();
        // one step copies every page under one read transaction: a consistent snapshot that a
        // writing server (WAL) does not restart
        loop {
            match backup.step(-1).map_err(sql(db))? {
                StepResult::Done => break,
                StepResult::More => {}
                _ if started.elapsed() > PATIENCE => return Err(MaintenanceError::Busy(PATIENCE.as_secs())),
                _ => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    }
    // the copy stands alone: no write-ahead log beside it
    dst.pragma_update(None, "journal_mode", "DELETE").map_err(sql(partial))?;
    dst.close().map_err(|(_, source)| sql(partial)(source))
}

/// Checks the database at `db`: SQLite's integrity check, then every game read back and
/// replayed from its moves, as the server would.
///
/// # Errors
/// When `db` is not a ryg database or cannot be read at all.
pub fn check(db: &Path) -> Result<CheckReport, MaintenanceError> {
    let conn = open(db, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut problems: Vec<String> = Vec::new();
    {
        let mut stmt = conn.prepare("PRAGMA integrity_check(100)").map_err(sql(db))?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(sql(db))?;
        for row in rows {
            let line = row.map_err(sql(db))?;
            if line != "ok" {
                problems.push(line);
            }
        }
    }
    if problems.is_empty() {
        let mut stmt = conn.prepare(&format!("SELECT {COLUMNS} FROM games ORDER BY id")).map_err(sql(db))?;
        let rows = stmt.query_map([], row_to_game).map_err(sql(db))?;
        for row in rows {
            match row {
                Ok(Ok(_)) => {}
                Ok(Err(what)) => problems.push(what),
                Err(e) => problems.push(e.to_string()),
            }
        }
    }
    Ok(CheckReport { summary: summary(&conn, db)?, problems })
}

/// Rewrites the database at `db` without its free pages. Returns its size before and after
/// (main file and write-ahead log together).
///
/// # Errors
/// When `db` is not a ryg database, a server keeps it busy, or the disk is full.
pub fn vacuum(db: &Path) -> Result<(u64, u64, DbSummary), MaintenanceError> {
    let size = || -> u64 {
        let wal = PathBuf::from(format!("{}-wal", db.display()));
        [db, wal.as_path()].iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum()
    };
    let before = size();
    let conn = open(db, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    conn.execute_batch("VACUUM").map_err(sql(db))?;
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(sql(db))?;
    let summary = summary(&conn, db)?;
    Ok((before, size(), summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sqlite::SqliteStore;
    use crate::store::{GameStore, Seat, StoredGame};

    fn store_with_games(path: &Path, n: usize) -> SqliteStore {
        let store = SqliteStore::open(path).unwrap();
        for _ in 0..n {
            let start = ryg_wide::Position::start(ryg_wide::Size::default(), None).unwrap();
            let mut g = StoredGame::new(
                ryg_wide::Game::new(start),
                Seat::Human,
                Seat::Human,
                1,
                crate::store::now_utc(),
            );
            g.game.play("e1d2".parse().unwrap()).unwrap();
            g.public_id = crate::token::public_id().unwrap();
            store.insert(&g).unwrap();
        }
        store
    }

    #[test]
    fn backup_copies_a_database_in_use_and_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.sqlite3");
        let _open = store_with_games(&db, 3);
        let dest = dir.path().join("copy.sqlite3");
        let copy = backup(&db, &dest).unwrap();
        assert_eq!((copy.games, copy.schema_version), (3, SCHEMA_VERSION));
        assert!(check(&dest).unwrap().sound());
        let err = backup(&db, &dest).unwrap_err();
        assert!(
            err.to_string().ends_with(
                "copy.sqlite3 already exists: a backup never replaces a file; choose a new name or remove it"
            ),
            "{err}"
        );
        assert_eq!(
            std::fs::read_dir(dir.path())
                .unwrap()
                .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("partial"))
                .count(),
            0
        );
    }

    #[test]
    fn check_names_a_game_that_cannot_be_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.sqlite3");
        drop(store_with_games(&db, 2));
        let conn = Connection::open(&db).unwrap();
        conn.execute("UPDATE games SET moves = 'e1d2 e1f2' WHERE id = 2", []).unwrap();
        drop(conn);
        let report = check(&db).unwrap();
        assert_eq!(report.summary.games, 2);
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        assert!(report.problems[0].starts_with("game 2: move 2:"), "{:?}", report.problems);
    }

    #[test]
    fn refuses_what_is_not_a_ryg_database() {
        let dir = tempfile::tempdir().unwrap();
        let text = dir.path().join("notes.txt");
        std::fs::write(&text, "not a database, just some words that are long enough to fill a header......")
            .unwrap();
        assert_eq!(
            check(&text).unwrap_err().to_string(),
            format!("{} is not a SQLite database", text.display())
        );
        let other = dir.path().join("other.sqlite3");
        Connection::open(&other).unwrap().execute_batch("CREATE TABLE t (x)").unwrap();
        assert_eq!(
            vacuum(&other).unwrap_err().to_string(),
            format!("{} is not a ryg game database: it holds other tables (t)", other.display())
        );
        let missing = dir.path().join("missing.sqlite3");
        assert_eq!(
            check(&missing).unwrap_err().to_string(),
            format!("no game database at {}", missing.display())
        );
        assert!(!missing.exists(), "a check never creates a database");
    }

    #[test]
    fn vacuum_keeps_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.sqlite3");
        drop(store_with_games(&db, 5));
        let (_, after, summary) = vacuum(&db).unwrap();
        assert_eq!(summary.games, 5);
        assert!(after > 0);
        assert!(check(&db).unwrap().sound());
    }
}
