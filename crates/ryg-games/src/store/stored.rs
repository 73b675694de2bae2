//! A game as stored: the game itself, its seats, tokens, names and clock, how it ended, and
//! the undo and rematch requests between its players.

use ryg_wide::{Game, Position, Side};
// A stored time is written and read by ryg-api's calendar (`2026-11-23T06:00:00Z`).
pub use ryg_api::dates::{iso_ms, utc};

use super::seats::{Holder, Players, Seat};
use crate::clock::{self, Clock};

/// How a game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The loser resigned.
    Resigned,
    /// The loser's clock ran out.
    Time,
    /// No move was made: a player called the game off, or nobody began it in time. No winner.
    Aborted,
}

impl EndReason {
    /// The code used in JSON and in the store: `resigned`, `time` or `aborted`.
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Resigned => "resigned",
            EndReason::Time => "time",
            EndReason::Aborted => "aborted",
        }
    }

    pub fn parse(code: &str) -> Option<EndReason> {
        match code {
            "resigned" => Some(EndReason::Resigned),
            "time" => Some(EndReason::Time),
            "aborted" => Some(EndReason::Aborted),
            _ => None,
        }
    }
}

/// A game ended by resignation or time (a winner), or aborted (none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The store's own number for the game: shown only to its seat holders.
    pub id: i64,
    /// The id its links carry (see [`crate::token::public_id`]): who knows it may watch the game.
    /// Empty until the game service gives it one, before storing it.
    pub public_id: String,
    pub start: Position,
    pub mouse: Seat,
    pub cats: Seat,
    /// The game itself: moves played and moves that redo would replay.
    pub game: Game,
    /// Seeds the computer's random choices (with the ply, so a move depends on the position only).
    pub seed: u64,
    /// Bumped by every change.
    pub version: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The SHA-256 of each human seat's token (mouse, cats); `None`: no token (a computer seat,
    /// or a game stored before tokens, which anyone may play).
    pub tokens: [Option<String>; 2],
    /// Display names (mouse, cats).
    pub names: [Option<String>; 2],
    pub clock: Option<Clock>,
    /// A resignation or a flag fall.
    pub end: Option<End>,
    /// The seat that asked to take back a move (between two people).
    pub undo_request: Option<Side>,
    /// The seat that offered a rematch.
    pub rematch_offer: Option<Side>,
    /// The game the rematch created.
    pub rematch_id: Option<i64>,
    /// That game's public id (read with the game; the view shows it to the players only).
    pub rematch_public_id: Option<String>,
    /// A hash of the address that created the game (see [`crate::limits`]); `None` for games
    /// created before it was kept, and by the service's own callers.
    pub creator: Option<String>,
    /// The clocks' times left (mouse, cats) when each ply began: entry `k` after `k` moves, so
    /// that an undo gives back the time of the moves it takes back. Empty without a clock (and
    /// in games stored before it was kept).
    pub clock_history: Vec<[i64; 2]>,
}

impl StoredGame {
    /// A new game (id 0 until stored) with no tokens, names or clock.
    pub fn new(game: Game, mouse: Seat, cats: Seat, seed: u64, now: String) -> StoredGame {
        StoredGame {
            id: 0,
            public_id: String::new(),
            start: *game.start(),
            mouse,
            cats,
            game,
            seed,
            version: 0,
            created_at: now.clone(),
            updated_at: now,
            tokens: [None, None],
            names: [None, None],
            clock: None,
            end: None,
            undo_request: None,
            rematch_offer: None,
            rematch_id: None,
            rematch_public_id: None,
            creator: None,
            clock_history: Vec::new(),
        }
    }

    /// The end of the game with its winner: by the rules, else by resignation or time.
    pub fn outcome(&self) -> Option<(Side, &'static str)> {
        match self.game.outcome() {
            Some(o) => Some((o.winner, o.reason.code())),
            None => self.end.and_then(|e| Some((e.winner?, e.reason.code()))),
        }
    }

    /// Whether the game was aborted (ended with no move made, and no winner).
    pub fn aborted(&self) -> bool {
        self.end.is_some_and(|e| e.reason == EndReason::Aborted)
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some() || self.aborted()
    }

    /// `1-0` (the mouse won), `0-1` (the cats won) or `*`.
    pub fn result_token(&self) -> &'static str {
        match self.outcome() {
            Some((Side::Mouse, _)) => "1-0",
            Some((Side::Cats, _)) => "0-1",
            None => "*",
        }
    }
}

impl StoredGame {
    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> Seat {
        self.seat(self.game.position().side_to_move())
    }

    /// The seat of `side`.
    pub fn seat(&self, side: Side) -> Seat {
        match side {
            Side::Mouse => self.mouse,
            Side::Cats => self.cats,
        }
    }

    /// Whether a person plays at least one side.
    pub fn has_human(&self) -> bool {
        self.mouse == Seat::Human || self.cats == Seat::Human
    }

    /// Who sits at the game.
    pub fn players(&self) -> Players {
        let humans = self.mouse == Seat::Human && self.cats == Seat::Human;
        match &self.tokens {
            [Some(m), Some(c)] if humans && m != c => Players::Friends,
            _ if humans => Players::Hotseat,
            _ => Players::Computer,
        }
    }

    /// Whose seats a request carrying the token hash `token` holds: a human seat, or, in a game
    /// of the computer against itself, the seats its creator's token controls. A seat without a
    /// token (stored before tokens) is held by anyone.
    pub fn holder(&self, token: Option<&str>) -> Option<Holder> {
        let operated = !self.has_human();
        let holds = |side: Side| {
            (self.seat(side) == Seat::Human || operated)
                && match &self.tokens[clock::index(side)] {
                    None => true,
                    Some(hash) => token == Some(hash.as_str()),
                }
        };
        match (holds(Side::Mouse), holds(Side::Cats)) {
            (true, true) => Some(Holder::Both),
            (true, false) => Some(Holder::Seat(Side::Mouse)),
            (false, true) => Some(Holder::Seat(Side::Cats)),
            (false, false) => None,
        }
    }
}

/// The time now as `2026-11-23T06:00:00Z` (UTC).
pub fn now_utc() -> String {
    utc(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso_8601() {
        let now = now_utc();
        assert_eq!(now.len(), 20);
        assert!(now.starts_with("20") && now.ends_with('Z'), "{now}");
    }
}
