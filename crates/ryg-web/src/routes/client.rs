//! Who is asking: the client's address, as the connection says, or — behind a reverse proxy the
//! server was told to trust (`--trust-proxy`) — as the proxy says in `X-Forwarded-For` (its
//! last entry: the address the proxy itself saw; earlier entries are the client's own claims),
//! counted as one host counts ([`crate::places::key`]: an IPv6 address's /64, an IPv4-mapped
//! address as its IPv4 address). Changes of a game are counted against the client's allowance
//! once its token proved it holds a seat ([`charge`]): a request with no token or a wrong one
//! costs its address's players nothing.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::state::AppState;

/// The address a request comes from, as the limits per client count it (an IPv6 address's /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

/// The client address of a request with `headers` over a connection from `peer`.
pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    let peer = peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    if !trust_proxy {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .last()
        .and_then(|last| last.trim().parse().ok())
        .unwrap_or(peer)
}

impl FromRequestParts<Arc<AppState>> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Client, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let address = client_address(peer, &parts.headers, state.limits.limits.trust_proxy);
        Ok(Client(crate::places::key(address)))
    }
}

/// Counts a change of game `g` (`POST /api/games/{id}/…`: a move, undo, redo, computer move,
/// resignation, rematch, name) against `client`'s allowance — only when `token` (a hash) holds a
/// seat of `g`: a request that does not authenticate is refused for that (401, 403) and costs
/// the address nothing, so that junk from one machine behind a school's address does not spend
/// the allowance of the class's players.
///
/// # Errors
/// 429 when a seat's holder at `client` made its allowance of changes this second.
pub fn charge(
    state: &AppState,
    client: IpAddr,
    g: &crate::store::StoredGame,
    token: Option<&str>,
) -> Result<(), crate::error::ApiError> {
    if g.holder(token).is_none() {
        return Ok(());
    }
    state.limits.change(client)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxys_own_entry_counts_only_when_trusted() {
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "1.2.3.4, 203.0.113.9".parse().unwrap());
        assert_eq!(client_address(Some(peer), &headers, false), peer);
        assert_eq!(client_address(Some(peer), &headers, true), "203.0.113.9".parse::<IpAddr>().unwrap());
        let garbage: HeaderMap =
            [("x-forwarded-for".parse().unwrap(), "not an address".parse().unwrap())].into_iter().collect();
        assert_eq!(client_address(Some(peer), &garbage, true), peer);
        assert_eq!(client_address(None, &HeaderMap::new(), true), IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    }

    #[test]
    fn the_addresses_of_one_ipv6_slash_64_share_one_allowance() {
        use crate::limits::{Limits, RateLimits};
        use crate::places::key;
        let limits = RateLimits::new(Limits { moves_per_second: 2, ..Limits::default() });
        let ip = |s: &str| key(s.parse::<IpAddr>().unwrap());
        // one host, a new address in its /64 for each request
        assert!(limits.change(ip("2001:db8:5:6::1")).is_ok());
        assert!(limits.change(ip("2001:db8:5:6:aaaa::2")).is_ok());
        assert_eq!(limits.change(ip("2001:db8:5:6:bbbb::3")).unwrap_err().status, 429);
        assert!(limits.change(ip("2001:db8:5:7::1")).is_ok(), "another /64 is another client");
        // an IPv4 client seen through a dual-stack listener is that IPv4 address
        assert!(limits.change(ip("198.51.100.4")).is_ok());
        assert!(limits.change(ip("::ffff:198.51.100.4")).is_ok());
        assert_eq!(limits.change(ip("198.51.100.4")).unwrap_err().status, 429);
    }
}
