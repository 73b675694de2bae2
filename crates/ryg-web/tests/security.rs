//! What a hostile page or client meets: security headers on every answer, and changes accepted
//! only as JSON (a cross-site form cannot send JSON).

use std::io::Read as _;

use crate::common::Server;

/// A raw request: its status, headers and body text.
fn send(
    server: &Server,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &str,
) -> (u16, ureq::http::HeaderMap, String) {
    let mut req = ureq::http::Request::builder().method(method).uri(format!("{}{path}", server.url));
    if let Some(t) = content_type {
        req = req.header("Content-Type", t);
    }
    answer(req.body(body.to_owned()).unwrap())
}

/// Sends `req`: its status, headers and text (an error status is an answer, not a failure).
fn answer<B: ureq::AsSendBody>(req: ureq::http::Request<B>) -> (u16, ureq::http::HeaderMap, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let (parts, body) = agent.run(req).unwrap().into_parts();
    let mut text = String::new();
    body.into_reader().read_to_string(&mut text).unwrap();
    (parts.status.as_u16(), parts.headers, text)
}

/// `POST path` with `token` and nothing else: no body, no Content-Type.
fn send_with_token(server: &Server, path: &str, token: &str) -> (u16, ureq::http::HeaderMap, String) {
    let req = ureq::http::Request::builder()
        .method("POST")
        .uri(format!("{}{path}", server.url))
        .header("Authorization", format!("Bearer {token}"));
    answer(req.body(()).unwrap())
}

#[test]
fn every_answer_carries_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    for path in ["/", "/assets/style.css", "/api/games/999", "/api/openapi.json"] {
        let (_, headers, _) = send(&server, "GET", path, None, "");
        let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let csp = get("content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {part} in {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(get("x-frame-options"), "DENY", "{path}");
    }
}

#[test]
fn changes_are_accepted_only_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let body = r#"{"mouse": "human", "cats": "3"}"#;
    for (sent, shown) in [
        (Some("text/plain"), "this one sent 'text/plain'"),
        (Some("application/x-www-form-urlencoded"), "this one sent 'application/x-www-form-urlencoded'"),
        (Some("multipart/form-data; boundary=x"), "this one sent 'multipart/form-data; boundary=x'"),
        (None, "this one sent none"),
    ] {
        let (status, _, text) = send(&server, "POST", "/api/games", sent, body);
        let err: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!((status, err["code"].as_str()), (415, Some("unsupported_media_type")), "{text}");
        assert_eq!(err["error"], format!("POST requests need 'Content-Type: application/json' ({shown})"));
    }
    // nothing was created: the first game stored now gets the first id
    let (status, _, text) =
        send(&server, "POST", "/api/games", Some("application/json; charset=utf-8"), body);
    assert_eq!(status, 201, "{text}");
    let game: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(crate::common::number_of(&dir.path().join("games.sqlite3"), game["id"].as_str().unwrap()), 1);
}

#[test]
fn each_limit_per_address_answers_429_with_retry_after_and_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("games.sqlite3"),
        &["--games-per-minute", "3", "--moves-per-second", "2", "--games-per-client", "5"],
    );
    let new = || {
        send(
            &server,
            "POST",
            "/api/games",
            Some("application/json"),
            r#"{"mouse":"human","cats":"human","hotseat":true}"#,
        )
    };
    let mut made = Vec::new();
    for _ in 0..3 {
        let (status, _, text) = new();
        assert_eq!(status, 201, "{text}");
        made.push(serde_json::from_str::<serde_json::Value>(&text).unwrap());
    }
    let (status, headers, text) = new();
    let err: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!((status, err["code"].as_str()), (429, Some("rate_limited")), "{text}");
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .starts_with("too many new games from your address: at most 3 a minute (--games-per-minute)"),
        "{text}"
    );
    let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    // moves: two a second, the third refused
    let id = made[0]["id"].as_str().unwrap().to_owned();
    let token = made[0]["tokens"]["mouse"].as_str().unwrap();
    let moves: Vec<u16> = ["e1d2", "b8a7", "d2c3"]
        .iter()
        .map(|mv| {
            server.post_as(&format!("/api/games/{id}/moves"), serde_json::json!({"move": mv}), Some(token)).0
        })
        .collect();
    assert_eq!(moves, [200, 200, 429]);
    let (_, game) = server.call_as("GET", &format!("/api/games/{id}"), None, Some(token));
    assert_eq!(game["moves"].as_array().unwrap().len(), 2, "the refused move was not played");
}

