//! The game store: every game in one SQLite file (WAL), written before a move is confirmed.
//! The schema carries its version (`PRAGMA user_version`); [`MIGRATIONS`] bring an older file
//! up to date when it is opened, and a file from a newer ryg is refused rather than damaged.

use std::path::Path;
use std::str::FromStr;

use rusqlite::{params, Connection, OptionalExtension};
use ryg::{Game, Level, Move, Position, Side};

use crate::clock::{self, Clock};
use thiserror::Error;

/// Schema migrations: entry `i` takes a database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    "
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
",
    "
    ALTER TABLE games ADD COLUMN mouse_token TEXT;
    ALTER TABLE games ADD COLUMN cats_token TEXT;
    ALTER TABLE games ADD COLUMN mouse_name TEXT;
    ALTER TABLE games ADD COLUMN cats_name TEXT;
    ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
    ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;
    ALTER TABLE games ADD COLUMN mouse_ms INTEGER;
    ALTER TABLE games ADD COLUMN cats_ms INTEGER;
    ALTER TABLE games ADD COLUMN turn_started_ms INTEGER;
    ALTER TABLE games ADD COLUMN end_reason TEXT;
    ALTER TABLE games ADD COLUMN end_winner TEXT;
    ALTER TABLE games ADD COLUMN undo_request TEXT;
    ALTER TABLE games ADD COLUMN rematch_offer TEXT;
    ALTER TABLE games ADD COLUMN rematch_id INTEGER;
",
];

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

/// How a game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The loser resigned.
    Resigned,
    /// The loser's clock ran out.
    Time,
}

impl EndReason {
    /// The code used in JSON and in the store: `resigned` or `time`.
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Resigned => "resigned",
            EndReason::Time => "time",
        }
    }

    fn parse(code: &str) -> Option<EndReason> {
        match code {
            "resigned" => Some(EndReason::Resigned),
            "time" => Some(EndReason::Time),
            _ => None,
        }
    }
}

/// A game ended by resignation or time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Side,
    pub reason: EndReason,
}

/// Who sits at a game: the computer, one person holding both seats, or two people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// At most one human seat (or none).
    Computer,
    /// Two human seats and one token for both.
    Hotseat,
    /// Two human seats, each with its own token.
    Friends,
}

impl Players {
    pub const fn code(self) -> &'static str {
        match self {
            Players::Computer => "computer",
            Players::Hotseat => "hotseat",
            Players::Friends => "friends",
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
    /// The SHA-256 of each human seat's token (mouse, cats); `None`: no token (a computer seat,
    /// or a game stored before tokens, which anyone may play).
    pub tokens: [Option<String>; 2],
    /// Display names (mouse, cats).
    pub names: [Option<String>; 2],
    pub clock: Option<Clock>,
    /// A resignation or a flag fall.
    pub end: Option<End>,
    /// The seat that asked to take back a move (between two people).
    pub undo_request: Option<Side>,
    /// The seat that offered a rematch.
    pub rematch_offer: Option<Side>,
    /// The game the rematch created.
    pub rematch_id: Option<i64>,
}

/// For whom a request acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// One seat.
    Seat(Side),
    /// Both seats (a hotseat token, or a game without tokens).
    Both,
}

impl Holder {
    pub fn holds(self, side: Side) -> bool {
        match self {
            Holder::Seat(s) => s == side,
            Holder::Both => true,
        }
    }

    pub const fn code(self) -> &'static str {
        match self {
            Holder::Seat(side) => side.name(),
            Holder::Both => "both",
        }
    }
}

impl StoredGame {
    /// A new game (id 0 until stored) with no tokens, names or clock.
    pub fn new(game: Game, mouse: Seat, cats: Seat, seed: u64, now: String) -> StoredGame {
        StoredGame {
            id: 0,
            start: *game.start(),
            mouse,
            cats,
            game,
            seed,
            version: 0,
            created_at: now.clone(),
            updated_at: now,
            tokens: [None, None],
            names: [None, None],
            clock: None,
            end: None,
            undo_request: None,
            rematch_offer: None,
            rematch_id: None,
        }
    }

    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> Seat {
        self.seat(self.game.position().side_to_move())
    }

    /// The seat of `side`.
    pub fn seat(&self, side: Side) -> Seat {
        match side {
            Side::Mouse => self.mouse,
            Side::Cats => self.cats,
        }
    }

