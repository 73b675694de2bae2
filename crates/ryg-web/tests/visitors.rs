//! Each visitor their own: games stored at their first move, listed only by id unless the server
//! is public, the retention of games nobody plays, and the review of a finished game.

use serde_json::{json, Value};

use crate::common::events::{friends_game, listen, next};
use crate::common::{execute, Server};

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_owned()).collect()
}

#[test]
fn a_game_is_created_with_its_first_moves_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post(
        "/api/games",
        json!({"mouse": "human", "cats": "human", "hotseat": true, "moves": ["e1d2", "b8a7"]}),
    );
    assert_eq!(status, 201, "{game}");
    assert_eq!(strings(&game["moves"]), ["e1d2", "b8a7"]);
    assert_eq!((game["to_move"].as_str(), game["version"].as_i64()), (Some("mouse"), Some(0)));
    let id = game["id"].as_str().unwrap().to_owned();
    // against the computer, its answer comes at once
    let (status, game) = server.post("/api/games", json!({"mouse": "human", "cats": "1", "moves": ["e1f2"]}));
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 2, "{game}");
    for (moves, code, message) in
        [(json!(["e1d2", "e1d2"]), "illegal_move", "illegal move"), (json!(["e1d2", "zz"]), "bad_move", "zz")]
    {
        let (status, err) = server.post("/api/games", json!({"mouse": "human", "cats": "3", "moves": moves}));
        assert_eq!((status, err["code"].as_str()), (400, Some(code)), "{err}");
        assert!(err["error"].as_str().unwrap().contains(message), "{err}");
    }
    // nothing stored by the refused ones: the next game is the third stored
    let _ = id;
    let (status, next) = server.post("/api/games", json!({"mouse": "human", "cats": "human"}));
    assert_eq!(status, 201, "{next}");
    assert_eq!(crate::common::number_of(&dir.path().join("games.sqlite3"), next["id"].as_str().unwrap()), 3);
}

#[test]
fn games_are_listed_to_all_only_on_a_public_server() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let id = {
        let server = Server::start(&db);
        assert_eq!(server.get("/api/config").1, json!({"public_games": false}));
        let (status, game) =
            server.post("/api/games", json!({"mouse": "human", "cats": "2", "moves": ["e1d2"]}));
        assert_eq!(status, 201);
        let (status, err) = server.get("/api/games");
        assert_eq!((status, err["code"].as_str()), (404, Some("not_public")), "{err}");
        let (_, some) = server.get(&format!("/api/games?ids={}", game["id"].as_str().unwrap()));
        assert_eq!(some["games"][0]["id"], game["id"]);
        game["id"].as_str().unwrap().to_owned()
    };
    let server = Server::start_with(&db, &["--public-games"]);
    assert_eq!(server.get("/api/config").1, json!({"public_games": true}));
    let (status, all) = server.get("/api/games");
    assert_eq!((status, all["games"][0]["id"].as_str()), (200, Some(id.as_str())));
}

#[test]
fn games_nobody_moved_in_go_after_a_day_and_old_ones_after_keep_days() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let (unplayed, played) = {
        let server = Server::start(&db);
        let (_, a) = server.post("/api/games", json!({"mouse": "human", "cats": "human"}));
        let (_, b) = server.post(
            "/api/games",
            json!({"mouse": "human", "cats": "human", "hotseat": true, "moves": ["e1d2"]}),
        );
        (a["id"].as_str().unwrap().to_owned(), b["id"].as_str().unwrap().to_owned())
    };
    execute(&db, "UPDATE games SET updated_at = '2020-01-01T00:00:00Z'");
    {
        // at start the server drops the game nobody moved in; the played one stays (kept forever)
        let server = Server::start_with(&db, &["--keep-days", "0"]);
        let ids = format!("/api/games?ids={unplayed},{played}");
        let found = (0..100)
            .map(|_| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                server.get(&ids).1["games"].as_array().unwrap().len()
            })
            .find(|&n| n == 1);
        assert_eq!(found, Some(1), "the unplayed game was deleted");
        assert_eq!(server.get(&format!("/api/games/{played}")).0, 200);
        assert_eq!(server.get(&format!("/api/games/{unplayed}")).0, 404);
    }
    let server = Server::start_with(&db, &["--keep-days", "30"]);
    let gone = (0..100).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(50));
        server.get(&format!("/api/games/{played}")).0 == 404
    });
    assert!(gone, "a game unchanged for longer than --keep-days is deleted");
}

