//! The test harness of the API tests: the real `ryg serve` binary on a real port, with a real
//! SQLite file, and a client that keeps the seat tokens and public ids of the games it creates.
#![allow(dead_code)]

pub mod events;
pub mod pg;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// One request from any thread (no [`Server`] needed), carrying `token` if any, giving up after
/// 30 s: status, `Retry-After`, body; `Err` when no answer came.
pub fn send(
    method: &str,
    url: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> Result<(u16, Option<String>, Value), String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let mut req = ureq::http::Request::builder().method(method).uri(url);
    if let Some(token) = token {
        req = req.header("Authorization", format!("Bearer {token}"));
    }
    let resp = match body {
        Some(b) => agent.run(req.header("Content-Type", "application/json").body(b.to_string()).unwrap()),
        None => agent.run(req.body(()).unwrap()),
    };
    let mut resp = resp.map_err(|e| e.to_string())?;
    let retry = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let text = resp.body_mut().read_to_string().map_err(|e| e.to_string())?;
    Ok((resp.status().as_u16(), retry, serde_json::from_str(&text).unwrap_or(Value::String(text))))
}

/// Waits for `child` to exit, for at most `limit`; past it, kills it and fails with `what`. How
/// long it took.
pub fn exits_within(child: &mut Child, limit: Duration, what: &str) -> Duration {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{what}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    started.elapsed()
}

/// A running `ryg serve --port 0 --db PATH`, killed when dropped.
pub struct Server {
    pub child: Child,
    pub url: String,
    /// The tokens of the games this client created, by game id (the public id: the API shows
    /// no other).
    pub tokens: RefCell<HashMap<String, Value>>,
}

pub fn ryg_bin() -> PathBuf {
    // The test binary lives in target/<profile>/deps; ryg is built into target/<profile>, once
    // per test run, so a changed server is never tested through a stale binary. It is built
    // as `cargo test --workspace` builds it (every test target, so the same features): after
    // that, this costs nothing; `-p ryg-cli` alone would compile ryg and ryg-web again.
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            let dir = exe.parent().unwrap().parent().unwrap();
            let status = Command::new(env!("CARGO"))
                .args([
                    "build",
                    "-q",
                    "--workspace",
                    "--tests",
                    "--profile",
                    dir.file_name().unwrap().to_str().unwrap(),
                ])
                .status()
                .unwrap();
            assert!(status.success(), "building ryg failed");
            dir.join(format!("ryg{}", std::env::consts::EXE_SUFFIX))
        })
        .clone()
}

/// The PostgreSQL server the suite runs against instead of SQLite files, when set
/// (`RYG_TEST_POSTGRES=postgres://postgres@127.0.0.1:PORT/postgres`; scripts/test starts a
/// throwaway cluster and runs the suite a second time with it).
pub fn postgres() -> Option<String> {
    std::env::var("RYG_TEST_POSTGRES").ok().filter(|url| !url.is_empty())
}

/// What `--db` names for the test database `db`: the SQLite file itself, or (on PostgreSQL) a
/// database of its own named after the file's path, created on first use, so that a restart
/// of the server on the same path finds the same games.
pub fn store_arg(db: &Path) -> std::ffi::OsString {
    let Some(base) = postgres() else { return db.as_os_str().to_owned() };
    let name = format!("ryg_test_{:016x}", fnv(db.to_string_lossy().as_bytes()));
    let (server, _) = base.rsplit_once('/').expect("RYG_TEST_POSTGRES: postgres://user@host:port/db");
    let url = format!("{server}/{name}");
    static CREATED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut created = CREATED.lock().unwrap();
    if !created.contains(&name) {
        let out = Command::new("psql")
            .args(["-q", "-X", &base, "-c", &format!("CREATE DATABASE {name}")])
            .output()
            .unwrap();
        assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
        created.push(name);
    }
    url.into()
}

