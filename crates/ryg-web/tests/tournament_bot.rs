//! A tournament of six across two servers on one PostgreSQL database: four people entering and
//! playing through either server, a real `ryg bot` driving `ryg ugi` on the second, and the
//! computer. It runs to its end with each game made once and the standings its games give.
//! (The browser test, tests/e2e/tournament.test.mjs, runs the same six on one server; this one
//! runs in the PostgreSQL part of scripts/test only, where `RYG_TEST_POSTGRES` names a cluster.)

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common;
use crate::tournaments::{
    call, create, enter, expected_standings, games_stored, play_turn, secret, shown_standings,
};

use common::Server;
use serde_json::{json, Value};

/// A `ryg bot` process, killed when dropped, and what it wrote.
struct Bot {
    child: Child,
    log: Arc<Mutex<String>>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Bot {
    /// `ryg bot --server URL --engine "ryg ugi"` as `name`, its secret kept in `dir`; once it
    /// has registered its player, the bot and its secret.
    fn start(url: &str, dir: &std::path::Path, name: &str) -> (Bot, String) {
        let ryg = common::ryg_bin();
        let file = dir.join("bot.secret");
        let child = Command::new(&ryg)
            .args(["bot", "--server", url, "--name", name, "--movetime", "50"])
            .arg("--engine")
            .arg(format!("{} ugi", ryg.display()))
            .arg("--secret-file")
            .arg(&file)
            .env("HOME", dir)
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut bot = Bot { child, log: Arc::default() };
        let stderr = bot.child.stderr.take().unwrap();
        let log = Arc::clone(&bot.log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let until = Instant::now() + Duration::from_secs(30);
        while !bot.log().contains("playing as ") {
            assert!(Instant::now() < until, "ryg bot registered no player: {}", bot.log());
            std::thread::sleep(Duration::from_millis(50));
        }
        let secret = std::fs::read_to_string(&file).unwrap().trim().to_owned();
        (bot, secret)
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The games it saw end.
    fn ended(&self) -> usize {
        self.log()
            .lines()
            .filter(|l| l.ends_with(")") && (l.contains(": won (") || l.contains(": lost (")))
            .count()
    }
}

#[test]
fn six_entrants_with_a_bot_across_two_servers_on_one_postgresql() {
    if common::postgres().is_none() {
        return; // run by scripts/test's PostgreSQL part
    }
    let db = common::pg::Database::new("tournament_bot");
    let (a, b) = (Server::start_url(&db.url, &[]), Server::start_url(&db.url, &[]));
    let servers = [&a, &b];
    let (id, host) = create(&a, json!({ "kind": "round_robin", "size": 4 }));
    let people: Vec<String> = (1..=4).map(secret).collect();
    for (i, s) in people.iter().enumerate() {
        enter(servers[i % 2], &id, s, ["Ana", "Bo", "Cruz", "Dani"][i]);
    }
    let dir = tempfile::tempdir().unwrap();
    let (bot, robo) = Bot::start(&b.url, dir.path(), "Robo");
    let player = enter(&a, &id, &robo, "Robo");
    assert_eq!(player["bot"], true, "ryg bot made its player a bot: {player}");
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    let (status, body) =
        call(&b, "POST", &path("entrants"), Some(json!({ "computer": "random" })), None, Some(&host));
    assert_eq!(status, 201, "{body}");
    let (status, t) = call(&b, "POST", &path("start"), None, None, Some(&host));
    assert_eq!((status, t["rounds"].as_u64()), (200, Some(10)), "{t}");
    // entrants 1 to 4 are the people; 5 the bot and 6 the computer, whom they play out
    let humans: HashMap<u32, bool> = (1..=6).map(|n| (n, n <= 4)).collect();

    let started = Instant::now();
    let t = loop {
        assert!(started.elapsed() < Duration::from_secs(300), "the tournament did not end: {}", bot.log());
        for (i, s) in people.iter().enumerate() {
            play_turn(servers[i % 2], &id, s, &humans);
        }
        let (_, t) = call(
            servers[started.elapsed().as_millis() as usize % 2],
            "GET",
            &format!("/api/tournaments/{id}"),
            None,
            None,
            None,
        );
        if t["status"] == "finished" {
            break t;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    println!("six entrants, two servers: the tournament took {:.1} s", started.elapsed().as_secs_f64());
    let games: &Vec<Value> = t["games"].as_array().unwrap();
    assert_eq!(games.len(), 30, "every pair twice: {t}");
    assert_eq!(games_stored(&db.url), 30, "no game made twice: {t}");
    let shown = shown_standings(&t);
    assert_eq!(shown, expected_standings(&a, &t));
    let until = Instant::now() + Duration::from_secs(30);
    while bot.ended() < 10 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(bot.ended(), 10, "the bot saw its ten games end: {}", bot.log());
}