#[test]
fn the_review_holds_the_tablebase_value_of_every_ply() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post(
        "/api/games",
        json!({"size": 4, "mouse": "human", "cats": "human", "hotseat": true, "moves": ["c1b2", "b4a3", "b2c3"]}),
    );
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let (status, review) = server.get(&format!("/api/games/{id}/review"));
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["size"], 4);
    let values = review["values"].as_array().unwrap();
    assert_eq!(values.len(), 4);
    // 4×4: the cats win in 8 plies from the start (rules.md)
    assert_eq!(values[0], json!({"ply": 0, "winner": "cats", "plies": 8}));
    // every value is what /api/solve says of that position; a mistake is where the winner changed
    let mut fen = game["start_fen"].as_str().unwrap().to_owned();
    let moves = ["c1b2", "b4a3", "b2c3"];
    let mut expected_mistakes = Vec::new();
    for (ply, v) in values.iter().enumerate() {
        let (_, solved) = server.get(&format!("/api/solve?fen={}", fen.replace(' ', "%20")));
        assert_eq!((&v["winner"], &v["plies"]), (&solved["winner"], &solved["plies"]), "ply {ply}");
        if ply > 0 && values[ply - 1]["winner"] != v["winner"] {
            expected_mistakes.push(ply as i64 - 1);
        }
        if let Some(mv) = moves.get(ply) {
            let (_, next) = server.get(&format!("/api/moves?fen={}", fen.replace(' ', "%20")));
            assert!(strings(&next["moves"]).contains(&(*mv).to_owned()), "{next}");
            let (_, played) = server.post(
                "/api/games",
                json!({"fen": fen, "mouse": "human", "cats": "human", "hotseat": true, "moves": [mv]}),
            );
            fen = played["fen"].as_str().unwrap().to_owned();
        }
    }
    let marked: Vec<i64> =
        review["mistakes"].as_array().unwrap().iter().map(|m| m["ply"].as_i64().unwrap()).collect();
    assert_eq!(marked, expected_mistakes);
    assert_eq!(server.get("/api/games/999/review").0, 404);
}

#[test]
fn a_stranger_cannot_read_a_game_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db);
    let (status, game) = server.post(
        "/api/games",
        json!({"mouse": "human", "cats": "human", "names": {"mouse": "Ana"}, "moves": ["e1d2"]}),
    );
    assert_eq!(status, 201, "{game}");
    let public = game["public_id"].as_str().unwrap().to_owned();
    assert_eq!(game["id"].as_str(), Some(public.as_str()), "the answer's id is the public id");
    // the store's number, which the API never shows (an earlier page's address may hold it)
    let id = crate::common::number_of(&db, &public);
    assert_eq!(public.len(), 11, "{public}");
    assert!(public.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{public}");
    let mouse = game["tokens"]["mouse"].as_str();
    // by its number: a stranger (no token, or a made-up one) finds no game, on every read
    let stranger = Some("0123456789abcdef0123456789abcdef");
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/pgn"),
        format!("/api/games/{id}/events"),
        format!("/api/games/{id}/review"),
        format!("/api/games/{id}/thinking"),
        format!("/api/games?ids={id},1,2,3"),
    ] {
        for token in [None, stranger] {
            let (status, body) = server.call_as("GET", &path, None, token);
            if path.contains("?ids=") {
                assert_eq!((status, body["games"].as_array().unwrap().len()), (200, 0), "{path}: {body}");
            } else {
                assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "{path}: {body}");
                assert!(!body.to_string().contains("Ana"), "{path}: {body}");
            }
        }
    }
    // its seat holders still open it by number
    let (status, mine) = server.call_as("GET", &format!("/api/games/{id}"), None, mouse);
    assert_eq!(
        (status, mine["you"].as_str(), mine["public_id"].as_str()),
        (200, Some("mouse"), Some(&*public))
    );
    // whoever has the public id (the watch link) reads it, as a watcher
    let (status, watched) = server.call_as("GET", &format!("/api/games/{public}"), None, None);
    assert_eq!(
        (status, watched["you"].clone(), watched["names"]["mouse"].as_str()),
        (200, Value::Null, Some("Ana"))
    );
    let (_, listed) = server.call_as("GET", &format!("/api/games?ids={public},{id}"), None, None);
    assert_eq!(listed["games"].as_array().unwrap().len(), 1, "{listed}");
    // a guessed public id is no game (and a malformed one a bad request)
    let first = if public.starts_with('A') { 'B' } else { 'A' };
    let guess = format!("{first}{}", &public[1..]);
    assert_eq!(server.call_as("GET", &format!("/api/games/{guess}"), None, None).0, 404);
    let (status, err) = server.call_as("GET", "/api/games?ids=abc", None, None);
    assert_eq!((status, err["code"].as_str()), (400, Some("bad_request")), "{err}");
}

