//! Rated games: which new games may be rated, who holds their seats, and how a rated game's end
//! moves its players' Glicko-2 ratings on its board size (`ryg-ratings`). A game against the
//! computer is rated against the computer player's fixed rating (`ryg::levels::fixed_rating`,
//! 4×4 to 8×8 from the default start); a game between two players moves both ratings, on any
//! size. An aborted game is not rated; each rated game is settled once, by whichever server
//! stores its end.

use ryg_ratings::{rate, rate_pair, Opponent, Outcome, Rating};
use ryg_wide::{PlayerSpec, Side, Size};

use super::PeopleError;
use crate::game::{GameError, NewGame};
use crate::store::players::{Player, PlayerStore, SeatHeld, Settled};
use crate::store::{Seat, StoredGame};

/// The side's number in the store (0: the mouse, 1: the cats).
pub fn side_index(side: Side) -> u8 {
    match side {
        Side::Mouse => 0,
        Side::Cats => 1,
    }
}

fn not_now(message: &str) -> PeopleError {
    PeopleError::NotNow(message.to_owned())
}

fn invalid(message: &str) -> PeopleError {
    GameError::Invalid(message.to_owned()).into()
}

/// What a rated game is played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatedAgainst {
    /// A computer player, at its fixed rating.
    Computer(PlayerSpec),
    /// Another player, who takes the other seat with its token before the first move.
    Player,
}

/// Whether `spec`, asked for with `"rated": true` by `player`, can be rated, the seats being
/// `seats` (the mouse's, the cats'), and the seat the player takes; the player's name goes on
/// that seat when it has none.
///
/// # Errors
/// `400 bad_request`: a rated game from a set-up position, a record or another start square, a
/// hot-seat game, a game
/// of the computer against itself, or a computer player with no fixed rating on the size.
pub fn prepare(
    spec: &mut NewGame,
    seats: [Seat; 2],
    size: Size,
    player: &Player,
) -> Result<(Side, RatedAgainst), PeopleError> {
    let usual =
        spec.board_start().is_some_and(|p| ryg_wide::Position::start(size, None).is_ok_and(|s| s == p));
    if spec.fen.is_some() || spec.pgn.is_some() || !usual {
        return Err(invalid(
            "a rated game starts from the board's usual start: leave out \"fen\" and \"pgn\", and \"start\" or give the usual square",
        ));
    }
    if spec.hotseat {
        return Err(invalid("a hot-seat game is not rated"));
    }
    let (side, against) = match seats {
        [Seat::Human, Seat::Human] => {
            let side = match spec.player_seat.as_deref() {
                None => Side::Mouse,
                Some(text) => {
                    text.parse().map_err(|e: ryg_wide::SideError| GameError::Invalid(e.to_string()))?
                }
            };
            (side, RatedAgainst::Player)
        }
        [Seat::Human, Seat::Computer(c)] => (Side::Mouse, RatedAgainst::Computer(c)),
        [Seat::Computer(c), Seat::Human] => (Side::Cats, RatedAgainst::Computer(c)),
        [Seat::Computer(_), Seat::Computer(_)] => {
            return Err(invalid("a game of the computer against itself is not rated"))
        }
    };
    if let RatedAgainst::Computer(c) = against {
        let narrow =
            ryg_wide::narrow::size(size).ok_or(GameError::Invalid(format!("no fixed ratings on {size}")))?;
        if ryg::levels::fixed_rating(narrow, c).is_none() {
            return Err(ryg_ratings::RatingError::NoFixedRating { player: c, size: narrow }.into());
        }
    }
    let names = spec.names.get_or_insert_with(Default::default);
    let name = match side {
        Side::Mouse => &mut names.mouse,
        Side::Cats => &mut names.cats,
    };
    name.get_or_insert_with(|| player.name.clone());
    Ok((side, against))
}