#[test]
fn an_address_may_keep_only_so_many_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start_with(&db, &["--games-per-client", "2"]);
    let body = serde_json::json!({"mouse": "human", "cats": "3", "moves": ["e1d2"]});
    assert_eq!(server.post("/api/games", body.clone()).0, 201);
    assert_eq!(server.post("/api/games", body.clone()).0, 201);
    let (status, headers, text) =
        send(&server, "POST", "/api/games", Some("application/json"), &body.to_string());
    let err: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!((status, err["code"].as_str()), (429, Some("rate_limited")), "{err}");
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .starts_with("your address has 2 games stored, the most this server keeps"),
        "{err}"
    );
    // waiting will not help: no Retry-After (a client would ask again every second for ever)
    assert_eq!(headers.get("retry-after"), None, "{err}");
    assert!(err["error"].as_str().unwrap().contains("asking again will not help"), "{err}");
    // behind a trusted proxy, each client's address counts on its own
    drop(server);
    let server = Server::start_with(&db, &["--games-per-client", "2", "--trust-proxy"]);
    let (status, created) =
        server.call_with_header("POST", "/api/games", &body.to_string(), ("X-Forwarded-For", "198.51.100.7"));
    assert_eq!(status, 201, "{created}");
    let (status, _) = server.post("/api/games", body);
    assert_eq!(status, 429, "the proxy's own address still has its two");
}

#[test]
fn a_malformed_or_oversized_body_changes_nothing_on_routes_that_read_none() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (_, game) =
        server.post("/api/games", serde_json::json!({"mouse": "human", "cats": "human", "hotseat": true}));
    let id = game["id"].as_str().unwrap().to_owned();
    let token = game["tokens"]["mouse"].as_str().unwrap().to_owned();
    let (status, _) =
        server.post_as(&format!("/api/games/{id}/moves"), serde_json::json!({"move": "e1f2"}), Some(&token));
    assert_eq!(status, 200);
    let big = format!("{{\"x\": \"{}\"}}", "y".repeat(70 * 1024));
    for route in ["undo", "redo", "resign", "rematch", "computer", "undo/accept", "undo/decline"] {
        for (body, want_status, want) in [
            ("{\"", 400, "malformed JSON body"),
            ("not json", 400, "malformed JSON body"),
            (big.as_str(), 413, "request body over 64 KiB"),
        ] {
            let (status, err) =
                server.call_as("POST", &format!("/api/games/{id}/{route}"), Some(body), Some(&token));
            assert_eq!(status, want_status, "{route}: {err}");
            assert!(err["error"].as_str().unwrap().contains(want), "{route}: {err}");
        }
    }
    let (_, after) = server.get(&format!("/api/games/{id}"));
    assert_eq!(
        (after["moves"].clone(), after["version"].clone(), after["outcome"].clone()),
        (
            serde_json::json!(["e1f2"]),
            game["version"].as_i64().map(|v| v + 1).into(),
            serde_json::Value::Null
        )
    );
}

