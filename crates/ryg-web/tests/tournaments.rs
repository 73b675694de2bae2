//! Tournaments against the real `ryg serve` binary (SQLite, or PostgreSQL under
//! `RYG_TEST_POSTGRES`): a host makes one and gets a link and a secret; players enter by their
//! player secret, the host enters a computer level, starts, removes and ends; the entrants get
//! their games and seats' tokens; the standings follow the games' ends with Sonneborn–Berger.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::common;

use common::Server;
use serde_json::{json, Value};

/// A player's secret as the page makes one: 43 URL-safe characters.
pub fn secret(seed: usize) -> String {
    format!("{:0>20}-_{}", seed, "Q7".repeat(10) + "z")
}

/// A request with a player's secret and a bearer (a host's secret or a seat's token).
pub fn call(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    player: Option<&str>,
    bearer: Option<&str>,
) -> (u16, Value) {
    call_at(&server.url, method, path, body, player, bearer)
}

/// [`call`] to the server at `url`.
fn call_at(
    url: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    player: Option<&str>,
    bearer: Option<&str>,
) -> (u16, Value) {
    let mut req = ureq::http::Request::builder().method(method).uri(format!("{url}{path}"));
    if let Some(p) = player {
        req = req.header("Ryg-Player", p);
    }
    if let Some(t) = bearer {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let text = body.map_or_else(String::new, |b| b.to_string());
    let resp = agent.run(req.header("Content-Type", "application/json").body(text).unwrap()).unwrap();
    let status = resp.status().as_u16();
    let text = resp.into_body().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// Makes `name` a player with `secret` and enters them in tournament `id`.
pub fn enter(server: &Server, id: &str, secret: &str, name: &str) -> Value {
    let (status, p) = call(server, "POST", "/api/players", Some(json!({ "name": name })), Some(secret), None);
    assert!(status == 201 || status == 200, "{p}");
    let (status, t) =
        call(server, "POST", &format!("/api/tournaments/{id}/entrants"), None, Some(secret), None);
    assert_eq!(status, 201, "{t}");
    p
}

/// A new tournament: its id and the host's secret.
pub fn create(server: &Server, spec: Value) -> (String, String) {
    let (status, made) = call(server, "POST", "/api/tournaments", Some(spec), None, None);
    assert_eq!(status, 201, "{made}");
    (made["id"].as_str().unwrap().to_owned(), made["host_secret"].as_str().unwrap().to_owned())
}

/// Plays one turn of entrant `secret` in tournament `id` if they have a game: the lower
/// entrant number wins against a person (the other resigns at once); against the computer the
/// person plays their first legal move each turn. Whether they had a game.
pub fn play_turn(server: &Server, id: &str, secret: &str, entrants: &HashMap<u32, bool>) -> bool {
    let (status, me) = call(server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(secret), None);
    assert_eq!(status, 200, "{me}");
    let Some(game) = me["game"].as_object() else { return false };
    let (gid, side, token) =
        (game["id"].as_str().unwrap(), game["side"].as_str().unwrap(), game["token"].as_str().unwrap());
    let (status, view) = call(server, "GET", &format!("/api/games/{gid}"), None, None, Some(token));
    assert_eq!(status, 200, "{view}");
    if view["result"] != "*" {
        return true;
    }
    let (_, t) = call(server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
    let p = t["games"].as_array().unwrap().iter().find(|g| g["game"] == gid).unwrap().clone();
    let (me_n, other) = if side == "mouse" {
        (p["mouse"].as_u64(), p["cats"].as_u64())
    } else {
        (p["cats"].as_u64(), p["mouse"].as_u64())
    };
    let (me_n, other) = (me_n.unwrap() as u32, other.unwrap() as u32);
    if entrants[&other] {
        if me_n > other {
            let (status, body) =
                call(server, "POST", &format!("/api/games/{gid}/resign"), Some(json!({})), None, Some(token));
            assert_eq!(status, 200, "{body}");
        }
    } else if view["to_move"] == side && view["queued"] != true {
        let mv = view["legal_moves"][0].clone();
        let (status, body) = call(
            server,
            "POST",
            &format!("/api/games/{gid}/moves"),
            Some(json!({ "move": mv })),
            None,
            Some(token),
        );
        assert!(status == 200 || status == 409, "{body}");
    }
    true
}

/// The standings the server shows, as `(entrant, points, tie-break)` in rank order.
pub fn shown_standings(t: &Value) -> Vec<(u64, u64, u64)> {
    t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["n"].as_u64().unwrap(), s["points"].as_u64().unwrap(), s["tiebreak"].as_u64().unwrap()))
        .collect()
}

/// Points and Sonneborn–Berger from the games' results as each game tells them (1 a win).
pub fn expected_standings(server: &Server, t: &Value) -> Vec<(u64, u64, u64)> {
    let mut won: Vec<(u64, u64)> = Vec::new();
    for g in t["games"].as_array().unwrap() {
        let (_, view) =
            call(server, "GET", &format!("/api/games/{}", g["game"].as_str().unwrap()), None, None, None);
        let (m, c) = (g["mouse"].as_u64().unwrap(), g["cats"].as_u64().unwrap());
        match view["result"].as_str().unwrap() {
            "1-0" => won.push((m, c)),
            "0-1" => won.push((c, m)),
            other => panic!("a game not over: {other}"),
        }
    }
    let points = |n: u64| won.iter().filter(|w| w.0 == n).count() as u64;
    let mut table: Vec<(u64, u64, u64)> = t["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["n"].as_u64().unwrap())
        .map(|n| (n, points(n), won.iter().filter(|w| w.0 == n).map(|w| points(w.1)).sum()))
        .collect();
    table.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    table
}

/// The host sees each entrant's accuracy over their games, as the games' reviews count it;
/// nobody else sees it (`t`: the tournament as anyone sees it).
fn host_sees_accuracy(server: &Server, id: &str, host: &str, t: &Value) {
    assert!(t["standings"].as_array().unwrap().iter().all(|s| s.get("accuracy").is_none()), "{t}");
    let (status, hosted) = call(server, "GET", &format!("/api/tournaments/{id}"), None, None, Some(host));
    assert_eq!(status, 200, "{hosted}");
    let mut judged = 0;
    for s in hosted["standings"].as_array().unwrap() {
        let n = s["n"].as_u64().unwrap();
        let (mut exact, mut moves) = (0, 0);
        for g in t["games"].as_array().unwrap() {
            let side = if g["mouse"] == n {
                "mouse"
            } else if g["cats"] == n {
                "cats"
            } else {
                continue;
            };
            let path = format!("/api/games/{}/review", g["game"].as_str().unwrap());
            let (status, review) = call(server, "GET", &path, None, None, None);
            assert_eq!(status, 200, "{review}");
            exact += review["summary"][side]["exact"].as_u64().unwrap();
            moves += review["summary"][side]["moves"].as_u64().unwrap();
        }
        let expected = if moves == 0 {
            Value::Null
        } else {
            judged += 1;
            json!({ "exact": exact, "moves": moves, "percent": exact * 100 / moves })
        };
        assert_eq!(s["accuracy"], expected, "entrant {n}: {hosted}");
    }
    assert!(judged >= 2, "the computer's games have moves: {hosted}");
}

#[test]
fn a_round_robin_runs_to_its_end_with_the_right_standings() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (id, host) = create(&server, json!({ "name": "Class 4B", "kind": "round_robin", "size": 4 }));
    let players: Vec<String> = (1..=3).map(secret).collect();
    for (i, s) in players.iter().enumerate() {
        enter(&server, &id, s, ["Ana", "Bo", "Cy"][i]);
    }
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    let (status, body) =
        call(&server, "POST", &path("entrants"), Some(json!({ "computer": "random" })), None, None);
    assert_eq!(status, 401, "only the host enters the computer, and no secret was sent: {body}");
    let (status, body) =
        call(&server, "POST", &path("entrants"), Some(json!({ "computer": "random" })), None, Some(&host));
    assert_eq!(status, 201, "{body}");
    let (status, body) = call(&server, "POST", &path("start"), None, None, Some("not-the-host"));
    assert_eq!(status, 403, "{body}");
    let (status, t) = call(&server, "POST", &path("start"), None, None, Some(&host));
    assert_eq!((status, t["status"].as_str(), t["rounds"].as_u64()), (200, Some("running"), Some(6)), "{t}");
    let late = secret(9);
    call(&server, "POST", "/api/players", Some(json!({ "name": "Late" })), Some(&late), None);
    let (status, body) = call(&server, "POST", &path("entrants"), None, Some(&late), None);
    assert_eq!(status, 409, "a round robin takes no one once started: {body}");

    let humans: HashMap<u32, bool> = [(1, true), (2, true), (3, true), (4, false)].into();
    let until = Instant::now() + Duration::from_secs(120);
    let t = loop {
        assert!(Instant::now() < until, "the tournament did not end");
        for s in &players {
            play_turn(&server, &id, s, &humans);
        }
        let (_, t) = call(&server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
        if t["status"] == "finished" {
            break t;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let games = t["games"].as_array().unwrap();
    assert_eq!(games.len(), 12, "every pair twice: {t}");
    let pairs: std::collections::HashSet<(u64, u64)> =
        games.iter().map(|g| (g["mouse"].as_u64().unwrap(), g["cats"].as_u64().unwrap())).collect();
    assert_eq!(pairs.len(), 12, "once on each side: {t}");
    let shown = shown_standings(&t);
    assert_eq!(shown, expected_standings(&server, &t));
    host_sees_accuracy(&server, &id, &host, &t);
    // among the people the lower number won both games
    assert_eq!(shown.iter().filter(|s| s.0 < 4).map(|s| s.0).collect::<Vec<_>>(), vec![1, 2, 3], "{t}");
    // the games were rated: Ana has a 4x4 rating from six games
    let (_, me) = call(&server, "GET", "/api/players/me", None, Some(&players[0]), None);
    let four = me["ratings"].as_array().unwrap().iter().find(|r| r["size"] == 4).cloned().unwrap_or_default();
    assert_eq!(four["games"], 6, "{me}");
    let (status, body) = call(&server, "POST", &path("end"), None, None, Some(&host));
    assert_eq!(status, 409, "over already: {body}");
}

#[test]
fn the_host_removes_and_ends_and_bad_requests_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    for bad in [
        json!({ "kind": "swiss" }),
        json!({ "kind": "arena", "minutes": 0 }),
        json!({ "kind": "round_robin", "size": 5 }),
        json!({ "kind": "round_robin", "colour": "red" }),
    ] {
        let (status, body) = call(&server, "POST", "/api/tournaments", Some(bad.clone()), None, None);
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (status, body) = call(&server, "GET", "/api/tournaments/AAAAAAAAAAA", None, None, None);
    assert_eq!(status, 404, "{body}");
    let (id, host) = create(&server, json!({ "kind": "round_robin", "size": 6 }));
    let (status, body) = call(&server, "POST", &format!("/api/tournaments/{id}/entrants"), None, None, None);
    assert_eq!(status, 401, "entering needs a player: {body}");
    let (status, body) =
        call(&server, "POST", &format!("/api/tournaments/{id}/start"), None, None, Some(&host));
    assert_eq!(status, 409, "two entrants at least: {body}");
    for i in 1..=3 {
        enter(&server, &id, &secret(i), &format!("P{i}"));
    }
    let (status, t) =
        call(&server, "DELETE", &format!("/api/tournaments/{id}/entrants/2"), None, None, Some(&host));
    assert_eq!((status, &t["entrants"][1]["removed"]), (200, &json!(true)), "{t}");
    let (status, t) = call(&server, "POST", &format!("/api/tournaments/{id}/start"), None, None, Some(&host));
    assert_eq!(status, 200, "{t}");
    assert!(t["games"].as_array().unwrap().iter().all(|g| g["mouse"] != 2 && g["cats"] != 2), "{t}");
    assert_eq!(t["games"].as_array().map(Vec::len), Some(1), "1 and 3 play the first round: {t}");
    let (status, me) =
        call(&server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(&secret(2)), None);
    assert_eq!((status, &me["entrant"]), (200, &Value::Null), "{me}");
    let (status, t) = call(&server, "POST", &format!("/api/tournaments/{id}/pause"), None, None, Some(&host));
    assert_eq!((status, t["status"].as_str()), (200, Some("paused")), "{t}");
    let (status, t) = call(&server, "POST", &format!("/api/tournaments/{id}/end"), None, None, Some(&host));
    assert_eq!((status, t["status"].as_str()), (200, Some("finished")), "{t}");
    assert_eq!(t["host"], true);
    let (_, t) = call(&server, "GET", &format!("/api/tournaments/{id}"), None, None, None);
    assert_eq!((t["host"].as_bool(), t.get("host_secret")), (Some(false), None), "{t}");
}

/// How many games the database `url` holds (psql).
pub fn games_stored(url: &str) -> usize {
    let out = std::process::Command::new("psql")
        .args(["-At", "-X", url, "-c", "SELECT count(*) FROM games"])
        .output()
        .unwrap();
    assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().parse().unwrap()
}

#[test]
fn two_servers_on_one_postgresql_pair_each_round_once() {
    let db = common::pg::Database::new("tournament_two");
    let (a, b) = (Server::start_url(&db.url, &[]), Server::start_url(&db.url, &[]));
    let (id, host) = create(&a, json!({ "kind": "round_robin", "size": 4, "rated": false }));
    let players: Vec<String> = (1..=6).map(secret).collect();
    for (i, s) in players.iter().enumerate() {
        enter(if i % 2 == 0 { &a } else { &b }, &id, s, &format!("P{i}"));
    }
    let servers = [&a, &b];
    let urls = [a.url.clone(), b.url.clone()];
    let (status, t) = call(&b, "POST", &format!("/api/tournaments/{id}/start"), None, None, Some(&host));
    assert_eq!((status, t["rounds"].as_u64()), (200, Some(10)), "{t}");
    for round in 1..=10u64 {
        // both servers look at the tournament at once, many times: each may pair the round
        std::thread::scope(|scope| {
            for k in 0..8 {
                let (url, path) = (&urls[k % 2], format!("/api/tournaments/{id}"));
                scope.spawn(move || call_at(url, "GET", &path, None, None, None));
            }
        });
        let (_, t) = call(&a, "GET", &format!("/api/tournaments/{id}"), None, None, None);
        let games = t["games"].as_array().unwrap();
        assert_eq!((t["round"].as_u64(), games.len() as u64), (Some(round), 3 * round), "{t}");
        assert!(games.iter().all(|g| g["game"].is_string()), "every pairing has its game: {t}");
        assert_eq!(games_stored(&db.url), games.len(), "no game made twice: {t}");
        // the mouse resigns every game of the round, through either server
        for (k, g) in games.iter().filter(|g| g["outcome"].is_null()).enumerate() {
            let who = players[g["mouse"].as_u64().unwrap() as usize - 1].clone();
            let server = servers[k % 2];
            let (_, me) = call(server, "GET", &format!("/api/tournaments/{id}/me"), None, Some(&who), None);
            let token = me["game"]["token"].as_str().unwrap().to_owned();
            let path = format!("/api/games/{}/resign", g["game"].as_str().unwrap());
            let (status, body) = call(server, "POST", &path, Some(json!({})), None, Some(&token));
            assert_eq!(status, 200, "{body}");
        }
    }
    let until = Instant::now() + Duration::from_secs(30);
    let t = loop {
        let (_, t) = call(&b, "GET", &format!("/api/tournaments/{id}"), None, None, None);
        if t["status"] == "finished" || Instant::now() > until {
            break t;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(t["status"], "finished", "{t}");
    assert_eq!(games_stored(&db.url), 30);
    // each entrant won their five games with the cats: 5 points each, SB 5 × 5
    assert!(
        t["standings"].as_array().unwrap().iter().all(|s| s["points"] == 5 && s["tiebreak"] == 25),
        "{t}"
    );
}
