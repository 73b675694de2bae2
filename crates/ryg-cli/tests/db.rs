//! `ryg db backup|check|vacuum` on the database of a running `ryg serve`, and on files that
//! are not one.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;

use crate::common::ryg;

use super::serve::{scratch, Served};

/// POSTs `body` to `path` of the server at `url`; the status line's code and the body.
fn post(url: &str, path: &str, body: &str) -> (u16, String) {
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(host).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let code = answer[9..12].parse().unwrap();
    (code, answer.split("\r\n\r\n").nth(1).unwrap_or("").to_owned())
}

fn ryg_db(args: &[&str], db: &Path) -> std::process::Output {
    ryg().arg("db").args(args).arg("--db").arg(db).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn backup_check_and_vacuum_a_running_servers_database() {
    let dir = scratch("db");
    let db = dir.join("games.sqlite3");
    let served = Served::start(&db, None, &[]);
    let url = served.url();
    for _ in 0..3 {
        let (code, body) = post(&url, "/api/games", r#"{"mouse":"human","cats":"human"}"#);
        assert_eq!(code, 201, "{body}");
    }
    let copy = dir.join("backup.sqlite3");
    let out = ryg_db(&["backup", copy.to_str().unwrap()], &db);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with(&format!(
            "ryg: backed up {} to {}: 3 games (0 finished), schema ",
            db.display(),
            copy.display()
        )),
        "{said}"
    );

    // the copy is a whole database on its own (no write-ahead log beside it)
    assert!(!dir.join("backup.sqlite3-wal").exists());
    let out = ryg_db(&["check", "--json"], &copy);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((report["games"].as_i64(), report["sound"].as_bool()), (Some(3), Some(true)), "{report}");

    // a second backup to the same name replaces nothing
    let before = std::fs::read(&copy).unwrap();
    let out = ryg_db(&["backup", copy.to_str().unwrap()], &db);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "ryg: error: {} already exists: a backup never replaces a file; choose a new name or remove it\n",
            copy.display()
        )
    );
    assert_eq!(std::fs::read(&copy).unwrap(), before);

    // vacuum while the server runs, which then still answers
    let out = ryg_db(&["vacuum"], &db);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("; 3 games (0 finished)"), "{}", text(&out.stdout));
    assert_eq!(post(&url, "/api/games", r#"{"mouse":"human","cats":"human"}"#).0, 201);
}

#[test]
fn check_reports_what_is_wrong_and_exits_1() {
    let dir = scratch("dbbad");
    let text_file = dir.join("notes.txt");
    std::fs::write(&text_file, "these are notes, not a database; long enough to fill a SQLite header")
        .unwrap();
    let out = ryg_db(&["check"], &text_file);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), format!("ryg: error: {} is not a SQLite database\n", text_file.display()));

    let missing = dir.join("none.sqlite3");
    let out = ryg_db(&["vacuum"], &missing);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), format!("ryg: error: no game database at {}\n", missing.display()));
    assert!(!missing.exists(), "no database is created");

    let out = ryg().args(["db", "mend"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