/// The event streams' limits say when to try again: per address (429) and in all (503).
#[test]
fn the_stream_limits_answer_with_retry_after() {
    use crate::common::events::{friends_game, listen, next};
    for (flags, status) in [
        (["--max-streams-per-client", "1", "--max-streams", "10"], 429),
        (["--max-streams-per-client", "5", "--max-streams", "1"], 503),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start_with(&dir.path().join("games.sqlite3"), &flags);
        let (game, _, _) = friends_game(&server, serde_json::json!({"mouse": "human", "cats": "human"}));
        let id = game["public_id"].as_str().unwrap().to_string();
        let open = listen(&server.url, &game, None);
        next(&open);
        let (got, headers, text) = send(&server, "GET", &format!("/api/games/{id}/events"), None, "");
        assert_eq!(got, status, "{text}");
        assert!(text.contains("too_many_streams") || text.contains("event streams open"), "{text}");
        assert_eq!(headers.get("retry-after").and_then(|v| v.to_str().ok()), Some("5"), "{text}");
    }
}

/// A method no route takes is answered 405, whatever it sends: the content-type gate is for
/// changes (POST) only.
#[test]
fn an_undeclared_method_is_405_not_415() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    for (method, path, content_type) in [
        ("TRACE", "/api/games", None),
        ("PUT", "/api/games/1/moves", Some("text/plain")),
        ("DELETE", "/api/games/1", None),
        ("PATCH", "/api/solve", Some("application/x-www-form-urlencoded")),
        // a POST where only GET is declared: 405, not the 415 of the content-type gate
        ("POST", "/api/solve", None),
        ("POST", "/api/games/1/events", Some("text/plain")),
        ("POST", "/healthz", None),
    ] {
        let (status, headers, text) = send(&server, method, path, content_type, "");
        assert_eq!(status, 405, "{method} {path}: {text}");
        assert!(text.contains("method_not_allowed"), "{method} {path}: {text}");
        assert_eq!(headers.get("x-frame-options").and_then(|v| v.to_str().ok()), Some("DENY"));
    }
}

/// The actions on a game check the token before the body's type: a request without its token
/// (or with a malformed one) is 401 with `WWW-Authenticate: Bearer`, also when it sends no
/// body and no Content-Type (an action that needs none); a wrong token is 403. Elsewhere a
/// POST without a JSON Content-Type stays 415 (a cross-site form cannot create games).
#[test]
fn a_missing_token_is_401_before_the_content_type_gate() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post("/api/games", serde_json::json!({"mouse": "human", "cats": "human"}));
    assert_eq!(status, 201, "{game}");
    let public = game["public_id"].as_str().unwrap().to_owned();
    let mouse = game["tokens"]["mouse"].as_str().unwrap().to_owned();
    let resign = format!("/api/games/{public}/resign");
    for (content_type, body) in [(None, ""), (Some("application/json"), "{}")] {
        let (status, headers, text) = send(&server, "POST", &resign, content_type, body);
        assert_eq!(status, 401, "{content_type:?}: {text}");
        assert!(text.contains("\"unauthorized\""), "{text}");
        assert_eq!(headers.get("www-authenticate").and_then(|v| v.to_str().ok()), Some("Bearer"));
    }
    let (status, err) = server.call_with_header("POST", &resign, "{}", ("Authorization", "Basic abc"));
    assert_eq!(status, 401, "a malformed Authorization header: {err}");
    assert_eq!(err["error"], "malformed Authorization header: expected 'Bearer TOKEN'");
    let (status, err) =
        server.call_with_header("POST", &resign, "{}", ("Authorization", "Bearer 0123456789abcdef"));
    assert_eq!(status, 403, "a token of no seat: {err}");
    // a body with no Content-Type is still refused, token or not
    let (status, _, text) = send(&server, "POST", &resign, None, "{}");
    assert_eq!(status, 415, "{text}");
    // the game is still on; with its token and no body at all, the action is taken
    let (status, _, text) = send_with_token(&server, &resign, &mouse);
    assert_eq!(status, 200, "{text}");
    let over: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(over["outcome"]["reason"], "resigned", "{text}");
    // creating a game needs JSON, body or not
    let (status, _, text) = send(&server, "POST", "/api/games", None, "");
    assert_eq!(status, 415, "{text}");
}
