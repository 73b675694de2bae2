//! The root: who wins (one null-window test at 0), then in how many plies (null-window tests
//! or one window, narrowing the root's bounds), and a move that reaches the value.

use crate::search::{DistanceSearch, SearchHandler};
use crate::{Move, Position};

use super::bounds::key;
use super::negamax::Prover;
use super::value::{ProofBounds, WIN};

impl<'h, H: SearchHandler> Prover<'h, H> {
    /// The exact root value (root-relative at ply 0) and the number of root searches.
    pub(super) fn root_value(&mut self, position: &Position) -> Option<(i16, u32)> {
        // Every game ends within this many plies: each cat move lowers the rank sum by one
        // and the mouse cannot make two moves in a row.
        let n = i16::from(position.size().n());
        let longest = n * n + 2;
        let (mut lo, mut hi) = (-WIN, WIN);
        if self.config.table.is_some() {
            if let Some(e) = self.table.get(position, key(position)) {
                lo = lo.max(e.lower);
                hi = hi.min(e.upper);
            }
        }
        let mut tests = 0;
        if self.config.win_first && lo < 0 && hi > 0 {
            let v = self.search(position, -1, 1, 0);
            tests += 1;
            if self.stopped {
                self.partial = ProofBounds::of(lo, hi, position.side_to_move());
                return None;
            }
            if v > 0 {
                lo = lo.max(v);
            } else {
                hi = hi.min(v);
            }
        }
        // The value lies among the game ends within `longest` plies.
        if lo > 0 {
            lo = lo.max(WIN - longest);
        }
        if hi < 0 {
            hi = hi.min(-(WIN - longest));
        }
        while lo < hi {
            let (alpha, beta) = match self.config.distance {
                DistanceSearch::Window => (lo - 1, hi + 1),
                DistanceSearch::Bisect => {
                    let t = lo + (hi - lo + 1) / 2;
                    (t - 1, t)
                }
                DistanceSearch::Step => {
                    // Test the winner's fastest remaining end first.
                    if lo > 0 || (hi > 0 && !self.config.win_first) {
                        (hi - 1, hi)
                    } else {
                        (lo, lo + 1)
                    }
                }
            };
            let v = self.search(position, alpha, beta, 0);
            tests += 1;
            if self.stopped {
                self.partial = ProofBounds::of(lo, hi, position.side_to_move());
                return None;
            }
            if v <= alpha {
                hi = hi.min(v);
            } else if v >= beta {
                lo = lo.max(v);
            } else {
                lo = v;
                hi = v;
            }
        }
        Some((lo, tests))
    }

    /// A move reaching `value` (root-relative), the first found in search order.
    pub(super) fn best_move(&mut self, position: &Position, value: i16) -> Option<Option<Move>> {
        let moves = self.ordered(position, None);
        for &mv in &moves {
            let mut child = *position;
            child.play_unchecked(mv);
            // The child reaches -value (one ply deeper) exactly when it is at most -value.
            let v = -self.search(&child, -value, -value + 1, 1);
            if self.stopped {
                return None;
            }
            if v >= value {
                return Some(Some(mv));
            }
        }
        Some(None)
    }
}
