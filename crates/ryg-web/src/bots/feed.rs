//! One bot's stream: on opening, a `gameStart` and a `gameState` for every unfinished game in
//! which it holds a seat (so a bot that reconnects has the whole of each game again), and a
//! `gameStart` and a `gameFinish` for each game that ended while no stream of it was open; then the
//! changes of those games, the games it is seated in from now on (its [`Inbox`] channel, and a
//! look at the store every [`RESYNC`] for seats taken through another server), and challenges.
//! A blank line every [`KEEP_ALIVE`] keeps proxies from closing an idle stream.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::watch;

use super::events::{challenge, game_start, game_state};
use super::inbox::{Inbox, Notice};
use super::seats::{playing, seat_in, Seated};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::events::{Change, Hub};
use crate::people::PeopleError;
use crate::store::GameStore;

/// How often an idle stream sends a blank line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How often the stream looks in the store for games it was seated in elsewhere.
pub const RESYNC: Duration = Duration::from_secs(5);

/// The store work a stream needs, run off the async threads by its caller.
pub type Load =
    Arc<dyn Fn(Ask) -> futures_util::future::BoxFuture<'static, Result<Vec<Seated>, ApiError>> + Send + Sync>;

/// What a stream asks of the store.
#[derive(Clone, Copy, Debug)]
pub enum Ask {
    /// Every unfinished game the bot holds a seat of.
    Playing,
    /// This game (the store's number), if the bot holds a seat of it.
    Game(i64),
    /// Note that this game's end went out on the stream (answers no game).
    EndSent(i64),
}

/// The store work of [`Ask`], over the players' and the games' stores (blocking).
///
/// # Errors
/// The store failed.
pub fn answer(
    players: &dyn crate::store::players::PlayerStore,
    games: &dyn GameStore,
    player: i64,
    ask: Ask,
) -> Result<Vec<Seated>, PeopleError> {
    match ask {
        Ask::Playing => playing(players, games, player),
        Ask::Game(id) => match games.load(id)? {
            Some(g) => Ok(seat_in(players, g, player)?.into_iter().collect()),
            None => Ok(Vec::new()),
        },
        Ask::EndSent(id) => {
            players.end_sent(id, player)?;
            Ok(Vec::new())
        }
    }
}

/// A game the stream follows.
struct Followed {
    id: i64,
    version: i64,
    rx: broadcast::Receiver<Change>,
}

/// One bot's stream.
pub struct Feed {
    /// The stream's place in the hub's counts (per address and in all).
    _place: crate::places::Place,
    hub: Arc<Hub>,
    load: Load,
    inbox: broadcast::Receiver<Notice>,
    stopping: watch::Receiver<bool>,
    games: Vec<Followed>,
    /// The lines to send, each with the game whose end it says, if it says one.
    lines: VecDeque<(String, Option<i64>)>,
    /// The game whose end the last line said: noted as sent when the next line is asked for
    /// (the stream took that one), so that an end written to a closed stream goes out again.
    end_said: Option<i64>,
    resync: tokio::time::Interval,
}

/// What woke the stream up.
enum Woke {
    Stop,
    Notice(Result<Notice, RecvError>),
    /// Game `.0` changed; `.1`: its channel closed (followed again).
    Changed(usize, bool),
    Idle,
    Resync,
}

impl Feed {
    /// The stream of `player` for `client` (one place in the hub's counts): subscribed to its
    /// channel first, then its games read, so that nothing falls between the two.
    ///
    /// # Errors
    /// Too many streams (429, 503), or the store failed.
    pub async fn open(
        hub: Arc<Hub>,
        inbox: &Inbox,
        (player, client): (i64, std::net::IpAddr),
        load: Load,
    ) -> Result<Feed, ApiError> {
        let mut feed = Feed {
            _place: hub.take_place(client)?,
            inbox: inbox.subscribe(player),
            stopping: hub.stopping(),
            hub,
            load,
            games: Vec::new(),
            lines: VecDeque::new(),
            end_said: None,
            resync: tokio::time::interval_at(tokio::time::Instant::now() + RESYNC, RESYNC),
        };
        feed.resync().await?;
        Ok(feed)
    }

