//! A class behind one address: a school's pupils reach the server through one NAT address, so
//! every limit per client address applies to all of them together. With the server's own
//! defaults a class of 200 plays at once — each pupil with a kept-alive connection for its
//! requests and a live-update stream of its game — and gets every update; junk with a wrong
//! token from one of the school's machines costs the class nothing; and an IPv6 host, which
//! may take a new address of its /64 for every request, is one client.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::Server;

/// One HTTP/1.1 connection, kept alive from request to request, as a browser keeps it.
struct Connection {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

/// An answer's head: its status and headers (names in lower case).
struct Head {
    status: u16,
    headers: Vec<(String, String)>,
}

impl Head {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn fail(what: String) -> std::io::Error {
    std::io::Error::other(what)
}

impl Connection {
    fn open(address: &str) -> std::io::Result<Connection> {
        let socket = TcpStream::connect(address)?;
        socket.set_read_timeout(Some(Duration::from_secs(30)))?;
        socket.set_nodelay(true)?;
        Ok(Connection { reader: BufReader::new(socket.try_clone()?), writer: socket })
    }

    fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> std::io::Result<()> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: ryg\r\n");
        if let Some(token) = token {
            head.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        let body = body.map(Value::to_string).unwrap_or_default();
        if method == "POST" {
            head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        self.writer.write_all(head.as_bytes())?;
        self.writer.write_all(body.as_bytes())
    }

    fn head(&mut self) -> std::io::Result<Head> {
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(fail("the server closed the connection".into()));
        }
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| fail(format!("not an HTTP answer: {line:?}")))?;
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                return Ok(Head { status, headers });
            }
            let (name, value) = l.split_once(':').ok_or_else(|| fail(format!("bad header {l:?}")))?;
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }

    /// A request and its answer, on this connection.
    fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> std::io::Result<(u16, Value)> {
        self.send(method, path, body, token)?;
        let head = self.head()?;
        let mut bytes = Vec::new();
        if head.header("transfer-encoding").is_some_and(|t| t.eq_ignore_ascii_case("chunked")) {
            Chunked { inner: &mut self.reader, left: 0, done: false }.read_to_end(&mut bytes)?;
        } else {
            let len = head.header("content-length").and_then(|l| l.parse().ok()).unwrap_or(0);
            bytes.resize(len, 0);
            self.reader.read_exact(&mut bytes)?;
        }
        let text = String::from_utf8_lossy(&bytes);
        Ok((head.status, serde_json::from_str(&text).unwrap_or(Value::String(text.into_owned()))))
    }
}

/// A chunked body, read as the bytes it carries.
struct Chunked<'a> {
    inner: &'a mut BufReader<TcpStream>,
    left: usize,
    done: bool,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            self.inner.read_line(&mut line)?;
            let size = line.trim().split(';').next().unwrap_or("");
            self.left =
                usize::from_str_radix(size, 16).map_err(|_| fail(format!("bad chunk size {line:?}")))?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let most = buf.len().min(self.left);
        let n = self.inner.read(&mut buf[..most])?;
        if n == 0 {
            return Err(fail("the server closed the stream".into()));
        }
        self.left -= n;
        if self.left == 0 {
            let mut end = [0; 2];
            self.inner.read_exact(&mut end)?;
        }
        Ok(n)
    }
}

/// A live-update stream, on a connection of its own: the versions of the game it carries.
struct Stream {
    connection: Connection,
}

impl Stream {
    fn open(address: &str, public_id: &str) -> std::io::Result<Stream> {
        let mut connection = Connection::open(address)?;
        connection.send("GET", &format!("/api/games/{public_id}/events"), None, None)?;
        let head = connection.head()?;
        if head.status != 200 {
            return Err(fail(format!("the stream was answered {}", head.status)));
        }
        Ok(Stream { connection })
    }

    /// The versions of the events that come until `last` (or the stream ends or 30 s pass).
    fn versions_until(mut self, last: i64) -> Vec<i64> {
        let mut body = BufReader::new(Chunked { inner: &mut self.connection.reader, left: 0, done: false });
        let mut versions = Vec::new();
        let mut line = String::new();
        while versions.last() != Some(&last) {
            line.clear();
            match body.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if let Some(data) = line.strip_prefix("data:") {
                let game: Value = serde_json::from_str(data.trim()).unwrap_or_default();
                versions.push(game["version"].as_i64().unwrap_or(-1));
            }
        }
        versions
    }
}

