//! Who is asking: the client's address, as the connection says, or — behind a reverse proxy the
//! server was told to trust (`--trust-proxy`) — as the proxy says in `X-Forwarded-For` (its
//! last entry: the address the proxy itself saw; earlier entries are the client's own claims).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::state::AppState;

/// The address a request comes from.
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
        Ok(Client(client_address(peer, &parts.headers, state.limits.limits.trust_proxy)))
    }
}

/// Counts every change of a game (`POST /api/games/{id}/…`: moves, undo, redo, computer moves,
/// resignations, rematches, names) against its client's allowance; 429 over it.
pub async fn limit_changes(
    axum::extract::State(state): axum::extract::State<Arc<AppState>>,
    Client(client): Client,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    let change = req.method() == axum::http::Method::POST && req.uri().path().starts_with("/api/games/");
    if change {
        if let Err(e) = state.limits.change(client) {
            return e.into_response();
        }
    }
    next.run(req).await
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
}
