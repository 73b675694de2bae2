//! Players' ratings: Glicko-2, one rating per board size, computed by the maintained
//! `skillratings` crate. A game is rated against another player's rating, or against a
//! computer player's fixed rating (fitted once to the exact expected scores,
//! `ryg::levels::ratings`), which the game leaves where it is. No I/O and no clock: storing
//! ratings and deciding which games count are the server's.

// CITE: Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2012)

use std::collections::BTreeMap;

use ryg::levels::{fixed_rating, fixed_ratings};
use ryg::{PlayerSpec, Size};
use skillratings::glicko2::{expected_score, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use thiserror::Error;

/// The system constant τ: how far a player's volatility may move in one rating period.
/// Glickman calls 0.3 to 1.2 reasonable; smaller values keep volatility, and so ratings,
/// steadier. 0.5 is the value of his worked example and `skillratings`' default.
pub const TAU: f64 = 0.5;

/// A rating is provisional while its deviation is above this, as on lichess: shown with a
/// question mark, and kept off the leaderboards.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The largest rating deviation, a newcomer's (Glicko's 350).
pub const MAX_DEVIATION: f64 = 350.0;

/// A newcomer's rating on every size: Glicko's 1500 (the fixed rating of level 5, the middle
/// level, on every size: `ryg::levels::ratings::ANCHOR`), deviation 350, volatility 0.06.
pub const NEWCOMER: Rating = Rating { rating: 1500.0, deviation: MAX_DEVIATION, volatility: 0.06 };

/// The deviation of a computer player's fixed rating: 0, since it is computed exactly rather
/// than estimated from games (Glicko's weight of a result, g(RD), is then 1).
const COMPUTER_DEVIATION: f64 = 0.0;

/// The volatility handed to `skillratings` with a fixed rating (it reads only the rating
/// and the deviation of an opponent).
const COMPUTER_VOLATILITY: f64 = 0.06;

/// A player's rating on one board size: the rating, its deviation (RD) and the volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A rating that cannot be one, or a rated game that cannot be rated.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RatingError {
    #[error("bad rating {0}: expected a finite number")]
    Rating(f64),
    #[error("bad rating deviation {0}: expected a number above 0 and at most 350")]
    Deviation(f64),
    #[error("bad volatility {0}: expected a number above 0 and below 1")]
    Volatility(f64),
    #[error(
        "{player} has no fixed rating on {size}: the computer's fixed ratings are for random, \
         levels 1-9, perfect and the articles' programs at their usual depths, on 4x4, 6x6 and 8x8"
    )]
    NoFixedRating { player: PlayerSpec, size: Size },
}

impl Rating {
    /// A rating from its parts, as stored.
    ///
    /// # Errors
    /// When the rating is not finite, the deviation not in (0, 350] or the volatility not in
    /// (0, 1).
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, RatingError> {
        if !rating.is_finite() {
            return Err(RatingError::Rating(rating));
        }
        if !(deviation > 0.0 && deviation <= MAX_DEVIATION) {
            return Err(RatingError::Deviation(deviation));
        }
        if !(volatility > 0.0 && volatility < 1.0) {
            return Err(RatingError::Volatility(volatility));
        }
        Ok(Rating { rating, deviation, volatility })
    }

    /// The rating (1500 for a newcomer).
    pub fn rating(self) -> f64 {
        self.rating
    }

    /// The rating deviation (RD): about half the width of a 95% interval.
    pub fn deviation(self) -> f64 {
        self.deviation
    }

    /// The volatility: how erratic the player's results have been.
    pub fn volatility(self) -> f64 {
        self.volatility
    }

    /// Whether the rating is still provisional (deviation above [`PROVISIONAL_DEVIATION`]).
    pub fn is_provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    /// Back from `skillratings`, the deviation kept within (0, 350].
    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation.clamp(f64::MIN_POSITIVE, MAX_DEVIATION),
            volatility: g.volatility,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        NEWCOMER
    }
}

/// A rated game's result for the player rated (the game has no draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
}

impl Outcome {
    /// The result for the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
        }
    }

    fn glicko(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Loss => Outcomes::LOSS,
        }
    }
}

/// Whom a rated game was played against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opponent {
    /// A person or a bot, at their rating before the game.
    Player(Rating),
    /// A computer player at its fixed rating on the game's size (a level, or one of the
    /// articles' programs at its usual depth).
    Computer(PlayerSpec),
}

