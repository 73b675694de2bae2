//! 12×12 and 14×14 over HTTP: games against the search levels, moves and analysis; exact
//! results and the tablebase levels refused with a message (the server's tablebases stop at
//! 10×10).

use crate::common;

use common::Server;
use ryg::Position;
use serde_json::json;

fn enc(fen: &str) -> String {
    fen.replace(' ', "%20").replace('/', "%2F")
}

#[test]
fn a_12x12_game_against_level_2_and_what_14x14_answers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post("/api/games", json!({"size": 12, "mouse": "human", "cats": "2", "seed": 3}));
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["fen"], "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m");
    let id = game["id"].as_i64().unwrap();
    let mut game = game;
    for ply in 0..6 {
        let position: Position = game["fen"].as_str().unwrap().parse().unwrap();
        let moves = position.legal_moves();
        let mv = moves[ply % moves.len()].to_string();
        let (status, next) = server.post(&format!("/api/games/{id}/moves"), json!({ "move": mv }));
        assert_eq!(status, 200, "{next}");
        // the mouse's move and the cats' reply
        assert_eq!(next["moves"].as_array().unwrap().len(), 2 * ply + 2, "{next}");
        game = next;
    }
    let fen = game["fen"].as_str().unwrap();
    let (status, err) = server.get(&format!("/api/solve?fen={}", enc(fen)));
    assert_eq!(status, 400, "{err}");
    assert!(err["error"].as_str().unwrap().starts_with("no exact results on 12x12"), "{err}");
    let (status, analysis) = server.get(&format!("/api/analyze?fen={}&depth=6", enc(fen)));
    assert_eq!(status, 200, "{analysis}");
    // 14×14: its moves, and a perfect computer refused before any game is stored
    let start14 = "1c1c1c1c1c1c1c/14/14/14/14/14/14/14/14/14/14/14/14/6m7 m";
    let (status, moves) = server.get(&format!("/api/moves?fen={}", enc(start14)));
    assert_eq!((status, moves["moves"].clone()), (200, json!(["g1f2", "g1h2"])));
    let (status, err) = server.post("/api/games", json!({"size": 14, "cats": "perfect"}));
    assert_eq!(status, 400, "{err}");
    assert_eq!(
        err["error"],
        "level perfect plays from the tablebase, which covers boards up to 10x10: on 14x14 choose a level from 1 to 9 or random"
    );
}
