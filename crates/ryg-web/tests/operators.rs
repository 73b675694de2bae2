//! What operators see: `GET /healthz` (the store answers: 200; else 503 with `Retry-After`) and
//! `GET /metrics` in Prometheus text on a listener of their own (`--metrics-addr`), never on the
//! public port; the warning when `ryg serve` listens beyond loopback, and the `--public-url`
//! that links carry.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use serde_json::json;

use crate::common::{ryg, Server};

/// A GET: status, `Retry-After`, body text.
fn get(url: &str) -> (u16, Option<String>, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.get(url).call().unwrap_or_else(|e| panic!("GET {url}: {e}"));
    let status = resp.status().as_u16();
    let retry = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
    (status, retry, resp.into_body().read_to_string().unwrap())
}

/// The value of the sample `name{labels}` in a scrape (labels as the server orders them).
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.split(' ').next()?.parse().ok())
}

#[test]
fn a_scrape_counts_what_happened_and_healthz_follows_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let (server, lines) =
        Server::start_lines(crate::common::store_arg(&db), &["--metrics-addr", "127.0.0.1:0"], 2);
    let metrics = lines[1]
        .strip_prefix("ryg: metrics on ")
        .and_then(|l| l.strip_suffix(" (and /healthz)"))
        .unwrap_or_else(|| panic!("{lines:?}"))
        .to_owned();
    // not on the public port
    assert_eq!(server.get("/metrics").0, 404);
    // a few requests: two games created, three moves, a read, a page that is not there
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (status, g) =
            server.post("/api/games", json!({"mouse": "human", "cats": "human", "hotseat": true}));
        assert_eq!(status, 201);
        ids.push(g["id"].as_str().unwrap().to_owned());
    }
    for (id, mv) in [(&ids[0], "e1f2"), (&ids[0], "h8g7"), (&ids[1], "e1d2")] {
        assert_eq!(server.post(&format!("/api/games/{id}/moves"), json!({ "move": mv })).0, 200);
    }
    assert_eq!(server.get(&format!("/api/games/{}", ids[0])).0, 200);
    assert_eq!(server.get("/no/such/page").0, 404);
    let (status, _, health) = get(&format!("{}/healthz", server.url));
    assert_eq!((status, health.as_str()), (200, r#"{"status":"ok"}"#));

    let (status, _, scrape) = get(&metrics);
    assert_eq!(status, 200, "{scrape}");
    println!("{scrape}");
    for (series, value) in [
        (r#"ryg_http_requests_total{method="POST",route="/api/games",status="201"}"#, 2.0),
        (r#"ryg_http_requests_total{method="POST",route="/api/games/{id}/moves",status="200"}"#, 3.0),
        (r#"ryg_http_requests_total{method="GET",route="/api/games/{id}",status="200"}"#, 1.0),
        (r#"ryg_http_requests_total{method="GET",route="other",status="404"}"#, 2.0),
        (r#"ryg_http_request_duration_seconds_count{method="POST",route="/api/games/{id}/moves"}"#, 3.0),
        ("ryg_games_created_total", 2.0),
        ("ryg_moves_stored_total", 3.0),
        (r#"ryg_engine_queue_depth{queue="games"}"#, 0.0),
        (r#"ryg_engine_refused_total{queue="analysis"}"#, 0.0),
        ("ryg_event_streams_open", 0.0),
        ("ryg_computer_replies_owed", 0.0),
    ] {
        assert_eq!(sample(&scrape, series), Some(value), "{series} in\n{scrape}");
    }
    assert!(scrape.contains("# TYPE ryg_http_request_duration_seconds histogram"), "{scrape}");
    assert!(scrape.ends_with("# EOF\n"), "{scrape}");

    if crate::common::postgres().is_some() {
        return; // the store's file below is SQLite's
    }
    std::fs::remove_file(&db).unwrap();
    for url in [format!("{}/healthz", server.url), metrics.replace("/metrics", "/healthz")] {
        let (status, retry, body) = get(&url);
        assert_eq!((status, retry.as_deref()), (503, Some("1")), "{body}");
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["code"], "storage_unavailable", "{body}");
        assert!(!body["error"].as_str().unwrap().contains(dir.path().to_str().unwrap()), "{body}");
    }
    let (_, _, scrape) = get(&metrics);
    assert!(sample(&scrape, r#"ryg_store_errors_total{kind="unavailable"}"#) >= Some(2.0), "{scrape}");
}

#[test]
fn no_table_builds_refuses_a_visitors_table_build() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--no-table-builds"]);
    let (status, err) = server.post("/api/tablebase/10", json!({}));
    assert_eq!((status, err["code"].as_str()), (403, Some("forbidden")), "{err}");
    assert!(err["error"].as_str().unwrap().contains("--no-table-builds"), "{err}");
    // nor does any route that reads the table (before: puzzles, the exact result and a perfect
    // player each started the 10x10 build, 217 MB)
    let ten = "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m".replace('/', "%2F").replace(' ', "+");
    for path in ["/api/puzzles?size=10".to_owned(), format!("/api/solve?fen={ten}")] {
        let (status, err) = server.get(&path);
        assert_eq!((status, err["code"].as_str()), (403, Some("forbidden")), "{path}: {err}");
        assert!(err["error"].as_str().unwrap().contains("--no-table-builds"), "{path}: {err}");
    }
    let (status, err) = server.post("/api/games", json!({"size": 10, "mouse": "human", "cats": "perfect"}));
    assert_eq!(status, 400, "a perfect player on 10x10 needs the table: {err}");
    let (_, list) = server.get("/api/tablebase");
    assert!(list["tablebases"].as_array().unwrap().iter().all(|t| t["state"] != "building"), "{list}");
}

#[test]
fn serving_the_network_warns() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = ryg()
        .args(["serve", "--host", "0.0.0.0", "--port", "0", "--db"])
        .arg(dir.path().join("games.sqlite3"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.starts_with("ryg: warning: serving on 0.0.0.0:"), "{line}");
    assert!(line.contains("reachable from other computers"), "{line}");
    let out = ryg().args(["serve", "--public-url", "ryg.example.org"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad --public-url 'ryg.example.org'"));
    for (url, why) in [
        ("http://a\"><script>x</script>", "'\"' has no place in an address"),
        ("https://ryg.example.org/<b>", "'<' has no place in an address"),
        ("https://ryg.example.org/#top", "no query or #fragment"),
        ("https://ryg.example.org/?a=1", "no query or #fragment"),
        ("https://ryg.example.org/\u{202E}gro", "'\\u{202e}' has no place in an address"),
        ("https://ryg\u{2060}.example.org", "'\\u{2060}' has no place in an address"),
        ("https://ryg.exam\u{00AD}ple.org", "'\\u{ad}' has no place in an address"),
        ("https://ryg.example.org/\u{2029}", "'\\u{2029}' has no place in an address"),
        ("https://", "no host"),
        ("https:///games", "no host"),
        ("http://:8080/", "no host"),
        ("https://[]:443", "no host"),
        ("https://ana:secret@ryg.example.org", "no user name or password"),
        ("https://ana@ryg.example.org", "no user name or password"),
        ("https://ryg.example.org:99999", "the port is not a number from 1 to 65535"),
        ("https://ryg.example.org:0/", "the port is not a number from 1 to 65535"),
        ("ftp://ryg.example.org", "not an http:// or https:// address"),
    ] {
        let out = ryg().args(["serve", "--port", "0", "--public-url", url]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{url}: {err}");
        assert!(err.contains("bad --public-url") && err.contains(why), "{url}: {err}");
        assert!(!err.contains("secret"), "{url}: {err}");
    }
}

/// `--public-url` is read as a URL: its scheme in any case (`HTTPS://`), a host in other
/// scripts as its punycode in the links (a host mixing Latin and Cyrillic letters shows for what
/// it is).
#[test]
fn the_public_url_is_written_as_links_carry_it() {
    let dir = tempfile::tempdir().unwrap();
    for (given, link) in [
        ("HTTPS://Ryg.Example.org:8443", "https://ryg.example.org:8443"),
        ("https://r\u{443}g.example.org/", "https://xn--rg-umc.example.org"),
    ] {
        let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--public-url", given]);
        let (status, game) = server.post("/api/games", json!({"mouse": "human", "cats": "human"}));
        assert_eq!(status, 201, "{game}");
        let watch = format!("{link}/#game={}", game["public_id"].as_str().unwrap());
        assert_eq!(game["links"]["watch"], watch, "{given}");
    }
}
