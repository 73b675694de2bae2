//! The game store: every game in one SQLite file (WAL), written before a move is confirmed.
//! The schema carries its version (`PRAGMA user_version`); [`MIGRATIONS`] bring an older file
//! up to date when it is opened, and a file from a newer ryg is refused rather than damaged.

use std::path::Path;
use std::str::FromStr;

use rusqlite::{params, Connection, OptionalExtension};
use ryg::{Game, Level, Move, Position};
use thiserror::Error;

/// Schema migrations: entry `i` takes a database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &["
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        size        INTEGER NOT NULL,
        start_fen   TEXT    NOT NULL,
        mouse       TEXT    NOT NULL,
        cats        TEXT    NOT NULL,
        moves       TEXT    NOT NULL DEFAULT '',
        redo        TEXT    NOT NULL DEFAULT '',
        result      TEXT    NOT NULL DEFAULT '*',
        seed        INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    );
    CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
"];

/// The schema version this ryg writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Why the store could not be opened.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("cannot create the directory {dir}: {source}")]
    Directory { dir: String, source: std::io::Error },
    #[error("cannot open the game database {path}: {source}")]
    Open { path: String, source: rusqlite::Error },
    #[error("the game database {path} has schema version {found}, newer than this ryg's {SCHEMA_VERSION}: use a newer ryg or another --db")]
    Newer { path: String, found: i64 },
}

/// Who plays a side: a person at the page, or the computer at a level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    Computer(Level),
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Seat, String> {
        if s.eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        s.parse::<Level>().map(Seat::Computer).map_err(|_| {
            format!("unknown seat '{s}': expected \"human\", \"random\", \"1\" to \"9\" or \"perfect\"")
        })
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "{level}"),
        }
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub id: i64,
    pub start: Position,
    pub mouse: Seat,
    pub cats: Seat,
    /// The game itself: moves played and moves that redo would replay.
    pub game: Game,
    /// Seeds the computer's random choices (with the ply, so a move depends on the position only).
    pub seed: u64,
    /// Bumped by every change.
    pub version: i64,
    pub created_at: String,
    pub updated_at: String,
}

impl StoredGame {
    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> Seat {
        match self.game.position().side_to_move() {
            ryg::Side::Mouse => self.mouse,
            ryg::Side::Cats => self.cats,
        }
    }
}

/// The SQLite game store.
pub struct Store {
    conn: Connection,
}

fn join(moves: impl Iterator<Item = Move>) -> String {
    moves.map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}

impl Store {
    /// Opens (creating it and its directory when missing) the database at `path` and brings
    /// its schema up to date.
    ///
    /// # Errors
    /// When the directory or file cannot be created or opened, or was written by a newer ryg.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let shown = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| StoreError::Directory { dir: dir.display().to_string(), source })?;
        }
        let open = |source| StoreError::Open { path: shown.clone(), source };
        let conn = Connection::open(path).map_err(open)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(open)?;
        // WAL: readers never wait for the writer; NORMAL sync keeps every committed move
        // across a crash of the process (not of the machine).
        conn.pragma_update(None, "journal_mode", "WAL").map_err(open)?;
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(open)?;
        let mut store = Store { conn };
        store.migrate().map_err(|e| match e {
            MigrateError::Newer(found) => StoreError::Newer { path: shown.clone(), found },
            MigrateError::Sql(source) => StoreError::Open { path: shown.clone(), source },
        })?;
        Ok(store)
    }

    fn migrate(&mut self) -> Result<(), MigrateError> {
        let version: i64 = self.conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(MigrateError::Newer(version));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = self.conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.commit()?;
        }
        Ok(())
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> rusqlite::Result<i64> {
        self.conn.pragma_query_value(None, "user_version", |r| r.get(0))
    }

    /// Stores a new game; returns its id.
    pub fn create(&self, g: &StoredGame) -> rusqlite::Result<i64> {
        self.conn.execute(
            "INSERT INTO games (size, start_fen, mouse, cats, moves, redo, result, seed, version, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?9)",
            params![
                g.start.size().n(),
                g.start.fen(),
                g.mouse.to_string(),
                g.cats.to_string(),
                join(g.game.moves().iter().copied()),
                join(g.game.redo_moves()),
                ryg::result_token(&g.game),
                g.seed as i64,
                g.created_at,
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Writes the game's moves, redo list and result; bumps its version.
    pub fn save(&self, g: &StoredGame) -> rusqlite::Result<()> {
        self.conn.execute(
            "UPDATE games SET moves = ?2, redo = ?3, result = ?4, updated_at = ?5, version = version + 1 WHERE id = ?1",
            params![
                g.id,
                join(g.game.moves().iter().copied()),
                join(g.game.redo_moves()),
                ryg::result_token(&g.game),
                g.updated_at,
            ],
        )?;
        Ok(())
    }

    /// The game with `id`, if stored.
    pub fn load(&self, id: i64) -> rusqlite::Result<Option<StoredGame>> {
        self.conn
            .query_row(
                "SELECT id, start_fen, mouse, cats, moves, redo, seed, version, created_at, updated_at FROM games WHERE id = ?1",
                [id],
                row_to_game,
            )
            .optional()?
            .transpose()
    }

    /// The `limit` most recently changed games, newest first.
    pub fn recent(&self, limit: usize) -> rusqlite::Result<Vec<StoredGame>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, start_fen, mouse, cats, moves, redo, seed, version, created_at, updated_at
             FROM games ORDER BY updated_at DESC, id DESC LIMIT ?1",
        )?;
        let rows = stmt.query_map([limit as i64], row_to_game)?;
        rows.map(|r| r?).collect()
    }
}

