//! The bot API against the real `ryg serve` binary (SQLite, and PostgreSQL when the suite runs
//! on it): a player marked as a program joins a rated game by its invite link, follows its
//! stream (`GET /api/bot/stream`, JSON lines, the secret in `Ryg-Player` only), moves with its
//! player secret in place of the seat's token, gets the whole game again when it reconnects,
//! and its rating moves at the end.

use std::io::{BufRead, BufReader};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use crate::common;

use common::Server;
use serde_json::{json, Value};

fn secret(seed: char) -> String {
    format!("{}_{}", seed.to_string().repeat(30), "k9".repeat(6))
}

/// A request as the holder of `secret`, with a seat's `token` if any.
fn call(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    secret: &str,
    token: Option<&str>,
) -> (u16, Value) {
    let mut req = ureq::http::Request::builder()
        .method(method)
        .uri(format!("{}{path}", server.url))
        .header("Ryg-Player", secret)
        .header("Content-Type", "application/json");
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.run(req.body(body.map_or_else(String::new, |b| b.to_string())).unwrap()).unwrap();
    let status = resp.status().as_u16();
    let text = resp.into_body().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// The bot's stream: its status, and its lines (blank ones skipped) as they come.
fn stream(server: &Server, secret: &str) -> (u16, Receiver<Value>) {
    let req = ureq::http::Request::builder()
        .uri(format!("{}/api/bot/stream", server.url))
        .header("Ryg-Player", secret)
        .body(())
        .unwrap();
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.run(req).unwrap();
    let status = resp.status().as_u16();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(resp.into_body().into_reader()).lines() {
            let Ok(line) = line else { break };
            let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
            if value != Value::String(String::new()) && tx.send(value).is_err() {
                break;
            }
        }
    });
    (status, rx)
}

fn next(lines: &Receiver<Value>) -> Value {
    lines.recv_timeout(Duration::from_secs(20)).expect("a line of the bot's stream")
}

/// The seat token an invite link carries (`…/#game=ID&token=TOKEN`).
fn token_of(link: &str) -> String {
    link.split(['#', '&']).find_map(|p| p.strip_prefix("token=")).expect("a token in the link").to_owned()
}

