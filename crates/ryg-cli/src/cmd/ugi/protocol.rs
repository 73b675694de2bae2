//! The protocol's text: `go` and `position` read into values, scores written in UGI terms,
//! and whole lines out to stdout from either thread.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ryg::{Move, Position, Score, Side, Size};

/// Time kept back from every clock allocation for the pipe and the runner (ms).
const MOVE_OVERHEAD_MS: u64 = 15;

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Go {
    pub(super) depth: Option<u8>,
    pub(super) nodes: Option<u64>,
    pub(super) movetime: Option<u64>,
    pub(super) p1time: Option<u64>,
    pub(super) p2time: Option<u64>,
    pub(super) p1inc: u64,
    pub(super) p2inc: u64,
    pub(super) infinite: bool,
}

impl Go {
    pub(super) fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words.get(i + 1).ok_or_else(|| format!("go {key}: a number is missing"))?;
            let number: u64 =
                value.parse().map_err(|_| format!("go {key}: '{value}' is not a whole number"))?;
            match key {
                "depth" => go.depth = Some(number.clamp(1, u64::from(ryg::search::MAX_DEPTH)) as u8),
                "nodes" => go.nodes = Some(number.max(1)),
                "movetime" => go.movetime = Some(number),
                "p1time" | "wtime" => go.p1time = Some(number),
                "p2time" | "btime" => go.p2time = Some(number),
                "p1inc" | "winc" => go.p1inc = number,
                "p2inc" | "binc" => go.p2inc = number,
                "movestogo" => {}
                _ => return Err(format!("go: unknown limit '{key}'")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// Whether this `go` asks for a search (a depth, node or time limit, or `infinite`) rather
    /// than the level's own move.
    pub(super) fn searches(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.infinite
    }

    /// How long this move may take, from `movetime` or the mover's clock.
    pub(super) fn budget(&self, mover: Side) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.saturating_sub(MOVE_OVERHEAD_MS / 3).max(1)));
        }
        let (time, inc) = match mover {
            Side::Mouse => (self.p1time?, self.p1inc),
            Side::Cats => (self.p2time?, self.p2inc),
        };
        // A twentieth of the clock plus most of the increment, never more than a third of
        // what is left after the overhead.
        let left = time.saturating_sub(MOVE_OVERHEAD_MS);
        let share = (time / 20 + inc * 3 / 4).min(left / 3).max(1);
        Some(Duration::from_millis(share))
    }
}

/// Lines to stdout, whole lines at a time from either thread.
#[derive(Clone)]
pub(super) struct Out(Arc<Mutex<()>>);

impl Out {
    pub(super) fn new() -> Out {
        Out(Arc::new(Mutex::new(())))
    }

    pub(super) fn say(&self, line: &str) {
        let _guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
    }
}

/// The score in UGI terms: `cp N`, or `mate M` counted in moves of the side to move.
pub(super) fn score_text(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let moves = (i32::from(plies) + 1) / 2;
            format!("mate {}", if score.is_win() { moves } else { -moves })
        }
        None => format!("cp {}", score.value()),
    }
}

/// `startpos | fen FEN [moves m1 m2 …]` → the position, every move checked.
pub(super) fn parse_position(words: &[&str], size: Size) -> Result<Position, String> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut position = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(size, None).expect("start of a valid size"),
        Some((&"fen", fen)) if !fen.is_empty() => {
            fen.join(" ").parse::<Position>().map_err(|e| format!("position fen: {e}"))?
        }
        _ => return Err("position: expected 'startpos' or 'fen FEN', then optionally 'moves …'".into()),
    };
    for (i, text) in moves.iter().skip(1).enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("position: move {} '{text}': {e}", i + 1))?;
        position = position.play(mv).map_err(|e| format!("position: move {}: {e}", i + 1))?;
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_of_the_side_to_move() {
        assert_eq!(score_text(Score::win_in(1)), "mate 1");
        assert_eq!(score_text(Score::win_in(43)), "mate 22");
        assert_eq!(score_text(Score::loss_in(44)), "mate -22");
        assert_eq!(score_text(Score::loss_in(2)), "mate -1");
        assert_eq!(score_text(Score::eval(-37)), "cp -37");
    }

    #[test]
    fn clock_budgets_never_spend_the_clock() {
        let go = Go::parse(&["p1time", "1000", "p2time", "40", "p1inc", "10", "p2inc", "10"]).unwrap();
        assert_eq!(go.budget(Side::Mouse), Some(Duration::from_millis(57)));
        assert_eq!(go.budget(Side::Cats), Some(Duration::from_millis(8)));
        let low = Go::parse(&["p1time", "10", "p2time", "0"]).unwrap();
        assert_eq!(low.budget(Side::Mouse), Some(Duration::from_millis(1)));
        assert_eq!(Go::parse(&["depth"]), Err("go depth: a number is missing".into()));
        assert_eq!(Go::parse(&["nodes", "x"]), Err("go nodes: 'x' is not a whole number".into()));
    }
}
