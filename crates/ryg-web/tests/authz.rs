//! Every route that changes a game needs the right seat's token. The routes are taken from the
//! server's own OpenAPI document (every operation with `bearer` security), so a route added
//! later is walked too; each is tried with no token, a watcher's made-up token and the other
//! seat's, by the game's public id and by its number, and must refuse with a JSON error and
//! leave the game as it was.

use serde_json::{json, Value};

use crate::common::{number_of, Server};

/// A body the route would accept from the right seat.
fn body_for(path: &str) -> Value {
    match path.rsplit('/').next().unwrap() {
        "moves" => json!({"move": "e1f2"}),
        "computer" => json!({"level": "1"}),
        "name" => json!({"name": "Eve"}),
        _ => json!({}),
    }
}

/// The routes of the OpenAPI document that need a seat's token, as (method, path) pairs: a
/// game's (a tournament's host secret is a bearer token too; tests/tournaments.rs walks those).
fn guarded_routes(server: &Server) -> Vec<(String, String)> {
    let (status, doc) = server.get("/api/openapi.json");
    assert_eq!(status, 200);
    let mut routes = Vec::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/games/") {
            continue;
        }
        for (method, op) in ops.as_object().unwrap() {
            let guarded =
                op["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()));
            if guarded {
                routes.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

/// The game as stored, for comparing before and after.
fn snapshot(server: &Server, id: &str) -> Value {
    let (status, mut g) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    g.as_object_mut().unwrap().remove("clock");
    g
}

fn refused(server: &Server, method: &str, path: &str, token: Option<&str>, who: &str) {
    let (status, err) = server.call_as(method, path, Some(&body_for(path).to_string()), token);
    assert!(matches!(status, 401 | 403), "{method} {path} as {who}: {status} {err}");
    let code = err["code"].as_str().unwrap_or_default();
    // (`fair_play`: the computer plays for nobody in a game between two people, whoever asks)
    assert!(
        ["unauthorized", "forbidden", "not_your_turn", "fair_play"].contains(&code),
        "{method} {path} as {who}: {err}"
    );
    assert!(!err["error"].as_str().unwrap_or_default().is_empty(), "{method} {path}: {err}");
}

#[test]
fn every_guarded_route_refuses_no_token_a_watcher_and_the_wrong_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let routes = guarded_routes(&server);
    // the routes the document must list (a route that lost its guard fails here)
    for path in
        ["moves", "undo", "undo/accept", "undo/decline", "redo", "computer", "resign", "rematch", "name"]
    {
        let path = format!("/api/games/{{id}}/{path}");
        assert!(routes.contains(&("POST".into(), path.clone())), "{path} is not guarded in the document");
    }
    let watcher = "0123456789abcdef0123456789abcdef";
    // two friends, the mouse to move with an undo request of the cats waiting
    let (status, game) =
        server.post("/api/games", json!({"mouse": "human", "cats": "human", "moves": ["e1f2", "h8g7"]}));
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let (mouse, cats) = (game["tokens"]["mouse"].as_str().unwrap(), game["tokens"]["cats"].as_str().unwrap());
    let (status, asked) = server.post_as(&format!("/api/games/{id}/undo"), json!({}), Some(cats));
    assert_eq!(status, 202, "{asked}");
    // the computer against itself: only its creator steps it
    let (status, bots) = server.post("/api/games", json!({"mouse": "1", "cats": "2", "seed": 5}));
    assert_eq!(status, 201, "{bots}");
    let bots_id = bots["id"].as_str().unwrap().to_owned();
    let before = (snapshot(&server, &id), snapshot(&server, &bots_id));
    let db = dir.path().join("games.sqlite3");
    for (method, template) in &routes {
        for game_id in [&id, &bots_id] {
            // a watcher knows the public id, and can read the game but not act
            let path = template.replace("{id}", game_id);
            refused(&server, method, &path, None, "no token");
            refused(&server, method, &path, Some(watcher), "a watcher");
            // by its number too (which the API never shows), an action needs a seat's token
            let path = template.replace("{id}", &number_of(&db, game_id).to_string());
            refused(&server, method, &path, None, "no token, by number");
            refused(&server, method, &path, Some(watcher), "a watcher, by number");
        }
        // the seat that may not: the cats cannot move or ask the computer to move for the
        // mouse, and cannot answer their own undo request
        let path = template.replace("{id}", &id);
        match path.rsplit('/').next().unwrap() {
            "moves" | "computer" => refused(&server, method, &path, Some(cats), "the cats"),
            "accept" | "decline" => {
                let (status, err) = server.call_as(method, &path, Some("{}"), Some(cats));
                assert_eq!(
                    (status, err["error"].as_str()),
                    (409, Some("no undo request of your opponent is waiting")),
                    "{path}"
                );
            }
            _ => {}
        }
    }
    assert_eq!(
        (snapshot(&server, &id), snapshot(&server, &bots_id)),
        before,
        "a refused request changed a game"
    );
    // the right seats may (so the refusals above were about the token)
    let (status, moved) = server.post_as(&format!("/api/games/{id}/undo/decline"), json!({}), Some(mouse));
    assert_eq!(status, 200, "{moved}");
    let (status, stepped) = server.post_as(
        &format!("/api/games/{bots_id}/computer"),
        json!({}),
        bots["tokens"]["mouse"].as_str(),
    );
    assert_eq!(status, 200, "{stepped}");
    assert_eq!(stepped["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn the_computer_plays_at_its_own_level() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, bots) = server.post("/api/games", json!({"mouse": "1", "cats": "2", "seed": 5}));
    assert_eq!(status, 201);
    let token = bots["tokens"]["mouse"].as_str();
    assert_eq!(token, bots["tokens"]["cats"].as_str(), "one token steps both computer seats");
    let path = format!("/api/games/{}/computer", bots["id"].as_str().unwrap());
    let (status, err) = server.post_as(&path, json!({"level": "perfect"}), token);
    assert_eq!(
        (status, err["error"].as_str()),
        (400, Some("the computer plays the mouse at level 1 in this game: leave out \"level\""))
    );
    let (status, same) = server.post_as(&path, json!({"level": "1"}), token);
    assert_eq!(status, 200, "{same}");
}

#[test]
fn links_never_come_from_the_host_header() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let body = json!({"mouse": "human", "cats": "human"}).to_string();
    let (status, game) = server.call_with_header("POST", "/api/games", &body, ("Host", "evil.example"));
    assert_eq!(status, 201, "{game}");
    let link = game["links"]["watch"].as_str().unwrap();
    assert_eq!(link, format!("{}/#game={}", server.url, game["public_id"].as_str().unwrap()));
    let dir = tempfile::tempdir().unwrap();
    let public =
        Server::start_with(&dir.path().join("games.sqlite3"), &["--public-url", "https://ryg.example.org/"]);
    let (_, game) = public.call_with_header("POST", "/api/games", &body, ("Host", "evil.example"));
    assert_eq!(
        game["links"]["watch"],
        format!("https://ryg.example.org/#game={}", game["public_id"].as_str().unwrap())
    );
}
