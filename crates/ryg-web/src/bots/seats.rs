//! Which games a bot plays: the unfinished games in which it holds a seat as a player, and the
//! seat token a request of that player acts with (its own `Ryg-Player` secret stands in for the
//! seat's token, so a bot never needs the token of a game it was seated in by someone else).

use ryg_wide::Side;

use crate::people::PeopleError;
use crate::store::players::PlayerStore;
use crate::store::{GameStore, StoredGame};

/// How many of a bot's latest games are looked through for unfinished ones.
pub const LATEST_GAMES: usize = 100;

/// A game in which a player holds a seat.
#[derive(Clone, Debug)]
pub struct Seated {
    pub game: StoredGame,
    /// The side the player holds.
    pub side: Side,
    pub rated: bool,
}

impl Seated {
    /// Whether the player is to move now.
    pub fn to_move(&self) -> bool {
        !self.game.is_over() && self.game.game.position().side_to_move() == self.side
    }
}

fn side_of(index: u8) -> Side {
    if index == 0 {
        Side::Mouse
    } else {
        Side::Cats
    }
}

/// `g` as seen by `player`, when they hold a seat of it.
///
/// # Errors
/// The store failed.
pub fn seat_in(players: &dyn PlayerStore, g: StoredGame, player: i64) -> Result<Option<Seated>, PeopleError> {
    let held = players.seats_of(g.id)?.into_iter().find(|s| s.player == player);
    Ok(held.map(|s| Seated { side: side_of(s.side), rated: s.rated, game: g }))
}

/// The games a bot's stream opens with, oldest first: the unfinished games in which `player`
/// holds a seat (among their [`LATEST_GAMES`] latest games), and the finished ones whose end
/// has not gone out on a stream of theirs (it ended while none was open).
///
/// # Errors
/// The store failed.
pub fn playing(
    players: &dyn PlayerStore,
    games: &dyn GameStore,
    player: i64,
) -> Result<Vec<Seated>, PeopleError> {
    let unsent = players.ends_unsent(player, LATEST_GAMES)?;
    let mut ids = players.games_of(player, LATEST_GAMES)?;
    ids.extend(unsent.iter().copied());
    ids.sort_unstable();
    ids.dedup();
    let mut found = Vec::new();
    for id in ids {
        let Some(g) = games.load(id)? else { continue };
        if g.is_over() && !unsent.contains(&id) {
            continue;
        }
        found.extend(seat_in(players, g, player)?);
    }
    Ok(found)
}

/// The token hash of the seat `player` holds in `g` (what `Authorization: Bearer` would have
/// proved); `None` when they hold none.
///
/// # Errors
/// The store failed.
pub fn seat_token(
    players: &dyn PlayerStore,
    g: &StoredGame,
    player: i64,
) -> Result<Option<String>, PeopleError> {
    let held = players.seats_of(g.id)?.into_iter().find(|s| s.player == player);
    Ok(held.and_then(|s| g.tokens[usize::from(s.side.min(1))].clone()))
}
