//! Levels whose strength is known exactly: each level is a move distribution that depends on
//! the position only ([`policy`]), so a dynamic program over every reachable position
//! ([`calibrate`]) gives the exact chance that a human side wins against it.

pub mod calibrate;
mod engine_chance;
pub mod fit;
mod noise;
pub mod policy;
pub mod ratings;
mod ratings_table;
pub mod sample;
mod scores;

pub use calibrate::{calibrate, Calibration, CalibrationRow, GameGraph, Opponent};
pub use engine_chance::{engine_chances, EngineChances};
pub use fit::{fit_ratings, rating_against, FixedRatings, RatingFit};
pub use ryg_types::{ErrRate, ErrRateError};
pub use noise::{noise, NOISE};
pub use ratings::{fixed_rating, fixed_ratings};
pub use policy::{distribution, move_facts, MoveFacts, Policy, SOFTMAX_POINTS};
pub use sample::{sample_win_chance, Pairing, Sampled};
pub use scores::{exact_scores, mouse_wins, rated_players, Scores};
