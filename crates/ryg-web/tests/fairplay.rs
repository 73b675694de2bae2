//! Fair play: the server's computer is no oracle for a game between two people that is being
//! played. It plays no move from a live game's closed position (created from it, reached by a
//! person's move, asked for with `…/computer`), reviews no game that passes through one, and
//! plays no move for a person in a game between two people.

use crate::common;
use crate::friends::{enc, friends_game_one_move_in, set_up_friends_game};

use common::Server;
use ryg::{Move, Position};
use serde_json::{json, Value};

fn code(answer: &(u16, Value)) -> (u16, Option<&str>) {
    (answer.0, answer.1["code"].as_str())
}

/// The attack run's two holes: a new game from a live friend game's position (its FEN, its
/// record, or its start and moves) with the computer on a side, and a seat holder asking the
/// server to play a move for them (`…/computer`). Both 403 while the game is live; once it is
/// over a copy with the computer is created as ever.
#[test]
fn no_computer_plays_a_live_friends_games_position() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, public, _mouse, g) = friends_game_one_move_in(&server);
    let cats = game["tokens"]["cats"].as_str().unwrap().to_owned();
    let board = g["fen"].as_str().unwrap().to_owned();
    let (status, record) = server.get(&format!("/api/games/{public}/pgn"));
    assert_eq!(status, 200, "{record}");
    let record = record.as_str().unwrap().to_owned();
    let first = game["legal_moves"][0].clone();
    let copies = [
        json!({"fen": board, "mouse": "human", "cats": "perfect"}),
        json!({"fen": board, "mouse": "human", "cats": "3"}),
        json!({"fen": board, "mouse": "human", "cats": {"engine": "ryg3-v10", "depth": 8}}),
        // the cats' seat is the computer's unless asked otherwise
        json!({"fen": board}),
        json!({"pgn": record, "mouse": "human", "cats": "perfect"}),
        json!({"fen": game["fen"], "moves": [first], "mouse": "human", "cats": "perfect"}),
    ];
    for copy in &copies {
        let answer = server.post("/api/games", copy.clone());
        assert_eq!(code(&answer), (403, Some("live_game")), "{copy}: {}", answer.1);
    }
    // the cats' seat holder asks the server to play for them, at any level
    for level in ["perfect", "3"] {
        let path = format!("/api/games/{public}/computer");
        let answer = server.post_as(&path, json!({ "level": level }), Some(&cats));
        assert_eq!(code(&answer), (403, Some("fair_play")), "{level}: {}", answer.1);
    }
    let (status, after) = server.get(&format!("/api/games/{public}"));
    assert_eq!((status, &after["fen"]), (200, &g["fen"]), "nothing was played: {after}");

    // over: a copy with the computer is any game
    let resigned = server.post_as(&format!("/api/games/{public}/resign"), json!({}), Some(&cats));
    assert_eq!(resigned.0, 200, "{}", resigned.1);
    for copy in &copies {
        let (status, body) = server.post("/api/games", copy.clone());
        assert_eq!(status, 201, "{copy}: {body}");
    }
}

/// The other ways to the same answer: a hot-seat copy of the live position asking the computer
/// for a move or for its review, and a game against the computer in which the person's move
/// reaches the live position by another road (a transposition) so that the computer would
/// answer from it.
#[test]
fn no_copy_of_a_live_friends_game_is_an_oracle_either() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse) = set_up_friends_game(&server);
    let cats = game["tokens"]["cats"].as_str().unwrap().to_owned();
    let public = game["public_id"].as_str().unwrap().to_owned();
    let start: Position = game["fen"].as_str().unwrap().parse().unwrap();
    let (line, other_road) = transposition(&start).expect("a mouse path with two roads on 6x6");
    for (ply, mv) in line.iter().enumerate() {
        let token = if ply % 2 == 0 { &mouse } else { &cats };
        let path = format!("/api/games/{public}/moves");
        let (status, g) = server.post_as(&path, json!({"move": mv.to_string()}), Some(token));
        assert_eq!(status, 200, "{g}");
    }
    let board = line.iter().try_fold(start, |p, &mv| p.play(mv)).unwrap();

    // a hot-seat copy is created, but the computer plays none of its moves and it has no review
    let (status, copy) = server
        .post("/api/games", json!({"fen": board.fen(), "mouse": "human", "cats": "human", "hotseat": true}));
    assert_eq!(status, 201, "{copy}");
    let id = copy["id"].as_str().unwrap().to_owned();
    let token = copy["tokens"]["cats"].as_str().unwrap().to_owned();
    let asked =
        server.post_as(&format!("/api/games/{id}/computer"), json!({"level": "perfect"}), Some(&token));
    assert_eq!(code(&asked), (403, Some("live_game")), "{}", asked.1);
    let reviewed = server.get(&format!("/api/games/{id}/review"));
    assert_eq!(code(&reviewed), (403, Some("live_game")), "{}", reviewed.1);

    // the other road: the person's move would have the computer answer from the live board
    let (status, against) =
        server.post("/api/games", json!({"fen": other_road.0.fen(), "mouse": "human", "cats": "perfect"}));
    assert_eq!(status, 201, "{against}");
    let id = against["id"].as_str().unwrap().to_owned();
    let token = against["tokens"]["mouse"].as_str().unwrap().to_owned();
    let moved = server.post_as(
        &format!("/api/games/{id}/moves"),
        json!({"move": other_road.1.to_string()}),
        Some(&token),
    );
    assert_eq!(code(&moved), (403, Some("live_game")), "{}", moved.1);
    let (_, unchanged) = server.get(&format!("/api/games/{id}"));
    assert_eq!(unchanged["fen"].as_str(), Some(other_road.0.fen().as_str()), "{unchanged}");

    // its end opens everything
    let resigned = server.post_as(&format!("/api/games/{public}/resign"), json!({}), Some(&cats));
    assert_eq!(resigned.0, 200, "{}", resigned.1);
    let moved = server.post_as(
        &format!("/api/games/{id}/moves"),
        json!({"move": other_road.1.to_string()}),
        Some(&token),
    );
    assert_eq!(moved.0, 200, "{}", moved.1);
    let reviewed = server.get(&format!("/api/games/{}/review", copy["id"].as_str().unwrap()));
    assert_eq!(reviewed.0, 200, "{}", reviewed.1);
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(&board.fen())));
    assert_eq!(status, 200, "{body}");
}

/// Three plies from `start` (mouse, cats, mouse) whose last position the mouse also reaches by
/// another square: the line, and the other road's position before the mouse's last move with
/// that move (a position no live game closes, one move from the line's end).
fn transposition(start: &Position) -> Option<(Vec<Move>, (Position, Move))> {
    for &m1 in &start.legal_moves() {
        let after = start.play(m1).ok()?;
        for &c1 in &after.legal_moves() {
            let before = after.play(c1).ok()?;
            for &m2 in &before.legal_moves() {
                let board = before.play(m2).ok()?;
                for &m1b in &start.legal_moves() {
                    let Ok(other) = start.play(m1b).and_then(|p| p.play(c1)) else { continue };
                    if other == before {
                        continue;
                    }
                    if let Some(&m2b) = other.legal_moves().iter().find(|&&m| other.play(m) == Ok(board)) {
                        return Some((vec![m1, c1, m2], (other, m2b)));
                    }
                }
            }
        }
    }
    None
}