    /// Who sits at the game.
    pub fn players(&self) -> Players {
        let humans = self.mouse == Seat::Human && self.cats == Seat::Human;
        match &self.tokens {
            [Some(m), Some(c)] if humans && m != c => Players::Friends,
            _ if humans => Players::Hotseat,
            _ => Players::Computer,
        }
    }

    /// Whose seats a request carrying the token hash `token` holds: a human seat without a token
    /// (stored before tokens) is held by anyone.
    pub fn holder(&self, token: Option<&str>) -> Option<Holder> {
        let holds = |side: Side| {
            self.seat(side) == Seat::Human
                && match &self.tokens[clock::index(side)] {
                    None => true,
                    Some(hash) => token == Some(hash.as_str()),
                }
        };
        match (holds(Side::Mouse), holds(Side::Cats)) {
            (true, true) => Some(Holder::Both),
            (true, false) => Some(Holder::Seat(Side::Mouse)),
            (false, true) => Some(Holder::Seat(Side::Cats)),
            (false, false) => None,
        }
    }

    /// The end of the game: by the rules, else by resignation or time.
    pub fn outcome(&self) -> Option<(Side, &'static str)> {
        match self.game.outcome() {
            Some(o) => Some((o.winner, o.reason.code())),
            None => self.end.map(|e| (e.winner, e.reason.code())),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// `1-0` (the mouse won), `0-1` (the cats won) or `*`.
    pub fn result_token(&self) -> &'static str {
        match self.outcome() {
            Some((Side::Mouse, _)) => "1-0",
            Some((Side::Cats, _)) => "0-1",
            None => "*",
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
            "INSERT INTO games (size, start_fen, mouse, cats, seed, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
            params![
                g.start.size().n(),
                g.start.fen(),
                g.mouse.to_string(),
                g.cats.to_string(),
                g.seed as i64,
                g.created_at
            ],
        )?;
        let id = self.conn.last_insert_rowid();
        self.write(&StoredGame { id, ..g.clone() }, false)?;
        Ok(id)
    }

    /// Writes everything that changes in a game; bumps its version.
    pub fn save(&self, g: &StoredGame) -> rusqlite::Result<()> {
        self.write(g, true)
    }

    fn write(&self, g: &StoredGame, bump: bool) -> rusqlite::Result<()> {
        let side = |s: Option<Side>| s.map(Side::name);
        let clock = g.clock.as_ref();
        self.conn.execute(
            "UPDATE games SET moves = ?2, redo = ?3, result = ?4, updated_at = ?5, version = version + ?6,
                mouse_token = ?7, cats_token = ?8, mouse_name = ?9, cats_name = ?10,
                clock_initial_ms = ?11, clock_increment_ms = ?12, mouse_ms = ?13, cats_ms = ?14,
                turn_started_ms = ?15, end_reason = ?16, end_winner = ?17, undo_request = ?18,
                rematch_offer = ?19, rematch_id = ?20
             WHERE id = ?1",
            params![
                g.id,
                join(g.game.moves().iter().copied()),
                join(g.game.redo_moves()),
                g.result_token(),
                g.updated_at,
                i64::from(bump),
                g.tokens[0],
                g.tokens[1],
                g.names[0],
                g.names[1],
                clock.map(|c| c.initial_ms),
                clock.map(|c| c.increment_ms),
                clock.map(|c| c.left_ms[0]),
                clock.map(|c| c.left_ms[1]),
                clock.and_then(|c| c.started_ms),
                g.end.map(|e| e.reason.code()),
                g.end.map(|e| e.winner.name()),
                side(g.undo_request),
                side(g.rematch_offer),
                g.rematch_id,
            ],
        )?;
        Ok(())
    }

    /// The game with `id`, if stored.
    pub fn load(&self, id: i64) -> rusqlite::Result<Option<StoredGame>> {
        self.conn
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], row_to_game)
            .optional()?
            .transpose()
    }

    /// The `limit` most recently changed games, newest first; only those changed since
    /// `since` (an ISO time) when given.
    pub fn recent(&self, limit: usize, since: Option<&str>) -> rusqlite::Result<Vec<StoredGame>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS} FROM games WHERE updated_at >= ?2 ORDER BY updated_at DESC, id DESC LIMIT ?1"
        ))?;
        let rows = stmt.query_map(params![limit as i64, since.unwrap_or("")], row_to_game)?;
        rows.map(|r| r?).collect()
    }

    /// The ids of unfinished games whose clock runs.
    pub fn running_clocks(&self) -> rusqlite::Result<Vec<i64>> {
        let mut stmt = self.conn.prepare(
            "SELECT id FROM games WHERE turn_started_ms IS NOT NULL AND result = '*' AND end_reason IS NULL",
        )?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        rows.collect()
    }
}

