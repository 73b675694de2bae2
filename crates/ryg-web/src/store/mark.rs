//! Whose SQLite file this is. ryg marks its game databases with [`APPLICATION_ID`] (SQLite's
//! `PRAGMA application_id`, four bytes of the file's header) and reads the mark before it changes
//! anything. A file without the mark is ryg's only when it is empty (a new file) or when its
//! tables and indexes are exactly those ryg's migrations give at its `user_version` (a file of a
//! ryg from before the mark, 0.3.0 and older); it gets the mark when the server opens it. Any
//! other file is another program's, and is left as it was.

use rusqlite::Connection;

use super::schema::{schema_version, MIGRATIONS, SCHEMA_VERSION};

/// The newest schema version a ryg from before the mark wrote (0.3.0): a file without the mark
/// at a later version is no ryg's.
pub const LAST_UNMARKED: i64 = 5;

/// ryg's mark in a game database's header: "ryg" and 1 (`0x72796701`).
pub const APPLICATION_ID: i32 = i32::from_be_bytes(*b"ryg\x01");

/// What a SQLite file is, as far as ryg is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Marked as ryg's: its schema version (which may be newer than this ryg's).
    Marked(i64),
    /// A new file: no table, no index, no version.
    Empty,
    /// An older ryg's file, from before the mark: its schema version.
    Unmarked(i64),
    /// Another program's file: why, in a few words.
    Foreign(String),
}

/// Whose file `conn` is, read without changing anything in it.
///
/// # Errors
/// When SQLite cannot read the file (not a database, damaged).
pub fn recognise(conn: &Connection) -> rusqlite::Result<Kind> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let version = schema_version(conn)?;
    if id == APPLICATION_ID {
        return Ok(Kind::Marked(version));
    }
    if id != 0 {
        return Ok(Kind::Foreign(format!("its header names another program (application_id {id:#010x})")));
    }
    let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    if objects == 0 && version == 0 {
        return Ok(Kind::Empty);
    }
    let others: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'games'
             AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if !others.is_empty() {
        return Ok(Kind::Foreign(format!("it holds other tables ({})", others.join(", "))));
    }
    if (1..=LAST_UNMARKED.min(SCHEMA_VERSION)).contains(&version) && shape(conn)? == shape_at(version)? {
        return Ok(Kind::Unmarked(version));
    }
    Ok(Kind::Foreign(format!(
        "it has no ryg mark, and its tables (user_version {version}) are those of no ryg version"
    )))
}

/// Marks the file of `conn` as ryg's.
///
/// # Errors
/// When the header cannot be written.
pub fn mark(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "application_id", APPLICATION_ID)
}

/// The tables and indexes of `conn` (SQLite's statistics tables left out), each with its
/// columns as SQLite reads them: what two files share when they have one schema, however the
/// statements that made it were spelled.
fn shape(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let objects: Vec<(String, String, String)> = conn
        .prepare(
            "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')
             AND name NOT LIKE 'sqlite!_stat%' ESCAPE '!' ORDER BY type, name",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut shape = Vec::with_capacity(objects.len());
    for (kind, name, table) in objects {
        let columns: Vec<String> = if kind == "table" {
            conn.prepare(
                "SELECT name || ' ' || type || ' ' || \"notnull\" || ' ' || ifnull(dflt_value, '-') || ' ' || pk
                 FROM pragma_table_info(?1) ORDER BY cid",
            )?
            .query_map([&name], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?
        } else {
            conn.prepare(
                "SELECT ifnull(x.name, x.cid) || ' ' || x.desc || ' ' || l.\"unique\"
                 FROM pragma_index_xinfo(?1) x, pragma_index_list(?2) l
                 WHERE x.key = 1 AND l.name = ?1 ORDER BY x.seqno",
            )?
            .query_map([&name, &table], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?
        };
        shape.push(format!("{kind} {name} on {table}: {}", columns.join(", ")));
    }
    Ok(shape)
}

/// The shape of a file ryg's migrations took to `version`.
fn shape_at(version: i64) -> rusqlite::Result<Vec<String>> {
    let conn = Connection::open_in_memory()?;
    for sql in MIGRATIONS.iter().take(usize::try_from(version).unwrap_or(0)) {
        conn.execute_batch(sql)?;
    }
    shape(&conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_at(version: usize) -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..version] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", version as i64).unwrap();
        conn
    }

    #[test]
    fn every_older_ryg_file_is_recognised_by_its_schema() {
        for version in 1..=LAST_UNMARKED as usize {
            let conn = file_at(version);
            assert_eq!(recognise(&conn).unwrap(), Kind::Unmarked(version as i64));
            mark(&conn).unwrap();
            assert_eq!(recognise(&conn).unwrap(), Kind::Marked(version as i64));
        }
        assert_eq!(recognise(&Connection::open_in_memory().unwrap()).unwrap(), Kind::Empty);
        // a later version came with the mark: unmarked, it is another program's
        for version in LAST_UNMARKED as usize + 1..=MIGRATIONS.len() {
            assert!(matches!(recognise(&file_at(version)).unwrap(), Kind::Foreign(_)), "version {version}");
        }
    }

    #[test]
    fn a_schema_that_differs_in_one_column_or_index_is_not_ryg_s() {
        for (version, change) in [
            (2, "ALTER TABLE games ADD COLUMN extra TEXT"),
            (3, "DROP INDEX games_by_creator"),
            (3, "CREATE INDEX games_by_seed ON games (seed)"),
            (5, "DROP INDEX games_by_public_id; CREATE INDEX games_by_public_id ON games (public_id)"),
            // ryg's tables at another version than the file says
            (4, "PRAGMA user_version = 3"),
        ] {
            let conn = file_at(version);
            conn.execute_batch(change).unwrap();
            assert!(matches!(recognise(&conn).unwrap(), Kind::Foreign(_)), "{version}: {change}");
        }
    }

    #[test]
    fn another_program_s_games_table_or_mark_is_foreign() {
        for version in 0..=5 {
            let conn = Connection::open_in_memory().unwrap();
            conn.execute_batch("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)").unwrap();
            conn.pragma_update(None, "user_version", version).unwrap();
            let Kind::Foreign(why) = recognise(&conn).unwrap() else { panic!("{version}: taken as ryg's") };
            assert!(why.contains("no ryg mark"), "{why}");
        }
        let conn = file_at(5);
        conn.pragma_update(None, "application_id", 0x4750_4b47).unwrap();
        assert_eq!(
            recognise(&conn).unwrap(),
            Kind::Foreign("its header names another program (application_id 0x47504b47)".into())
        );
    }
}
