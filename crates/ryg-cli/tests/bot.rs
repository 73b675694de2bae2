//! `ryg bot` as a user runs it: the real `ryg ugi` behind it joins a rated game on a real
//! `ryg serve` by its invite link, plays it to its end against a person driven by this test's
//! HTTP calls, and both ratings move; its secret stays in a 0600 file and out of its log; bad
//! command lines exit 2 and a server that is not there exits 1.

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::serve::{scratch, Served};

fn call(
    url: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    secret: &str,
    token: Option<&str>,
) -> (u16, Value) {
    let mut req = ureq::http::Request::builder()
        .method(method)
        .uri(format!("{}{}", url.trim_end_matches('/'), path))
        .header("Ryg-Player", secret)
        .header("Content-Type", "application/json");
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let resp = agent.run(req.body(body.map_or_else(String::new, |b| b.to_string())).unwrap()).unwrap();
    let status = resp.status().as_u16();
    let text = resp.into_body().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

#[test]
fn ryg_bot_joins_a_rated_game_by_its_link_plays_it_to_its_end_and_is_rated() {
    let dir = scratch("bot");
    let served = Served::start(&dir.join("games.sqlite3"), None, &["--games-per-minute", "1000"]);
    let url = served.url();
    let ana = "a".repeat(40);
    let (status, _) = call(&url, "POST", "/api/players", Some(json!({"name": "Ana"})), &ana, None);
    assert_eq!(status, 201);
    let spec = json!({"size": 6, "mouse": "human", "cats": "human", "rated": true, "player_seat": "mouse"});
    let (status, game) = call(&url, "POST", "/api/games", Some(spec), &ana, None);
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let mouse = game["tokens"]["mouse"].as_str().unwrap().to_owned();
    let link = game["links"]["cats"].as_str().unwrap().to_owned();

    let secret_file = dir.join("robo.secret");
    let engine = format!("{} ugi", crate::common::ryg_path().display());
    let mut bot = crate::common::ryg_process()
        .args(["bot", "--server", &url, "--engine", &engine, "--name", "Robo", "--games", "1"])
        .args(["--movetime", "50", "--join", &link, "--secret-file"])
        .arg(&secret_file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    // its log, line by line; the person waits until it has taken its seat
    let stderr = std::io::BufReader::new(bot.stderr.take().unwrap());
    let (tx, log_lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(stderr).map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut log = String::new();
    while !log.contains("joined by its link") {
        match log_lines.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => log += &(line + "\n"),
            Err(_) => {
                let _ = bot.kill();
                panic!("ryg bot did not join: {log}");
            }
        }
    }

    // the person plays the mouse's first legal move whenever it is their turn
    let started = Instant::now();
    let over = loop {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = bot.kill();
            log.extend(log_lines.try_iter().map(|l| l + "\n"));
            panic!("the game did not end; ryg bot said:\n{log}");
        }
        let (_, g) = call(&url, "GET", &format!("/api/games/{id}"), None, &ana, None);
        if g["result"] != "*" {
            break g;
        }
        if g["to_move"] == "mouse" {
            let mv = json!({"move": g["legal_moves"][0], "ply": g["moves"].as_array().unwrap().len()});
            let (status, body) =
                call(&url, "POST", &format!("/api/games/{id}/moves"), Some(mv), &ana, Some(&mouse));
            assert_eq!(status, 200, "{body}");
        } else {
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    assert!(over["moves"].as_array().unwrap().len() >= 2, "the bot played: {over}");
    let waited = Instant::now();
    let status = loop {
        if let Some(status) = bot.try_wait().unwrap() {
            break status;
        }
        if waited.elapsed() > Duration::from_secs(30) {
            let _ = bot.kill();
            panic!("ryg bot did not stop after its one game (--games 1)");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    while let Ok(line) = log_lines.recv_timeout(Duration::from_secs(5)) {
        log += &(line + "\n");
    }
    assert!(status.success(), "{log}");
    assert!(log.contains(&format!("game {id}: joined by its link")) && log.contains("played"), "{log}");

    let secret = std::fs::read_to_string(&secret_file).unwrap().trim().to_owned();
    assert!(!log.contains(&secret), "the secret is never printed");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&secret_file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let (_, me) = call(&url, "GET", "/api/players/me", None, &secret, None);
    assert_eq!((&me["player"]["name"], &me["player"]["bot"]), (&json!("Robo"), &json!(true)), "{me}");
    let ratings =
        |p: &Value| (p["ratings"][0]["games"].clone(), p["ratings"][0]["rating"].as_f64().unwrap_or(1500.0));
    let (_, person) = call(&url, "GET", "/api/players/me", None, &ana, None);
    let ((bot_games, bot_rating), (ana_games, ana_rating)) = (ratings(&me), ratings(&person));
    assert_eq!((bot_games, ana_games), (json!(1), json!(1)), "{me} {person}");
    assert!(bot_rating != 1500.0 && ana_rating != 1500.0 && (bot_rating > 1500.0) != (ana_rating > 1500.0));
}

#[test]
fn ryg_bot_refuses_bad_command_lines_and_says_when_the_server_is_not_there() {
    let dir = scratch("bot-bad");
    let secret = dir.join("s.secret");
    let run = |args: &[&str]| {
        let out = crate::common::ryg_process()
            .arg("bot")
            .args(args)
            .arg("--secret-file")
            .arg(&secret)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, err) = run(&["--server", "https://example.org", "--engine", "ryg ugi"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("plain HTTP"), "{err}");
    let (code, err) = run(&["--server", "http://127.0.0.1:9", "--engine", "ryg ugi", "--accept", "often"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = run(&["--server", "http://127.0.0.1:9", "--engine", "ryg ugi", "--join", "nolink"]);
    assert!(code == Some(1) || code == Some(2), "{err}");
    let engine = format!("{} ugi", crate::common::ryg_path().display());
    let (code, err) = run(&["--server", "http://127.0.0.1:9", "--engine", &engine, "--retries", "0"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is not answering"), "{err}");
    let (code, err) = run(&["--server", "http://127.0.0.1:9", "--engine", "/no/such/engine"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("engine"), "{err}");
}
