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

/// SplitMix64's output function: a bijection of 64-bit words in which every input bit moves
/// about half of the output bits.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// CITE: SeedSequence spawning (O'Neill; NumPy's `numpy.random.SeedSequence`).
/// The seed of stream `index` of `purpose` spawned from `seed`, as NumPy's `SeedSequence.spawn`
/// keeps streams apart: for one seed and purpose the indices get distinct seeds (the map is a
/// bijection of `index`); across seeds and purposes they are unrelated hashes, so stream 1 of
/// seed 0 is not stream 0 of seed 1 (as `seed + index` would make it).
pub const fn spawn(seed: u64, purpose: u64, index: u64) -> u64 {
    let root = mix(mix(seed ^ 0x243f_6a88_85a3_08d3).wrapping_add(purpose));
    mix(root.wrapping_add(mix(index ^ 0x1319_8a2e_0370_7344)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spawned_streams_are_apart_across_seeds_and_distinct_within_one() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..20 {
            for index in 0..50 {
                assert!(seen.insert(spawn(seed, 1, index)), "seed {seed} index {index} repeats a stream");
            }
        }
        // another purpose, other streams
        assert!((0..50).all(|i| !seen.contains(&spawn(0, 2, i))));
    }

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