/// Whether `text` holds `needle` not followed by a character of a public id.
fn contains_whole(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        !text[at + needle.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}

#[test]
fn a_public_id_that_starts_with_the_number_is_not_the_number() {
    assert!(!contains_whole("[Event \"ryg web game 12EaKKHaz5B\"]", "game 12"));
    assert!(contains_whole("[Event \"ryg web game 12\"]", "game 12"));
    assert!(contains_whole("game 12, then game 12EaKK", "game 12"));
}

/// The store's numbers are not shown to anyone, nor derivable: not in a game's view (its `id`
/// is its public id), its live events, its record, a rematch as a watcher sees it, nor in an
/// error. (Before: `"id": 12` in every view and event, "Game 12" on the page, "ryg web game 12"
/// in the record, "game 12 was changed…" in a conflict's message.)
#[test]
fn no_answer_shows_the_stores_number_of_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db);
    // eleven games before this one: its number is 12
    for _ in 0..11 {
        assert_eq!(
            server.post("/api/games", json!({"mouse": "human", "cats": "human", "hotseat": true})).0,
            201
        );
    }
    let (game, mouse, cats) =
        friends_game(&server, json!({"mouse": "human", "cats": "human", "names": {"mouse": "Ana"}}));
    let public = game["id"].as_str().unwrap().to_owned();
    assert_eq!(crate::common::number_of(&db, &public), 12);
    // a needle counts only as a whole number: "game 12EaKK…" is a public id that happens to
    // start with the digits (CI once drew one), not the number
    let shows_number = |what: &str, text: &str| {
        for needle in ["\"id\":12", "\"id\": 12", "game 12", "Game 12", "#12", "\"rematch_id\":13", "game 13"]
        {
            assert!(!contains_whole(text, needle), "{what} shows the number ({needle}): {text}");
        }
    };
    shows_number("the answer to its creation", &game.to_string());
    let (_, watched) = server.get(&format!("/api/games/{public}"));
    shows_number("a watcher's view", &watched.to_string());
    assert_eq!((watched["id"].as_str(), watched["public_id"].as_str()), (Some(&*public), Some(&*public)));
    let rx = listen(&server.url, &game, None);
    shows_number("its first event", &next(&rx).game.to_string());
    let mv = json!({"move": game["legal_moves"][0]}).to_string();
    let (status, moved) =
        server.call_as("POST", &format!("/api/games/{public}/moves"), Some(&mv), Some(&mouse));
    assert_eq!(status, 200, "{moved}");
    shows_number("a player's view", &moved.to_string());
    shows_number("its next event", &next(&rx).game.to_string());
    // the errors that named a game by its number
    let (status, err) = server.call_as("POST", &format!("/api/games/{public}/resign"), Some("{}"), None);
    assert_eq!(status, 401);
    shows_number("a refusal without a token", &err.to_string());
    let (status, pgn) = server.get(&format!("/api/games/{public}/pgn"));
    assert_eq!(status, 200);
    let pgn = pgn.as_str().unwrap().to_owned();
    shows_number("its record", &pgn);
    assert!(pgn.contains(&format!("[Event \"ryg web game {public}\"]")), "{pgn}");
    // a rematch: its players learn its public id, a watcher only that there is one
    assert_eq!(
        server.call_as("POST", &format!("/api/games/{public}/resign"), Some("{}"), Some(&mouse)).0,
        200
    );
    for (token, want) in [(&mouse, 202), (&cats, 201)] {
        let (status, r) =
            server.call_as("POST", &format!("/api/games/{public}/rematch"), Some("{}"), Some(token));
        assert_eq!(status, want, "{r}");
        shows_number("a rematch's answer", &r.to_string());
    }
    let (_, watched) = server.get(&format!("/api/games/{public}"));
    shows_number("a watcher's view after the rematch", &watched.to_string());
    assert_eq!(
        (watched["rematched"].as_bool(), watched["rematch_id"].as_str()),
        (Some(true), None),
        "{watched}"
    );
    let (_, played) = server.call_as("GET", &format!("/api/games/{public}"), None, Some(&cats));
    let rematch = played["rematch_id"].as_str().unwrap();
    assert!(ryg_web::token::is_public_id(rematch), "{played}");
    shows_number("a player's view after the rematch", &played.to_string());
}