/// What became of one pupil: the updates its stream carried, in order, and what went wrong.
struct Pupil {
    versions: Vec<i64>,
    refused: Vec<String>,
}

/// Moves each pupil plays, one every [`PACE`] (a quick pupil's pace; the class together 100
/// moves a second).
const MOVES: i64 = 4;
const PACE: Duration = Duration::from_secs(2);

/// One pupil: a game of its own (hotseat), its kept-alive connection and its stream, opened
/// while the whole class holds theirs; then its moves, one every [`PACE`]; then the updates
/// its stream carried.
fn pupil(address: &str, class: &Barrier, n: usize) -> Pupil {
    let mut refused = Vec::new();
    let started = (|| -> std::io::Result<(Connection, Stream, Value)> {
        let mut own = Connection::open(address)?;
        let (status, game) = own.call(
            "POST",
            "/api/games",
            Some(&json!({"mouse": "human", "cats": "human", "hotseat": true})),
            None,
        )?;
        if status != 201 {
            return Err(fail(format!("a new game was answered {status}: {game}")));
        }
        let stream = Stream::open(address, game["public_id"].as_str().unwrap_or(""))?;
        Ok((own, stream, game))
    })();
    // every pupil holds both connections at once (or has failed) before anyone moves
    class.wait();
    let (mut own, stream, mut game) = match started {
        Ok(started) => started,
        Err(e) => return Pupil { versions: Vec::new(), refused: vec![e.to_string()] },
    };
    let (id, token) = (
        game["public_id"].as_str().unwrap().to_owned(),
        game["tokens"]["mouse"].as_str().unwrap().to_owned(),
    );
    // the pupils do not all move at the same instant
    std::thread::sleep(PACE.mul_f64((n % 20) as f64 / 20.0));
    for ply in 0..MOVES {
        let next = Instant::now() + PACE;
        let mv = game["legal_moves"][0].as_str().unwrap_or_default().to_owned();
        match own.call(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"move": mv, "ply": ply})),
            Some(&token),
        ) {
            Ok((200, g)) => game = g,
            Ok((status, err)) => {
                refused.push(format!("move {ply}: {status} {err}"));
                break;
            }
            Err(e) => {
                refused.push(format!("move {ply}: {e}"));
                break;
            }
        }
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
    Pupil { versions: stream.versions_until(MOVES), refused }
}

/// 200 pupils behind one address (loopback), each with a kept-alive connection and a stream
/// of its game, play four moves each at a pupil's pace on a server with its default limits:
/// every stream carries every update (before: `--max-connections-per-client 128` closed the
/// connections past 128, and `--max-streams-per-client 32` gave a stream to 32 of them).
#[test]
fn a_class_of_200_behind_one_address_each_with_a_stream_gets_every_update() {
    const CLASS: usize = 200;
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_defaults(&dir.path().join("games.sqlite3"), &["--log", "warn"]);
    let address = server.url.strip_prefix("http://").unwrap().to_owned();
    let class = Arc::new(Barrier::new(CLASS));
    let started = Instant::now();
    let pupils: Vec<_> = (0..CLASS)
        .map(|n| {
            let (address, class) = (address.clone(), Arc::clone(&class));
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || pupil(&address, &class, n))
                .unwrap()
        })
        .collect();
    let pupils: Vec<Pupil> = pupils.into_iter().map(|p| p.join().unwrap()).collect();
    let every: Vec<i64> = (0..=MOVES).collect();
    let served = pupils.iter().filter(|p| p.versions == every && p.refused.is_empty()).count();
    println!(
        "a class of {CLASS} behind one address: {served} of {CLASS} streams got every update ({MOVES} moves each) in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let failed: Vec<String> = pupils
        .iter()
        .enumerate()
        .filter(|(_, p)| p.versions != every || !p.refused.is_empty())
        .take(5)
        .map(|(n, p)| format!("pupil {n}: versions {:?}, {:?}", p.versions, p.refused))
        .collect();
    assert_eq!(served, CLASS, "{failed:#?}");
    // the server is still there for everyone else
    assert_eq!(server.get("/api/config").0, 200);
}

