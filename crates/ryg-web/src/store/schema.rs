//! The SQLite schema and its migrations. The schema carries its version (`PRAGMA user_version`);
//! [`MIGRATIONS`] bring an older file up to date when it is opened, and a file from a newer ryg
//! is refused rather than damaged.

use rusqlite::Connection;

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
    "
    ALTER TABLE games ADD COLUMN creator TEXT;
    CREATE INDEX games_by_creator ON games (creator);
",
    "
    ALTER TABLE games ADD COLUMN clock_history TEXT;
",
    "
    ALTER TABLE games ADD COLUMN public_id TEXT;
    CREATE UNIQUE INDEX games_by_public_id ON games (public_id);
",
    super::people_tables::SQLITE,
    super::lobby_tables::SQLITE,
    super::bot_tables::SQLITE,
    super::tournaments::SQLITE,
    super::bot_tables::SQLITE_ENDS,
];

/// The schema version this ryg writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Why a file's schema could not be brought up to date.
pub enum MigrateError {
    /// The file's version, newer than [`SCHEMA_VERSION`].
    Newer(i64),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for MigrateError {
    fn from(e: rusqlite::Error) -> MigrateError {
        MigrateError::Sql(e)
    }
}

/// Brings the schema of `conn` up to [`SCHEMA_VERSION`], one transaction per migration.
///
/// # Errors
/// When the file is newer than this ryg, or a migration fails.
pub fn migrate(conn: &mut Connection) -> Result<(), MigrateError> {
    let version = schema_version(conn)?;
    if version > SCHEMA_VERSION {
        return Err(MigrateError::Newer(version));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
    }
    give_public_ids(conn)
}

/// Gives every game stored before public ids one (random, as new games get theirs).
fn give_public_ids(conn: &mut Connection) -> Result<(), MigrateError> {
    let tx = conn.transaction()?;
    let ids: Vec<i64> = {
        let mut stmt = tx.prepare("SELECT id FROM games WHERE public_id IS NULL")?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for id in ids {
        let public_id = crate::token::public_id()
            .map_err(|e| MigrateError::Sql(rusqlite::Error::ToSqlConversionFailure(Box::new(e))))?;
        tx.execute("UPDATE games SET public_id = ?2 WHERE id = ?1", rusqlite::params![id, public_id])?;
    }
    tx.commit()?;
    Ok(())
}

/// The schema version of the database `conn`.
///
/// # Errors
/// When SQLite cannot read it.
pub fn schema_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
}
