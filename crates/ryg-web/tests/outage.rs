//! PostgreSQL crashed and started again under a running server while people play the computer
//! (the test): `pg_ctl stop -m immediate` cuts every connection mid-statement — a COMMIT's
//! answer included — and PostgreSQL then recovers from its log while the players go on. Every
//! answer must be one a client can act on: never `500`, every `503` with `Retry-After`; and
//! every move sent again as the answer says (with its `"ply"`) is stored exactly once — checked
//! on the stored games afterwards: every acknowledged move in its place, no move of a player that
//! was not acknowledged, and the computer's reply to every one.
//!
//! The test starts a PostgreSQL cluster of its own (scripts/pg-cluster), on loopback; with the
//! shared cluster of `RYG_TEST_POSTGRES` (the second run of the API tests) it is skipped, since
//! that cluster must not be crashed under the other tests.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{pg::Database, send, Server};

/// Players at once, each playing one game after another against the computer.
const PLAYERS: usize = 32;
/// The longest the whole test may take before it fails.
const DEADLINE: Duration = Duration::from_secs(150);

/// What the players were answered, in all.
#[derive(Default)]
struct Tally {
    /// Answers by status.
    statuses: BTreeMap<u16, usize>,
    /// Moves sent again (after a 503, a 429 or a request cut off).
    retried: usize,
    /// Refusals by their code (`storage_unavailable`, `commit_unknown`…).
    codes: BTreeMap<String, usize>,
    /// Requests that got no answer (cut off, timed out).
    cut: usize,
    /// Everything that breaks the server's promises.
    problems: Vec<String>,
}

impl Tally {
    fn problem(&mut self, text: String) {
        if self.problems.len() < 40 {
            self.problems.push(text);
        }
    }
}

/// A game as its player knows it: its public id, its seat's token, the side played and each
/// acknowledged move by its ply.
struct Played {
    id: String,
    token: String,
    side: &'static str,
    acknowledged: BTreeMap<usize, String>,
}

/// Sends a request until it is answered with something else than a refusal to wait on (503,
/// 429) or no answer, as a client told "try again" does: the answer's status and body. Every
/// answer is counted; a `500`, a `503` without `Retry-After` is a problem.
fn until_answered(
    tally: &Mutex<Tally>,
    what: &str,
    method: &str,
    url: &str,
    body: Option<&Value>,
    token: Option<&str>,
    give_up: Instant,
) -> Option<(u16, Value)> {
    let mut tries = 0;
    loop {
        if Instant::now() > give_up {
            tally
                .lock()
                .unwrap()
                .problem(format!("{what}: not answered before the test's deadline ({tries} tries)"));
            return None;
        }
        tries += 1;
        let wait = match send(method, url, body, token) {
            Err(e) => {
                tally.lock().unwrap().cut += 1;
                eprintln!("{what}: no answer ({e}); sending it again");
                Duration::from_millis(200)
            }
            Ok((status, retry, answer)) => {
                let mut t = tally.lock().unwrap();
                *t.statuses.entry(status).or_default() += 1;
                if let Some(code) = answer["code"].as_str() {
                    *t.codes.entry(code.to_owned()).or_default() += 1;
                }
                match status {
                    500..=599 if status != 503 => {
                        t.problem(format!("{what}: {status} {answer}"));
                        Duration::from_millis(200)
                    }
                    429 | 503 => match retry.as_deref().and_then(|r| r.parse::<u64>().ok()) {
                        Some(secs) => Duration::from_secs(secs.min(2)),
                        None => {
                            t.problem(format!("{what}: {status} without Retry-After: {answer}"));
                            Duration::from_millis(500)
                        }
                    },
                    _ => return Some((status, answer)),
                }
            }
        };
        if method == "POST" && url.ends_with("/moves") {
            tally.lock().unwrap().retried += 1;
        }
        std::thread::sleep(wait);
    }
}

