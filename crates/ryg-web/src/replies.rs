//! The computer's replies owed in stored games. A reply is admitted to the engine's queue before
//! the move it answers is stored (refused, nothing is stored: 429 or 503 mean "try again"); once
//! the move is stored the reply is queued and always played, whether or not its client waits.
//! While it is owed, the game's views say `computer_queued`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::game::computer_to_answer;
use crate::store::StoredGame;
use crate::work::Ticket;

/// A game owed replies: how many marks it has, and whether its replies are given up.
#[derive(Default)]
struct Entry {
    marks: usize,
    abandon: Arc<AtomicBool>,
}

/// The games owed a computer's reply now.
#[derive(Default)]
pub struct Replies {
    owed: Mutex<HashMap<i64, Entry>>,
}

impl Replies {
    fn owed(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Entry>> {
        self.owed.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks game `id` as owed a reply, until the returned mark is dropped.
    pub fn mark(self: &Arc<Self>, id: i64) -> Mark {
        self.owed().entry(id).or_default().marks += 1;
        Mark { replies: Arc::clone(self), id }
    }

    /// The flag that gives up game `id`'s replies owed now (its search stops, nothing is
    /// stored), if it is owed one.
    pub fn abandon_flag(&self, id: i64) -> Option<Arc<AtomicBool>> {
        self.owed().get(&id).map(|e| Arc::clone(&e.abandon))
    }

    /// Gives up game `id`'s replies owed now (a resignation does not wait for a search).
    pub fn abandon(&self, id: i64) {
        if let Some(e) = self.owed().get(&id) {
            e.abandon.store(true, Ordering::Relaxed);
        }
    }

    /// Whether game `id` is owed a reply now.
    pub fn is_owed(&self, id: i64) -> bool {
        self.owed().contains_key(&id)
    }

    /// Whether `g`, as it stands, waits for a reply that is queued.
    pub fn owes(&self, g: &StoredGame) -> bool {
        computer_to_answer(g).is_some() && self.is_owed(g.id)
    }

    /// Replies owed now, in all.
    pub fn len(&self) -> usize {
        self.owed().len()
    }

    /// Whether no reply is owed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A game marked as owed a reply; unmarked when dropped.
pub struct Mark {
    replies: Arc<Replies>,
    id: i64,
}

impl Drop for Mark {
    fn drop(&mut self) {
        let mut owed = self.replies.owed();
        if let Some(e) = owed.get_mut(&self.id) {
            e.marks -= 1;
            if e.marks == 0 {
                owed.remove(&self.id);
            }
        }
    }
}

/// A reply admitted to the engine's queue, and its game marked as owed it.
pub struct Owed {
    pub ticket: Ticket,
    pub mark: Option<Mark>,
}
