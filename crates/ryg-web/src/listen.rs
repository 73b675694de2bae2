//! Accepting connections, with hygiene: a client must send a request's headers within
//! [`Hygiene::header_timeout`] (also the longest a kept-alive connection may sit idle between
//! requests), may hold at most so many connections per address and per address block, and the
//! server at most so many in all; a connection over a limit is closed at once. On shutdown the
//! server stops accepting and lets the requests under way finish. The answers hyper gives by
//! itself (400, 414, 431) carry the security headers too ([`headed`]).

use std::future::Future;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tower::ServiceExt as _;

use crate::places::{Capacity, Places};

mod headed;

use headed::Headed;

/// Connections one address may hold by default: a class behind one NAT address, each of its
/// [`crate::events::CLASS_STREAMS`] browsers with as many connections as a browser opens to one
/// server over HTTP/1.1 (6, its event stream among them): 256 × 6.
pub const CLASS_CONNECTIONS: usize = 1536;

/// Connection limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hygiene {
    /// The longest a client may take to send a request's headers, and the longest a connection
    /// may wait idle for its next request (`--header-timeout`).
    pub header_timeout: Duration,
    /// Open connections per client address (`--max-connections-per-client`), per address block
    /// (twice that) and in all (`--max-connections`).
    pub per_client: usize,
    pub total: usize,
    /// The IPv6 prefix of one client ([`crate::places::key`]).
    pub ipv6_prefix: u8,
}

impl Default for Hygiene {
    fn default() -> Hygiene {
        Hygiene {
            header_timeout: Duration::from_secs(10),
            per_client: CLASS_CONNECTIONS,
            total: 8192,
            ipv6_prefix: crate::places::IPV6_CLIENT_PREFIX,
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then waits (at most
/// `drain`) for the requests under way.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    hygiene: Hygiene,
    shutdown: impl Future<Output = ()>,
    drain: Duration,
) {
    let places = Places::new(Capacity {
        per_address: hygiene.per_client,
        per_block: hygiene.per_client.saturating_mul(2),
        total: hygiene.total,
        ipv6_prefix: hygiene.ipv6_prefix,
    });
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(hygiene.header_timeout).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // out of file descriptors and the like: wait a moment, as hyper's own loop does
                    eprintln!("ryg: error: accepting a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(place) = places.take(peer.ip()) else {
            // over a limit: closed at once, before it costs more than its socket
            drop(tcp);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(req.map(axum::body::Body::new))
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(Headed::new(tcp)), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(place);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(drain, graceful.shutdown()).await;
}
