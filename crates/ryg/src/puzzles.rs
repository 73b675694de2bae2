//! Puzzles from perfect play: positions where exactly one move keeps the win, mined from a
//! tablebase by seeded playouts, filtered to be instructive, tagged by theme and rated. Every
//! solution is the tablebase's: the line goes on while the winner has a single winning move.

use std::fmt;

use crate::random::SplitMix64;
use crate::{ExactResult, Move, Position, Side, Tablebase};

/// The most moves a puzzle asks of the solver.
pub const MAX_SOLVER_MOVES: usize = 4;

/// What a puzzle teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The mouse gets past the last cat (or home) within the line or the four perfect plies
    /// after it.
    Breakthrough,
    /// The cats leave the mouse one move or none (or trap it) within the line.
    Trap,
    /// A waiting move wins: the mouse steps back, or a cat far from the mouse moves.
    Tempo,
    /// The cats have five moves or more, and only one of them keeps the win.
    OnlyCatMove,
    /// The solver must find three moves or more in a row.
    LongLine,
}

impl Theme {
    /// Every theme, in a fixed order.
    pub const ALL: [Theme; 5] =
        [Theme::Breakthrough, Theme::Trap, Theme::Tempo, Theme::OnlyCatMove, Theme::LongLine];

    /// The theme's name in exports and the API: `breakthrough`, `only-cat-move`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Breakthrough => "breakthrough",
            Theme::Trap => "trap",
            Theme::Tempo => "tempo",
            Theme::OnlyCatMove => "only-cat-move",
            Theme::LongLine => "long-line",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle: the solver (the side to move, which wins) must find every one of its moves
/// of `line`; the other side's answers are perfect (the longest resistance).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A stable name: the board size and the position's hash (`8-3fa9c02b1e`).
    pub id: String,
    pub position: Position,
    /// The solution: the solver's move, the answer, …, ending with the solver's move.
    pub line: Vec<Move>,
    /// The exact result of the position (the solver wins).
    pub result: ExactResult,
    /// The legal moves of the first position that lose.
    pub losing_moves: usize,
    pub themes: Vec<Theme>,
    /// The difficulty on a Glicko-like scale, from 800 to 2400 (capped).
    pub rating: u32,
}

impl Puzzle {
    /// The side that solves it.
    pub fn solver(&self) -> Side {
        self.position.side_to_move()
    }