/// Requests with no token or a wrong one, from the class's address, are refused for that (401,
/// 403) and cost the class's allowance of moves nothing: the pupil who holds a seat still moves
/// (before: the budget was charged before the token was checked, and the pupil got 429).
#[test]
fn junk_with_a_wrong_token_does_not_spend_the_addresss_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let server =
        Server::start_with(&dir.path().join("games.sqlite3"), &["--moves-per-second", "5", "--log", "warn"]);
    let address = server.url.strip_prefix("http://").unwrap().to_owned();
    let mut own = Connection::open(&address).unwrap();
    let (status, game) = own
        .call("POST", "/api/games", Some(&json!({"mouse": "human", "cats": "human", "hotseat": true})), None)
        .unwrap();
    assert_eq!(status, 201, "{game}");
    let (id, token) = (
        game["public_id"].as_str().unwrap().to_owned(),
        game["tokens"]["mouse"].as_str().unwrap().to_owned(),
    );
    let path = format!("/api/games/{id}/moves");
    let mv = json!({"move": game["legal_moves"][0]});
    // 300 requests of junk from the same address, at once: no token, a wrong one, other actions
    let mut junk = Connection::open(&address).unwrap();
    for i in 0..300 {
        let (token, action) = match i % 3 {
            0 => (None, path.clone()),
            1 => (Some("not-the-token"), path.clone()),
            _ => (Some("not-the-token"), format!("/api/games/{id}/undo")),
        };
        let (status, err) = junk.call("POST", &action, Some(&mv), token).unwrap();
        assert!(matches!(status, 401 | 403), "junk answered {status}: {err}");
    }
    // the pupil's moves: its allowance of 5 a second is whole
    let mut g = game;
    for ply in 0..5 {
        let body = json!({"move": g["legal_moves"][0], "ply": ply});
        let (status, next) = own.call("POST", &path, Some(&body), Some(&token)).unwrap();
        assert_eq!(status, 200, "move {ply} of the pupil who holds the seat: {next}");
        g = next;
    }
    // and the allowance still holds the seat's holder to 5 a second
    let mut limited = false;
    for ply in 5..12 {
        let body = json!({"move": g["legal_moves"][0], "ply": ply});
        let (status, next) = own.call("POST", &path, Some(&body), Some(&token)).unwrap();
        if status == 429 {
            assert_eq!(next["code"], "rate_limited", "{next}");
            limited = true;
            break;
        }
        assert_eq!(status, 200, "{next}");
        g = next;
    }
    assert!(limited, "a seat's holder went past --moves-per-second 5");
}

/// Behind a proxy the server trusts, an IPv6 client is limited per /64 (a host may take any
/// address of its /64, a new one for every request), and an IPv4 client seen as an
/// IPv4-mapped IPv6 address is the same client as its IPv4 address.
#[test]
fn an_ipv6_host_is_limited_per_slash_64() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("games.sqlite3"),
        &["--trust-proxy", "--games-per-minute", "2", "--log", "warn"],
    );
    let new_game = |from: &str| {
        let body = json!({"mouse": "human", "cats": "human", "hotseat": true}).to_string();
        server.call_with_header("POST", "/api/games", &body, ("X-Forwarded-For", from)).0
    };
    assert_eq!(new_game("2001:db8:7:8::1"), 201);
    assert_eq!(new_game("2001:db8:7:8:aaaa:bbbb:cccc:2"), 201);
    assert_eq!(
        new_game("2001:db8:7:8:ffff::3"),
        429,
        "a third address of the same /64: its allowance is spent"
    );
    assert_eq!(new_game("2001:db8:7:9::1"), 201, "the next /64 is another host");
    assert_eq!(new_game("198.51.100.7"), 201);
    assert_eq!(new_game("::ffff:198.51.100.7"), 201);
    assert_eq!(new_game("198.51.100.7"), 429, "an IPv4-mapped address is its IPv4 address");
}
