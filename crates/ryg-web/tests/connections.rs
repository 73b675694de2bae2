//! Connection hygiene: idle and slow sockets are closed, one address holds only so many
//! connections, and a request that takes too long (a body sent slowly) is answered 408.

use std::io::{ErrorKind, Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::Server;

fn address(server: &Server) -> String {
    server.url.strip_prefix("http://").unwrap().to_owned()
}

/// Reads until the server closes the socket (or `limit` passes): what it sent, and whether it
/// closed it.
fn read_until_closed(socket: &mut TcpStream, limit: Duration) -> (String, bool) {
    socket.set_read_timeout(Some(limit)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0; 4096];
    loop {
        match socket.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => {
                return (String::from_utf8_lossy(&got).into_owned(), true)
            }
            Err(_) => return (String::from_utf8_lossy(&got).into_owned(), false),
        }
    }
}

#[test]
fn silent_slow_and_idle_sockets_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--header-timeout", "1"]);
    let addr = address(&server);
    let started = Instant::now();
    let mut silent: Vec<_> = (0..50).map(|_| TcpStream::connect(&addr).unwrap()).collect();
    let mut slow = TcpStream::connect(&addr).unwrap();
    slow.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\n").unwrap();
    let mut idle = TcpStream::connect(&addr).unwrap();
    idle.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    for socket in &mut silent {
        assert!(read_until_closed(socket, Duration::from_secs(10)).1, "a silent socket stayed open");
    }
    assert!(read_until_closed(&mut slow, Duration::from_secs(10)).1, "half a request stayed open");
    let (answered, closed) = read_until_closed(&mut idle, Duration::from_secs(10));
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(closed, "an idle kept-alive connection stayed open");
    assert!(started.elapsed() < Duration::from_secs(10));
    // the server still answers
    assert_eq!(server.get("/api/config").0, 200);
}

#[test]
fn one_address_holds_only_so_many_connections() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("games.sqlite3"),
        &["--max-connections-per-client", "5", "--header-timeout", "30"],
    );
    let addr = address(&server);
    let mut held: Vec<_> = (0..5).map(|_| TcpStream::connect(&addr).unwrap()).collect();
    // let the server take them in
    std::thread::sleep(Duration::from_millis(300));
    let mut sixth = TcpStream::connect(&addr).unwrap();
    let _ = sixth.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n");
    let (answer, closed) = read_until_closed(&mut sixth, Duration::from_secs(5));
    assert!(closed && answer.is_empty(), "the sixth connection was served: {answer}");
    // a connection given back makes room
    drop(held.pop());
    std::thread::sleep(Duration::from_millis(300));
    let mut next = TcpStream::connect(&addr).unwrap();
    next.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let (answer, _) = read_until_closed(&mut next, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn a_body_sent_too_slowly_is_answered_408_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--request-timeout", "1"]);
    let mut socket = TcpStream::connect(address(&server)).unwrap();
    socket
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"size\":")
        .unwrap();
    let (answer, _) = read_until_closed(&mut socket, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains(r#""code":"request_timeout""#) && answer.contains("--request-timeout"),
        "{answer}"
    );
    let (_, games) = server.get("/api/games?ids=1,2,3");
    assert_eq!(games["games"].as_array().map(Vec::len), Some(0), "{games}");
}

/// The answers hyper gives by itself, before any route sees the request (a request it cannot
/// parse, an address too long, too many headers), carry the same security headers as every
/// other answer; the connection goes on to a later request when hyper keeps it.
#[test]
fn hypers_own_answers_carry_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &[]);
    let addr = address(&server);
    let many_headers: String = (0..120).map(|i| format!("X-H{i}: {i}\r\n")).collect();
    let cases = [
        ("400", "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n".to_owned()),
        ("414", format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000))),
        ("431", format!("GET / HTTP/1.1\r\nHost: x\r\n{many_headers}\r\n")),
    ];
    for (status, request) in cases {
        let mut socket = TcpStream::connect(&addr).unwrap();
        socket.write_all(request.as_bytes()).unwrap();
        let (answer, _) = read_until_closed(&mut socket, Duration::from_secs(10));
        let head = answer.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(head.starts_with(&format!("http/1.1 {status} ")), "{head}");
        for line in [
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
            "cross-origin-opener-policy: same-origin",
            "content-security-policy: default-src 'self';",
        ] {
            assert!(head.contains(&format!("\r\n{line}")), "{status}: no '{line}' in {head}");
        }
    }
    // an ordinary answer has each header once
    let mut socket = TcpStream::connect(&addr).unwrap();
    socket.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let (answer, _) = read_until_closed(&mut socket, Duration::from_secs(10));
    let head = answer.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200 "), "{head}");
    assert_eq!(head.matches("\r\nx-content-type-options: nosniff").count(), 1, "{head}");
}
