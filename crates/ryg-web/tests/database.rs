//! The game database's files as an operator meets them (SQLite): another program's file left as
//! it was, and a damaged game named by `ryg db check` and by the server's refusal to start.

use rusqlite::Connection;
use serde_json::json;

use crate::common::{postgres, ryg, Server};
use crate::faults::refused_start;

/// Another program's SQLite file whose only table is named `games` (`user_version` 0 to 4) is
/// refused in one line by `ryg serve` and `ryg db check`, and left byte for byte as it was, with
/// no `-wal` or `-shm` beside it (before: versions 1–4 got ryg's columns and indexes, version 5
/// and WAL mode; version 0 was switched to WAL and the error printed its whole schema twice).
#[test]
fn another_program_s_games_table_is_left_as_it_was() {
    if postgres().is_some() {
        return; // SQLite's files
    }
    let dir = tempfile::tempdir().unwrap();
    for version in 0..=4 {
        let db = dir.path().join(format!("theirs-{version}.sqlite3"));
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT NOT NULL, players INTEGER);
             INSERT INTO games (title, players) VALUES ('Go', 2), ('Patience', 1);",
        )
        .unwrap();
        conn.pragma_update(None, "user_version", version).unwrap();
        drop(conn);
        let before = std::fs::read(&db).unwrap();
        let said = refused_start(&db);
        let refusal = format!(
            "ryg: error: {} is not ryg's game database: it has no ryg mark, and its tables (user_version \
             {version}) are those of no ryg version; nothing in it was changed: give ryg a file of its own with --db\n",
            db.display()
        );
        assert_eq!(said, refusal, "version {version}");
        let check = ryg().args(["db", "check", "--db"]).arg(&db).output().unwrap();
        assert_eq!(check.status.code(), Some(1), "version {version}");
        let said = String::from_utf8_lossy(&check.stderr);
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.contains("is not a ryg game database: it has no ryg mark"), "{said}");
        assert!(std::fs::read(&db).unwrap() == before, "version {version}: the file changed");
        for beside in ["-wal", "-shm", "-journal"] {
            let path = dir.path().join(format!("theirs-{version}.sqlite3{beside}"));
            assert!(!path.exists(), "{} was left", path.display());
        }
    }
}

/// A game whose row SQLite's checks pass but ryg cannot read (text that is not UTF-8): `ryg db
/// check` names the game and exits 1, and the server refuses to start in one line that says what
/// to do; done as it says, the server starts (before: "game store: Conversion error from type
/// Text at index: 4, invalid utf-8 …" with no game and no advice, and the check named no game).
#[test]
fn a_damaged_game_is_named_and_the_refusal_says_what_to_do() {
    if postgres().is_some() {
        return; // SQLite's files
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    {
        let server = Server::start_url(&db, &[]);
        for _ in 0..2 {
            let (status, game) =
                server.post("/api/games", json!({"mouse": "human", "cats": "human", "hotseat": true}));
            assert_eq!(status, 201, "{game}");
        }
    }
    let conn = Connection::open(&db).unwrap();
    let n: i64 = conn.query_row("SELECT max(id) FROM games", [], |r| r.get(0)).unwrap();
    conn.execute("UPDATE games SET moves = CAST(x'e1ff64' AS TEXT) WHERE id = ?1", [n]).unwrap();
    let quick: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).unwrap();
    assert_eq!(quick, "ok", "SQLite's own check passes the damage");

    let check = ryg().args(["db", "check", "--db"]).arg(&db).output().unwrap();
    let (out, err) = (String::from_utf8_lossy(&check.stdout), String::from_utf8_lossy(&check.stderr));
    assert_eq!(check.status.code(), Some(1), "{out}{err}");
    assert!(out.contains(&format!("  game {n}: column moves: invalid utf-8")), "{out}");
    assert_eq!(err.trim(), format!("ryg: error: {}: 1 problem found", db.display()));

    let said = refused_start(&db);
    assert_eq!(said.lines().count(), 1, "{said}");
    let shown = db.display();
    for part in [
        format!("the game database {shown} holds a game this ryg cannot read (game {n}: column moves: invalid utf-8"),
        format!("`ryg db check --db {shown}` lists every such game"),
        format!("`sqlite3 {shown} 'DELETE FROM games WHERE id = {n}'`"),
    ] {
        assert!(said.contains(&part), "{part}\n{said}");
    }
    conn.execute("DELETE FROM games WHERE id = ?1", [n]).unwrap();
    drop(conn);
    let server = Server::start_url(&db, &[]);
    assert_eq!(server.get("/healthz").0, 200);
}