    /// The number of moves the solver must find.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// The single move of `position` that keeps the win for the side to move, when there is one
/// and the side to move is winning.
fn only_win(tb: &Tablebase, position: &Position) -> Option<(Move, ExactResult)> {
    let side = position.side_to_move();
    let mut wins = tb.move_results(position).into_iter().filter(|(_, r)| r.winner == side);
    let first = wins.next()?;
    wins.next().is_none().then_some(first)
}

/// The loser's longest resistance (the first such move in move order).
fn longest_resistance(tb: &Tablebase, position: &Position) -> Option<Move> {
    let target = tb.result(position);
    tb.move_results(position).into_iter().find(|&(_, r)| target.kept_by(r)).map(|(mv, _)| mv)
}

/// The solution line from `position`: the winner's only winning move, the perfect answer, and
/// so on while the winner again has a single winning move (at most [`MAX_SOLVER_MOVES`]).
/// `None` when the side to move has no single winning move.
pub fn solution(tb: &Tablebase, position: &Position) -> Option<Vec<Move>> {
    let mut p = *position;
    let mut line = Vec::new();
    while let Some((mv, _)) = only_win(tb, &p) {
        p.play_unchecked(mv);
        line.push(mv);
        if line.len().div_ceil(2) == MAX_SOLVER_MOVES || p.outcome().is_some() {
            break;
        }
        let answer = longest_resistance(tb, &p)?;
        let mut next = p;
        next.play_unchecked(answer);
        if next.outcome().is_some() || only_win(tb, &next).is_none() {
            break;
        }
        line.push(answer);
        p = next;
    }
    (!line.is_empty()).then_some(line)
}

/// The puzzle at `position`, when it is one and an instructive one: the side to move wins
/// with exactly one move, that move does not end the game at once (no mouse stepping home,
/// no cat closing a trap in one), and at least two moves lose.
pub fn puzzle_at(tb: &Tablebase, position: &Position) -> Option<Puzzle> {
    if position.outcome().is_some() {
        return None;
    }
    let result = tb.result(position);
    let side = position.side_to_move();
    if result.winner != side || result.plies < 3 {
        return None;
    }
    let results = tb.move_results(position);
    let losing: Vec<ExactResult> =
        results.iter().filter(|(_, r)| r.winner != side).map(|&(_, r)| r).collect();
    if losing.len() < 2 || losing.len() + 1 != results.len() {
        return None;
    }
    let line = solution(tb, position)?;
    let mut first = *position;
    first.play_unchecked(line[0]);
    if first.outcome().is_some() {
        return None;
    }
    let themes = themes(tb, position, &line);
    // the hardest wrong move to see through is the one whose loss takes longest
    let refutation = losing.iter().map(|r| r.plies).max().unwrap_or(0);
    let solver_moves = line.len().div_ceil(2) as u32;
    let rating = 800
        + 180 * (solver_moves - 1)
        + 35 * losing.len() as u32
        + 8 * refutation.min(40)
        + 4 * result.plies.min(60)
        + if themes.contains(&Theme::Tempo) { 120 } else { 0 };
    let n = position.size().n();
    Some(Puzzle {
        id: format!("{n}-{:010x}", position.hash() >> 24),
        position: *position,
        line,
        result,
        losing_moves: losing.len(),
        themes,
        rating: rating.min(2400),
    })
}

fn themes(tb: &Tablebase, position: &Position, line: &[Move]) -> Vec<Theme> {
    let side = position.side_to_move();
    let mut out = Vec::new();
    let mut p = *position;
    let mut broke_through = false;
    let mut trapped = false;
    let past = |p: &Position| p.mouse_escaped() || p.cats().into_iter().all(|c| c.rank() <= p.mouse().rank());
    for &mv in line {
        p.play_unchecked(mv);
        broke_through |= past(&p);
        trapped |= matches!(p.outcome(), Some(o) if o.winner == Side::Cats)
            || (p.side_to_move() == Side::Mouse && p.count_moves() <= 1);
    }
    // the perfect plies after the line: where the mouse's moves were heading
    for _ in 0..4 {
        let Some(&mv) = tb.best_moves(&p).first() else { break };
        p.play_unchecked(mv);
        broke_through |= side == Side::Mouse && past(&p);
    }
    let first = line[0];
    match side {
        Side::Mouse => {
            if broke_through {
                out.push(Theme::Breakthrough);
            }
            if first.to.rank() < first.from.rank() {
                out.push(Theme::Tempo);
            }
        }
        Side::Cats => {
            if trapped {
                out.push(Theme::Trap);
            }
            let m = position.mouse();
            if first.from.rank() >= m.rank() + 3 || first.from.file().abs_diff(m.file()) >= 4 {
                out.push(Theme::Tempo);
            }
            if position.count_moves() >= 5 {
                out.push(Theme::OnlyCatMove);
            }
        }
    }
    if line.len().div_ceil(2) >= 3 {
        out.push(Theme::LongLine);
    }
    out
}

/// Mines `count` puzzles from `tb` (or fewer when the playouts run out), the same ones for the
/// same seed. Each playout starts the mouse on a random square of rank 1 and plays a best move
/// two plies in three, a random one otherwise; one puzzle at most is taken from a playout (one
/// of its positions with a single winning move, chosen at random), and no position twice.
pub fn mine(tb: &Tablebase, count: usize, seed: u64) -> Vec<Puzzle> {
    let size = tb.size();
    let starts: Vec<_> = size.rank(0).into_iter().collect();
    let mut rng = SplitMix64::new(seed ^ u64::from(size.n()).wrapping_mul(0x9e37_79b9));
    let mut out: Vec<Puzzle> = Vec::with_capacity(count);
    let mut seen = std::collections::HashSet::new();
    let mut playouts = 0;
    while out.len() < count && playouts < 40 * count + 100 {
        playouts += 1;
        let start = starts[rng.below(starts.len())];
        let Ok(mut p) = Position::start(size, Some(start)) else { continue };
        let mut found = Vec::new();
        while p.outcome().is_none() {
            if let Some(puzzle) = puzzle_at(tb, &p) {
                if !seen.contains(&puzzle.position.hash()) {
                    found.push(puzzle);
                }
            }
            let moves = if rng.below(3) == 0 { p.legal_moves().to_vec() } else { tb.best_moves(&p) };
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !found.is_empty() {
            let puzzle = found.swap_remove(rng.below(found.len()));
            seen.insert(puzzle.position.hash());
            out.push(puzzle);
        }
    }
    out
}

/// The puzzle of day `day` (days since 1970-01-01) among `puzzles`: a fixed shuffle, so that
/// consecutive days do not walk the list in order.
pub fn daily(puzzles: &[Puzzle], day: u64) -> Option<&Puzzle> {
    if puzzles.is_empty() {
        return None;
    }
    Some(&puzzles[daily_index(puzzles.len(), day)])
}

/// The index of day `day`'s puzzle in a list of `len` (positive) puzzles.
pub fn daily_index(len: usize, day: u64) -> usize {
    let (_, bits) = SplitMix64::new(day).step();
    (bits % len as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

    fn table(n: u8) -> Tablebase {
        Tablebase::build(Size::new(n).unwrap(), 1, &mut ())
    }

    /// Plays `line` on `p`, checking every solver move is the only winning one, and every
    /// answer the longest resistance.
    fn check_line(tb: &Tablebase, puzzle: &Puzzle) {
        let solver = puzzle.solver();
        let mut p = puzzle.position;
        let mut result = tb.result(&p);
        assert_eq!(result, puzzle.result);
        for (i, &mv) in puzzle.line.iter().enumerate() {
            let results = tb.move_results(&p);
            if i % 2 == 0 {
                let wins: Vec<Move> =
                    results.iter().filter(|(_, r)| r.winner == solver).map(|&(m, _)| m).collect();
                assert_eq!(wins, vec![mv], "{}: move {i} is the single win", puzzle.id);
            } else {
                let longest = results.iter().map(|(_, r)| r.plies).max().unwrap();
                assert_eq!(results.iter().find(|(m, _)| *m == mv).unwrap().1.plies, longest);
            }
            p.play_unchecked(mv);
            let next = tb.result(&p);
            assert_eq!(
                (next.winner, next.plies + 1),
                (result.winner, result.plies),
                "perfect play keeps the result"
            );
            result = next;
        }
        assert_eq!(puzzle.line.len() % 2, 1, "the line ends with the solver's move");
    }

    #[test]
    fn mined_puzzles_have_single_winning_moves_checked_by_the_tablebase_and_repeat_for_a_seed() {
        for n in [6, 8] {
            let tb = table(n);
            let puzzles = mine(&tb, 40, 7);
            assert_eq!(puzzles.len(), 40, "{n}×{n} has 40 puzzles to find");
            assert_eq!(puzzles, mine(&tb, 40, 7), "the same seed, the same puzzles");
            assert_ne!(puzzles, mine(&tb, 40, 8), "another seed, others");
            let mut ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), 40, "no position twice");
            for puzzle in &puzzles {
                assert_eq!(puzzle.result.winner, puzzle.solver());
                assert!(puzzle.losing_moves >= 2);
                assert!(puzzle.solver_moves() <= MAX_SOLVER_MOVES);
                assert!((800..=2400).contains(&puzzle.rating));
                check_line(&tb, puzzle);
                let mut after = puzzle.position;
                after.play_unchecked(puzzle.line[0]);
                assert!(after.outcome().is_none(), "the first move does not end the game");
                if puzzle.themes.contains(&Theme::Breakthrough) || puzzle.themes.contains(&Theme::Trap) {
                    let side = if puzzle.themes.contains(&Theme::Trap) { Side::Cats } else { Side::Mouse };
                    assert_eq!(puzzle.solver(), side);
                }
            }
            assert!(puzzles.iter().any(|p| p.solver() == Side::Cats), "{n}×{n}: cats puzzles");
            assert!(puzzles.iter().any(|p| p.solver() == Side::Mouse), "{n}×{n}: mouse puzzles");
        }
    }

    #[test]
    fn a_position_with_two_winning_moves_is_no_puzzle_and_the_start_of_8x8_is_none() {
        let tb = table(8);
        // 8×8 start: the mouse is to move and lost (the cats win in 44)
        assert!(puzzle_at(&tb, &Position::standard()).is_none());
        assert!(solution(&tb, &Position::standard()).is_none());
        // after e1d2 the cats win: with more than one winning move they have no puzzle here
        let p = Position::standard().play("e1d2".parse().unwrap()).unwrap();
        let wins = tb.move_results(&p).iter().filter(|(_, r)| r.winner == Side::Cats).count();
        assert!(wins > 1, "{wins} winning cat moves");
        assert!(puzzle_at(&tb, &p).is_none());
    }

    #[test]
    fn the_daily_puzzle_is_fixed_for_a_day_and_changes_over_days() {
        let tb = table(6);
        let puzzles = mine(&tb, 20, 1);
        assert_eq!(daily(&puzzles, 20_000), daily(&puzzles, 20_000));
        let days: std::collections::HashSet<_> =
            (20_000..20_030).map(|d| daily(&puzzles, d).unwrap().id.clone()).collect();
        assert!(days.len() >= 10, "30 days, {} puzzles", days.len());
        assert!(daily(&[], 1).is_none());
    }
}
