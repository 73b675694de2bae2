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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params, table};
    use crate::ErrorCode;

    #[test]
    fn a_sets_puzzles_are_the_engines_mined_with_the_fixed_seed() {
        let tb = table(6);
        let puzzles = mine(tb);
        assert_eq!(puzzles.len(), PER_SIZE);
        let engine: Vec<PuzzleReport> =
            ryg::puzzles::mine(tb, PER_SIZE, SEED).iter().map(PuzzleReport::of).collect();
        assert_eq!(puzzles, engine);
        assert!(puzzles.iter().all(|p| p.size == 6));
        let s = json(&set(tb.size(), &puzzles));
        assert_eq!((s["size"].as_u64(), s["seed"].as_u64()), (Some(6), Some(SEED)));
        assert_eq!(s["puzzles"], json(&puzzles));
    }

    #[test]
    fn the_board_is_six_eight_or_ten() {
        assert_eq!(size_param(&params(&[])).map(Size::n), Ok(8));
        for n in [6, 8, 10] {
            assert_eq!(size_param(&params(&[("size", &n.to_string())])).map(Size::n), Ok(n));
        }
        for bad in ["4", "5", "7", "9", "11", "12", "x"] {
            let e = size_param(&params(&[("size", bad)])).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
        }
        assert_eq!(
            size_param(&params(&[("size", "7")])).unwrap_err().message,
            "bad size 7: puzzles are on 6×6, 8×8 and 10×10"
        );
    }

    #[test]
    fn the_day_is_todays_unless_given() {
        assert_eq!(day_param(&params(&[]), 20_416), Ok(20_416));
        assert_eq!(day_param(&params(&[("day", "0")]), 20_416), Ok(0));
        assert_eq!(day_param(&params(&[("day", "12345")]), 20_416), Ok(12_345));
        assert!(day_param(&params(&[("day", "-1")]), 20_416).is_err());
        assert!(day_param(&params(&[("day", "1000001")]), 20_416).is_err());
    }

    #[test]
    fn each_day_has_its_puzzle_and_its_date() {
        let puzzles = mine(table(6));
        let mut seen = std::collections::HashSet::new();
        for day in 20_400..20_430 {
            let d = json(&daily(&puzzles, day).unwrap());
            assert_eq!(d["day"], day);
            assert_eq!(d["date"], crate::dates::day(day));
            assert_eq!(d["puzzle"], json(&puzzles[ryg::puzzles::daily_index(puzzles.len(), day)]));
            seen.insert(d["puzzle"]["id"].as_str().unwrap().to_string());
        }
        assert!(seen.len() > 20, "30 days, {} puzzles", seen.len());
        assert_eq!(json(&daily(&puzzles, 20_416).unwrap())["date"], "2025-11-24");
        let e = daily(&[], 20_416).err().unwrap();
        assert_eq!((e.code, e.message.as_str()), (ErrorCode::NotFound, "no puzzles"));
    }
}
