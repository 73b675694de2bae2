//! The `perfect` player: always a best move from the tablebase, the first one or one drawn
//! uniformly at random among the equally good ones.

use super::Tablebase;
use crate::{Move, Position};

/// Plays perfectly: a move that keeps the exact result (see [`Tablebase::best_moves`]).
#[derive(Clone, Debug)]
pub struct PerfectPlayer {
    rng: Option<SplitMix64>,
}

impl PerfectPlayer {
    /// Always the first best move in move order.
    pub fn deterministic() -> PerfectPlayer {
        PerfectPlayer { rng: None }
    }

    /// A best move chosen uniformly at random; the same seed gives the same choices.
    pub fn seeded(seed: u64) -> PerfectPlayer {
        PerfectPlayer { rng: Some(SplitMix64(seed)) }
    }

    /// The move to play in `position`, or `None` when the game is over.
    ///
    /// # Panics
    /// When `position` is on another board size than `tablebase`.
    #[track_caller]
    pub fn choose(&mut self, tablebase: &Tablebase, position: &Position) -> Option<Move> {
        let best = tablebase.best_moves(position);
        if best.is_empty() {
            return None;
        }
        let pick = match &mut self.rng {
            None => 0,
            Some(rng) => rng.below(best.len()),
        };
        Some(best[pick])
    }
}

/// CITE: SplitMix64 (Steele, Lea, Flood 2014), a tiny generator good enough for tie breaks.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n ≥ 1), by rejection so that no value is favoured.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_covers_the_range_evenly() {
        let mut rng = SplitMix64(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[rng.below(3)] += 1;
        }
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
    }
}
