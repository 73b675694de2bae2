//! Who is in the lobby on this server: a player is present while one of their lobby streams is
//! open. The pairing rounds ([`super::rounds`]) note the present players in the store, so their
//! challenges and places in the queue stay while they do, on whichever server they are.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The players present on this server, with how many streams each holds.
#[derive(Debug, Default)]
pub struct Presence {
    here: Mutex<HashMap<i64, usize>>,
}

impl Presence {
    /// `player` is present until the guard is dropped.
    pub fn enter(self: &Arc<Presence>, player: i64) -> Here {
        *self.here.lock().unwrap_or_else(|e| e.into_inner()).entry(player).or_default() += 1;
        Here { presence: Arc::clone(self), player }
    }

    /// The players present now.
    pub fn present(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.here.lock().unwrap_or_else(|e| e.into_inner()).keys().copied().collect();
        ids.sort_unstable();
        ids
    }
}

/// A player's presence, while held.
#[derive(Debug)]
pub struct Here {
    presence: Arc<Presence>,
    player: i64,
}

impl Drop for Here {
    fn drop(&mut self) {
        let mut here = self.presence.here.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = here.get_mut(&self.player) {
            *n -= 1;
            if *n == 0 {
                here.remove(&self.player);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_present_while_a_stream_of_theirs_is_open() {
        let p = Arc::new(Presence::default());
        let a = p.enter(1);
        let b = p.enter(1);
        let _c = p.enter(2);
        assert_eq!(p.present(), vec![1, 2]);
        drop(a);
        assert_eq!(p.present(), vec![1, 2], "one stream of player 1 is still open");
        drop(b);
        assert_eq!(p.present(), vec![2]);
    }
}
