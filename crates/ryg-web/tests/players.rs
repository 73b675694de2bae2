//! Players without passwords and rated games, against the real `ryg serve` binary: a player's
//! secret is the browser's own (sent as `Ryg-Player`), never in an answer; a one-time code moves
//! a player to another device; a player deletes themselves; rated games move Glicko-2 ratings
//! as `ryg-ratings` computes them, against the computer's fixed ratings or between two players.

use crate::common;

use common::Server;
use ryg_ratings::{Opponent, Outcome, Rating, NEWCOMER};
use serde_json::{json, Value};

/// A player's secret as the page makes one: 43 URL-safe characters.
pub fn secret(seed: char) -> String {
    format!("{}-_{}", seed.to_string().repeat(20), "Q7".repeat(10) + "z")
}

/// A request as the holder of `secret` (and a seat's `token`, if any).
pub fn as_player(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    secret: &str,
    token: Option<&str>,
) -> (u16, Value) {
    let url = format!("{}{path}", server.url);
    let mut req = ureq::http::Request::builder().method(method).uri(url).header("Ryg-Player", secret);
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let text = body.map_or_else(String::new, |b| b.to_string());
    let resp = agent.run(req.header("Content-Type", "application/json").body(text).unwrap()).unwrap();
    let status = resp.status().as_u16();
    let text = resp.into_body().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

pub fn join(server: &Server, secret: &str, name: &str) -> Value {
    let (status, p) = as_player(server, "POST", "/api/players", Some(json!({ "name": name })), secret, None);
    assert_eq!(status, 201, "{p}");
    p
}

#[test]
fn a_player_is_a_secret_a_name_and_a_page_and_can_move_and_leave() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, phone) = (secret('a'), secret('b'));
    let (status, body) = server.post("/api/players", json!({"name": "Ana"}));
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")), "{body}");
    let (status, body) =
        as_player(&server, "POST", "/api/players", Some(json!({"name": "Ana"})), "short", None);
    // a malformed secret names nobody, as an unknown one
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")), "{body}");
    let (status, body) =
        as_player(&server, "POST", "/api/players", Some(json!({"name": "A\u{202e}na"})), &ana, None);
    assert_eq!(status, 400, "today's name rules: {body}");

    let p = join(&server, &ana, "Ana");
    let id = p["id"].as_str().unwrap().to_owned();
    assert_eq!(p["name"], "Ana");
    let (status, again) =
        as_player(&server, "POST", "/api/players", Some(json!({"name": "Other"})), &ana, None);
    assert_eq!((status, &again["id"]), (200, &p["id"]), "the same secret is the same player: {again}");
    let (status, page) = server.get(&format!("/api/players/{id}"));
    assert_eq!((status, &page["player"]["name"]), (200, &json!("Ana")), "{page}");
    assert_eq!(
        (page["ratings"].as_array().map(Vec::len), page["games"].as_array().map(Vec::len)),
        (Some(0), Some(0))
    );
    let (status, renamed) =
        as_player(&server, "POST", "/api/players/me/name", Some(json!({"name": "Ana María"})), &ana, None);
    assert_eq!((status, &renamed["name"]), (200, &json!("Ana María")), "{renamed}");

    // another device: a one-time code moves the player to the new device's secret
    let (status, code) = as_player(&server, "POST", "/api/players/me/code", None, &ana, None);
    assert_eq!(status, 200, "{code}");
    let typed = code["code"].as_str().unwrap().to_lowercase();
    let (status, moved) =
        as_player(&server, "POST", "/api/players/claim", Some(json!({ "code": typed })), &phone, None);
    assert_eq!((status, &moved["id"]), (200, &p["id"]), "{moved}");
    let (status, _) = as_player(&server, "GET", "/api/players/me", None, &ana, None);
    assert_eq!(status, 401, "the old secret is no one's");
    let (status, me) = as_player(&server, "GET", "/api/players/me", None, &phone, None);
    assert_eq!((status, &me["player"]["name"]), (200, &json!("Ana María")), "{me}");
    let (status, spent) =
        as_player(&server, "POST", "/api/players/claim", Some(json!({ "code": typed })), &secret('c'), None);
    assert_eq!((status, spent["code"].as_str()), (404, Some("not_found")), "a code is used once: {spent}");

    // no answer holds a secret, or its hash
    for answer in [&p, &again, &page, &renamed, &code, &moved, &me] {
        let text = answer.to_string();
        for s in [&ana, &phone] {
            assert!(!text.contains(s.as_str()) && !text.contains(&sha256(s)), "{text}");
        }
    }

    let (status, _) = as_player(&server, "DELETE", "/api/players/me", None, &phone, None);
    assert_eq!(status, 204);
    let (status, _) = server.get(&format!("/api/players/{id}"));
    assert_eq!(status, 404);
    let (status, _) = as_player(&server, "GET", "/api/players/me", None, &phone, None);
    assert_eq!(status, 401);
}