const COLUMNS: &str = "id, start_fen, mouse, cats, moves, redo, seed, version, created_at, updated_at,
    mouse_token, cats_token, mouse_name, cats_name, clock_initial_ms, clock_increment_ms, mouse_ms, cats_ms,
    turn_started_ms, end_reason, end_winner, undo_request, rematch_offer, rematch_id";

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
    let tokens: [Option<String>; 2] = [row.get(10)?, row.get(11)?];
    let names: [Option<String>; 2] = [row.get(12)?, row.get(13)?];
    let clock_settings: (Option<i64>, Option<i64>) = (row.get(14)?, row.get(15)?);
    let left: [Option<i64>; 2] = [row.get(16)?, row.get(17)?];
    let started_ms: Option<i64> = row.get(18)?;
    let end: (Option<String>, Option<String>) = (row.get(19)?, row.get(20)?);
    let undo_request: Option<String> = row.get(21)?;
    let rematch_offer: Option<String> = row.get(22)?;
    let rematch_id: Option<i64> = row.get(23)?;
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
        let side = |text: Option<String>| -> Result<Option<Side>, String> {
            text.map(|t| t.parse::<Side>().map_err(|e| format!("game {id}: {e}"))).transpose()
        };
        let clock = match (clock_settings, left) {
            ((Some(initial_ms), Some(increment_ms)), [Some(m), Some(c)]) => {
                Some(Clock { initial_ms, increment_ms, left_ms: [m, c], started_ms })
            }
            ((None, _), _) => None,
            _ => return Err(format!("game {id}: incomplete clock")),
        };
        let end = match end {
            (Some(reason), Some(winner)) => Some(End {
                reason: EndReason::parse(&reason).ok_or_else(|| format!("game {id}: end '{reason}'"))?,
                winner: winner.parse().map_err(|e| format!("game {id}: {e}"))?,
            }),
            _ => None,
        };
        Ok(StoredGame {
            id,
            start,
            mouse,
            cats,
            game,
            seed: seed as u64,
            version,
            created_at,
            updated_at,
            tokens,
            names,
            clock,
            end,
            undo_request: side(undo_request)?,
            rematch_offer: side(rematch_offer)?,
            rematch_id,
        })
    };
    Ok(parse().map_err(bad))
}

/// The time now as `2026-11-23T06:00:00Z` (UTC).
pub fn now_utc() -> String {
    utc(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

/// `secs` after the Unix epoch as `2026-11-23T06:00:00Z`.
pub fn utc(secs: u64) -> String {
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
        StoredGame::new(game, Seat::Human, Seat::Computer(Level::Search(3)), 7, "2026-11-23T06:00:00Z".into())
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
        assert!(err.contains("schema version 99, newer than this ryg's 2"), "{err}");
    }

    #[test]
    fn every_field_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
        let mut g = sample();
        g.cats = Seat::Human;
        g.tokens = [Some("a".repeat(64)), Some("b".repeat(64))];
        g.names = [Some("Ana <b>".into()), None];
        let mut clock = Clock::new(5.0, 2.0).unwrap();
        clock.moved(Side::Mouse, 1_000).unwrap();
        g.clock = Some(clock);
        g.end = Some(End { winner: Side::Cats, reason: EndReason::Resigned });
        g.undo_request = Some(Side::Mouse);
        g.rematch_offer = Some(Side::Cats);
        g.rematch_id = Some(9);
        g.id = store.create(&g).unwrap();
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
            conn.execute(
                "INSERT INTO games (size, start_fen, mouse, cats, moves, seed, created_at, updated_at)
                 VALUES (8, ?1, 'human', 'human', 'e1f2 h8g7', 3, 'x', 'x')",
                [Position::standard().fen()],
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), 2);
        let g = store.load(1).unwrap().unwrap();
        assert_eq!(g.game.moves().len(), 2);
        assert_eq!((g.tokens.clone(), g.clock, g.end), ([None, None], None, None));
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