/// The seat the player holding `secret` takes in `spec`, asked for with `"rated": true`
/// ([`prepare`]), with the player's store number.
///
/// # Errors
/// No player, or a game that cannot be rated.
pub fn ready(
    store: &dyn PlayerStore,
    spec: &mut NewGame,
    secret: Option<&str>,
) -> Result<(i64, Side), PeopleError> {
    let player = super::People::new(store).me(secret)?;
    let seats = spec.seats()?;
    let n = spec.size.unwrap_or(Size::STANDARD.n());
    let size = Size::new(n).ok_or_else(|| GameError::Invalid(format!("unsupported board size {n}")))?;
    let (side, _) = prepare(spec, seats, size, &player)?;
    Ok((player.id, side))
}

/// `player` takes `side` of rated game `g` with that seat's token (the other player of a rated
/// game between two people), before its first move.
///
/// # Errors
/// Not a rated game between two people, a move made, the seat taken, or the player holds the
/// other seat; the store failed.
pub fn take_seat(
    store: &dyn PlayerStore,
    g: &StoredGame,
    side: Side,
    player: &Player,
) -> Result<(), PeopleError> {
    let seats = store.seats_of(g.id)?;
    let rated = seats.iter().any(|s| s.rated) && g.mouse == Seat::Human && g.cats == Seat::Human;
    if !rated {
        return Err(not_now("this is not a rated game between two players"));
    }
    if !g.game.moves().is_empty() || g.is_over() {
        return Err(not_now("a rated game's seat is taken before its first move"));
    }
    if let Some(held) = seats.iter().find(|s| s.side == side_index(side) || s.player == player.id) {
        let message = if held.player == player.id {
            "you hold a seat of this game already"
        } else {
            "this seat is taken"
        };
        return Err(not_now(message));
    }
    store.hold_seat(SeatHeld { game: g.id, side: side_index(side), player: player.id, rated: true })?;
    Ok(())
}

/// Settles `g` if it is a rated game that just ended with a winner: its players' new ratings are
/// stored with a history row each. Whether it settled now (never twice).
///
/// # Errors
/// The store failed.
pub fn settle(store: &dyn PlayerStore, g: &StoredGame, now: i64) -> Result<bool, PeopleError> {
    let Some((winner, _)) = g.outcome() else { return Ok(false) };
    let seats: Vec<SeatHeld> = store.seats_of(g.id)?.into_iter().filter(|s| s.rated).collect();
    let won = |s: &SeatHeld| s.side == side_index(winner);
    let outcome = |w: bool| if w { Outcome::Win } else { Outcome::Loss };
    let at = crate::store::utc(u64::try_from(now / 1000).unwrap_or(0));
    let size = g.start.size();
    let n = size.n();
    match seats.as_slice() {
        [one] => {
            let other = if one.side == 0 { g.cats } else { g.mouse };
            let (Seat::Computer(c), Some(narrow)) = (other, ryg_wide::narrow::size(size)) else {
                return Ok(false);
            };
            let result = outcome(won(one));
            let rate: crate::store::players::Rate = Box::new(move |before: &[Rating]| {
                before.iter().map(|&r| rate(r, narrow, Opponent::Computer(c), result).unwrap_or(r)).collect()
            });
            let players = vec![Settled { player: one.player, opponent: c.to_string(), won: won(one) }];
            Ok(store.settle(g.id, n, &g.public_id, players, &at, rate)?)
        }
        [a, b] => {
            let name = |id: i64| -> Result<String, PeopleError> {
                Ok(store.player_by_id(id)?.map_or_else(String::new, |p| format!("player:{}", p.public_id)))
            };
            let players = vec![
                Settled { player: a.player, opponent: name(b.player)?, won: won(a) },
                Settled { player: b.player, opponent: name(a.player)?, won: won(b) },
            ];
            let result = outcome(won(a));
            let rate: crate::store::players::Rate = Box::new(move |before: &[Rating]| {
                let (x, y) = rate_pair(before[0], before[1], result);
                vec![x, y]
            });
            Ok(store.settle(g.id, n, &g.public_id, players, &at, rate)?)
        }
        _ => Ok(false),
    }
}
