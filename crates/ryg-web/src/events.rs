//! Live updates: every change of a game is published to the game's open event streams
//! (Server-Sent Events). A stream first sends the game as stored, then every later change,
//! each once, numbered by the game's version; a client that reconnects with `Last-Event-ID`
//! gets only what is newer. Streams are limited per client address and in all, closed when
//! the game stays unchanged for a while, and ended when the server shuts down.

use crate::error::ErrorCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, watch};

use crate::error::ApiError;
use crate::places::{Capacity, Full, Place, Places};

/// One change of a game, ready to send: its version and its view as JSON.
#[derive(Clone, Debug)]
pub struct Change {
    pub version: i64,
    pub json: Arc<str>,
}

/// Streams one address may hold by default: a class of 200 behind one NAT address, a stream
/// each, with room to spare for the teacher watching and pages reconnecting. 16 such addresses
/// fill `--max-streams` (4,096).
pub const CLASS_STREAMS: usize = 256;

/// Limits on event streams.
#[derive(Clone, Copy, Debug)]
pub struct StreamLimits {
    /// Open streams in all.
    pub total: usize,
    /// Open streams per client address.
    pub per_client: usize,
    /// Open streams per address block (IPv4 /24, IPv6 client prefix; see
    /// [`crate::places::block`]).
    pub per_block: usize,
    /// The IPv6 prefix of one client ([`crate::places::key`]).
    pub ipv6_prefix: u8,
    /// A stream whose game does not change for this long is closed.
    pub idle: Duration,
}

impl Default for StreamLimits {
    fn default() -> StreamLimits {
        StreamLimits {
            total: 4096,
            per_client: CLASS_STREAMS,
            per_block: 2 * CLASS_STREAMS,
            ipv6_prefix: crate::places::IPV6_CLIENT_PREFIX,
            idle: Duration::from_secs(600),
        }
    }
}

/// The channels of every game with open streams, and the stream counts.
pub struct Hub {
    channels: Mutex<HashMap<i64, broadcast::Sender<Change>>>,
    topics: Mutex<HashMap<Topic, broadcast::Sender<Notice>>>,
    places: Arc<Places>,
    pub limits: StreamLimits,
    shutdown: watch::Sender<bool>,
}

/// How many changes a slow stream may fall behind before it re-reads the game.
const BACKLOG: usize = 64;

/// How many notices a slow stream may fall behind before it starts again from a snapshot.
const NOTICE_BACKLOG: usize = 256;

/// A stream's topic besides a game: the lobby, or one player's own news ([`Hub::player`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    Lobby,
    Player(i64),
}

/// One event of a topic: its name (`added`, `removed`, `challenge`, `game`, …) and its JSON.
#[derive(Clone, Debug)]
pub struct Notice {
    pub event: &'static str,
    pub json: Arc<str>,
}

impl Hub {
    pub fn new(limits: StreamLimits) -> Hub {
        Hub {
            channels: Mutex::default(),
            topics: Mutex::default(),
            places: Places::new(Capacity {
                per_address: limits.per_client,
                per_block: limits.per_block,
                total: limits.total,
                ipv6_prefix: limits.ipv6_prefix,
            }),
            limits,
            shutdown: watch::channel(false).0,
        }
    }

