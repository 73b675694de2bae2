//! The lobby, against the real `ryg serve` binary: open challenges listed live and accepted
//! into a game, cancelled by their owner, expired when the owner leaves; direct challenges to
//! one player, declined by them; quick pairing into a rated game whose end moves both ratings
//! as `ryg-ratings` computes them; and two servers on one PostgreSQL sharing all of it.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{pg::Database, Server};
use crate::players::{as_player, join, rating_on, rounded, secret};
use ryg_ratings::{Outcome, NEWCOMER};
use serde_json::{json, Value};

/// `GET /api/lobby/events` as the holder of `secret` (none: a visitor), read on a thread: each
/// event's name and data arrive on the channel.
fn lobby_stream(server: &Server, secret: Option<&str>) -> mpsc::Receiver<(String, Value)> {
    let mut req = ureq::get(format!("{}/api/lobby/events", server.url));
    if let Some(s) = secret {
        req = req.header("Ryg-Player", s);
    }
    let resp = req.call().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(resp.into_body().into_reader());
        let (mut event, mut data) = (String::new(), String::new());
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(v) = line.strip_prefix("event:") {
                event = v.trim().to_owned();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim_start());
            } else if line.is_empty() && !data.is_empty() {
                if tx.send((std::mem::take(&mut event), serde_json::from_str(&data).unwrap())).is_err() {
                    return;
                }
                data.clear();
            }
        }
    });
    rx
}

/// The next event named `name` (others skipped), within 10 s.
fn next_event(rx: &mpsc::Receiver<(String, Value)>, name: &str) -> Value {
    next_event_within(rx, name, 10)
}

fn players(server: &Server) -> [(String, String); 3] {
    ['a', 'b', 'c'].map(|seed| {
        let s = secret(seed);
        let p = join(server, &s, &format!("P{seed}"));
        (s, p["id"].as_str().unwrap().to_owned())
    })
}

fn challenge(server: &Server, secret: &str, body: Value) -> Value {
    let (status, c) = as_player(server, "POST", "/api/challenges", Some(body), secret, None);
    assert_eq!(status, 201, "{c}");
    c
}

#[test]
fn an_open_challenge_is_seen_live_accepted_into_a_game_and_cancelled_by_its_owner() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let [(ana, _), (bo, _), (cy, _)] = players(&server);
    let (status, body) = server.post("/api/challenges", json!({"size": 6}));
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")), "{body}");
    let (status, body) =
        as_player(&server, "POST", "/api/challenges", Some(json!({"side": "left"})), &ana, None);
    assert_eq!(status, 400, "{body}");
    let (status, body) = as_player(&server, "POST", "/api/challenges", Some(json!({"size": 5})), &ana, None);
    assert_eq!(status, 400, "{body}");

    let watcher = lobby_stream(&server, Some(&cy));
    assert_eq!(next_event(&watcher, "snapshot")["challenges"], json!([]));
    let owner = lobby_stream(&server, Some(&ana));
    next_event(&owner, "snapshot");
    let spec = json!({"size": 6, "side": "mouse", "clock": {"minutes": 5, "increment": 2}, "rated": false});
    let c = challenge(&server, &ana, spec);
    let id = c["id"].as_str().unwrap().to_owned();
    let added = next_event(&watcher, "added");
    assert_eq!((&added["id"], &added["owner"]["name"], &added["size"]), (&c["id"], &json!("Pa"), &json!(6)));
    let (status, list) = server.get("/api/challenges");
    assert_eq!((status, list["challenges"][0]["id"].as_str()), (200, Some(id.as_str())), "{list}");

    let accept = format!("/api/challenges/{id}/accept");
    let (status, body) = as_player(&server, "POST", &accept, None, &ana, None);
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict")), "not one's own: {body}");
    let (status, seat) = as_player(&server, "POST", &accept, None, &bo, None);
    assert_eq!((status, seat["side"].as_str()), (201, Some("cats")), "{seat}");
    assert_eq!(seat["view"]["clock"]["initial_ms"], 300_000, "{seat}");
    let removed = next_event(&watcher, "removed");
    assert_eq!((&removed["id"], removed["why"].as_str()), (&c["id"], Some("accepted")));
    let mine = next_event(&owner, "game");
    assert_eq!((&mine["game"], mine["side"].as_str()), (&seat["game"], Some("mouse")), "{mine}");
    assert_ne!(mine["token"], seat["token"]);
    let game = seat["game"].as_str().unwrap();
    let first = json!({"move": seat["view"]["legal_moves"][0]});
    let (status, body) = server.post_as(&format!("/api/games/{game}/moves"), first, mine["token"].as_str());
    assert_eq!(status, 200, "the owner plays with the token the lobby gave: {body}");
    let (status, _) = as_player(&server, "POST", &accept, None, &cy, None);
    assert_eq!(status, 404, "a challenge is accepted once");

    let c = challenge(&server, &ana, json!({"size": 8}));
    let path = format!("/api/challenges/{}", c["id"].as_str().unwrap());
    let (status, body) = as_player(&server, "DELETE", &path, None, &bo, None);
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{body}");
    let (status, _) = as_player(&server, "DELETE", &path, None, &ana, None);
    assert_eq!(status, 204);
    assert_eq!(next_event(&watcher, "removed")["why"], "cancelled");
    assert_eq!(server.get("/api/challenges").1["challenges"], json!([]));

    // a player who deletes themselves takes their challenges with them: the list still reads
    challenge(&server, &bo, json!({"size": 8}));
    let (status, _) = as_player(&server, "DELETE", "/api/players/me", None, &bo, None);
    assert_eq!(status, 204);
    let (status, list) = server.get("/api/challenges");
    assert_eq!((status, &list["challenges"]), (200, &json!([])), "{list}");
}