/// The game `id` once the computer has answered (or the game is over): it waits for the reply
/// the server owes, as the page does.
fn replied(tally: &Mutex<Tally>, base: &str, id: &str, side: &str, give_up: Instant) -> Option<Value> {
    loop {
        let (status, g) = until_answered(
            tally,
            &format!("GET {id}"),
            "GET",
            &format!("{base}/api/games/{id}"),
            None,
            None,
            give_up,
        )?;
        if status != 200 {
            tally.lock().unwrap().problem(format!("GET {id}: {status} {g}"));
            return None;
        }
        if !g["outcome"].is_null() || g["to_move"] == side {
            return Some(g);
        }
        if Instant::now() > give_up {
            tally.lock().unwrap().problem(format!("game {id}: the computer never answered: {g}"));
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A player: new games against the computer, a random legal move at a time, each move sent
/// with its ply until it is answered, until `stop` (the move under way is finished first).
fn player(n: usize, base: &str, stop: &AtomicBool, tally: &Mutex<Tally>, give_up: Instant) -> Vec<Played> {
    let side = if n.is_multiple_of(2) { "mouse" } else { "cats" };
    let other = if side == "mouse" { "cats" } else { "mouse" };
    let mut rng = (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut random = |below: usize| {
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (rng >> 33) as usize % below
    };
    let mut games = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let new = json!({"size": 8, side: "human", other: "random", "seed": n});
        let Some((status, g)) = until_answered(
            tally,
            "new game",
            "POST",
            &format!("{base}/api/games"),
            Some(&new),
            None,
            give_up,
        ) else {
            break;
        };
        if status != 201 {
            tally.lock().unwrap().problem(format!("new game: {status} {g}"));
            break;
        }
        let mut game = Played {
            id: g["public_id"].as_str().unwrap().to_owned(),
            token: g["tokens"][side].as_str().unwrap().to_owned(),
            side,
            acknowledged: BTreeMap::new(),
        };
        let url = format!("{base}/api/games/{}/moves", game.id);
        let mut g = Some(g);
        loop {
            // the computer first, when it is to move (it may be still to come: an event, not
            // part of the answer)
            let now = match g.take() {
                Some(now) if !now["outcome"].is_null() => break,
                Some(now) if now["to_move"] == side && now["computer_queued"] != true => now,
                _ => {
                    g = replied(tally, base, &game.id, side, give_up);
                    if g.is_none() {
                        break;
                    }
                    continue;
                }
            };
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let legal = now["legal_moves"].as_array().unwrap();
            let mv = legal[random(legal.len())].as_str().unwrap().to_owned();
            let ply = now["moves"].as_array().unwrap().len();
            let body = json!({"move": mv, "ply": ply});
            let what = format!("game {} move {mv} at ply {ply}", game.id);
            // sent until answered otherwise than "try again": then it must be 200
            let Some((status, answer)) =
                until_answered(tally, &what, "POST", &url, Some(&body), Some(&game.token), give_up)
            else {
                break;
            };
            if status != 200 {
                tally.lock().unwrap().problem(format!("{what}: {status} {answer}"));
                break;
            }
            let moves = answer["moves"].as_array().unwrap();
            if moves.get(ply).and_then(Value::as_str) != Some(&mv) {
                tally.lock().unwrap().problem(format!("{what}: answered 200 without it: {answer}"));
                break;
            }
            game.acknowledged.insert(ply, mv);
            g = Some(answer);
        }
        games.push(game);
    }
    games
}

#[test]
fn postgres_crashed_and_started_again_under_load_keeps_every_promise() {
    let db = Database::new("outage");
    if !db.kill_cluster() {
        eprintln!("skipped: the cluster of RYG_TEST_POSTGRES is shared with other tests");
        return;
    }
    assert!(db.restart_cluster());
    let server = Server::start_url(&db.url, &["--log", "warn"]);
    let base = server.url.clone();
    let give_up = Instant::now() + DEADLINE;
    let (stop, tally) = (AtomicBool::new(false), Mutex::new(Tally::default()));
    let started = Instant::now();
    let games: Vec<Played> = std::thread::scope(|s| {
        let players: Vec<_> = (0..PLAYERS)
            .map(|n| {
                let (base, stop, tally) = (&base, &stop, &tally);
                s.spawn(move || player(n, base, stop, tally, give_up))
            })
            .collect();
        // two crashes, each while every player is in the middle of a game
        for (up, down) in [(1_500, 2_000), (1_500, 300), (1_500, 1_000)] {
            std::thread::sleep(Duration::from_millis(up));
            let moves_before = tally.lock().unwrap().statuses.get(&200).copied().unwrap_or(0);
            assert!(db.kill_cluster());
            eprintln!(
                "outage: PostgreSQL crashed after {moves_before} moves answered 200 ({:?})",
                started.elapsed()
            );
            std::thread::sleep(Duration::from_millis(down));
            assert!(db.restart_cluster());
            eprintln!("outage: PostgreSQL started again ({:?})", started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(3_000));
        stop.store(true, Ordering::Relaxed);
        players.into_iter().flat_map(|p| p.join().unwrap()).collect()
    });
    let mut tally = tally.into_inner().unwrap();

    // the stored games: every acknowledged move at its ply, no other move of the player, and
    // the computer's reply to each (waited for: the server owes it)
    let (mut moves, mut replies) = (0, 0);
    for game in &games {
        let Some(stored) = replied(&Mutex::new(Tally::default()), &base, &game.id, game.side, give_up) else {
            tally.problem(format!("game {}: not read back", game.id));
            continue;
        };
        let stored_moves: Vec<&str> =
            stored["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let Some((&first, _)) = game.acknowledged.first_key_value() else { continue };
        for (ply, mv) in stored_moves.iter().enumerate() {
            let players_ply = ply % 2 == first % 2;
            match game.acknowledged.get(&ply) {
                Some(acked) if acked == mv => moves += 1,
                Some(acked) => {
                    tally.problem(format!("game {}: {acked} acknowledged at ply {ply}, {mv} stored", game.id))
                }
                None if players_ply => {
                    tally.problem(format!("game {}: {mv} at ply {ply} stored, never acknowledged", game.id))
                }
                None => replies += 1,
            }
        }
        for (ply, acked) in &game.acknowledged {
            if *ply >= stored_moves.len() {
                tally.problem(format!("game {}: {acked} acknowledged at ply {ply}, lost", game.id));
            }
        }
        // the computer answered the last one (unless it ended the game)
        let last = *game.acknowledged.last_key_value().unwrap().0;
        if stored["outcome"].is_null() && stored_moves.len() != last + 2 {
            tally.problem(format!(
                "game {}: {} moves stored after a last move at ply {last}",
                game.id,
                stored_moves.len()
            ));
        }
    }
    eprintln!(
        "outage: {} games, {moves} acknowledged moves stored, {replies} computer replies; answers {:?}; \
         refusals {:?}; {} moves sent again, {} requests cut off, in {:?}",
        games.len(),
        tally.statuses,
        tally.codes,
        tally.retried,
        tally.cut,
        started.elapsed()
    );
    assert!(tally.problems.is_empty(), "{} problems:\n{}", tally.problems.len(), tally.problems.join("\n"));
    assert!(
        tally.statuses.get(&503).copied().unwrap_or(0) > 0,
        "no answer said the database was down: the test tested nothing"
    );
}

/// A TCP relay between the server and PostgreSQL that can lose the answer to one COMMIT: the
/// COMMIT reaches PostgreSQL (which stores the change), then its connection is cut before the
/// answer gets back — exactly what a database stopping in the middle of a COMMIT does, but on
/// cue.
struct Relay {
    port: u16,
    /// Set: the next COMMIT of a game's change sent through the relay loses its answer.
    cut_next_commit: std::sync::Arc<AtomicBool>,
    /// COMMITs whose answer was lost.
    cut: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Relay {
    fn to(target: std::net::SocketAddr) -> Relay {
        use std::io::{Read, Write};
        use std::net::{Shutdown, TcpListener, TcpStream};
        use std::sync::atomic::AtomicUsize;
        use std::sync::Arc;
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (cut_next_commit, cut) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
        let (arm, count) = (Arc::clone(&cut_next_commit), Arc::clone(&cut));
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let Ok(server) = TcpStream::connect(target) else { continue };
                // answers flow back unless this connection lost a COMMIT's answer
                let lost = Arc::new(AtomicBool::new(false));
                let (mut from_client, mut to_server) =
                    (client.try_clone().unwrap(), server.try_clone().unwrap());
                let (arm, count, lost_up) = (Arc::clone(&arm), Arc::clone(&count), Arc::clone(&lost));
                std::thread::spawn(move || {
                    let mut buf = [0u8; 65536];
                    // whether this connection's transaction stores a change of a game (it
                    // notifies the other servers): the server's own housekeeping (the hourly
                    // clean-up, the sweep of owed replies) commits too, at any moment
                    let mut notified = false;
                    while let Ok(n) = from_client.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        notified |= buf[..n].windows(9).any(|w| w == b"pg_notify");
                        // a simple query 'Q' whose text is COMMIT
                        let commit = buf[..n].windows(7).any(|w| w == b"COMMIT\0");
                        let cut = commit && notified && arm.swap(false, Ordering::SeqCst);
                        notified &= !commit;
                        if cut {
                            // the answer is lost from before the COMMIT is sent on: PostgreSQL
                            // can answer before this thread gets to it (before, the answer then
                            // went through, the move was answered 200, and the test failed)
                            lost_up.store(true, Ordering::SeqCst);
                            count.fetch_add(1, Ordering::SeqCst);
                        }
                        if to_server.write_all(&buf[..n]).is_err() {
                            break;
                        }
                        if cut {
                            // PostgreSQL reads and runs the COMMIT; its answer goes nowhere
                            std::thread::sleep(Duration::from_millis(300));
                            let _ = from_client.shutdown(Shutdown::Both);
                            let _ = to_server.shutdown(Shutdown::Both);
                            break;
                        }
                    }
                    let _ = to_server.shutdown(Shutdown::Both);
                });
                let (mut from_server, mut to_client) = (server, client);
                std::thread::spawn(move || {
                    let mut buf = [0u8; 65536];
                    while let Ok(n) = from_server.read(&mut buf) {
                        if n == 0 || lost.load(Ordering::SeqCst) || to_client.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    let _ = to_client.shutdown(Shutdown::Both);
                });
            }
        });
        Relay { port, cut_next_commit, cut }
    }
}

/// A COMMIT whose answer is lost (the move is stored; the server cannot know it): the move is
/// answered `503 commit_unknown` with `Retry-After` — and the computer's reply comes all the
/// same, without the player sending anything again (before, it waited for the sweep: a minute
/// and more). Sent again with its ply, the move is there once, answered 200 with the reply.
#[test]
fn a_lost_commit_answer_still_gets_the_computers_reply_and_a_retry_plays_it_once() {
    let db = Database::new("lost_commit");
    let (host_port, name) = db.url.trim_start_matches("postgres://postgres@").split_once('/').unwrap();
    let relay = Relay::to(host_port.parse().unwrap());
    let url = format!("postgres://postgres@127.0.0.1:{}/{name}", relay.port);
    let server = Server::start_url(&url, &["--log", "warn"]);
    let new = json!({"size": 8, "mouse": "human", "cats": "random", "seed": 5});
    let (status, _, g) = send("POST", &format!("{}/api/games", server.url), Some(&new), None).unwrap();
    assert_eq!(status, 201, "{g}");
    let (id, token) = (g["public_id"].as_str().unwrap(), g["tokens"]["mouse"].as_str().unwrap());
    let moves_url = format!("{}/api/games/{id}/moves", server.url);
    let mv = g["legal_moves"][0].as_str().unwrap().to_owned();

    relay.cut_next_commit.store(true, Ordering::SeqCst);
    let (status, retry, answer) =
        send("POST", &moves_url, Some(&json!({"move": mv, "ply": 0})), Some(token)).unwrap();
    assert_eq!(relay.cut.load(Ordering::SeqCst), 1, "no COMMIT went through the relay");
    assert_eq!((status, answer["code"].as_str()), (503, Some("commit_unknown")), "{answer}");
    assert!(retry.is_some(), "503 without Retry-After: {answer}");

    // nobody sends it again: the stored move gets its reply all the same, within seconds
    let tally = Mutex::new(Tally::default());
    let waited = Instant::now();
    let g = replied(&tally, &server.url, id, "mouse", Instant::now() + Duration::from_secs(20))
        .unwrap_or_default();
    let t = tally.into_inner().unwrap();
    assert!(t.problems.is_empty(), "{:?}", t.problems);
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(2), "the move and its reply: {g}");
    assert_eq!(g["moves"][0].as_str(), Some(mv.as_str()));
    eprintln!("the reply to a move whose COMMIT's answer was lost came after {:?}", waited.elapsed());

    // sent again as the answer said: there once, and the answer is the game with the reply
    let (status, _, again) =
        send("POST", &moves_url, Some(&json!({"move": mv, "ply": 0})), Some(token)).unwrap();
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["moves"], g["moves"]);

    // lost again, and sent again at once: played once, the reply in the answer
    let next = g["legal_moves"][0].as_str().unwrap().to_owned();
    relay.cut_next_commit.store(true, Ordering::SeqCst);
    let body = json!({"move": next, "ply": 2});
    let (status, _, lost) = send("POST", &moves_url, Some(&body), Some(token)).unwrap();
    assert_eq!((status, lost["code"].as_str()), (503, Some("commit_unknown")), "{lost}");
    let (status, _, again) = send("POST", &moves_url, Some(&body), Some(token)).unwrap();
    assert_eq!(status, 200, "{again}");
    let moves = again["moves"].as_array().unwrap();
    assert_eq!(moves[2].as_str(), Some(next.as_str()), "{again}");
    assert!(moves.len() == 4 || !again["outcome"].is_null() || again["computer_queued"] == true, "{again}");
}
