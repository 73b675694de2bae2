//! Self-play: the computer against itself, one game from a start position to its end, and the
//! seeds of a series' games. `ryg selfplay` and the WebAssembly build play the same games.

use crate::search::NoHandler;
use crate::{Outcome, Player, PlayerError, Position, Side, Tablebase};

/// The mouse's and the cats' seeds of game `game` from start square number `start` of a
/// series seeded `seed`.
#[must_use]
pub fn game_seeds(seed: u64, start: usize, game: u32) -> (u64, u64) {
    let game_seed = seed ^ (((start as u64) << 32) | u64::from(game)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (game_seed, game_seed.rotate_left(17) ^ 0x5151)
}

/// Plays `mouse` against `cats` from `position` to the end: the outcome and the plies played.
///
/// # Errors
/// When a player cannot move (a level that needs `tablebase` without it).
pub fn play_out(
    mut position: Position,
    mouse: &mut Player,
    cats: &mut Player,
    tablebase: Option<&Tablebase>,
) -> Result<(Outcome, usize), PlayerError> {
    let mut plies = 0;
    loop {
        if let Some(outcome) = position.outcome() {
            return Ok((outcome, plies));
        }
        let player = if position.side_to_move() == Side::Mouse { &mut *mouse } else { &mut *cats };
        let choice = player.choose(&position, tablebase, &mut NoHandler)?;
        position.play_unchecked(choice.mv);
        plies += 1;
    }
}