#[test]
fn a_direct_challenge_reaches_its_player_alone_who_may_decline_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let [(ana, ana_id), (bo, bo_id), (cy, _)] = players(&server);
    let (status, _) = as_player(&server, "POST", "/api/challenges", Some(json!({"to": ana_id})), &ana, None);
    assert_eq!(status, 400, "not to oneself");
    let (status, _) =
        as_player(&server, "POST", "/api/challenges", Some(json!({"to": "AAAAAAAAAAA"})), &ana, None);
    assert_eq!(status, 404, "not to nobody");
    let to_bo = lobby_stream(&server, Some(&bo));
    next_event(&to_bo, "snapshot");
    let owner = lobby_stream(&server, Some(&ana));
    next_event(&owner, "snapshot");
    let c = challenge(&server, &ana, json!({"to": bo_id, "size": 4}));
    let heard = next_event(&to_bo, "challenge");
    assert_eq!((&heard["id"], &heard["to"]["id"]), (&c["id"], &json!(bo_id)));
    assert_eq!(server.get("/api/challenges").1["challenges"], json!([]), "not in the public list");
    let (_, bos) = as_player(&server, "GET", "/api/challenges", None, &bo, None);
    assert_eq!(bos["challenges"][0]["id"], c["id"], "in its player's list: {bos}");
    let id = c["id"].as_str().unwrap();
    let (status, _) = as_player(&server, "POST", &format!("/api/challenges/{id}/accept"), None, &cy, None);
    assert_eq!(status, 403, "for another player");
    let (status, _) = as_player(&server, "POST", &format!("/api/challenges/{id}/decline"), None, &ana, None);
    assert_eq!(status, 403, "the owner cancels, not declines");
    let (status, _) = as_player(&server, "POST", &format!("/api/challenges/{id}/decline"), None, &bo, None);
    assert_eq!(status, 204);
    let removed = next_event(&owner, "removed");
    assert_eq!((&removed["id"], removed["why"].as_str()), (&c["id"], Some("declined")));
}