/// The store's own number for the game whose public id is `public` in the test database `db`
/// (the API never shows it: a test that checks how numbers are refused reads it here).
pub fn number_of(db: &Path, public: &str) -> i64 {
    let sql = format!("SELECT id FROM games WHERE public_id = '{public}'");
    if postgres().is_some() {
        let out = Command::new("psql")
            .args(["-q", "-X", "-t", "-A", "-v", "ON_ERROR_STOP=1"])
            .arg(store_arg(db))
            .args(["-c", &sql])
            .output()
            .unwrap();
        assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().trim().parse().unwrap()
    } else {
        rusqlite::Connection::open(db).unwrap().query_row(&sql, [], |r| r.get(0)).unwrap()
    }
}

/// Runs one SQL statement on the test database `db`, whichever the store.
pub fn execute(db: &Path, statement: &str) {
    if postgres().is_some() {
        let url = store_arg(db);
        let out = Command::new("psql")
            .args(["-q", "-X", "-v", "ON_ERROR_STOP=1"])
            .arg(&url)
            .args(["-c", statement])
            .output()
            .unwrap();
        assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
    } else {
        rusqlite::Connection::open(db).unwrap().execute_batch(statement).unwrap();
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The home the tests' `ryg` sees instead of the user's, inside this build's target directory
/// (kept between runs).
pub fn test_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ryg-home")
}

/// `ryg` as built for these tests ([`ryg_bin`]) with the tests' own cache (`~/.cache/ryg`,
/// where the 12×12 layers would be) and data directories, whatever `HOME`, `XDG_CACHE_HOME`,
/// `XDG_DATA_HOME` or `RYG_CACHE_DIR` the user has set. A test that wants others sets them after.
pub fn ryg() -> Command {
    let home = test_home();
    let mut cmd = Command::new(ryg_bin());
    cmd.env("HOME", &home)
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env_remove("RYG_CACHE_DIR");
    cmd
}

/// Fills `home` as the home of a user who built the 12×12 table (`ryg solve --size 12`: every
/// layer file under `.cache/ryg/tablebase-12x12`, here with sound headers over empty blocks, as
/// holes) and has a 10×10 one (`tablebase-10x10.ryg`, here not a table at all).
pub fn user_tables(home: &Path) {
    use ryg_wide::tablebase::Layers;
    let cache = home.join(".cache/ryg");
    let size: ryg_wide::Size = "12".parse().unwrap();
    let (layers, dir) = (Layers::new(size), cache.join(format!("tablebase-{size}")));
    std::fs::create_dir_all(&dir).unwrap();
    const BLOCK: u64 = 1 << 14;
    for layer in 0..layers.len() {
        let len = layers.layer_len(layer);
        let mut header = b"RYGLAYER".to_vec();
        for half in [2, u32::from(size.n()), layer as u32, BLOCK as u32] {
            header.extend_from_slice(&half.to_le_bytes());
        }
        for word in [layers.configs(layer), len, 0, 0, 0, 0, 0, 0, 0] {
            header.extend_from_slice(&word.to_le_bytes());
        }
        // the index of block starts (all 0: every block empty) ends the file
        let end = header.len() as u64 + 8 * (len.div_ceil(BLOCK) + 1);
        let file = std::fs::File::create(dir.join(format!("layer-{layer:03}.ryg"))).unwrap();
        std::io::Write::write_all(&mut &file, &header).unwrap();
        file.set_len(end).unwrap();
    }
    std::fs::write(cache.join("tablebase-10x10.ryg"), b"not a tablebase").unwrap();
}

impl Server {
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// Starts `ryg serve` with `extra` options.
    pub fn start_with(db: &Path, extra: &[&str]) -> Server {
        Server::start_url(store_arg(db), extra)
    }

    /// Starts `ryg serve --db DB` (a file or a database URL) with `extra` options.
    pub fn start_url(db: impl AsRef<std::ffi::OsStr>, extra: &[&str]) -> Server {
        Server::start_lines(db, extra, 1).0
    }

    /// Starts `ryg serve --db DB` with `extra` options; the first `lines` lines it prints.
    pub fn start_lines(
        db: impl AsRef<std::ffi::OsStr>,
        extra: &[&str],
        lines: usize,
    ) -> (Server, Vec<String>) {
        // the tests play faster than people: generous limits unless a test sets its own
        let limits: Vec<&str> = ["--games-per-minute", "100000", "--moves-per-second", "100000"]
            .chunks(2)
            .filter(|flag| !extra.contains(&flag[0]))
            .flatten()
            .copied()
            .collect();
        Server::spawn(db, &[&limits, extra].concat(), lines)
    }

    /// Starts `ryg serve --db DB` with `extra` options and the server's own default limits
    /// (people's pace, not the tests'), on the store the suite runs on.
    pub fn start_defaults(db: &Path, extra: &[&str]) -> Server {
        Server::spawn(store_arg(db), extra, 1).0
    }

    fn spawn(db: impl AsRef<std::ffi::OsStr>, args: &[&str], lines: usize) -> (Server, Vec<String>) {
        let mut child = ryg()
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let printed: Vec<String> = (0..lines)
            .map(|_| {
                let mut line = String::new();
                out.read_line(&mut line).unwrap();
                line.trim().to_owned()
            })
            .collect();
        // Keep reading what the server prints, as a terminal would.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let url = printed[0]
            .strip_prefix("ryg: serving on ")
            .expect("the URL line")
            .trim_end_matches('/')
            .to_string();
        (Server { child, url, tokens: RefCell::default() }, printed)
    }

    /// The token this client would act with on `path`: the one of a game's only human seat
    /// (or of a hotseat game).
    fn own_token(&self, path: &str) -> Option<String> {
        let id = path.strip_prefix("/api/games/")?.split(['/', '?']).next()?;
        let tokens = self.tokens.borrow();
        let t = tokens.get(id)?.as_object()?;
        let mut values: Vec<&str> = t.values().filter_map(Value::as_str).collect();
        values.dedup();
        (values.len() == 1).then(|| values[0].to_string())
    }

    pub fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let token = self.own_token(path);
        self.call_as(method, path, body, token.as_deref())
    }

    /// A request carrying `token` (none: no Authorization header).
    pub fn call_as(&self, method: &str, path: &str, body: Option<&str>, token: Option<&str>) -> (u16, Value) {
        let mut req = ureq::http::Request::builder().method(method).uri(format!("{}{path}", self.url));
        if let Some(token) = token {
            req = req.header("Authorization", format!("Bearer {token}"));
        }
        // Error statuses are answers to check, not failures of the request.
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let resp = match body {
            Some(b) => agent.run(req.header("Content-Type", "application/json").body(b.to_string()).unwrap()),
            // a change is always sent as JSON, as the page does (the server refuses anything else)
            None if method != "GET" => {
                agent.run(req.header("Content-Type", "application/json").body(()).unwrap())
            }
            None => agent.run(req.body(()).unwrap()),
        };
        let resp = resp.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let status = resp.status().as_u16();
        let text = resp.into_body().read_to_string().unwrap();
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if method == "POST" && status == 201 {
            if let (Some(id), Some(tokens)) = (value["id"].as_str(), value.get("tokens")) {
                self.tokens.borrow_mut().insert(id.to_owned(), tokens.clone());
            }
        }
        (status, value)
    }

    /// A JSON request with one more header (`(name, value)`), no token.
    pub fn call_with_header(
        &self,
        method: &str,
        path: &str,
        body: &str,
        header: (&str, &str),
    ) -> (u16, Value) {
        let req = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.url))
            .header("Content-Type", "application/json")
            .header(header.0, header.1);
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let resp = agent.run(req.body(body.to_owned()).unwrap()).unwrap();
        let status = resp.status().as_u16();
        let text = resp.into_body().read_to_string().unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        self.call("GET", path, None)
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.call("POST", path, Some(&body.to_string()))
    }

    /// POST with `token`.
    pub fn post_as(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        self.call_as("POST", path, Some(&body.to_string()), token)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