    /// Follows the games of `seated` not followed yet, each announced with `gameStart` and its
    /// state (a finished one only with its end).
    fn take(&mut self, seated: Vec<Seated>) {
        for s in seated {
            if self.games.iter().any(|f| f.id == s.game.id) {
                continue;
            }
            if !s.game.is_over() {
                let rx = self.hub.follow(s.game.id);
                self.games.push(Followed { id: s.game.id, version: s.game.version, rx });
            }
            self.lines.push_back((game_start(&s).to_string(), None));
            self.say_state(&s);
        }
    }

    /// The state of game `s`, or its end.
    fn say_state(&mut self, s: &Seated) {
        let end = s.game.is_over().then_some(s.game.id);
        self.lines.push_back((game_state(s, now_ms()).to_string(), end));
    }

    async fn resync(&mut self) -> Result<(), ApiError> {
        let seated = (self.load)(Ask::Playing).await?;
        self.take(seated);
        Ok(())
    }

    /// Game `index` changed: its state (read again from the store) when newer than the last
    /// sent; a finished game is followed no longer.
    async fn changed(&mut self, index: usize, closed: bool) -> Result<(), ApiError> {
        let id = self.games[index].id;
        if closed {
            self.games[index].rx = self.hub.follow(id);
        }
        let Some(s) = (self.load)(Ask::Game(id)).await?.pop() else {
            self.games.remove(index);
            return Ok(());
        };
        if s.game.version > self.games[index].version {
            self.games[index].version = s.game.version;
            self.say_state(&s);
        }
        if s.game.is_over() {
            self.games.remove(index);
        }
        Ok(())
    }

    async fn wait(&mut self) -> Woke {
        let changes =
            self.games.iter_mut().enumerate().map(|(i, f)| {
                Box::pin(async move { (i, matches!(f.rx.recv().await, Err(RecvError::Closed))) })
            });
        let changes: Vec<_> = changes.collect();
        let any_change = async move {
            if changes.is_empty() {
                std::future::pending::<(usize, bool)>().await
            } else {
                futures_util::future::select_all(changes).await.0
            }
        };
        tokio::select! {
            _ = self.stopping.changed() => Woke::Stop,
            n = self.inbox.recv() => Woke::Notice(n),
            (i, closed) = any_change => Woke::Changed(i, closed),
            _ = self.resync.tick() => Woke::Resync,
            () = tokio::time::sleep(KEEP_ALIVE) => Woke::Idle,
        }
    }

    /// The next line to send (without its newline; empty to keep the stream alive), or `None`
    /// to close the stream (the server stops, or the store failed).
    pub async fn next(&mut self) -> Option<String> {
        if let Some(id) = self.end_said.take() {
            (self.load)(Ask::EndSent(id)).await.ok()?;
        }
        while self.lines.is_empty() {
            if *self.stopping.borrow() {
                return None;
            }
            let done = match self.wait().await {
                Woke::Stop => return None,
                Woke::Idle => return Some(String::new()),
                Woke::Changed(i, closed) => self.changed(i, closed).await,
                Woke::Notice(Ok(Notice::Seated(id))) => {
                    let seated = (self.load)(Ask::Game(id)).await;
                    seated.map(|s| self.take(s))
                }
                Woke::Notice(Ok(Notice::Challenge(json))) => {
                    let value = serde_json::from_str(&json).unwrap_or(serde_json::Value::Null);
                    self.lines.push_back((challenge(&value).to_string(), None));
                    Ok(())
                }
                Woke::Notice(Err(RecvError::Closed)) => return None,
                // fell behind, or a look at the store is due: the store has every seat
                Woke::Notice(Err(RecvError::Lagged(_))) | Woke::Resync => self.resync().await,
            };
            if done.is_err() {
                return None;
            }
        }
        let (line, end) = self.lines.pop_front()?;
        self.end_said = end;
        Some(line)
    }
}
