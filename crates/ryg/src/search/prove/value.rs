//! Exact values as the proving search counts them (a win in `d` plies scores `WIN - d` from
//! the root), their re-basing at the table, and what they mean in words.

use crate::{ExactResult, Side};

/// A win at once; a win in `d` plies scores `WIN - d`.
pub(super) const WIN: i16 = 1_000;
/// Above every value.
pub(super) const INF: i16 = WIN + 1;

/// Node-relative table value to root-relative at `ply`.
#[inline]
pub(super) fn from_table(v: i16, ply: i16) -> i16 {
    if v >= INF || v <= -INF {
        v
    } else if v > 0 {
        v - ply
    } else {
        v + ply
    }
}

/// Root-relative value at `ply` to node-relative for the table.
#[inline]
pub(super) fn to_table(v: i16, ply: i16) -> i16 {
    if v >= INF || v <= -INF {
        v
    } else if v > 0 {
        v + ply
    } else {
        v - ply
    }
}

/// The result a root-relative value at ply 0 means for `side` to move.
pub(super) fn to_result(value: i16, side: Side) -> ExactResult {
    if value > 0 {
        ExactResult::new(side, (WIN - value) as u32)
    } else {
        ExactResult::new(!side, (WIN + value) as u32)
    }
}

/// What a stopped proof had established: the winner, and the range of plies in which the
/// game then ends with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofBounds {
    /// The side that wins.
    pub winner: Side,
    /// The fewest and the most plies the game can last.
    pub plies: (u32, u32),
}

impl ProofBounds {
    /// From root-relative bounds `lo..=hi` on the value for `mover`; `None` while they do not
    /// tell the winner.
    pub(super) fn of(lo: i16, hi: i16, mover: Side) -> Option<ProofBounds> {
        if lo > 0 {
            Some(ProofBounds { winner: mover, plies: ((WIN - hi) as u32, (WIN - lo) as u32) })
        } else if hi < 0 {
            Some(ProofBounds { winner: !mover, plies: ((WIN + lo) as u32, (WIN + hi) as u32) })
        } else {
            None
        }
    }
}

impl std::fmt::Display for ProofBounds {
    /// `cats win in 40 to 52 plies`, `cats win in at most 84 plies`, `cats win in 44 plies`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (fewest, most) = self.plies;
        if fewest == most {
            return write!(f, "{}", ExactResult::new(self.winner, fewest));
        }
        let verb = if self.winner == Side::Mouse { "wins" } else { "win" };
        match fewest {
            0 if most == 1 => write!(f, "{} {verb} in at most 1 ply", self.winner),
            0 => write!(f, "{} {verb} in at most {most} plies", self.winner),
            _ => write!(f, "{} {verb} in {fewest} to {most} plies", self.winner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_a_stopped_proof_in_words() {
        // The mouse to move: a value at most -(WIN - 84) is a cats' win within 84 plies.
        let lost = ProofBounds::of(-WIN, -(WIN - 84), Side::Mouse).unwrap();
        assert_eq!(lost, ProofBounds { winner: Side::Cats, plies: (0, 84) });
        assert_eq!(lost.to_string(), "cats win in at most 84 plies");
        let won = ProofBounds::of(WIN - 52, WIN - 40, Side::Mouse).unwrap();
        assert_eq!(won.to_string(), "mouse wins in 40 to 52 plies");
        assert_eq!(
            ProofBounds::of(WIN - 44, WIN - 44, Side::Cats).unwrap().to_string(),
            "cats win in 44 plies"
        );
        let soon = ProofBounds { winner: Side::Mouse, plies: (0, 1) };
        assert_eq!(soon.to_string(), "mouse wins in at most 1 ply");
        assert_eq!(ProofBounds::of(-1, 1, Side::Mouse), None);
    }
}