#[test]
fn a_bot_joins_by_link_follows_its_stream_moves_as_a_player_and_is_rated() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, robo, cy) = (secret('a'), secret('r'), secret('c'));
    let (status, bot) =
        call(&server, "POST", "/api/players", Some(json!({"name": "Robo", "bot": true})), &robo, None);
    assert_eq!((status, &bot["bot"]), (201, &json!(true)), "{bot}");
    let (status, person) = call(&server, "POST", "/api/players", Some(json!({"name": "Ana"})), &ana, None);
    assert_eq!((status, &person["bot"]), (201, &json!(false)), "{person}");
    assert_eq!(stream(&server, &ana).0, 403, "the stream is a bot's");
    let (status, body) = server.get("/api/bot/stream");
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")), "{body}");

    let spec = json!({"size": 6, "mouse": "human", "cats": "human", "rated": true, "player_seat": "mouse"});
    let (status, game) = call(&server, "POST", "/api/games", Some(spec), &ana, None);
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let mouse = game["tokens"]["mouse"].as_str().unwrap().to_owned();
    let link = game["links"]["cats"].as_str().unwrap();
    let (status, body) =
        call(&server, "POST", &format!("/api/games/{id}/player"), None, &robo, Some(&token_of(link)));
    assert_eq!(status, 200, "the bot takes the link's seat: {body}");

    let (status, lines) = stream(&server, &robo);
    assert_eq!(status, 200);
    let start = next(&lines);
    assert_eq!(
        (start["type"].as_str(), start["game"]["side"].as_str()),
        (Some("gameStart"), Some("cats")),
        "{start}"
    );
    assert_eq!((start["game"]["id"].as_str(), start["game"]["rated"].as_bool()), (Some(&*id), Some(true)));
    assert_eq!(next(&lines)["your_turn"], false);

    let first = game["legal_moves"][0].as_str().unwrap();
    let (status, _) =
        server.post_as(&format!("/api/games/{id}/moves"), json!({"move": first, "ply": 0}), Some(&mouse));
    assert_eq!(status, 200);
    let state = next(&lines);
    assert_eq!(
        (state["type"].as_str(), state["your_turn"].as_bool()),
        (Some("gameState"), Some(true)),
        "{state}"
    );
    let reply = state["game"]["legal_moves"][0].as_str().unwrap().to_owned();

    // no seat, no move: a player without one, and a player on the other seat's turn
    let moves = format!("/api/games/{id}/moves");
    call(&server, "POST", "/api/players", Some(json!({"name": "Cy"})), &cy, None);
    let (status, _) = call(&server, "POST", &moves, Some(json!({"move": reply, "ply": 1})), &cy, None);
    assert_eq!(status, 401, "a player with no seat of the game acts for none");
    let (status, _) = call(&server, "POST", &moves, Some(json!({"move": reply, "ply": 1})), &ana, None);
    assert_eq!(status, 403, "Ana's seat is the mouse's, and the cats are to move");
    let (status, body) = call(&server, "POST", &moves, Some(json!({"move": reply, "ply": 1})), &robo, None);
    assert_eq!((status, body["you"].as_str()), (200, Some("cats")), "{body}");
    assert_eq!(next(&lines)["your_turn"], false);

    // a bot that reconnects has the whole game again
    let (_, again) = stream(&server, &robo);
    assert_eq!(next(&again)["type"], "gameStart");
    let state = next(&again);
    assert_eq!(state["game"]["moves"], json!([first, reply]), "{state}");

    let (status, _) = server.post_as(&format!("/api/games/{id}/resign"), json!({}), Some(&mouse));
    assert_eq!(status, 200);
    let end = next(&again);
    assert_eq!((end["type"].as_str(), end["won"].as_bool()), (Some("gameFinish"), Some(true)), "{end}");
    let (_, page) = server.get(&format!("/api/players/{}", bot["id"].as_str().unwrap()));
    assert_eq!(page["player"]["bot"], true, "{page}");
    assert_eq!(page["ratings"][0]["games"], 1, "a bot's games are rated: {page}");
    assert!(page["ratings"][0]["rating"].as_f64().unwrap() > 1500.0, "{page}");
}

#[test]
fn a_player_becomes_a_bot_before_their_first_game_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, bo) = (secret('a'), secret('b'));
    let (status, _) = call(&server, "POST", "/api/players/me/bot", None, &ana, None);
    assert_eq!(status, 401, "no player yet");
    call(&server, "POST", "/api/players", Some(json!({"name": "Ana"})), &ana, None);
    let spec = json!({"size": 4, "mouse": "human", "cats": "random", "rated": true});
    let (status, _) = call(&server, "POST", "/api/games", Some(spec), &ana, None);
    assert_eq!(status, 201);
    let (status, body) = call(&server, "POST", "/api/players/me/bot", None, &ana, None);
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict")), "{body}");
    call(&server, "POST", "/api/players", Some(json!({"name": "Bo"})), &bo, None);
    let (status, body) = call(&server, "POST", "/api/players/me/bot", None, &bo, None);
    assert_eq!((status, &body["bot"]), (200, &json!(true)), "{body}");
    let (status, _) = stream(&server, &bo);
    assert_eq!(status, 200);
}

