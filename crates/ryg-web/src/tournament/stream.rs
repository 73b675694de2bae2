//! A tournament's live view for its event stream: the tournament as stored each time its
//! version moves, whichever server stored the change (the store is read every
//! [`LOOK_EVERY`]). The stream holds a place in the event streams' counts per address.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use super::service::{load, view};
use crate::error::ApiResult;
use crate::events::Subscription;
use crate::state::AppState;
use crate::tasks::blocking;

/// How often an open stream reads the tournament.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// An open stream of a tournament's views.
pub struct Standings {
    state: Arc<AppState>,
    id: String,
    host: Option<String>,
    sub: Subscription,
    /// The version last sent.
    last: i64,
}

impl Standings {
    /// Opens a stream of tournament `id` for `client` (`host`: the hash of the secret it sent).
    ///
    /// # Errors
    /// No such tournament; too many streams.
    pub async fn open(
        state: &Arc<AppState>,
        id: String,
        host: Option<String>,
        client: IpAddr,
    ) -> ApiResult<Standings> {
        let (st, i) = (Arc::clone(state), id.clone());
        let stored = blocking(move || Ok(load(&st, &i)?.0)).await?;
        // the streams' counts key a tournament apart from the games: by its negative number
        let sub = state.hub.open(-stored.id, client)?;
        Ok(Standings { state: Arc::clone(state), id, host, sub, last: 0 })
    }

    /// The next view to send (its version and JSON), or `None` to close the stream.
    pub async fn next(&mut self) -> Option<(i64, String)> {
        loop {
            if *self.sub.shutdown.borrow() {
                return None;
            }
            let (st, id, host) = (Arc::clone(&self.state), self.id.clone(), self.host.clone());
            let read = blocking(move || {
                let (s, t) = load(&st, &id)?;
                let host = super::service::is_host(&s, host.as_deref());
                Ok((s.version, view(&id, s.version, &t, host)))
            })
            .await;
            match read {
                Ok((version, json)) if version > self.last => {
                    self.last = version;
                    return Some((version, json.to_string()));
                }
                Ok(_) => {}
                Err(_) => return None,
            }
            tokio::select! {
                _ = self.sub.shutdown.changed() => return None,
                () = tokio::time::sleep(LOOK_EVERY) => {}
            }
        }
    }
}
