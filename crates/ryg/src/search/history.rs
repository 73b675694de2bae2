//! The history heuristic: a [from][to] table of how often a move caused a cut-off or was
//! best, bumped by the remaining depth and cleared at each new search (as the original did).

use crate::{Move, Square};

// CITE: history heuristic (Schaeffer 1983/1989).
const SQUARES: usize = Square::LIMIT as usize + 1;

/// History scores indexed by a move's origin and destination squares.
#[derive(Clone, Debug)]
pub struct History {
    table: Box<[[u32; SQUARES]; SQUARES]>,
}

impl Default for History {
    fn default() -> History {
        History { table: Box::new([[0; SQUARES]; SQUARES]) }
    }
}

impl History {
    /// The score of `mv` (0 when never bumped).
    #[inline]
    pub fn get(&self, mv: Move) -> u32 {
        self.table[mv.from.index() as usize][mv.to.index() as usize]
    }

    /// Credits `mv` with `depth` (it was best or caused a cut-off with that much depth left).
    #[inline]
    pub fn bump(&mut self, mv: Move, depth: u8) {
        let slot = &mut self.table[mv.from.index() as usize][mv.to.index() as usize];
        *slot = slot.saturating_add(u32::from(depth));
    }

    /// Every move with a nonzero score: origin, destination, score.
    pub fn cells(&self) -> impl Iterator<Item = (Square, Square, u32)> + '_ {
        self.table.iter().enumerate().flat_map(|(from, row)| {
            row.iter().enumerate().filter(|&(_, &v)| v > 0).filter_map(move |(to, &v)| {
                Some((Square::try_new(from as u8)?, Square::try_new(to as u8)?, v))
            })
        })
    }

    /// Credits `mv` with `depth`, never past `cap` (RYG3's one-byte entries stop at $ff).
    #[inline]
    pub fn bump_capped(&mut self, mv: Move, depth: u8, cap: u32) {
        let slot = &mut self.table[mv.from.index() as usize][mv.to.index() as usize];
        *slot = slot.saturating_add(u32::from(depth)).min(cap);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for row in self.table.iter_mut() {
            row.fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bumps_by_depth_and_clears() {
        let mut h = History::default();
        let mv: Move = "e1f2".parse().unwrap();
        h.bump(mv, 3);
        h.bump(mv, 5);
        assert_eq!(h.get(mv), 8);
        assert_eq!(h.get("f2e1".parse().unwrap()), 0);
        assert_eq!(h.cells().collect::<Vec<_>>(), vec![(mv.from, mv.to, 8)]);
        h.clear();
        assert_eq!(h.get(mv), 0);
        for _ in 0..40 {
            h.bump_capped(mv, 8, 255);
        }
        assert_eq!(h.get(mv), 255);
    }
}
