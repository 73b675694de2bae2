//! The one-byte entry: the result from the side to move's point of view, ordered so that a
//! plain `min` over the children picks the parent's best move.
//!
//! `p` (0..=127) = the side to move loses in `p` plies; `254 − p` = it wins in `p` plies;
//! 255 = an impossible slot (the mouse on a cat's square). Seen from the parent, a child's
//! smaller byte is better: losses for the opponent first (fastest first), then its wins
//! (slowest first), and impossible slots last, so they drop out of a `min` by themselves.

use super::ExactResult;
use crate::Side;

/// An impossible slot; also the `min` of no children at all.
pub(crate) const IMPOSSIBLE: u8 = 255;
/// The side to move has already won (the mouse on the top rank, mouse to move).
pub(crate) const WIN_IN_0: u8 = 254;
/// The side to move has already lost (no move, or the mouse on the top rank, cats to move).
pub(crate) const LOSS_IN_0: u8 = 0;

/// The parent's byte from the smallest byte among its children (255 when it has none: the
/// side to move cannot move and has lost in 0 plies).
#[inline(always)]
pub(crate) fn from_best_child(best: u8) -> u8 {
    // Child loses in k → parent wins in k + 1 → 254 − (k + 1); child wins in 254 − k →
    // parent loses in 255 − k; no child (255) → parent loses in 0.
    if best < 128 {
        253 - best
    } else {
        255 - best
    }
}

/// The exact result stored in `byte` for a position with `side` to move.
#[inline]
pub(crate) fn decode(byte: u8, side: Side) -> Option<ExactResult> {
    match byte {
        IMPOSSIBLE => None,
        0..=127 => Some(ExactResult::new(!side, u32::from(byte))),
        _ => Some(ExactResult::new(side, u32::from(WIN_IN_0 - byte))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_results_follow_the_children() {
        let mouse = |b| decode(b, Side::Mouse).unwrap();
        // No move: lost at once.
        assert_eq!(mouse(from_best_child(IMPOSSIBLE)), ExactResult::new(Side::Cats, 0));
        // A child where the opponent has lost: win in 1.
        assert_eq!(mouse(from_best_child(LOSS_IN_0)), ExactResult::new(Side::Mouse, 1));
        // Only children where the opponent wins in 0 or 6: the min is the slowest (6).
        assert_eq!(from_best_child(WIN_IN_0.min(WIN_IN_0 - 6)), from_best_child(WIN_IN_0 - 6));
        assert_eq!(mouse(from_best_child(WIN_IN_0 - 6)), ExactResult::new(Side::Cats, 7));
        // A loss for the opponent (even in 90) beats any win for it (even in 126).
        let best = (LOSS_IN_0 + 90).min(WIN_IN_0 - 126);
        assert_eq!(mouse(from_best_child(best)), ExactResult::new(Side::Mouse, 91));
        assert_eq!(mouse(from_best_child(WIN_IN_0 - 126)), ExactResult::new(Side::Cats, 127));
        assert_eq!(decode(IMPOSSIBLE, Side::Cats), None);
    }
}
