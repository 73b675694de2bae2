//! 12×12 and 14×14 games on the real server: played, stored and read back with the wide engine
//! (`ryg-wide`); what needs a tablebase refused with `board_too_big`.

use crate::common;

use common::Server;
use ryg_wide::{Position, Record};
use serde_json::{json, Value};

fn enc(fen: &str) -> String {
    fen.replace(' ', "%20").replace('/', "%2F")
}

fn moves(game: &Value) -> Vec<String> {
    game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

#[test]
fn a_12x12_game_against_the_computer_is_played_stored_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db);
    let (status, game) =
        server.post("/api/games", json!({"size": 12, "mouse": "human", "cats": "2", "seed": 7}));
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["fen"], "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m");
    assert_eq!(game["legal_moves"], json!(["g1f2", "g1h2"]));
    let id = game["id"].as_str().unwrap().to_owned();
    let token = game["tokens"]["mouse"].as_str().unwrap().to_string();
    // the mouse takes its first legal move six times; the computer answers each
    let mut game = game;
    for ply in 0..6 {
        let mv = game["legal_moves"][0].as_str().unwrap().to_string();
        let (status, next) =
            server.post_as(&format!("/api/games/{id}/moves"), json!({ "move": mv }), Some(&token));
        assert_eq!(status, 200, "{next}");
        game = next;
        assert_eq!(moves(&game).len(), 2 * ply + 2, "{game}");
    }
    // every move is legal on 12×12 and leads to the FEN the server gives
    let mut position: Position = game["start_fen"].as_str().unwrap().parse().unwrap();
    for mv in moves(&game) {
        position = position.play(mv.parse().unwrap()).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(position.fen(), game["fen"].as_str().unwrap());
    // the record reads back with the wide engine, and the game survives a restart
    let (_, pgn) = server.get(&format!("/api/games/{id}/pgn"));
    let record = Record::parse(pgn.as_str().unwrap()).unwrap();
    assert_eq!(record.game().position().fen(), position.fen());
    drop(server);
    let server = Server::start(&db);
    let (status, again) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{again}");
    assert_eq!(moves(&again), moves(&game));
    assert_eq!(again["fen"], game["fen"]);
    // no review without the 12×12 table on disk (see files.rs)
    let (status, err) = server.get(&format!("/api/games/{id}/review"));
    assert_eq!((status, err["code"].as_str()), (409, Some("tablebase_absent")), "{err}");
}

/// The test command passes for a user who built the 12×12 table: the test above, run again as a
/// process of its own in the home of such a user, still finds no table (its server's cache is
/// the tests' own).
#[test]
fn the_tests_pass_with_tables_in_the_users_cache() {
    let home = tempfile::tempdir().unwrap();
    common::user_tables(home.path());
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "wide::a_12x12_game_against_the_computer_is_played_stored_and_read_back"])
        .env("HOME", home.path())
        .env_remove("XDG_CACHE_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("RYG_CACHE_DIR")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("1 passed"),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn fourteen_plays_and_what_needs_a_tablebase_says_it_stops_at_10x10() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    // the computer plays both sides of a 14×14 game at level 1 (a one-ply search)
    let (status, game) =
        server.post("/api/games", json!({"size": 14, "mouse": "1", "cats": "random", "seed": 2}));
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let token = game["tokens"]["mouse"].as_str().unwrap().to_string();
    for _ in 0..4 {
        let (status, next) = server.post_as(&format!("/api/games/{id}/computer"), json!({}), Some(&token));
        assert_eq!(status, 200, "{next}");
    }
    let (_, game) = server.get(&format!("/api/games/{id}"));
    assert_eq!(moves(&game).len(), 4, "{game}");
    assert!(["g1f2", "g1h2"].contains(&moves(&game)[0].as_str()));
    // the perfect level and exact results need a tablebase
    let (status, err) = server.post("/api/games", json!({"size": 14, "cats": "perfect"}));
    assert_eq!(status, 400);
    assert_eq!(
        err["error"],
        "level perfect plays from the tablebase, built for boards up to 10x10 (12x12 once `ryg solve --size 12` has \
         built it): on 14x14 choose 1 to 9 or random"
    );
    let fen14 = game["start_fen"].as_str().unwrap();
    let (status, err) = server.get(&format!("/api/solve?fen={}", enc(fen14)));
    assert_eq!((status, err["code"].as_str()), (409, Some("board_too_big")), "{err}");
    assert_eq!(err["error"], "the exact result is for boards up to 10x10; this position is on 14x14");
    let fen = "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m";
    // the legal moves the page asks for are there on every size
    let (status, listed) = server.get(&format!("/api/moves?fen={}", enc(fen)));
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["moves"], json!(["g1f2", "g1h2"]));
    let (status, err) = server.post("/api/games", json!({"size": 16}));
    assert_eq!(status, 400);
    assert_eq!(err["error"], "unsupported board size 16: expected 4, 6, 8, 10, 12 or 14");
}