    /// Sends `change` of game `id` to its open streams.
    pub fn publish(&self, id: i64, change: Change) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.get(&id).is_some_and(|tx| tx.send(change).is_err()) {
            channels.remove(&id);
        }
    }

    /// Opens a stream of game `id` for `client`: a receiver of its changes and a ticket that
    /// frees the place when dropped.
    ///
    /// # Errors
    /// 429 when `client` has too many streams open, 503 when the server has.
    pub fn open(self: &Arc<Hub>, id: i64, client: IpAddr) -> Result<Subscription, ApiError> {
        let place = self.take_place(client)?;
        let rx = {
            let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            channels.entry(id).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
        };
        Ok(Subscription {
            rx,
            shutdown: self.shutdown.subscribe(),
            ticket: Ticket { hub: Arc::clone(self), id, _place: place },
        })
    }

    /// A stream's place in the counts for `client` (a bot's stream, which follows many games,
    /// holds one), given back when dropped.
    ///
    /// # Errors
    /// 429 when `client` has too many streams open, 503 when the server has.
    pub fn take_place(&self, client: IpAddr) -> Result<Place, ApiError> {
        self.places.take(client).map_err(|full| match full {
            Full::Address(n) => ApiError::new(
                ErrorCode::TooManyStreams,
                format!("too many event streams from {client}: at most {n} at once"),
            )
            .retry_after(5),
            Full::Block(n) => ApiError::new(
                ErrorCode::TooManyStreams,
                format!(
                    "too many event streams from the addresses of {}: at most {n} at once",
                    self.places.block_of(client)
                ),
            )
            .retry_after(5),
            Full::Total(n) => ApiError::unavailable(format!(
                "the server has {n} event streams open, its limit: try again later"
            ))
            .retry_after(5),
        })
    }

    /// The topic of player `id`'s own news (a direct challenge to them, a game the lobby
    /// started for them): what the lobby's and a bot's streams forward.
    pub fn player(id: i64) -> Topic {
        Topic::Player(id)
    }

    /// Sends `notice` to the open streams of `topic`.
    pub fn notify(&self, topic: Topic, notice: Notice) {
        let mut topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        if topics.get(&topic).is_some_and(|tx| tx.send(notice).is_err()) {
            topics.remove(&topic);
        }
    }

    /// Opens one stream of `topics` for `client`, counted as one stream.
    ///
    /// # Errors
    /// As [`Hub::open`].
    pub fn open_topics(self: &Arc<Hub>, topics: &[Topic], client: IpAddr) -> Result<Notices, ApiError> {
        let place = self.take_place(client)?;
        let rx = {
            let mut map = self.topics.lock().unwrap_or_else(|e| e.into_inner());
            topics
                .iter()
                .map(|t| map.entry(*t).or_insert_with(|| broadcast::channel(NOTICE_BACKLOG).0).subscribe())
                .collect()
        };
        Ok(Notices {
            rx,
            shutdown: self.shutdown.subscribe(),
            ticket: TopicTicket { hub: Arc::clone(self), topics: topics.to_vec(), _place: place },
        })
    }

    /// A receiver of game `id`'s changes that holds no place in the counts: for a stream that
    /// follows many games and holds its own place (a bot's).
    pub fn follow(&self, id: i64) -> broadcast::Receiver<Change> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.entry(id).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// A receiver that changes to `true` when the server shuts down.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Streams open now, in all.
    pub fn open_streams(&self) -> usize {
        self.places.taken()
    }

    /// Ends every stream (the server is stopping).
    pub fn shut_down(&self) {
        let _ = self.shutdown.send(true);
    }
}

/// An open stream's receiver, with its place in the counts.
pub struct Subscription {
    pub rx: broadcast::Receiver<Change>,
    pub shutdown: watch::Receiver<bool>,
    pub ticket: Ticket,
}

/// A stream's place in the counts, given back when dropped.
pub struct Ticket {
    hub: Arc<Hub>,
    id: i64,
    _place: Place,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut channels = self.hub.channels.lock().unwrap_or_else(|e| e.into_inner());
        // The stream's receiver is dropped before its ticket (field order of `Subscription`).
        if channels.get(&self.id).is_some_and(|tx| tx.receiver_count() == 0) {
            channels.remove(&self.id);
        }
    }
}

/// An open stream of topics: a receiver per topic, with its place in the counts.
pub struct Notices {
    pub rx: Vec<broadcast::Receiver<Notice>>,
    pub shutdown: watch::Receiver<bool>,
    pub ticket: TopicTicket,
}

