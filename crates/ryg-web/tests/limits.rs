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

