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
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.run(req.body(body.to_owned()).unwrap()).unwrap();
    let (parts, body) = resp.into_parts();
    let mut text = String::new();
    body.into_reader().read_to_string(&mut text).unwrap();
    (parts.status.as_u16(), parts.headers, text)
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
    assert_eq!(game["id"], 1);
}
