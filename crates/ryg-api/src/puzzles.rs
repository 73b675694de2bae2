//! `/api/puzzles` and `/api/puzzles/daily`: the puzzles mined from perfect play (the same seed,
//! the same set), and the day's puzzle.

use ryg::report::PuzzleReport;
use ryg::{Size, Tablebase};
use serde::Serialize;

use crate::params::int_param;
use crate::{Params, QueryError};

/// How many puzzles each size's set holds.
pub const PER_SIZE: usize = 120;
/// The seed the sets are mined with.
pub const SEED: u64 = 2026;
/// The board of the day's puzzle.
pub const DAILY_SIZE: u8 = 8;

/// A size's puzzle set.
#[derive(Serialize)]
pub struct PuzzleSet {
    size: u8,
    seed: u64,
    puzzles: Vec<PuzzleReport>,
}

/// The day's puzzle: the day (since 1970-01-01), its date and the puzzle.
#[derive(Serialize)]
pub struct Daily {
    day: u64,
    date: String,
    puzzle: PuzzleReport,
}

/// The puzzles of `tb`'s board: [`PER_SIZE`] of them, mined with [`SEED`].
#[must_use]
pub fn mine(tb: &Tablebase) -> Vec<PuzzleReport> {
    ryg::puzzles::mine(tb, PER_SIZE, SEED).iter().map(PuzzleReport::of).collect()
}

/// The board of `size=` (8 when absent): 6, 8 or 10.
///
/// # Errors
/// Any other size.
pub fn size_param(params: &Params) -> Result<Size, QueryError> {
    let n = int_param(params, "size", 6..=10)?.unwrap_or(8) as u8;
    Size::new(n)
        .filter(|s| s.n() % 2 == 0)
        .ok_or_else(|| QueryError::bad_request(format!("bad size {n}: puzzles are on 6×6, 8×8 and 10×10")))
}

/// The set of `size` from its puzzles.
#[must_use]
pub fn set(size: Size, puzzles: &[PuzzleReport]) -> PuzzleSet {
    PuzzleSet { size: size.n(), seed: SEED, puzzles: puzzles.to_vec() }
}

/// The day of `day=`, else `today` (days since 1970-01-01).
///
/// # Errors
/// A bad day.
pub fn day_param(params: &Params, today: u64) -> Result<u64, QueryError> {
    Ok(int_param(params, "day", 0..=1_000_000)?.unwrap_or(today))
}

/// The puzzle of `day` among `puzzles` (the 8×8 set).
///
/// # Errors
/// `not_found` when there are none.
pub fn daily(puzzles: &[PuzzleReport], day: u64) -> Result<Daily, QueryError> {
    if puzzles.is_empty() {
        return Err(QueryError::not_found("no puzzles"));
    }
    let puzzle = puzzles[ryg::puzzles::daily_index(puzzles.len(), day)].clone();
    Ok(Daily { day, date: crate::dates::day(day), puzzle })
}
