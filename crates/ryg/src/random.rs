//! A tiny deterministic random number generator (SplitMix64): the Zobrist keys at compile
//! time, and every seeded choice (ties among root moves, play levels), so a seed replays the
//! same choices.

// CITE: SplitMix64 (Steele, Lea, Flood 2014).
/// SplitMix64 state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The state, to restore the generator later with [`SplitMix64::new`] (the seed is the
    /// state before the first step).
    pub const fn state(self) -> u64 {
        self.0
    }

    /// The generator after one step, and the 64 random bits of that step (usable in `const`).
    pub const fn step(self) -> (SplitMix64, u64) {
        let state = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (SplitMix64(state), z ^ (z >> 31))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (next, bits) = self.step();
        *self = next;
        bits
    }

    /// A uniform number in `0..n` (Lemire's multiply-shift; `n` must be positive).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_deterministic_and_covers_the_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let xs: Vec<usize> = (0..200).map(|_| a.below(3)).collect();
        let ys: Vec<usize> = (0..200).map(|_| b.below(3)).collect();
        assert_eq!(xs, ys);
        for k in 0..3 {
            let count = xs.iter().filter(|&&x| x == k).count();
            assert!((40..=90).contains(&count), "value {k} drawn {count} times of 200");
        }
    }
}
