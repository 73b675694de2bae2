//! One channel per player for what reaches a player outside their games: a seat taken for them
//! (by a link, the lobby or a tournament) and a challenge to them. Whoever seats a player or
//! challenges one calls [`Inbox::deliver`]; a bot's stream listens ([`Inbox::subscribe`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

/// What reaches a player.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The player holds a seat of this game now (the store's number).
    Seated(i64),
    /// A challenge to the player, as the lobby describes it (JSON).
    Challenge(Arc<str>),
}

/// How many notices a slow stream may fall behind (it re-reads its games then).
const BACKLOG: usize = 32;

/// The players' channels: only those of players listening now.
#[derive(Default)]
pub struct Inbox {
    channels: Mutex<HashMap<i64, broadcast::Sender<Notice>>>,
}

impl Inbox {
    /// Sends `notice` to player `player`'s streams, if any listens.
    pub fn deliver(&self, player: i64, notice: Notice) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.get(&player).is_some_and(|tx| tx.send(notice).is_err()) {
            channels.remove(&player);
        }
    }

    /// A challenge to `player` (the lobby's JSON of it): the lobby's one call to reach a bot.
    pub fn challenge(&self, player: i64, challenge: &serde_json::Value) {
        self.deliver(player, Notice::Challenge(Arc::from(challenge.to_string())));
    }

    /// A receiver of player `player`'s notices from now on.
    pub fn subscribe(&self, player: i64) -> broadcast::Receiver<Notice> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.entry(player).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// How many players have a channel now.
    pub fn listening(&self) -> usize {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.retain(|_, tx| tx.receiver_count() > 0);
        channels.len()
    }
}
