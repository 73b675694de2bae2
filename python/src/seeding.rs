//! The vector environments' per-game random streams, spawned from one seed as NumPy's
//! `SeedSequence.spawn` does: each stream's seed is a hash of the seed, the stream's purpose
//! and the game's index, so game 1 of seed 0 is no longer game 0 of seed 1 (as `seed + i` made it).

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

/// The seed of stream `index` of `purpose` spawned from `seed` (the engine's
/// [`ryg::search::spawn`]).
pub fn spawn(seed: u64, purpose: Stream, index: u64) -> u64 {
    ryg::search::spawn(seed, purpose as u64, index)
}

/// The seeds `VectorEnv(count, seed=seed)` gives its games' opponents: `FoxHoundsEnv` reset
/// with `game_seeds(seed, count)[i]` plays as game `i` does.
#[pyfunction]
pub fn game_seeds(seed: Seed, count: usize) -> Vec<u64> {
    (0..count as u64).map(|i| spawn(seed.0, Stream::Opponent, i)).collect()
}
