//! The limits per client: what counts as a game created, whose budget a change spends, and
//! which addresses are one client.

use serde_json::{json, Value};

use crate::common::Server;

/// A game between two people on one screen: its public id and its one token.
fn hotseat(server: &Server) -> (String, String) {
    let (status, game) =
        server.post("/api/games", json!({"mouse": "human", "cats": "human", "hotseat": true}));
    assert_eq!(status, 201, "{game}");
    (game["id"].as_str().unwrap().to_owned(), game["tokens"]["mouse"].as_str().unwrap().to_owned())
}

/// Aborts game `id`, then asks for its rematch: the rematch's answer.
fn abort_then_rematch(server: &Server, id: &str, token: &str) -> (u16, Value) {
    let (status, aborted) = server.call_as("POST", &format!("/api/games/{id}/abort"), None, Some(token));
    assert_eq!(status, 200, "{aborted}");
    server.call_as("POST", &format!("/api/games/{id}/rematch"), None, Some(token))
}

/// At its cap (stored games, or games a minute), an address cannot go on storing games
/// through rematches: abort → rematch → abort → rematch … is refused as a new game would be
/// (before: 26 games in 15 s past the cap).
#[test]
fn a_rematch_is_a_game_created_for_every_limit() {
    for (flags, refusal) in [
        (["--games-per-client", "2"], "your address has 2 games stored"),
        (["--games-per-minute", "2"], "too many new games from your address: at most 2 a minute"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start_with(&dir.path().join("games.sqlite3"), &flags);
        let (id, token) = hotseat(&server);
        let (status, rematch) = abort_then_rematch(&server, &id, &token);
        assert_eq!(status, 201, "{flags:?}: the second game: {rematch}");
        let again = rematch["id"].as_str().unwrap().to_owned();
        let (status, err) = abort_then_rematch(&server, &again, &token);
        assert_eq!((status, err["code"].as_str()), (429, Some("rate_limited")), "{flags:?}: {err}");
        assert!(err["error"].as_str().unwrap().starts_with(refusal), "{flags:?}: {err}");
        let (status, err) = server.post("/api/games", json!({"mouse": "human", "cats": "human"}));
        assert_eq!(status, 429, "{flags:?}: a new game is refused as well: {err}");
        // asking again for a rematch already made creates nothing: the same game
        let (status, same) = server.call_as("POST", &format!("/api/games/{id}/rematch"), None, Some(&token));
        assert_eq!((status, same["id"].as_str()), (201, Some(again.as_str())), "{flags:?}: {same}");
    }
}

/// Changes are counted by seat first: one client's refused moves (a flood of illegal ones with
/// its valid token) spend its own allowance, not that of another client at the same address
/// (before: 20 illegal moves with one token got the other client 429s).
#[test]
fn one_clients_refused_moves_do_not_spend_anothers_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--moves-per-second", "3"]);
    let (flooder, flooder_token) = hotseat(&server);
    let (player, player_token) = hotseat(&server);
    let refused: Vec<u16> = (0..20)
        .map(|_| {
            let path = format!("/api/games/{flooder}/moves");
            server.post_as(&path, json!({"move": "e1e2"}), Some(&flooder_token)).0
        })
        .collect();
    assert!(refused.iter().all(|&s| (400..500).contains(&s)), "{refused:?}");
    assert!(refused.contains(&429), "the flooder's own allowance runs out: {refused:?}");
    let played: Vec<u16> = ["e1d2", "b8a7", "d2c3"]
        .iter()
        .map(|mv| {
            let path = format!("/api/games/{player}/moves");
            server.post_as(&path, json!({"move": mv}), Some(&player_token)).0
        })
        .collect();
    assert_eq!(played, [200, 200, 200], "the other player keeps the address's allowance");
}

/// The IPv6 prefix that counts as one client is the operator's: with `--ipv6-prefix 48`, the
/// addresses of one /48 share one allowance (before: every /64 had its own, 65,536 times the
/// limits for a client holding a /48); the default is a /64.
#[test]
fn the_ipv6_prefix_of_one_client_is_the_operators() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let body = json!({"mouse": "human", "cats": "human"}).to_string();
    for (flags, third) in [(vec!["--ipv6-prefix", "48"], 429), (vec![], 201)] {
        let flags = [flags, vec!["--trust-proxy", "--games-per-minute", "2"]].concat();
        let server = Server::start_with(&db, &flags);
        let create =
            |from: &str| server.call_with_header("POST", "/api/games", &body, ("X-Forwarded-For", from));
        assert_eq!(create("2001:db8:1:1::1").0, 201);
        assert_eq!(create("2001:db8:1:2::1").0, 201, "{flags:?}");
        let (status, err) = create("2001:db8:1:3::1");
        assert_eq!(status, third, "{flags:?}: a third /64 of the /48: {err}");
        assert_eq!(create("2001:db8:2::1").0, 201, "{flags:?}: another /48");
    }
    let out = crate::common::ryg().args(["serve", "--port", "0", "--ipv6-prefix", "129"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}
