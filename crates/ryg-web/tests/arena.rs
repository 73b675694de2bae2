//! Arenas against the real `ryg serve` binary: thirty pupils behind one school address enter
//! one and play their first round under the server's default limits (the classroom limits),
//! and an arena pairs its free entrants by score, scores 2 a win and 4 on a streak, and ends by
//! itself when its time is up.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{self, Server};
use crate::tournaments::{call, create, enter, secret};

/// Opens tournament `id`'s standings stream as a pupil's page does; the open connection.
fn standings_stream(server: &Server, id: &str) -> TcpStream {
    let address = server.url.strip_prefix("http://").unwrap();
    let mut socket = TcpStream::connect(address).unwrap();
    socket.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(socket, "GET /api/tournaments/{id}/events HTTP/1.1\r\nHost: ryg\r\n\r\n").unwrap();
    let mut line = String::new();
    BufReader::new(socket.try_clone().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 200"), "the standings' stream: {line}");
    socket
}

/// One request of a pupil: never refused for the address's limits.
fn pupil_call(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    player: Option<&str>,
    token: Option<&str>,
) -> Value {
    let (status, answer) = call(server, method, path, body, player, token);
    assert_ne!(status, 429, "{method} {path}: {answer}");
    assert!(status == 200 || status == 201 || status == 409, "{method} {path}: {status} {answer}");
    answer
}

#[test]
fn thirty_pupils_behind_one_address_enter_an_arena_and_play_their_first_round() {
    let dir = tempfile::tempdir().unwrap();
    // the server's own limits, every request from 127.0.0.1: one school address
    let server = Server::start_defaults(&dir.path().join("games.sqlite3"), &[]);
    let (id, host) = create(&server, json!({ "name": "Year 7", "kind": "arena", "size": 6 }));
    let pupils: Vec<String> = (100..130).map(secret).collect();
    for (i, s) in pupils.iter().enumerate() {
        enter(&server, &id, s, &format!("Pupil {}", i + 1));
    }
    let streams: Vec<TcpStream> = pupils.iter().map(|_| standings_stream(&server, &id)).collect();
    let t = pupil_call(&server, "POST", &format!("/api/tournaments/{id}/start"), None, None, Some(&host));
    assert_eq!(t["games"].as_array().map(Vec::len), Some(15), "{t}");
    // each pupil's first game, as their page finds it
    let mut first: Vec<(String, String, String)> = Vec::new();
    for s in &pupils {
        let me = pupil_call(&server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(s), None);
        let g = &me["game"];
        let field = |k: &str| g[k].as_str().unwrap_or_else(|| panic!("a first game: {me}")).to_owned();
        first.push((field("id"), field("side"), field("token")));
    }
    assert_eq!(first.iter().map(|g| &g.0).collect::<HashSet<_>>().len(), 15, "two pupils a game");
    // every pupil moves when it is their turn (the first legal move), a pass every 100 ms
    let until = Instant::now() + Duration::from_secs(120);
    let mut moves = 0;
    loop {
        assert!(Instant::now() < until, "the first round did not end");
        let mut playing = 0;
        for (s, (game, side, token)) in pupils.iter().zip(&first) {
            pupil_call(&server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(s), None);
            let view = pupil_call(&server, "GET", &format!("/api/games/{game}"), None, None, Some(token));
            if view["result"] != "*" {
                continue;
            }
            playing += 1;
            if view["to_move"] == side.as_str() {
                let mv =
                    json!({ "move": view["legal_moves"][0], "ply": view["moves"].as_array().unwrap().len() });
                pupil_call(&server, "POST", &format!("/api/games/{game}/moves"), Some(mv), None, Some(token));
                moves += 1;
            }
        }
        if playing == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(moves > 0);
    let (_, t) = call(&server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
    let won = t["games"].as_array().unwrap().iter().filter(|g| g["round"] == 1 && g["outcome"] != "aborted");
    assert_eq!(won.filter(|g| !g["outcome"].is_null()).count(), 15, "every game played to a win: {t}");
    drop(streams);
}

/// An arena's points from its games in the order they were paired: 2 a win, 4 once on a
/// streak of two wins or more.
fn arena_points(t: &Value) -> HashMap<u64, i64> {
    let mut points = HashMap::new();
    let mut run: HashMap<u64, u32> = HashMap::new();
    for g in t["games"].as_array().unwrap().iter().filter(|g| !g["outcome"].is_null()) {
        let (m, c) = (g["mouse"].as_u64().unwrap(), g["cats"].as_u64().unwrap());
        let (won, lost) = if g["outcome"] == "mouse" { (m, c) } else { (c, m) };
        let streak = run.entry(won).or_default();
        *points.entry(won).or_default() += if *streak >= 2 { 4 } else { 2 };
        *streak += 1;
        run.insert(lost, 0);
        points.entry(lost).or_default();
    }
    points
}

/// The pairs an arena makes of `free` entrants: by score, best first (ties by number), each
/// with the next one who was not their last opponent when there is one.
fn by_score(t: &Value, free: &[u64]) -> HashSet<(u64, u64)> {
    let points = arena_points(t);
    let last = |n: u64| {
        t["games"].as_array().unwrap().iter().rev().find_map(|g| {
            let (m, c) = (g["mouse"].as_u64().unwrap(), g["cats"].as_u64().unwrap());
            (m == n).then_some(c).or((c == n).then_some(m))
        })
    };
    let mut left: Vec<u64> = free.to_vec();
    left.sort_by_key(|n| (-points.get(n).copied().unwrap_or(0), *n));
    let mut pairs = HashSet::new();
    while left.len() >= 2 {
        let a = left.remove(0);
        let pick = left.iter().position(|&b| Some(b) != last(a)).unwrap_or(0);
        let b = left.remove(pick);
        pairs.insert((a.min(b), a.max(b)));
    }
    pairs
}

/// The pairs of round `round` of `t`, each (lower, higher).
fn round_pairs(t: &Value, round: u64) -> HashSet<(u64, u64)> {
    let games = t["games"].as_array().unwrap().iter().filter(|g| g["round"] == round);
    games
        .map(|g| (g["mouse"].as_u64().unwrap(), g["cats"].as_u64().unwrap()))
        .map(|(m, c)| (m.min(c), m.max(c)))
        .collect()
}

/// The lower number resigns each game of round `round`; returns once the arena noted them.
fn higher_wins(server: &Server, id: &str, t: &Value, round: u64, players: &[String]) -> Value {
    for g in t["games"].as_array().unwrap().iter().filter(|g| g["round"] == round) {
        let loser = g["mouse"].as_u64().unwrap().min(g["cats"].as_u64().unwrap());
        let who = &players[loser as usize - 1];
        let (_, me) = call(server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(who), None);
        let token = me["game"]["token"].as_str().unwrap_or_else(|| panic!("{me}")).to_owned();
        let path = format!("/api/games/{}/resign", g["game"].as_str().unwrap());
        let (status, body) = call(server, "POST", &path, Some(json!({})), None, Some(&token));
        assert_eq!(status, 200, "{body}");
    }
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, t) = call(server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
        if t["games"].as_array().unwrap().iter().all(|g| !g["outcome"].is_null()) {
            return t;
        }
        assert!(Instant::now() < until, "the games' ends were not noted: {t}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_arena_pairs_by_score_scores_streaks_and_ends_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db);
    let (id, host) = create(&server, json!({ "kind": "arena", "minutes": 1, "size": 4, "rated": false }));
    let players: Vec<String> = (201..=206).map(secret).collect();
    for (i, s) in players.iter().enumerate() {
        enter(&server, &id, s, &format!("P{}", i + 1));
    }
    let host_does = |what: &str| {
        let (status, t) =
            call(&server, "POST", &format!("/api/tournaments/{id}/{what}"), None, None, Some(&host));
        assert_eq!(status, 200, "{what}: {t}");
        t
    };
    let t = host_does("start");
    assert_eq!(round_pairs(&t, 1), HashSet::from([(1, 2), (3, 4), (5, 6)]), "all at 0, by number: {t}");
    // each round: the host pauses (nobody is paired while the games end one by one), the
    // higher number wins every game, and on resuming the arena pairs all six by score
    let mut t = t;
    for (round, expected) in [(2, [(2, 4), (1, 6), (3, 5)]), (3, [(4, 6), (2, 5), (1, 3)])] {
        host_does("pause");
        let ended = higher_wins(&server, &id, &t, round - 1, &players);
        let by_hand = HashSet::from(expected);
        assert_eq!(by_score(&ended, &[1, 2, 3, 4, 5, 6]), by_hand, "the model agrees with the hand: {ended}");
        t = host_does("resume");
        assert_eq!(round_pairs(&t, round), by_hand, "round {round} by score: {t}");
        assert!(t["games"].as_array().unwrap().iter().all(|g| g["game"].is_string()), "{t}");
    }
    // its minute is up: moved forward in the store, as if it had passed (no server option does this)
    let statement = if common::postgres().is_some() {
        format!("UPDATE tournaments SET doc = jsonb_set(doc::jsonb, '{{ends_ms}}', '1')::text, version = version + 1 WHERE public_id = '{id}'")
    } else {
        format!("UPDATE tournaments SET doc = json_set(doc, '$.ends_ms', 1), version = version + 1 WHERE public_id = '{id}'")
    };
    common::execute(&db, &statement);
    let until = Instant::now() + Duration::from_secs(20);
    let t = loop {
        let (_, t) = call(&server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
        if t["status"] == "finished" {
            break t;
        }
        assert!(Instant::now() < until, "the arena did not end by itself: {t}");
        std::thread::sleep(Duration::from_millis(100));
    };
    // the games under way count when they end; nothing is paired after the end
    let t = higher_wins(&server, &id, &t, 3, &players);
    assert_eq!(t["games"].as_array().map(Vec::len), Some(9), "{t}");
    let shown: Vec<(u64, u64, i64, i64)> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["n"].as_u64().unwrap(),
                s["rank"].as_u64().unwrap(),
                s["points"].as_i64().unwrap(),
                s["tiebreak"].as_i64().unwrap(),
            )
        })
        .collect();
    let points = arena_points(&t);
    for &(n, _, p, _) in &shown {
        assert_eq!(p, points[&n], "entrant {n}: {t}");
    }
    // by hand: 6 won three in a row (2 + 2 + 4) over 5, 1 and 4; 4 and 5 share second place
    assert_eq!(
        shown,
        vec![(6, 1, 8, 8), (4, 2, 4, 4), (5, 2, 4, 4), (2, 4, 2, 0), (3, 4, 2, 0), (1, 6, 0, 0)],
        "{t}"
    );
}
