//! Who is asking: the client's address, as the connection says, or — behind a reverse proxy the
//! server was told to trust (`--trust-proxy`) — as the proxy says in `X-Forwarded-For` (its
//! last entry: the address the proxy itself saw; earlier entries are the client's own claims),
//! counted as one host counts ([`crate::places::key`]: an IPv6 address's prefix, a /64 unless
//! `--ipv6-prefix` says otherwise, an IPv4-mapped address as its IPv4 address). Changes of a
//! game are counted against the seat's and the client's allowances once its token proved it
//! holds a seat ([`charge`]): a request with no token or a wrong one costs its address's players
//! nothing.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::state::AppState;

/// The address a request comes from, as the limits per client count it (an IPv6 address's
/// prefix, `--ipv6-prefix`).
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
        Ok(Client(crate::places::key(address, state.limits.limits.ipv6_prefix)))
    }
}

/// Counts a change of game `g` (`POST /api/games/{id}/…`: a move, undo, redo, computer move,
/// resignation, rematch, name) against the allowance of the seat `token` (a hash) holds, then
/// against `client`'s — only when `token` holds a seat of `g`: a request that does not
/// authenticate is refused for that (401, 403) and costs the address nothing, so that junk
/// from one machine behind a school's address does not spend the allowance of the class's
/// players. Whether it counted: a change then refused gives the address its share back
/// ([`refund`]).
///
/// # Errors
/// 429 when the seat, or the seats' holders at `client` together, made their allowance of
/// changes this second.
pub fn charge(
    state: &AppState,
    client: IpAddr,
    g: &crate::store::StoredGame,
    token: Option<&str>,
) -> Result<bool, crate::error::ApiError> {
    if g.holder(token).is_none() {
        return Ok(false);
    }
    // a seat with no token (a game stored before seats had them) is its game's
    let seat = token.map_or_else(|| format!("game {}", g.id), str::to_owned);
    state.limits.change(client, &seat)?;
    Ok(true)
}

/// After a change [`charge`] counted (`charged`) ended in `result`: a change refused for what
/// it asked (a 4xx: an illegal move, out of turn) was not made, and its address gets its share
/// back — the seat's own allowance stays spent.
pub fn refund<T>(
    state: &AppState,
    client: IpAddr,
    charged: bool,
    result: &Result<T, crate::error::ApiError>,
) {
    if charged && result.as_ref().is_err_and(|e| e.status().is_client_error()) {
        state.limits.give_back(client);
    }
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
        let ip = |s: &str| key(s.parse::<IpAddr>().unwrap(), 64);
        // one host, a new address in its /64 for each request
        assert!(limits.change(ip("2001:db8:5:6::1"), "a").is_ok());
        assert!(limits.change(ip("2001:db8:5:6:aaaa::2"), "b").is_ok());
        assert_eq!(limits.change(ip("2001:db8:5:6:bbbb::3"), "c").unwrap_err().status(), 429);
        assert!(limits.change(ip("2001:db8:5:7::1"), "d").is_ok(), "another /64 is another client");
        // an IPv4 client seen through a dual-stack listener is that IPv4 address
        assert!(limits.change(ip("198.51.100.4"), "e").is_ok());
        assert!(limits.change(ip("::ffff:198.51.100.4"), "f").is_ok());
        assert_eq!(limits.change(ip("198.51.100.4"), "g").unwrap_err().status(), 429);
    }
}