fn sha256(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The player's rating on `size` from their page, as `(rating, deviation, games)`.
pub fn rating_on(server: &Server, secret: &str, size: u64) -> Option<(f64, f64, u64)> {
    let (status, me) = as_player(server, "GET", "/api/players/me", None, secret, None);
    assert_eq!(status, 200, "{me}");
    let r = me["ratings"].as_array()?.iter().find(|r| r["size"] == size)?.clone();
    Some((r["rating"].as_f64()?, r["deviation"].as_f64()?, r["games"].as_u64()?))
}

/// Plays the person's first legal move until `game` is over; its last view.
fn play_out(server: &Server, mut game: Value, token: &str) -> Value {
    let id = game["id"].as_str().unwrap().to_owned();
    for _ in 0..200 {
        if game["result"] != "*" {
            return game;
        }
        let mv = game["legal_moves"][0].as_str().expect("a move").to_owned();
        let (status, g) =
            server.post_as(&format!("/api/games/{id}/moves"), json!({ "move": mv }), Some(token));
        assert_eq!(status, 200, "{g}");
        game = g;
    }
    panic!("the game did not end: {game}");
}

pub fn rounded(r: Rating) -> (f64, f64) {
    ((r.rating() * 10.0).round() / 10.0, (r.deviation() * 10.0).round() / 10.0)
}

#[test]
fn a_rated_game_against_the_computer_moves_the_rating_against_its_fixed_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let ana = secret('a');
    let spec = json!({"size": 4, "mouse": "human", "cats": "random", "rated": true});
    let (status, body) = server.post("/api/games", spec.clone());
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthorized")),
        "a rated game needs a player: {body}"
    );
    join(&server, &ana, "Ana");
    for bad in [
        json!({"fen": "8/8/8/8/8/8/8/8 m", "mouse": "human", "cats": "3", "rated": true}),
        json!({"size": 10, "mouse": "human", "cats": "3", "rated": true}),
        json!({"size": 8, "mouse": "human", "cats": "3", "rated": true, "hotseat": true}),
    ] {
        let (status, body) = as_player(&server, "POST", "/api/games", Some(bad.clone()), &ana, None);
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (status, game) = as_player(&server, "POST", "/api/games", Some(spec), &ana, None);
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["names"]["mouse"], "Ana", "{game}");
    let token = game["tokens"]["mouse"].as_str().unwrap().to_owned();
    assert_eq!(rating_on(&server, &ana, 4), None, "nothing until it ends");
    let over = play_out(&server, game, &token);
    let outcome = if over["result"] == "1-0" { Outcome::Win } else { Outcome::Loss };
    let size = ryg::Size::new(4).unwrap();
    let random = ryg::PlayerSpec::Level(ryg::Level::Random);
    let expected = ryg_ratings::rate(NEWCOMER, size, Opponent::Computer(random), outcome).unwrap();
    let (rating, deviation, games) = rating_on(&server, &ana, 4).expect("a rating on 4x4");
    assert_eq!(((rating, deviation), games), (rounded(expected), 1));
    let (_, page) = as_player(&server, "GET", "/api/players/me", None, &ana, None);
    assert_eq!(page["history"][0]["opponent"]["computer"], "random", "{page}");
    assert_eq!(page["games"][0]["rated"], true, "{page}");
}

#[test]
fn a_rated_game_between_two_players_moves_both_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (ana, bo) = (secret('a'), secret('b'));
    join(&server, &ana, "Ana");
    join(&server, &bo, "Bo");
    let spec = json!({"size": 6, "mouse": "human", "cats": "human", "rated": true, "player_seat": "mouse"});
    let (status, game) = as_player(&server, "POST", "/api/games", Some(spec), &ana, None);
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let (mouse, cats) = (game["tokens"]["mouse"].as_str().unwrap(), game["tokens"]["cats"].as_str().unwrap());
    let path = format!("/api/games/{id}/player");
    let (status, body) = as_player(&server, "POST", &path, None, &ana, Some(cats));
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict")), "one player, one seat: {body}");
    let (status, body) = as_player(&server, "POST", &path, None, &bo, Some(cats));
    assert_eq!(status, 200, "{body}");
    let first = json!({"move": game["legal_moves"][0]});
    let (status, body) = server.post_as(&format!("/api/games/{id}/moves"), first, Some(mouse));
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.post_as(&format!("/api/games/{id}/resign"), json!({}), Some(cats));
    assert_eq!((status, body["result"].as_str()), (200, Some("1-0")), "{body}");
    let (won, lost) = ryg_ratings::rate_pair(NEWCOMER, NEWCOMER, Outcome::Win);
    assert_eq!(rating_on(&server, &ana, 6).map(|(r, d, g)| ((r, d), g)), Some((rounded(won), 1)));
    assert_eq!(rating_on(&server, &bo, 6).map(|(r, d, g)| ((r, d), g)), Some((rounded(lost), 1)));
    // one game leaves both provisional: nobody on the leaderboard yet
    let (status, board) = server.get("/api/leaderboard?size=6");
    assert_eq!((status, board["players"].as_array().map(Vec::len)), (200, Some(0)), "{board}");
}
