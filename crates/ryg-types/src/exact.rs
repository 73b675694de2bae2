//! `ExactResult`: who wins with perfect play and in how many plies the game then ends.

use std::fmt;

use crate::Side;

/// The exact result of a position under perfect play: the winner, and the number of plies
/// until the game ends when the winner plays the fastest win and the loser resists longest.
/// A finished position is won in 0 plies by the side that has won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ExactResult {
    /// The side that wins with perfect play.
    pub winner: Side,
    /// Plies (half-moves) until the game ends.
    pub plies: u32,
}

impl ExactResult {
    /// A win for `winner` in `plies` plies.
    #[inline]
    pub const fn new(winner: Side, plies: u32) -> ExactResult {
        ExactResult { winner, plies }
    }

    /// Whether `after`, the result of the position a move leads to, keeps this one: the same
    /// winner, one ply nearer the end (the move is one of perfect play).
    #[inline]
    pub fn kept_by(self, after: ExactResult) -> bool {
        after.winner == self.winner && after.plies + 1 == self.plies
    }
}

impl fmt::Display for ExactResult {
    /// `cats win in 44 plies`, `mouse wins in 1 ply`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.winner {
            Side::Mouse => "wins",
            Side::Cats => "win",
        };
        let unit = if self.plies == 1 { "ply" } else { "plies" };
        write!(f, "{} {} in {} {}", self.winner, verb, self.plies, unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_as_the_rules_write_it() {
        assert_eq!(ExactResult::new(Side::Cats, 44).to_string(), "cats win in 44 plies");
        assert_eq!(ExactResult::new(Side::Mouse, 1).to_string(), "mouse wins in 1 ply");
        assert_eq!(ExactResult::new(Side::Mouse, 0).to_string(), "mouse wins in 0 plies");
    }
}
