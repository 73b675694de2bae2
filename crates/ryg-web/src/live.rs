//! The positions of the games between two people that are being played, which nobody may have
//! analysed while they are played: the page does not offer them, and the routes that judge a
//! position (`/api/solve`, `/api/analyze`, `/api/eval`, `/api/tree`, `/api/think`,
//! `/api/techniques`, `/api/weights`) and a game's review refuse them with `403 live_game`.
//!
//! A game between two people (two seats, two tokens) is **live** while it is not over and either
//! its clock runs (the server ends it when a flag falls) or it changed within the last
//! [`LIVE_FOR_MS`] (a game left for a day no longer holds its positions closed to everyone). Its
//! **closed positions** are the one on its board, every position one move from it (whose exact
//! results are the answer to "what do I play?"), and the one before its last move (whose exact
//! results say who wins from the board's position). That is a bar, not a wall: positions further
//! away can still be analysed and backed up by hand, and `ryg` runs on anyone's machine; what the
//! server refuses is to be the game's oracle in one request.
//!
//! Every server keeps the closed positions in memory: each stored change updates its game's
//! (changes stored by other servers sharing a PostgreSQL store arrive as notifications), and a
//! server starting reads the games changed within the last day.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use ryg_wide::Position;

use crate::store::{Players, StoredGame};

/// How long after its last change a game between two people without a clock stays live.
pub const LIVE_FOR_MS: i64 = 24 * 3600 * 1000;

/// A live game's closed positions and until when they are closed (`None`: until the game
/// ends, its clock running).
struct Closed {
    keys: Vec<String>,
    until: Option<i64>,
}

#[derive(Default)]
struct Inner {
    games: HashMap<i64, Closed>,
    positions: HashMap<String, HashSet<i64>>,
    /// Updates since games left past their time were last forgotten.
    updates: usize,
}

impl Inner {
    fn remove(&mut self, id: i64) {
        let Some(old) = self.games.remove(&id) else { return };
        for key in old.keys {
            if let Some(ids) = self.positions.get_mut(&key) {
                ids.remove(&id);
                if ids.is_empty() {
                    self.positions.remove(&key);
                }
            }
        }
    }
}

/// The closed positions of the live games between two people.
#[derive(Default)]
pub struct LiveGames {
    inner: Mutex<Inner>,
}

/// The key of a position: its FEN as the engine writes it (a FEN read in any accepted form names
/// the same key).
fn key(position: &Position) -> String {
    position.fen()
}

/// Until when `g` is live (`Some(Some(ms))`, epoch milliseconds; `Some(None)`: until it ends,
/// its clock running), or `None` when it is no live game between two people.
fn live_until(g: &StoredGame) -> Option<Option<i64>> {
    if g.players() != Players::Friends || g.is_over() {
        return None;
    }
    let running = g.clock.is_some() && !g.game.moves().is_empty();
    if running {
        return Some(None);
    }
    let changed = crate::store::iso_ms(&g.updated_at)?;
    Some(Some(changed + LIVE_FOR_MS))
}

/// Whether a live game's time (its [`live_until`]) has not passed at `now`.
fn live_at(until: Option<i64>, now: i64) -> bool {
    until.is_none_or(|t| now < t)
}

/// Whether `g` is a game between two people that is being played at `now`.
pub fn is_live(g: &StoredGame, now: i64) -> bool {
    matches!(live_until(g), Some(until) if live_at(until, now))
}

/// Plies of a game from a start position (the mouse on rank 1, the cats on their row, the mouse
/// to move) before it closes any position: the opening is everyone's. A friend game just begun
/// would otherwise close the start position, and every position a move from it, to every other
/// visitor's analysis, hints and lessons for as long as it is live.
pub const OPEN_PLIES: usize = 8;

/// Whether `p` is a start position of its board (any start square of the mouse).
fn is_start(p: &Position) -> bool {
    Position::start(p.size(), Some(p.mouse())).is_ok_and(|start| start == *p)
}

/// The positions `g` closes: the board's, every one a move from it, the one before the last move
/// (none in the opening of a game from a start position).
fn closed_positions(g: &StoredGame) -> Vec<String> {
    if is_start(&g.start) && g.game.moves().len() < OPEN_PLIES {
        return Vec::new();
    }
    let board = *g.game.position();
    let mut keys = vec![key(&board)];
    for &mv in &board.legal_moves() {
        if let Ok(next) = board.play(mv) {
            keys.push(key(&next));
        }
    }
    let moves = g.game.moves();
    if let Some((_, before)) = moves.split_last() {
        let mut p = g.start;
        if before.iter().all(|&mv| p.play(mv).map(|next| p = next).is_ok()) {
            keys.push(key(&p));
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

impl LiveGames {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `g` as just stored (or read at start): its closed positions replace its earlier ones; a
    /// game that is no longer live closes none.
    pub fn update(&self, g: &StoredGame) {
        let until = live_until(g);
        let keys = if until.is_some() { closed_positions(g) } else { Vec::new() };
        let mut inner = self.inner();
        inner.remove(g.id);
        inner.updates += 1;
        if inner.updates >= 1024 {
            // games left without an end: forgotten once past their time
            inner.updates = 0;
            let now = crate::clock::now_ms();
            let gone: Vec<i64> =
                inner.games.iter().filter(|(_, c)| !live_at(c.until, now)).map(|(&id, _)| id).collect();
            for id in gone {
                inner.remove(id);
            }
        }
        let Some(until) = until else { return };
        for k in &keys {
            inner.positions.entry(k.clone()).or_default().insert(g.id);
        }
        inner.games.insert(g.id, Closed { keys, until });
    }

    /// The live games among `games` (read from the store at start).
    pub fn read(&self, games: &[StoredGame]) {
        for g in games {
            self.update(g);
        }
    }

    /// Whether `position` is closed at `now`: a live game's, or one move from it, or before
    /// its last move. Games left past their time are forgotten as they are met.
    pub fn closes(&self, position: &Position, now: i64) -> bool {
        let k = key(position);
        let mut inner = self.inner();
        let Some(ids) = inner.positions.get(&k) else { return false };
        let gone: Vec<i64> = ids
            .iter()
            .copied()
            .filter(|id| !inner.games.get(id).is_some_and(|c| live_at(c.until, now)))
            .collect();
        let any_live = gone.len() < ids.len();
        for id in gone {
            inner.remove(id);
        }
        any_live
    }

    /// Live games known, for the tests.
    pub fn len(&self) -> usize {
        self.inner().games.len()
    }

    /// Whether no live game is known.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