enum MigrateError {
    Newer(i64),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for MigrateError {
    fn from(e: rusqlite::Error) -> MigrateError {
        MigrateError::Sql(e)
    }
}

/// A row back to a game; a row this ryg cannot read (edited by hand) is an error, not a panic.
fn row_to_game(row: &rusqlite::Row<'_>) -> rusqlite::Result<rusqlite::Result<StoredGame>> {
    let bad = |what: String| rusqlite::Error::InvalidColumnType(0, what, rusqlite::types::Type::Text);
    let id: i64 = row.get(0)?;
    let start_fen: String = row.get(1)?;
    let mouse: String = row.get(2)?;
    let cats: String = row.get(3)?;
    let moves: String = row.get(4)?;
    let redo: String = row.get(5)?;
    let seed: i64 = row.get(6)?;
    let version: i64 = row.get(7)?;
    let created_at: String = row.get(8)?;
    let updated_at: String = row.get(9)?;
    let parse = || -> Result<StoredGame, String> {
        let start: Position = start_fen.parse().map_err(|e| format!("game {id}: start position: {e}"))?;
        let mouse: Seat = mouse.parse()?;
        let cats: Seat = cats.parse()?;
        let parse_moves = |text: &str| -> Result<Vec<Move>, String> {
            text.split_whitespace()
                .map(|m| m.parse().map_err(|e| format!("game {id}: move '{m}': {e}")))
                .collect()
        };
        let played = parse_moves(&moves)?;
        let redo = parse_moves(&redo)?;
        let all: Vec<Move> = played.iter().chain(&redo).copied().collect();
        let mut game =
            Game::from_moves(start, &all).map_err(|(i, e)| format!("game {id}: move {}: {e}", i + 1))?;
        for _ in &redo {
            game.undo();
        }
        Ok(StoredGame { id, start, mouse, cats, game, seed: seed as u64, version, created_at, updated_at })
    };
    Ok(parse().map_err(bad))
}

/// The time now as `2026-11-23T06:00:00Z` (UTC).
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // CITE: days to civil date (Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms").
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> StoredGame {
        let start = Position::standard();
        let mut game = Game::new(start);
        for m in ["e1f2", "h8g7", "f2e3"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        game.undo();
        StoredGame {
            id: 0,
            start,
            mouse: Seat::Human,
            cats: Seat::Computer(Level::Search(3)),
            game,
            seed: 7,
            version: 0,
            created_at: "2026-11-23T06:00:00Z".into(),
            updated_at: "2026-11-23T06:00:00Z".into(),
        }
    }

    #[test]
    fn games_round_trip_with_their_redo_list() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("sub/games.sqlite3")).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        let mut g = sample();
        g.id = store.create(&g).unwrap();
        let back = store.load(g.id).unwrap().unwrap();
        assert_eq!(back.game.moves(), g.game.moves());
        assert_eq!(back.game.redo_moves().collect::<Vec<_>>(), vec!["f2e3".parse().unwrap()]);
        assert_eq!((back.mouse, back.cats, back.seed), (Seat::Human, Seat::Computer(Level::Search(3)), 7));
        assert_eq!(store.load(g.id + 1).unwrap(), None);
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        drop(Store::open(&path).unwrap());
        Connection::open(&path).unwrap().pragma_update(None, "user_version", 99).unwrap();
        let err = Store::open(&path).err().unwrap().to_string();
        assert!(err.contains("schema version 99, newer than this ryg's 1"), "{err}");
    }

    #[test]
    fn seats_parse_and_print() {
        assert_eq!("human".parse::<Seat>(), Ok(Seat::Human));
        assert_eq!("perfect".parse::<Seat>(), Ok(Seat::Computer(Level::Perfect)));
        assert_eq!("3".parse::<Seat>().unwrap().to_string(), "3");
        assert!("robot".parse::<Seat>().unwrap_err().contains("unknown seat 'robot'"));
    }

    #[test]
    fn dates_are_iso_8601() {
        let now = now_utc();
        assert_eq!(now.len(), 20);
        assert!(now.starts_with("20") && now.ends_with('Z'), "{now}");
    }
}
