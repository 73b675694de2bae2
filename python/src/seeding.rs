//! The vector environments' per-game random streams, spawned from one seed as NumPy's
//! `SeedSequence.spawn` does: each stream's seed is a hash of the seed, the stream's purpose
//! and the game's index, so game 1 of seed 0 is no longer game 0 of seed 1 (as `seed + i` made it).

// CITE: SeedSequence spawning (O'Neill; NumPy's `numpy.random.SeedSequence`).

use pyo3::prelude::*;

use crate::player::Seed;

/// What a stream is for: its seeds are kept apart from every other purpose's.
#[derive(Clone, Copy)]
pub enum Stream {
    /// Game `i`'s opponent (`VectorEnv`).
    Opponent = 1,
    /// The random agent (`random_actions`): one stream per game in `SelfPlayVectorEnv`, one
    /// for the batch in `VectorEnv`.
    Agent = 2,
    /// Game `i`'s search (`BatchedSearch`: root noise and the temperature's draws).
    Search = 3,
}

/// SplitMix64's output function: a bijection of 64-bit words in which every input bit moves
/// about half of the output bits.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of stream `index` of `purpose` spawned from `seed`. For one seed and purpose the
/// indices get distinct seeds (the map is a bijection of `index`); across seeds they are
/// unrelated hashes.
pub fn spawn(seed: u64, purpose: Stream, index: u64) -> u64 {
    let root = mix(mix(seed ^ 0x243f_6a88_85a3_08d3).wrapping_add(purpose as u64));
    mix(root.wrapping_add(mix(index ^ 0x1319_8a2e_0370_7344)))
}

/// The seeds `VectorEnv(count, seed=seed)` gives its games' opponents: `FoxHoundsEnv` reset
/// with `game_seeds(seed, count)[i]` plays as game `i` does.
#[pyfunction]
pub fn game_seeds(seed: Seed, count: usize) -> Vec<u64> {
    (0..count as u64).map(|i| spawn(seed.0, Stream::Opponent, i)).collect()
}
