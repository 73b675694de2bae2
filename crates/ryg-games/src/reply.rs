//! The computer's move in a game up to 10×10: the level as the default engine's player, the
//! table it reads, and its choice with the game's seed — one implementation for `ryg serve`
//! ([`crate::engine::computer_move`]) and for the browser (crates/ryg-wasm).

use ryg::search::SearchHandler;
use ryg::{Level, Player, PlayerSpec, Position, Size, Tablebase};

/// The table the computer's move reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableUse {
    /// None: the articles' engines only search.
    None,
    /// The table once it is built; a search meanwhile (levels 1-9 on 10×10).
    IfReady,
    /// The table, built first if need be (up to 8×8 in well under a second).
    Wait,
}

/// Which table `level` reads on `size`.
#[must_use]
pub fn table_use(level: &PlayerSpec, size: Size) -> TableUse {
    match level {
        PlayerSpec::Level(Level::Search(_)) if size.n() > 8 => TableUse::IfReady,
        _ if level.needs_tablebase() => TableUse::Wait,
        _ => TableUse::None,
    }
}

/// The move `level` plays in `position`, seeded by `seed` (see [`crate::game::computer_seed`]),
/// reading `tb` (see [`table_use`]).
///
/// # Errors
/// The player's refusal (a level that needs a table it was not given, no legal move).
pub fn choose(
    position: &Position,
    level: PlayerSpec,
    seed: u64,
    tb: Option<&Tablebase>,
    handler: &mut impl SearchHandler,
) -> Result<ryg::Move, String> {
    let mut player = Player::of(level, seed);
    player.choose(position, tb, handler).map(|choice| choice.mv).map_err(|e| e.to_string())
}
