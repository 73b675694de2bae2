//! More than one server on one PostgreSQL database: games, moves and live updates are shared.
//! These tests start a throwaway PostgreSQL cluster of their own (scripts/pg-cluster), or use
//! the one `RYG_TEST_POSTGRES` names.

use serde_json::json;

use crate::common::events::{friends_game, listen, moves, next};
use crate::common::{pg::Database, send, Server};

/// Two servers on one new database (`name`) and a friends' game made through the first: the
/// database (bind `_db`: dropping it removes the database), the servers, the game's view, its
/// two tokens and its number.
struct TwoServers {
    _db: Database,
    a: Server,
    b: Server,
    game: serde_json::Value,
    mouse: String,
    cats: String,
    id: String,
}

fn two_servers(name: &str, options: serde_json::Value) -> TwoServers {
    let db = Database::new(name);
    let (a, b) = (Server::start_url(&db.url, &[]), Server::start_url(&db.url, &[]));
    let mut body = json!({"mouse": "human", "cats": "human"});
    body.as_object_mut().unwrap().extend(options.as_object().unwrap().clone());
    let (game, mouse, cats) = friends_game(&a, body);
    let id = game["id"].as_str().unwrap().to_owned();
    TwoServers { _db: db, a, b, game, mouse, cats, id }
}

#[test]
fn two_servers_share_games_moves_and_live_updates() {
    let TwoServers { _db, a, b, game, mouse, cats, id } = two_servers("two_servers", json!({}));
    // a watcher of server B hears the moves made through server A, and the other way round
    let on_b = listen(&b.url, &game, None);
    let on_a = listen(&a.url, &game, None);
    assert_eq!(next(&on_b).id, 0);
    assert_eq!(next(&on_a).id, 0);
    let (status, _) = a.post_as(&format!("/api/games/{id}/moves"), json!({"move": "e1f2"}), Some(&mouse));
    assert_eq!(status, 200);
    let heard = next(&on_b);
    assert_eq!((heard.id, moves(&heard.game)), (1, vec!["e1f2".to_string()]));
    assert_eq!(next(&on_a).id, 1);
    let (status, _) = b.post_as(&format!("/api/games/{id}/moves"), json!({"move": "h8g7"}), Some(&cats));
    assert_eq!(status, 200);
    let heard = next(&on_a);
    assert_eq!((heard.id, moves(&heard.game)), (2, vec!["e1f2".to_string(), "h8g7".to_string()]));
    assert_eq!(next(&on_b).id, 2);
    // each server reads what the other stored; a token works on either
    let (_, seen) = b.get(&format!("/api/games/{id}"));
    assert_eq!(moves(&seen), ["e1f2", "h8g7"]);
    let (status, err) = b.post_as(&format!("/api/games/{id}/moves"), json!({"move": "f2e3"}), Some(&cats));
    assert_eq!((status, err["code"].as_str()), (403, Some("not_your_turn")), "{err}");
}

/// Moves stored through server A as fast as a client can send them: a watcher of server B
/// hears every version, one event each, in order (before, it could skip one when the next move
/// was stored before B loaded the game).
#[test]
fn a_watcher_of_another_server_hears_every_version_of_fast_moves() {
    let TwoServers { _db, a, b, game, mouse, cats, id } = two_servers("fast_moves", json!({}));
    let on_b = listen(&b.url, &game, None);
    assert_eq!(next(&on_b).id, 0);
    let mut view = game;
    let mut played = Vec::new();
    while played.len() < 30 {
        let Some(mv) = view["legal_moves"].as_array().and_then(|l| l.first()).and_then(|m| m.as_str()) else {
            break;
        };
        let mv = mv.to_string();
        let token = if played.len() % 2 == 0 { &mouse } else { &cats };
        let (status, after) = a.post_as(&format!("/api/games/{id}/moves"), json!({"move": mv}), Some(token));
        assert_eq!(status, 200, "{after}");
        played.push(mv);
        view = after;
    }
    assert!(played.len() >= 10, "{played:?}");
    for version in 1..=played.len() {
        let heard = next(&on_b);
        assert_eq!(heard.id, version as i64, "after version {}", version - 1);
        assert_eq!(moves(&heard.game), played[..version], "version {version}");
    }
}