/// What a topics stream heard next.
#[derive(Debug)]
pub enum Heard {
    Notice(Notice),
    /// It fell behind and missed some: the stream starts again from a snapshot.
    Behind,
}

impl Notices {
    /// The next notice of any of the stream's topics; `None` when the server stops.
    pub async fn next(&mut self) -> Option<Heard> {
        if *self.shutdown.borrow() || self.rx.is_empty() {
            return None;
        }
        let receivers = self.rx.iter_mut().map(|r| Box::pin(r.recv()));
        tokio::select! {
            _ = self.shutdown.changed() => None,
            (got, _, _) = futures_util::future::select_all(receivers) => match got {
                Ok(n) => Some(Heard::Notice(n)),
                Err(broadcast::error::RecvError::Lagged(_)) => Some(Heard::Behind),
                Err(broadcast::error::RecvError::Closed) => None,
            },
        }
    }
}

/// A topics stream's place in the counts, given back when dropped.
pub struct TopicTicket {
    hub: Arc<Hub>,
    topics: Vec<Topic>,
    _place: Place,
}

impl Drop for TopicTicket {
    fn drop(&mut self) {
        let mut map = self.hub.topics.lock().unwrap_or_else(|e| e.into_inner());
        // the receivers are dropped before the ticket (field order of `Notices`)
        for t in &self.topics {
            if map.get(t).is_some_and(|tx| tx.receiver_count() == 0) {
                map.remove(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(version: i64) -> Change {
        Change { version, json: Arc::from(format!("{{\"version\":{version}}}")) }
    }

    #[test]
    fn streams_are_counted_and_limited() {
        let hub = Arc::new(Hub::new(StreamLimits {
            total: 3,
            per_client: 2,
            per_block: 10,
            idle: Duration::from_secs(1),
            ipv6_prefix: 64,
        }));
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let s1 = hub.open(1, a).unwrap();
        let _s2 = hub.open(1, a).unwrap();
        assert_eq!(hub.open(2, a).err().unwrap().status(), 429);
        let _s3 = hub.open(2, b).unwrap();
        assert_eq!(hub.open(2, b).err().unwrap().status(), 503);
        drop(s1);
        assert_eq!(hub.open_streams(), 2);
        assert!(hub.open(3, a).is_ok(), "a closed stream frees its place");
    }

    #[test]
    fn changes_reach_the_streams_of_their_game_only() {
        let hub = Arc::new(Hub::new(StreamLimits::default()));
        let ip: IpAddr = "::1".parse().unwrap();
        let mut one = hub.open(1, ip).unwrap();
        let mut two = hub.open(2, ip).unwrap();
        hub.publish(1, change(5));
        hub.publish(3, change(1));
        assert_eq!(one.rx.try_recv().unwrap().version, 5);
        assert!(two.rx.try_recv().is_err());
        drop(one);
        drop(two);
        assert!(hub.channels.lock().unwrap().is_empty(), "channels without streams are removed");
    }

    #[test]
    fn notices_reach_their_topics_only() {
        let hub = Arc::new(Hub::new(StreamLimits::default()));
        let ip: IpAddr = "::1".parse().unwrap();
        let mut mine = hub.open_topics(&[Topic::Lobby, Hub::player(7)], ip).unwrap();
        let mut other = hub.open_topics(&[Hub::player(8)], ip).unwrap();
        assert_eq!(hub.open_streams(), 2, "a stream of two topics is one stream");
        hub.notify(Hub::player(7), Notice { event: "game", json: Arc::from("{}") });
        hub.notify(Topic::Lobby, Notice { event: "added", json: Arc::from("{}") });
        assert_eq!(mine.rx[1].try_recv().unwrap().event, "game");
        assert_eq!(mine.rx[0].try_recv().unwrap().event, "added");
        assert!(other.rx[0].try_recv().is_err());
        drop(mine);
        drop(other);
        assert!(hub.topics.lock().unwrap().is_empty(), "topics without streams are removed");
    }
}
