//! The computer's reply in a stored game is never dropped: a move is refused before anything is
//! stored (429 or 503 with `Retry-After`: nothing happened, try again), or it is stored and the
//! computer's reply is queued and always played.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::Server;

/// `POST url` with `body` and a seat's `token`, from any thread: status, `Retry-After`, body.
fn post(url: &str, body: &Value, token: &str) -> (u16, Option<u64>, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let mut resp = agent
        .post(url)
        .header("Content-Type", "application/json")
        .header("Authorization", format!("Bearer {token}"))
        .send(body.to_string())
        .unwrap_or_else(|e| panic!("POST {url}: {e}"));
    let retry = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok());
    let text = resp.body_mut().read_to_string().unwrap();
    (resp.status().as_u16(), retry, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// Eighty players behind one address (a classroom behind one NAT) each play their first move
/// against level 3 on 8×8 at the same moment: every game moves on, the computer replying in each.
/// Once with the limit of moves per second out of the way, so that all eighty reach the engine's
/// queue at once (before, the address's share was 32: the issue saw 9 of 80 moves stored and
/// refused their reply); once with the server's own limit of 20 a second: the refused moves wait as
/// `Retry-After` says and are sent again, unchanged — so the refusal stored nothing.
#[test]
fn a_classroom_behind_one_address_plays_on() {
    for limit in [None, Some("20")] {
        let dir = tempfile::tempdir().unwrap();
        let extra: &[&str] = match limit {
            Some(n) => &["--moves-per-second", n],
            None => &[],
        };
        let server = Server::start_with(&dir.path().join("games.sqlite3"), extra);
        let refused = classroom(&server, 80);
        if limit.is_some() {
            assert!(refused > 0, "the limit of moves per second refused none: the test tested nothing");
        }
    }
}

/// `count` new 8×8 games of a human mouse against level 3: each one's id, mouse token and first
/// legal move.
fn level_three_games(server: &Server, count: usize) -> Vec<(String, String, String)> {
    (0..count)
        .map(|_| {
            let (status, g) = server.post("/api/games", json!({"size": 8, "mouse": "human", "cats": "3"}));
            assert_eq!(status, 201, "{g}");
            let first = g["legal_moves"][0].as_str().unwrap().to_owned();
            (g["id"].as_str().unwrap().to_owned(), g["tokens"]["mouse"].as_str().unwrap().to_owned(), first)
        })
        .collect()
}

/// `players` games against level 3, a first move in each at once; the refusals retried.
fn classroom(server: &Server, players: usize) -> usize {
    let games = level_three_games(server, players);
    let started = Instant::now();
    let barrier = std::sync::Barrier::new(games.len());
    let refusals: Vec<usize> = std::thread::scope(|s| {
        let players: Vec<_> = games
            .iter()
            .map(|(id, token, mv)| {
                let (barrier, url) = (&barrier, format!("{}/api/games/{id}/moves", server.url));
                s.spawn(move || {
                    barrier.wait();
                    let mut refused = 0;
                    loop {
                        let (status, retry, answer) = post(&url, &json!({ "move": mv }), token);
                        match status {
                            200 => return refused,
                            429 | 503 => {
                                let wait =
                                    retry.unwrap_or_else(|| panic!("{status} without Retry-After: {answer}"));
                                refused += 1;
                                assert!(refused < 60, "game {id}: refused {refused} times: {answer}");
                                std::thread::sleep(Duration::from_secs(wait));
                            }
                            _ => panic!("game {id}: {status} {answer}"),
                        }
                    }
                })
            })
            .collect();
        players.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let played = started.elapsed();
    // every game moves on: the computer replied, or does within moments
    let mut stuck = Vec::new();
    for (id, _, mv) in &games {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (status, g) = server.get(&format!("/api/games/{id}"));
            assert_eq!(status, 200, "{g}");
            let moves: Vec<&str> = g["moves"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            assert_eq!(moves.first(), Some(&mv.as_str()), "game {id}: {g}");
            if moves.len() == 2 && g["to_move"] == "mouse" {
                break;
            }
            if Instant::now() > deadline {
                stuck.push(id.clone());
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let refused: usize = refusals.iter().sum();
    println!(
        "classroom: {players} first moves stored in {played:?} ({refused} refusals, each retried), \
         every reply played after {:?}",
        started.elapsed()
    );
    assert!(stuck.is_empty(), "games left without the computer's reply: {stuck:?}");
    refused
}

/// A move answered before the computer's reply comes says so (`computer_queued`), and the
/// reply is played although nobody waits for it.
#[test]
fn a_reply_comes_when_nobody_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    // a request waits for the computer's reply half of --request-timeout at most: 0.5 s here
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--request-timeout", "1"]);
    // the computer's first move at level "perfect" on 10×10 waits for the 10×10 tablebase
    // (seconds of every core): longer than 0.5 s
    let (status, g) = server.post("/api/games", json!({"size": 10, "mouse": "human", "cats": "perfect"}));
    assert_eq!(status, 201, "{g}");
    let (id, token) =
        (g["id"].as_str().unwrap().to_owned(), g["tokens"]["mouse"].as_str().unwrap().to_owned());
    let mv = g["legal_moves"][0].as_str().unwrap();
    let (status, _, answer) =
        post(&format!("{}/api/games/{id}/moves", server.url), &json!({ "move": mv }), &token);
    assert_eq!(status, 200, "{answer}");
    if answer["moves"].as_array().unwrap().len() == 2 {
        eprintln!("skipped: the computer replied within half a second on this machine");
        return;
    }
    assert_eq!((answer["to_move"].as_str(), answer["computer_queued"].as_bool()), (Some("cats"), Some(true)));
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (_, g) = server.get(&format!("/api/games/{id}"));
        if g["moves"].as_array().unwrap().len() == 2 {
            assert_eq!((g["to_move"].as_str(), g["computer_queued"].as_bool()), (Some("mouse"), Some(false)));
            break;
        }
        assert_eq!(g["computer_queued"].as_bool(), Some(true), "{g}");
        assert!(Instant::now() < deadline, "the reply never came: {g}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `POST path` with `body` and `token` on a connection of its own, closed `after` the request is
/// sent, before the answer is read (a phone changing networks).
fn post_and_leave(addr: &str, path: &str, body: &Value, token: &str, after: Duration) {
    use std::io::Write;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Authorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    std::thread::sleep(after);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// 200 players send their first move against level 3 on 8×8, all at once, and close the
/// connection 0 to 30 ms later, before the answer: every move that was stored gets the
/// computer's reply (before, the reply's start was cancelled with the request: games kept the
/// person's move and waited for ever, `computer_queued` false). On a machine so busy that the
/// server read none of the 200 requests before its connection closed, the round is played
/// again on new games with drop points ten times later, so that the test always tests.
#[test]
fn a_move_whose_connection_drops_still_gets_its_reply() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    for spread_ms in [31, 310, 3100] {
        let (stored, stuck) = drop_round(&server, &addr, spread_ms);
        println!(
            "dropped connections within {spread_ms} ms: {stored} of 200 moves stored and answered, {} stuck",
            stuck.len()
        );
        assert!(
            stuck.is_empty(),
            "stored moves without the computer's reply (game, computer_queued): {stuck:?}"
        );
        if stored > 0 {
            return;
        }
    }
    panic!("no move was stored in three rounds: the test tested nothing");
}

/// One round of [`a_move_whose_connection_drops_still_gets_its_reply`]: 200 new games, their
/// connections dropped 0 to `spread_ms` ms after the move was sent; the games that got the
/// move and its reply, and those that kept the move without a reply.
fn drop_round(server: &Server, addr: &str, spread_ms: u64) -> (usize, Vec<(String, Value)>) {
    let games = level_three_games(server, 200);
    let barrier = std::sync::Barrier::new(games.len());
    std::thread::scope(|s| {
        for (i, (id, token, mv)) in games.iter().enumerate() {
            let barrier = &barrier;
            // drop points spread over the round's span, the same every run
            let after = Duration::from_millis((i as u64 * 7919) % spread_ms);
            s.spawn(move || {
                barrier.wait();
                post_and_leave(addr, &format!("/api/games/{id}/moves"), &json!({ "move": mv }), token, after);
            });
        }
    });
    let (mut stored, mut stuck) = (0, Vec::new());
    let deadline = Instant::now() + Duration::from_secs(60);
    for (id, _, _) in &games {
        loop {
            let (status, g) = server.get(&format!("/api/games/{id}"));
            assert_eq!(status, 200, "{g}");
            let plies = g["moves"].as_array().unwrap().len();
            if plies == 2 || (plies == 0 && Instant::now() + Duration::from_secs(55) > deadline) {
                stored += usize::from(plies == 2);
                break;
            }
            if Instant::now() > deadline {
                stuck.push((id.clone(), g["computer_queued"].clone()));
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    (stored, stuck)
}

/// `POST url` with `body`, a seat's `token` (if any), as client address `from` (the server trusts
/// `X-Forwarded-For`), giving up after 20 s: status and body.
fn post_from(url: &str, body: &Value, token: Option<&str>, from: &str) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut req = agent.post(url).header("Content-Type", "application/json").header("X-Forwarded-For", from);
    if let Some(token) = token {
        req = req.header("Authorization", format!("Bearer {token}"));
    }
    let mut resp = req.send(body.to_string()).unwrap_or_else(|e| panic!("POST {url}: {e}"));
    let text = resp.body_mut().read_to_string().unwrap();
    (resp.status().as_u16(), serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// Four heavy games from one address (10×10 against RYG3 v11 at depth 16, a search of tens of
/// seconds) hold the game workers, while another address plays level 3 on 8×8: each of its
/// replies comes within a second (they take milliseconds of a core). Before, the heavy
/// searches had no time limit and the light reply queued behind them (51 s in the issue).
#[test]
fn heavy_games_from_one_address_do_not_hold_up_another() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--trust-proxy"]);
    let (heavy, light) = ("10.0.0.1", "10.0.0.2");
    let game = |spec: Value, from| {
        let (status, g) = post_from(&format!("{}/api/games", server.url), &spec, None, from);
        assert_eq!(status, 201, "{g}");
        (g["id"].as_str().unwrap().to_owned(), g["tokens"]["mouse"].as_str().unwrap().to_owned(), g)
    };
    // the light player's first move: the 8×8 table is built, once
    let (id, token, g) = game(json!({"size": 8, "mouse": "human", "cats": "3"}), light);
    let play = |g: &Value| {
        let mv = g["legal_moves"][0].as_str().unwrap();
        let started = Instant::now();
        let (status, g) = post_from(
            &format!("{}/api/games/{id}/moves", server.url),
            &json!({ "move": mv }),
            Some(&token),
            light,
        );
        assert_eq!(status, 200, "{g}");
        assert_eq!(g["to_move"], "mouse", "the computer replied: {g}");
        (started.elapsed(), g)
    };
    let (_, mut g) = play(&g);
    let spec = json!({"size": 10, "mouse": "human", "cats": {"engine": "ryg3-v11", "depth": 16}});
    let heavies: Vec<(String, String, Value)> = (0..4).map(|_| game(spec.clone(), heavy)).collect();
    let url = server.url.clone();
    let moving: Vec<_> = heavies
        .iter()
        .map(|(hid, token, g)| {
            let (url, token, mv) =
                (format!("{url}/api/games/{hid}/moves"), token.clone(), g["legal_moves"][0].clone());
            std::thread::spawn(move || post_from(&url, &json!({ "move": mv }), Some(&token), heavy))
        })
        .collect();
    let thinking = || {
        heavies
            .iter()
            .filter(|(_, _, g)| {
                let public = g["public_id"].as_str().unwrap();
                server.get(&format!("/api/games/{public}/thinking")).1["thinking"] == true
            })
            .count()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while thinking() == 0 {
        assert!(Instant::now() < deadline, "no heavy search started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut took = Vec::new();
    for _ in 0..8 {
        if g["legal_moves"].as_array().is_none_or(Vec::is_empty) {
            break;
        }
        let (t, next) = play(&g);
        took.push(t);
        g = next;
    }
    // the heavy searches were still under way: the light replies did not come in a quiet moment
    let busy = thinking();
    took.sort();
    println!("level-3 replies beside four heavy games: {took:?}, heavy searches running after them: {busy}");
    assert!(busy > 0, "the heavy searches were over before the light moves: the test tested nothing");
    assert!(took[took.len() - 1] < Duration::from_secs(1), "a level-3 reply took {:?}", took[took.len() - 1]);
    for m in moving {
        let (status, answer) = m.join().unwrap();
        assert_eq!(status, 200, "{answer}");
    }
}

/// A move sent again with its ply (its answer lost: a connection cut, a `commit_unknown`) is
/// played once: the retry answers 200 with the game as it is, the computer's reply included,
/// where it answered `400 illegal_move` (or, against the computer, `409 not_your_turn`).
#[test]
fn a_move_sent_again_with_its_ply_is_played_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, g) = server.post("/api/games", json!({"size": 8, "mouse": "human", "cats": "3"}));
    assert_eq!(status, 201, "{g}");
    let (id, token) =
        (g["id"].as_str().unwrap().to_owned(), g["tokens"]["mouse"].as_str().unwrap().to_owned());
    let url = format!("{}/api/games/{id}/moves", server.url);
    let mv = g["legal_moves"][0].as_str().unwrap().to_owned();
    let (status, _, first) = post(&url, &json!({ "move": mv, "ply": 0 }), &token);
    assert_eq!((status, first["moves"].as_array().unwrap().len()), (200, 2), "{first}");
    let (status, _, again) = post(&url, &json!({ "move": mv, "ply": 0 }), &token);
    assert_eq!(status, 200, "{again}");
    assert_eq!((&again["moves"], &again["version"]), (&first["moves"], &first["version"]));
    let other = g["legal_moves"][1].as_str().unwrap();
    let (status, _, wrong) = post(&url, &json!({ "move": other, "ply": 0 }), &token);
    assert_eq!((status, wrong["code"].as_str()), (409, Some("wrong_ply")), "{wrong}");
    let (status, _, next) = post(&url, &json!({ "move": first["legal_moves"][0], "ply": 2 }), &token);
    assert_eq!((status, next["moves"].as_array().unwrap().len()), (200, 4), "{next}");
}

/// A 10×10 game against RYG3 v11 at depth 16 whose first move is sent (on a thread of its own)
/// and whose computer is searching: the game's id, its mouse token and the move's thread.
fn a_long_search(server: &Server) -> (String, String, std::thread::JoinHandle<()>) {
    let spec = json!({"size": 10, "mouse": "human", "cats": {"engine": "ryg3-v11", "depth": 16}});
    let (status, g) = server.post("/api/games", spec);
    assert_eq!(status, 201, "{g}");
    let (id, token) =
        (g["id"].as_str().unwrap().to_owned(), g["tokens"]["mouse"].as_str().unwrap().to_owned());
    let (url, mv, t) =
        (format!("{}/api/games/{id}/moves", server.url), g["legal_moves"][0].clone(), token.clone());
    // its answer may be cut by the test (a shutdown): only the game's state is looked at
    let moving = std::thread::spawn(move || {
        let _ = std::panic::catch_unwind(|| post_from(&url, &json!({ "move": mv }), Some(&t), "127.0.0.1"));
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while server.get(&format!("/api/games/{id}/thinking")).1["thinking"] != true {
        assert!(Instant::now() < deadline, "the computer's search never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    (id, token, moving)
}

/// Resigning while the computer searches answers at once (before: it waited for the search,
/// 60 s and a 408 in the issue); the game is resigned and the given-up reply is never stored.
#[test]
fn resigning_does_not_wait_for_the_computers_search() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--move-ms", "60000"]);
    let (id, token, moving) = a_long_search(&server);
    let started = Instant::now();
    let (status, _, g) = post(&format!("{}/api/games/{id}/resign", server.url), &json!({}), &token);
    let took = started.elapsed();
    println!("resigned while the computer searched: answered in {took:?}");
    assert_eq!((status, g["outcome"]["reason"].as_str()), (200, Some("resigned")), "{g}");
    assert!(took < Duration::from_secs(5), "resigning took {took:?}");
    moving.join().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let (_, g) = server.get(&format!("/api/games/{id}"));
    assert_eq!(g["moves"].as_array().unwrap().len(), 1, "a reply was stored after the resignation: {g}");
}

/// SIGTERM while the computer searches: the search stops at once and the server exits within
/// seconds (before: it waited for the search, 53 s in the issue); the reply stays owed in the
/// store and is played once the server starts again.
#[test]
fn sigterm_stops_searches_and_their_replies_are_played_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let mut server = Server::start_with(&db, &["--move-ms", "60000"]);
    let (id, _, moving) = a_long_search(&server);
    let started = Instant::now();
    let killed = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status();
    assert!(killed.unwrap().success());
    crate::common::exits_within(&mut server.child, Duration::from_secs(30), "the server did not stop");
    let took = started.elapsed();
    println!("SIGTERM during a search: the server exited after {took:?}");
    assert!(took < Duration::from_secs(5), "the server took {took:?} to stop");
    moving.join().unwrap();
    let server = Server::start_with(&db, &["--move-ms", "500"]);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, g) = server.get(&format!("/api/games/{id}"));
        if g["moves"].as_array().unwrap().len() == 2 {
            break;
        }
        assert_eq!(g["moves"].as_array().unwrap().len(), 1, "{g}");
        assert!(Instant::now() < deadline, "the reply owed before the stop was not played after it: {g}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// SIGTERM during an analysis: the search stops as a game's search does, and the server exits
/// within 2 s (before: it waited for the analysis, up to `--analysis-ms`; 9.2 s for two
/// 10-second analyses).
#[test]
fn sigterm_stops_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&dir.path().join("games.sqlite3"));
    let fen = "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m".replace('/', "%2F").replace(' ', "+");
    let url = format!("{}/api/analyze?fen={fen}&movetime=10000", server.url);
    let asking: Vec<_> = (0..2)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || crate::common::send("GET", &url, None, None))
        })
        .collect();
    // both searches under way
    std::thread::sleep(Duration::from_millis(1500));
    let started = Instant::now();
    let killed = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status();
    assert!(killed.unwrap().success());
    crate::common::exits_within(&mut server.child, Duration::from_secs(30), "the server did not stop");
    let took = started.elapsed();
    println!("SIGTERM during two 10 s analyses: the server exited after {took:?}");
    assert!(took <= Duration::from_secs(2), "the server took {took:?} to stop");
    for asked in asking {
        let _ = asked.join().unwrap();
    }
}

/// The replies owed when a server starts take turns between the addresses that created their
/// games, as those players' own moves would: one address's twelve owed heavy replies hold up
/// another address's one by the search running and at most one more (before, every recovered
/// reply waited in one queue of the server's own, first come first: the other address's reply
/// waited for the six listed before it).
#[test]
fn replies_recovered_at_start_take_turns_between_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    // one game worker; replies cut short only after a minute: all of them are owed at the stop
    let opts = ["--trust-proxy", "--engine-workers", "1", "--request-timeout", "4"];
    let server = Server::start_with(&db, &[&opts[..], &["--move-ms", "60000"]].concat());
    let heavy = json!({"size": 10, "mouse": "human", "cats": {"engine": "ryg3-v11", "depth": 16}});
    // six games of one address, one of another, six more of the first, each with its first
    // move stored: whatever order the store lists them in, the other address's comes after six
    let froms: Vec<&str> = [&["10.0.0.1"; 6][..], &["10.0.0.2"], &["10.0.0.1"; 6]].concat();
    let games: Vec<(String, String, String)> = froms
        .iter()
        .map(|from| {
            let (status, g) = post_from(&format!("{}/api/games", server.url), &heavy, None, from);
            assert_eq!(status, 201, "{g}");
            let text = |v: &Value| v.as_str().unwrap().to_owned();
            (text(&g["public_id"]), text(&g["legal_moves"][0]), text(&g["tokens"]["mouse"]))
        })
        .collect();
    std::thread::scope(|s| {
        for (from, (public, mv, token)) in froms.iter().zip(&games) {
            let url = format!("{}/api/games/{public}/moves", server.url);
            s.spawn(move || {
                let (status, g) = post_from(&url, &json!({ "move": mv }), Some(token), from);
                assert_eq!(status, 200, "{g}");
            });
            // stored in this order
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let mut server = server;
    let killed = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status();
    assert!(killed.unwrap().success());
    server.child.wait().unwrap();
    drop(server);

    // started again: each owed reply is a search cut at 2 s, on the one worker
    let server = Server::start_with(&db, &[&opts[..], &["--move-ms", "2000"]].concat());
    let started = Instant::now();
    let (other, _, _) = &games[6];
    loop {
        let (_, g) = server.get(&format!("/api/games/{other}"));
        if g["moves"].as_array().unwrap().len() == 2 {
            break;
        }
        assert!(
            // the search running and the first address's turn before this one's, then its own:
            // three searches of 2 s (in one queue: the six listed before it, then its own)
            started.elapsed() < Duration::from_secs(10),
            "the other address's owed reply waited behind the first one's: {g}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    println!("the other address's reply owed at the restart came after {:?}", started.elapsed());
}