#[test]
fn quick_pairing_makes_a_rated_game_whose_end_moves_both_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let [(ana, _), (bo, _), (cy, _)] = players(&server);
    let ana_stream = lobby_stream(&server, Some(&ana));
    next_event(&ana_stream, "snapshot");
    let (status, body) = as_player(&server, "POST", "/api/pairing", Some(json!({"size": 7})), &ana, None);
    assert_eq!(status, 400, "{body}");
    let (status, waiting) = as_player(&server, "POST", "/api/pairing", Some(json!({"size": 6})), &ana, None);
    assert_eq!((status, &waiting["waiting"]), (202, &json!(true)), "{waiting}");
    // another size never meets her
    let (status, _) = as_player(&server, "POST", "/api/pairing", Some(json!({"size": 8})), &cy, None);
    assert_eq!(status, 202);
    let (status, seat) = as_player(&server, "POST", "/api/pairing", Some(json!({"size": 6})), &bo, None);
    assert_eq!(status, 201, "paired at once: {seat}");
    let hers = next_event(&ana_stream, "game");
    assert_eq!(hers["game"], seat["game"]);
    assert_ne!(hers["side"], seat["side"]);
    let (_, state) = as_player(&server, "GET", "/api/pairing", None, &ana, None);
    assert_eq!((&state["waiting"], &state["games"][0]["game"]), (&json!(false), &seat["game"]), "{state}");
    let (_, state) = as_player(&server, "GET", "/api/pairing", None, &cy, None);
    assert_eq!(state["waiting"], true, "{state}");
    let (status, _) = as_player(&server, "DELETE", "/api/pairing", None, &cy, None);
    assert_eq!(status, 204);
    assert_eq!(as_player(&server, "GET", "/api/pairing", None, &cy, None).1["waiting"], false);

    // the mouse moves, the cats resign: the mouse's player wins
    let game = seat["game"].as_str().unwrap();
    let (mouse, cats, mouse_player, cats_player) =
        if seat["side"] == "mouse" { (&seat, &hers, &bo, &ana) } else { (&hers, &seat, &ana, &bo) };
    let (_, view) = server.call_as("GET", &format!("/api/games/{game}"), None, mouse["token"].as_str());
    let first = json!({"move": view["legal_moves"][0]});
    let (status, body) = server.post_as(&format!("/api/games/{game}/moves"), first, mouse["token"].as_str());
    assert_eq!(status, 200, "{body}");
    let (status, body) =
        server.post_as(&format!("/api/games/{game}/resign"), json!({}), cats["token"].as_str());
    assert_eq!((status, body["result"].as_str()), (200, Some("1-0")), "{body}");
    let (won, lost) = ryg_ratings::rate_pair(NEWCOMER, NEWCOMER, Outcome::Win);
    let rating = |s: &str| rating_on(&server, s, 6).map(|(r, d, g)| ((r, d), g));
    assert_eq!(rating(mouse_player), Some((rounded(won), 1)));
    assert_eq!(rating(cats_player), Some((rounded(lost), 1)));
}

#[test]
fn a_challenge_expires_when_its_owner_leaves_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let [(ana, _), (bo, _), _] = players(&server);
    let stays = lobby_stream(&server, Some(&bo));
    next_event(&stays, "snapshot");
    let gone = challenge(&server, &ana, json!({"size": 6}));
    let kept = challenge(&server, &bo, json!({"size": 6}));
    // nobody holds Ana's lobby stream: her challenge goes 20 s later, Bo's stays
    let removed = (0..3).map(|_| next_event_within(&stays, "removed", 30)).find(|r| r["id"] == gone["id"]);
    assert_eq!(removed.map(|r| r["why"].clone()), Some(json!("expired")));
    let (_, list) = server.get("/api/challenges");
    let ids: Vec<&Value> = list["challenges"].as_array().unwrap().iter().map(|c| &c["id"]).collect();
    assert_eq!(ids, vec![&kept["id"]], "{list}");
}

/// The next event named `name` within `seconds`.
fn next_event_within(rx: &mpsc::Receiver<(String, Value)>, name: &str, seconds: u64) -> Value {
    let until = std::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let left = until.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok((event, data)) if event == name => return data,
            Ok(_) => {}
            Err(e) => panic!("no {name} event: {e}"),
        }
    }
}

#[test]
fn two_servers_on_one_postgresql_share_the_lobby_and_pair_across() {
    let db = Database::new("lobby");
    let one = Server::start_url(&db.url, &[]);
    let two = Server::start_url(&db.url, &[]);
    let [(ana, _), (bo, _), (cy, _)] = players(&one);
    let watcher = lobby_stream(&two, Some(&cy));
    next_event(&watcher, "snapshot");
    let c = challenge(&one, &ana, json!({"size": 6}));
    assert_eq!(next_event(&watcher, "added")["id"], c["id"], "created on one, seen live on two");
    let (status, seat) = as_player(
        &two,
        "POST",
        &format!("/api/challenges/{}/accept", c["id"].as_str().unwrap()),
        None,
        &cy,
        None,
    );
    assert_eq!(status, 201, "{seat}");

    let ana_stream = lobby_stream(&one, Some(&ana));
    next_event(&ana_stream, "snapshot");
    let (status, _) = as_player(&one, "POST", "/api/pairing", Some(json!({"size": 8})), &ana, None);
    assert_eq!(status, 202);
    let (status, paired) = as_player(&two, "POST", "/api/pairing", Some(json!({"size": 8})), &bo, None);
    assert_eq!(status, 201, "paired across servers: {paired}");
    // the game of her accepted challenge may still reach her new stream first (its news crossed
    // from server two to one over NOTIFY, late on a busy machine): then the pairing's comes next
    let mut hers = next_event(&ana_stream, "game");
    if hers["game"] == seat["game"] {
        hers = next_event(&ana_stream, "game");
    }
    assert_eq!(hers["game"], paired["game"]);
    assert!(hers["token"].as_str().is_some_and(|t| !t.is_empty()), "{hers}");
}
