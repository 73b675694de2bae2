//! Game clocks kept by the server: minutes plus an increment per side. Neither clock runs
//! before the first move; then the clock of the side to move runs, and a move stops it, adds
//! the increment and starts the other one. Times are epoch milliseconds given by the caller,
//! so everything here is a pure function of its inputs.

use ryg_wide::Side;
use serde::Serialize;

/// The shortest clock a game may have, in minutes (3 seconds).
pub const MIN_MINUTES: f64 = 0.05;
/// The longest clock a game may have, in minutes.
pub const MAX_MINUTES: f64 = 180.0;
/// The largest increment, in seconds.
pub const MAX_INCREMENT: f64 = 60.0;

/// A game's two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub initial_ms: i64,
    pub increment_ms: i64,
    /// Time left of the mouse and of the cats when their clock last stopped.
    pub left_ms: [i64; 2],
    /// When the clock of the side to move started; `None` while no clock runs.
    pub started_ms: Option<i64>,
}

/// The clocks as the API shows them, read at one moment.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub initial_ms: i64,
    pub increment_ms: i64,
    pub mouse_ms: i64,
    pub cats_ms: i64,
    /// Whose clock runs: `mouse`, `cats` or null.
    pub running: Option<&'static str>,
}

/// The side to move used up its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged;

pub fn index(side: Side) -> usize {
    match side {
        Side::Mouse => 0,
        Side::Cats => 1,
    }
}

impl Clock {
    /// A clock of `minutes` per side plus `increment` seconds per move.
    ///
    /// # Errors
    /// When either is out of range or not a number; the message says which.
    pub fn new(minutes: f64, increment: f64) -> Result<Clock, String> {
        if !(minutes.is_finite() && (MIN_MINUTES..=MAX_MINUTES).contains(&minutes)) {
            return Err(format!("bad clock minutes {minutes}: expected {MIN_MINUTES} to {MAX_MINUTES}"));
        }
        if !(increment.is_finite() && (0.0..=MAX_INCREMENT).contains(&increment)) {
            return Err(format!("bad clock increment {increment}: expected 0 to {MAX_INCREMENT} seconds"));
        }
        let initial_ms = (minutes * 60_000.0).round() as i64;
        Ok(Clock {
            initial_ms,
            increment_ms: (increment * 1000.0).round() as i64,
            left_ms: [initial_ms; 2],
            started_ms: None,
        })
    }

    /// A fresh clock with the same settings.
    pub fn reset(&self) -> Clock {
        Clock { left_ms: [self.initial_ms; 2], started_ms: None, ..*self }
    }

    /// Time left of `side` at `now` when `to_move` is to move.
    pub fn left_at(&self, side: Side, to_move: Side, now: i64) -> i64 {
        let left = self.left_ms[index(side)];
        match self.started_ms {
            Some(start) if side == to_move => left - (now - start).max(0),
            _ => left,
        }
    }

    /// When the running clock (of `to_move`) reaches zero.
    pub fn flag_at(&self, to_move: Side) -> Option<i64> {
        self.started_ms.map(|start| start + self.left_ms[index(to_move)])
    }

    /// Whether `to_move` has used up its time at `now`.
    pub fn flagged(&self, to_move: Side, now: i64) -> bool {
        self.flag_at(to_move).is_some_and(|at| now >= at)
    }

    /// `mover` moved at `now`: stops its clock, adds the increment, starts the other side's.
    ///
    /// # Errors
    /// [`Flagged`] (and nothing changes) when `mover`'s time ran out before the move.
    pub fn moved(&mut self, mover: Side, now: i64) -> Result<(), Flagged> {
        if let Some(start) = self.started_ms {
            let left = self.left_ms[index(mover)] - (now - start).max(0);
            if left <= 0 {
                return Err(Flagged);
            }
            self.left_ms[index(mover)] = left + self.increment_ms;
        }
        self.started_ms = Some(now);
        Ok(())
    }

    /// Stops the running clock of `to_move` at `now` (the game ended).
    pub fn stop(&mut self, to_move: Side, now: i64) {
        self.left_ms[index(to_move)] = self.left_at(to_move, to_move, now).max(0);
        self.started_ms = None;
    }

    /// Moves were taken back: `to_move`'s clock runs from `now` (none when `at_start`).
    pub fn restart(&mut self, at_start: bool, now: i64) {
        self.started_ms = if at_start { None } else { Some(now) };
    }

    /// The view at `now`.
    pub fn view(&self, to_move: Side, over: bool, now: i64) -> ClockView {
        let running = self.started_ms.filter(|_| !over).map(|_| to_move.name());
        ClockView {
            initial_ms: self.initial_ms,
            increment_ms: self.increment_ms,
            mouse_ms: self.left_at(Side::Mouse, to_move, now).max(0),
            cats_ms: self.left_at(Side::Cats, to_move, now).max(0),
            running,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_clock_runs_before_the_first_move() {
        let mut c = Clock::new(1.0, 2.0).unwrap();
        assert_eq!(c.left_at(Side::Mouse, Side::Mouse, 1_000_000), 60_000);
        assert!(!c.flagged(Side::Mouse, i64::MAX / 2));
        c.moved(Side::Mouse, 5_000).unwrap();
        // the first move costs nothing and earns nothing
        assert_eq!(c.left_ms, [60_000, 60_000]);
        assert_eq!(c.left_at(Side::Cats, Side::Cats, 15_000), 50_000);
        c.moved(Side::Cats, 15_000).unwrap();
        assert_eq!(c.left_ms, [60_000, 52_000]);
        assert_eq!(c.flag_at(Side::Mouse), Some(75_000));
        assert!(!c.flagged(Side::Mouse, 74_999));
        assert!(c.flagged(Side::Mouse, 75_000));
        assert_eq!(c.moved(Side::Mouse, 75_000), Err(Flagged));
        assert_eq!(c.left_ms, [60_000, 52_000], "a refused move changes nothing");
    }

    #[test]
    fn the_view_counts_down_the_running_clock_only() {
        let mut c = Clock::new(0.5, 0.0).unwrap();
        c.moved(Side::Mouse, 0).unwrap();
        let v = c.view(Side::Cats, false, 10_000);
        assert_eq!((v.mouse_ms, v.cats_ms, v.running), (30_000, 20_000, Some("cats")));
        let v = c.view(Side::Cats, false, 99_000);
        assert_eq!(v.cats_ms, 0, "never below zero");
        c.stop(Side::Cats, 12_000);
        let v = c.view(Side::Cats, true, 50_000);
        assert_eq!((v.cats_ms, v.running), (18_000, None));
    }

    #[test]
    fn settings_are_checked() {
        assert!(Clock::new(0.0, 0.0).unwrap_err().contains("bad clock minutes 0"));
        assert!(Clock::new(f64::NAN, 0.0).is_err());
        assert!(Clock::new(181.0, 0.0).is_err());
        assert!(Clock::new(5.0, -1.0).unwrap_err().contains("bad clock increment -1"));
        assert!(Clock::new(5.0, 61.0).is_err());
        assert_eq!(Clock::new(0.05, 60.0).unwrap().initial_ms, 3_000);
        assert!(Clock::new(0.04, 0.0).is_err());
    }
}