/// The rating of `opponent` on `size`, as Glicko-2 reads it.
fn opponent_rating(size: Size, opponent: Opponent) -> Result<Glicko2Rating, RatingError> {
    match opponent {
        Opponent::Player(rating) => Ok(rating.glicko()),
        Opponent::Computer(player) => match fixed_rating(size, player) {
            Some(rating) => {
                Ok(Glicko2Rating { rating, deviation: COMPUTER_DEVIATION, volatility: COMPUTER_VOLATILITY })
            }
            None => Err(RatingError::NoFixedRating { player, size }),
        },
    }
}

/// One rating period of Glicko-2 with system constant `tau`.
fn period(player: Rating, games: &[(Glicko2Rating, Outcome)], tau: f64) -> Rating {
    let games: Vec<(Glicko2Rating, Outcomes)> = games.iter().map(|&(o, r)| (o, r.glicko())).collect();
    let config = Glicko2Config { tau, ..Glicko2Config::new() };
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &games, &config))
}

/// `player`'s rating after one game on `size` against `opponent`. Each game is a rating
/// period of its own (as on lichess), so ratings move after every game.
///
/// # Errors
/// When the opponent is a computer player without a fixed rating on `size`.
pub fn rate(player: Rating, size: Size, opponent: Opponent, outcome: Outcome) -> Result<Rating, RatingError> {
    Ok(period(player, &[(opponent_rating(size, opponent)?, outcome)], TAU))
}

/// Both players' ratings after a game between them; `outcome` is the first player's.
pub fn rate_pair(first: Rating, second: Rating, outcome: Outcome) -> (Rating, Rating) {
    (
        period(first, &[(second.glicko(), outcome)], TAU),
        period(second, &[(first.glicko(), outcome.flip())], TAU),
    )
}

/// The score `player` is expected to make against `opponent` on `size` (from 0 to 1), with
/// both ratings' deviations taken into account.
///
/// # Errors
/// When the opponent is a computer player without a fixed rating on `size`.
pub fn expected(player: Rating, size: Size, opponent: Opponent) -> Result<f64, RatingError> {
    Ok(expected_score(&player.glicko(), &opponent_rating(size, opponent)?).0)
}

/// The computer player whose fixed rating on `size` is nearest to `rating` ("you score like
/// level 5"); `None` on a size without fixed ratings.
pub fn scores_like(size: Size, rating: Rating) -> Option<PlayerSpec> {
    let table = fixed_ratings(size)?;
    let distance = |r: f64| (r - rating.rating).abs();
    table.ratings.iter().min_by(|a, b| distance(a.1).total_cmp(&distance(b.1))).map(|&(p, _)| p)
}

/// A player's ratings, one per board size; a newcomer's on a size not played yet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ratings(BTreeMap<u8, Rating>);

impl Ratings {
    /// The rating on `size`.
    pub fn get(&self, size: Size) -> Rating {
        self.0.get(&size.n()).copied().unwrap_or(NEWCOMER)
    }

    /// Sets the rating on `size` (as stored).
    pub fn set(&mut self, size: Size, rating: Rating) {
        self.0.insert(size.n(), rating);
    }

    /// The sizes played, with their ratings, smallest first.
    pub fn played(&self) -> impl Iterator<Item = (Size, Rating)> + '_ {
        self.0.iter().filter_map(|(&n, &r)| Some((Size::new(n)?, r)))
    }

    /// Rates one game on `size` and keeps the new rating, which it returns.
    ///
    /// # Errors
    /// When the opponent is a computer player without a fixed rating on `size` (nothing kept).
    pub fn record(
        &mut self,
        size: Size,
        opponent: Opponent,
        outcome: Outcome,
    ) -> Result<Rating, RatingError> {
        let rating = rate(self.get(size), size, opponent, outcome)?;
        self.set(size, rating);
        Ok(rating)
    }
}

/// Rates a game on `size` between two players and keeps both new ratings; `outcome` is the
/// first player's.
pub fn record_pair(first: &mut Ratings, second: &mut Ratings, size: Size, outcome: Outcome) {
    let (a, b) = rate_pair(first.get(size), second.get(size), outcome);
    first.set(size, a);
    second.set(size, b);
}

#[cfg(test)]
mod tests;