/// The lobby reaches a bot: a direct challenge to it is a `challenge` line of its stream (a
/// challenge the bot makes itself is not), and the game of an accepted one starts on the
/// stream at once, not at the stream's next look at the store.
#[test]
fn a_direct_challenge_reaches_the_bots_stream_and_its_game_starts_there() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, robo) = (secret('a'), secret('r'));
    let (_, bot) =
        call(&server, "POST", "/api/players", Some(json!({"name": "Robo", "bot": true})), &robo, None);
    let (_, person) = call(&server, "POST", "/api/players", Some(json!({"name": "Ana"})), &ana, None);
    let (status, lines) = stream(&server, &robo);
    assert_eq!(status, 200);

    let to_ana = json!({"size": 6, "side": "mouse", "rated": false, "to": person["id"]});
    let (status, own) = call(&server, "POST", "/api/challenges", Some(to_ana), &robo, None);
    assert_eq!(status, 201, "{own}");
    let spec = json!({"size": 6, "side": "mouse", "rated": false, "to": bot["id"]});
    let (status, challenge) = call(&server, "POST", "/api/challenges", Some(spec), &ana, None);
    assert_eq!(status, 201, "{challenge}");
    let line = lines.recv_timeout(Duration::from_secs(5)).expect("the challenge on the bot's stream");
    assert_eq!(
        (line["type"].as_str(), &line["challenge"]["id"]),
        (Some("challenge"), &challenge["id"]),
        "{line}"
    );

    let (status, seat) = call(
        &server,
        "POST",
        &format!("/api/challenges/{}/accept", challenge["id"].as_str().unwrap()),
        None,
        &robo,
        None,
    );
    assert_eq!(status, 201, "{seat}");
    let start = lines.recv_timeout(Duration::from_secs(5)).expect("the game's start at once");
    assert_eq!((start["type"].as_str(), &start["game"]["id"]), (Some("gameStart"), &seat["game"]), "{start}");
    assert_eq!(start["game"]["side"], "cats", "{start}");
}

/// The first `n` lines of a new stream of the bot (blank ones skipped), then the stream closed.
fn first_lines(server: &Server, secret: &str, n: usize) -> Vec<Value> {
    let req = ureq::http::Request::builder()
        .uri(format!("{}/api/bot/stream", server.url))
        .header("Ryg-Player", secret)
        .body(())
        .unwrap();
    let agent: ureq::Agent =
        ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(20))).build().into();
    let resp = agent.run(req).unwrap();
    let lines = BufReader::new(resp.into_body().into_reader()).lines().map_while(Result::ok);
    let seen: Vec<Value> =
        lines.filter(|l| !l.is_empty()).take(n).map(|l| serde_json::from_str(&l).unwrap()).collect();
    assert_eq!(seen.len(), n, "the stream gave {} of {n} lines in 20 s: {seen:?}", seen.len());
    seen
}

/// A game that ends while the bot's stream is closed reaches it when it comes back, as its
/// start and its end; that end goes out once (the next stream opens with the bot's new game).
#[test]
fn a_game_that_ended_while_the_bot_was_away_reaches_it_when_it_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, robo) = (secret('a'), secret('r'));
    call(&server, "POST", "/api/players", Some(json!({"name": "Robo", "bot": true})), &robo, None);
    call(&server, "POST", "/api/players", Some(json!({"name": "Ana"})), &ana, None);
    let new_game = || {
        let spec =
            json!({"size": 6, "mouse": "human", "cats": "human", "rated": true, "player_seat": "mouse"});
        let (status, game) = call(&server, "POST", "/api/games", Some(spec), &ana, None);
        assert_eq!(status, 201, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let link = game["links"]["cats"].as_str().unwrap();
        let (status, body) =
            call(&server, "POST", &format!("/api/games/{id}/player"), None, &robo, Some(&token_of(link)));
        assert_eq!(status, 200, "the bot takes the link's seat: {body}");
        (id, game["tokens"]["mouse"].as_str().unwrap().to_owned())
    };
    let (id, mouse) = new_game();
    let seen = first_lines(&server, &robo, 2);
    assert_eq!((seen[0]["type"].as_str(), seen[1]["type"].as_str()), (Some("gameStart"), Some("gameState")));

    // the stream is closed (the bot stopped); the game ends meanwhile
    std::thread::sleep(Duration::from_millis(500));
    let (status, _) = server.post_as(&format!("/api/games/{id}/resign"), json!({}), Some(&mouse));
    assert_eq!(status, 200);

    let back = first_lines(&server, &robo, 2);
    assert_eq!((back[0]["type"].as_str(), back[0]["game"]["id"].as_str()), (Some("gameStart"), Some(&*id)));
    assert_eq!(
        (back[1]["type"].as_str(), back[1]["id"].as_str(), back[1]["won"].as_bool()),
        (Some("gameFinish"), Some(&*id), Some(true)),
        "{back:?}"
    );
    let (next_id, _) = new_game();
    let after = first_lines(&server, &robo, 1);
    assert_eq!(after[0]["game"]["id"].as_str(), Some(&*next_id), "the old end went out once: {after:?}");
}