#[test]
fn a_clock_runs_out_on_every_server() {
    let TwoServers { _db, a, b, game, mouse, id, .. } =
        two_servers("clock", json!({"clock": {"minutes": 0.05}}));
    let on_b = listen(&b.url, &game, None);
    next(&on_b);
    let (status, _) = a.post_as(&format!("/api/games/{id}/moves"), json!({"move": "e1f2"}), Some(&mouse));
    assert_eq!(status, 200);
    assert_eq!(next(&on_b).id, 1);
    // the cats' 3 s run out: the watcher of B hears it, whichever server flagged
    let flagged = next(&on_b);
    assert_eq!(flagged.game["outcome"], json!({"winner": "mouse", "reason": "time"}));
    let (_, on_a) = a.get(&format!("/api/games/{id}"));
    assert_eq!(on_a["outcome"], json!({"winner": "mouse", "reason": "time"}));
}

#[test]
fn an_unreachable_database_is_one_clear_line_without_the_password() {
    let out = crate::common::ryg()
        .args(["serve", "--port", "0", "--db", "postgres://ryg:secret@127.0.0.1:1/games"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ryg: error: cannot use the PostgreSQL database postgres://ryg:***@127.0.0.1:1/games: \
         error connecting to server: Connection refused (os error 111)\n"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_password_given_as_a_parameter_is_never_printed() {
    let out = crate::common::ryg()
        .args(["serve", "--port", "0", "--db", "postgres://ryg@127.0.0.1:1/games?password=secret"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("postgres://ryg@127.0.0.1:1/games?password=***: "), "{err}");
    assert!(!err.contains("secret") && out.stdout.is_empty(), "{err}");
}

/// A libpq key=value connection string is a PostgreSQL database, not a SQLite file's name
/// (before: a file "host=… password=…" was created in the working directory and served, the
/// password in its name printed): refused here as unreachable, in one line, the password
/// masked, nothing created.
#[test]
fn a_key_value_connection_string_is_postgresql_and_its_password_is_never_printed() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = crate::common::ryg()
        .current_dir(dir.path())
        .args(["serve", "--port", "0", "--db", "host=127.0.0.1 port=1 user=ryg password=secret dbname=games"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // (before, it served a new SQLite file by that name: it would never stop by itself)
    crate::common::exits_within(
        &mut child,
        std::time::Duration::from_secs(30),
        "ryg serve took the connection string for a file and served it",
    );
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(
            "ryg: error: cannot use the PostgreSQL database host=127.0.0.1 port=1 user=ryg password=*** dbname=games: "
        ),
        "{err}"
    );
    assert!(!err.contains("secret") && out.stdout.is_empty(), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "a file was created");
    // `ryg db` looks after SQLite files only: it says so
    let out = crate::common::ryg()
        .current_dir(dir.path())
        .args(["db", "check", "--db", "host=127.0.0.1 password=secret"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pg_dump") && !err.contains("secret"), "{err}");
}

/// Two servers take the same move request at the same moment, 30 times: exactly one is stored
/// each time; the other is told (409 `conflict` when it lost the race inside the store, 403
/// `not_your_turn` when it read the game after the winner's move).
#[test]
fn a_race_between_servers_stores_one_move() {
    let db = Database::new("race");
    let servers = [Server::start_url(&db.url, &[]), Server::start_url(&db.url, &[])];
    let mut conflicts = 0;
    for round in 0..30 {
        let (game, mouse, _) = friends_game(&servers[0], json!({"mouse": "human", "cats": "human"}));
        let id = game["id"].as_str().unwrap().to_owned();
        let path = format!("/api/games/{id}/moves");
        let barrier = std::sync::Barrier::new(2);
        let answers: Vec<(u16, serde_json::Value)> = std::thread::scope(|s| {
            let tries: Vec<_> = [("e1f2", &servers[0].url), ("e1d2", &servers[1].url)]
                .into_iter()
                .map(|(mv, url)| {
                    let (barrier, path, mouse) = (&barrier, &path, &mouse);
                    s.spawn(move || {
                        barrier.wait();
                        post(&format!("{url}{path}"), &json!({"move": mv}), mouse)
                    })
                })
                .collect();
            tries.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let won: Vec<_> = answers.iter().filter(|(status, _)| *status == 200).collect();
        assert_eq!(won.len(), 1, "round {round}: {answers:?}");
        let lost = answers.iter().find(|(status, _)| *status != 200).unwrap();
        match (lost.0, lost.1["code"].as_str()) {
            (409, Some("conflict")) => conflicts += 1,
            (403, Some("not_your_turn")) => {}
            other => panic!("round {round}: the loser was answered {other:?}: {}", lost.1),
        }
        let (_, stored) = servers[1].get(&format!("/api/games/{id}"));
        assert_eq!(moves(&stored), moves(&won[0].1), "round {round}");
        assert_eq!(moves(&stored).len(), 1, "round {round}");
    }
    eprintln!("{conflicts} of 30 races were lost inside the store (409)");
}

/// PostgreSQL stopped under a running server: moves, new games and the health check are
/// answered 503 `storage_unavailable` with `Retry-After`, naming neither the database nor its
/// address, and nothing is lost of what was stored before.
#[test]
fn a_stopped_database_is_answered_503_with_retry_after() {
    let db = Database::new("stopped");
    let server = Server::start_url(&db.url, &[]);
    let (game, mouse, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let id = game["id"].as_str().unwrap().to_owned();
    if !db.stop_cluster() {
        eprintln!("skipped: the cluster of RYG_TEST_POSTGRES is shared with other tests");
        return;
    }
    let url = |path: &str| format!("{}{path}", server.url);
    let port = db.url.rsplit(':').next().unwrap().split('/').next().unwrap().to_owned();
    for (status, retry, body) in [
        send("POST", &url(&format!("/api/games/{id}/moves")), Some(&json!({"move": "e1f2"})), Some(&mouse)),
        send("POST", &url("/api/games"), Some(&json!({"mouse": "human", "cats": "human"})), Some(&mouse)),
        send("GET", &url(&format!("/api/games/{id}")), None, None),
        send("GET", &url("/healthz"), None, None),
    ]
    .map(Result::unwrap)
    {
        assert_eq!(
            (status, body["code"].as_str(), retry.as_deref()),
            (503, Some("storage_unavailable"), Some("1")),
            "{body}"
        );
        let message = body["error"].as_str().unwrap();
        assert!(!message.contains(&port) && !message.contains("postgres"), "{body}");
    }
}

/// `POST url` with a JSON `body` and a seat's `token`, from any thread.
fn post(url: &str, body: &serde_json::Value, token: &str) -> (u16, serde_json::Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let mut resp = agent
        .post(url)
        .header("Content-Type", "application/json")
        .header("Authorization", format!("Bearer {token}"))
        .send(body.to_string())
        .unwrap();
    let text = resp.body_mut().read_to_string().unwrap();
    (resp.status().as_u16(), serde_json::from_str(&text).unwrap())
}

/// A database of an earlier ryg (schema 3, games known by number only) is migrated when a
/// server opens it: each game gets a public id, its players still open it by number with their
/// token, and to anyone else the number names no game.
#[test]
fn an_earlier_database_gives_its_games_public_ids() {
    let db = Database::new("public_ids");
    let mut sql = String::new();
    for step in &ryg_web::store::postgres::PG_MIGRATIONS[..3] {
        sql.push_str(step);
    }
    let token = "0123456789abcdef0123456789abcdef";
    sql.push_str(&format!(
        "CREATE TABLE ryg_schema (version BIGINT NOT NULL); INSERT INTO ryg_schema VALUES (3);
         INSERT INTO games (size, start_fen, mouse, cats, moves, seed, created_at, updated_at, mouse_token)
         VALUES (8, '{}', 'human', '3', 'e1d2 b8a7', 1, 'x', 'x', '{}');",
        ryg::Position::standard().fen(),
        ryg_web::token::hash(token)
    ));
    let out = std::process::Command::new("psql")
        .args(["-q", "-X", "-v", "ON_ERROR_STOP=1", &db.url, "-c", &sql])
        .output()
        .unwrap();
    assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
    let server = Server::start_url(&db.url, &[]);
    let (status, game) = server.call_as("GET", "/api/games/1", None, Some(token));
    assert_eq!((status, game["you"].as_str()), (200, Some("mouse")), "{game}");
    let public = game["public_id"].as_str().unwrap();
    assert!(ryg_web::token::is_public_id(public), "{public}");
    let (status, watched) = server.call_as("GET", &format!("/api/games/{public}"), None, None);
    assert_eq!((status, watched["moves"].as_array().map(Vec::len)), (200, Some(2)), "{watched}");
    assert_eq!(server.call_as("GET", "/api/games/1", None, None).0, 404);
}
