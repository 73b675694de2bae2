//! Engine work over HTTP is bounded: a flood of analyses is queued or refused (503 with
//! `Retry-After`) while the games' own requests keep being answered; one address gets only its
//! share (429); a search stops when its client goes away.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::Server;

const START: &str = "1c1c1c1c%2F8%2F8%2F8%2F8%2F8%2F8%2F4m3%20m";

/// A GET on its own connection: status, `Retry-After`, body.
fn get(url: &str) -> (u16, Option<String>, serde_json::Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.get(url).call().unwrap_or_else(|e| panic!("GET {url}: {e}"));
    let status = resp.status().as_u16();
    let retry = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let text = resp.into_body().read_to_string().unwrap();
    (status, retry, serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)))
}

/// The server's resident memory, in MiB.
fn rss_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb / 1024
}

#[test]
fn a_flood_of_analyses_waits_or_is_refused_while_games_are_answered() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("games.sqlite3"),
        &["--engine-workers", "1", "--engine-queue", "4", "--engine-per-client", "1000"],
    );
    let (_, game) =
        server.post("/api/games", serde_json::json!({"mouse": "human", "cats": "human", "hotseat": true}));
    let id = game["id"].as_str().unwrap().to_owned();
    let flood: Vec<_> = (0..60)
        .map(|_| {
            let url = format!("{}/api/analyze?fen={START}&movetime=1500", server.url);
            std::thread::spawn(move || get(&url))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut slowest = Duration::ZERO;
    for _ in 0..10 {
        let started = Instant::now();
        let (status, _, g) =
            get(&format!("{}/api/games/{}", server.url, game["public_id"].as_str().unwrap()));
        slowest = slowest.max(started.elapsed());
        assert_eq!((status, g["id"].as_str()), (200, Some(id.as_str())));
    }
    let rss = rss_mib(server.child.id());
    let answers: Vec<_> = flood.into_iter().map(|t| t.join().unwrap()).collect();
    let done = answers.iter().filter(|(s, _, _)| *s == 200).count();
    let busy: Vec<_> = answers.iter().filter(|(s, _, _)| *s == 503).collect();
    println!("flood: {done} analysed, {} refused; slowest game read {slowest:?}; {rss} MiB", busy.len());
    assert_eq!(done + busy.len(), 60, "{answers:?}");
    // one worker and a queue of four: most of sixty requests sent at once are refused
    assert!(busy.len() >= 40, "{} refused", busy.len());
    for (_, retry, err) in busy {
        assert_eq!((retry.as_deref(), err["code"].as_str()), (Some("1"), Some("busy")), "{err}");
        assert!(err["error"].as_str().unwrap().contains("the engine is busy"), "{err}");
    }
    assert!(rss < 400, "{rss} MiB during the flood");
}

#[test]
fn one_address_gets_its_share_and_a_search_stops_when_its_client_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("games.sqlite3"),
        &["--engine-workers", "1", "--engine-queue", "10", "--engine-per-client", "1"],
    );
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    // a ten-second search, its client gone after a moment
    let mut left = TcpStream::connect(&addr).unwrap();
    write!(left, "GET /api/analyze?fen={START}&movetime=10000 HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // while it runs, the same address has used its share; no search has finished yet, so the
    // estimate of when a retry can succeed is the longest analysis (--analysis-ms, 10 s)
    let (status, retry, err) = get(&format!("{}/api/analyze?fen={START}&movetime=50", server.url));
    assert_eq!(
        (status, retry.as_deref(), err["code"].as_str()),
        (429, Some("10"), Some("rate_limited")),
        "{err}"
    );
    assert!(err["error"].as_str().unwrap().contains("--engine-per-client"), "{err}");
    drop(left);
    // the search stopped: the worker and the share come free long before its ten seconds
    let started = Instant::now();
    loop {
        let (status, _, report) = get(&format!("{}/api/analyze?fen={START}&movetime=50", server.url));
        if status == 200 {
            assert_eq!(report["best_move"].as_str().map(str::len), Some(4), "{report}");
            break;
        }
        assert_eq!(status, 429, "{report}");
        assert!(started.elapsed() < Duration::from_secs(8), "the abandoned search went on");
        std::thread::sleep(Duration::from_millis(50));
    }
    // a search whose client waits runs to its end
    let mut waited = TcpStream::connect(&addr).unwrap();
    write!(
        waited,
        "GET /api/analyze?fen={START}&movetime=300 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    waited.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

/// A flood refused for load writes one warning a second at most, never a line at error level
/// per request (an attacker would pace the log).
#[test]
fn refusals_for_load_are_logged_once_a_second() {
    use std::io::{BufRead as _, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let mut child = crate::common::ryg()
        .args(["serve", "--port", "0", "--engine-workers", "1", "--engine-queue", "1", "--db"])
        .arg(crate::common::store_arg(&dir.path().join("games.sqlite3")))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("ryg: serving on ").unwrap().trim_end_matches('/').to_owned();
    let started = Instant::now();
    let flood: Vec<_> = (0..40)
        .map(|_| {
            let url = format!("{url}/api/analyze?fen={START}&movetime=1000");
            std::thread::spawn(move || get(&url).0)
        })
        .collect();
    let statuses: Vec<u16> = flood.into_iter().map(|t| t.join().unwrap()).collect();
    let seconds = started.elapsed().as_secs() + 1;
    let _ = child.kill();
    let _ = child.wait();
    let mut log = String::new();
    child.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    let busy = statuses.iter().filter(|&&s| s == 503).count();
    assert!(busy >= 30, "{statuses:?}");
    let warned = log.lines().filter(|l| l.contains(" WARN ") && l.contains(" 503 ")).count();
    assert!((1..=seconds as usize).contains(&warned), "{warned} warnings in {seconds} s:\n{log}");
    assert!(!log.lines().any(|l| l.contains(" ERROR ")), "{log}");
}
