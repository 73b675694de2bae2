//! The JSON shapes of ryg's answers that more than one front end gives — positions, moves,
//! outcomes, exact results, searches, evaluations, trees and matches — defined once, for
//! `ryg … --json`, the HTTP API and the browser's engine alike. Each report is built from
//! library values by a constructor here; front ends only serialize. (An answer only one front
//! end gives has its shape in that front end's module: docs/architecture.md, "Answers'
//! shapes".)

use serde::Serialize;

use crate::eval::{evaluate, EvalKind};
use crate::rating::{self, Sprt};
use crate::search::SearchResult;
use crate::tablebase::{ExactSource, ProbeError};
use crate::{ExactResult, Move, Outcome, Position, Side, Size};

mod tree;

pub use tree::{c64_byte, NodeReport, TracedNodeReport, TreeHeader, TreeReport};

/// The moves as strings (`e1f2`).
pub fn move_names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// How a game ended: `{"winner": "mouse"|"cats", "reason": "mouse_escaped"|...}`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct OutcomeReport {
    pub winner: &'static str,
    pub reason: &'static str,
}

impl OutcomeReport {
    /// The report of `outcome` (`None` while the game goes on).
    pub fn of(outcome: Option<Outcome>) -> Option<OutcomeReport> {
        outcome.map(|o| OutcomeReport { winner: o.winner.name(), reason: o.reason.code() })
    }
}

/// An exact result: `{"winner": "cats", "plies": 44}`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ResultReport {
    pub winner: &'static str,
    pub plies: u32,
}

impl From<ExactResult> for ResultReport {
    fn from(r: ExactResult) -> ResultReport {
        ResultReport { winner: r.winner.name(), plies: r.plies }
    }
}

/// `ryg moves --json`: the legal moves of a position.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct MovesReport {
    pub fen: String,
    pub side: &'static str,
    pub moves: Vec<String>,
    pub outcome: Option<OutcomeReport>,
}

impl MovesReport {
    /// The legal moves of `position`.
    pub fn of(position: &Position) -> MovesReport {
        MovesReport {
            fen: position.fen(),
            side: position.side_to_move().name(),
            moves: move_names(&position.legal_moves()),
            outcome: OutcomeReport::of(position.outcome()),
        }
    }
}

/// One move's exact result in [`SolveReport`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveResultReport {
    #[serde(rename = "move")]
    pub mv: String,
    pub winner: &'static str,
    pub plies: u32,
}

/// `ryg solve --json`: the exact result of a position and of each legal move (best first).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    pub fen: String,
    pub winner: &'static str,
    pub plies: u32,
    pub best_moves: Vec<String>,
    pub moves: Vec<MoveResultReport>,
}

impl SolveReport {
    /// The exact results of `position` from `tablebase`.
    ///
    /// # Errors
    /// When the tablebase is of another board size, or cannot be read.
    pub fn of<S: ExactSource + ?Sized>(
        tablebase: &S,
        position: &Position,
    ) -> Result<SolveReport, ProbeError> {
        let result = tablebase.probe(position)?;
        let moves = tablebase.try_move_results(position)?;
        let best: Vec<_> = moves.iter().filter(|&&(_, r)| result.kept_by(r)).map(|&(mv, _)| mv).collect();
        Ok(SolveReport {
            fen: position.fen(),
            winner: result.winner.name(),
            plies: result.plies,
            best_moves: move_names(&best),
            moves: moves
                .iter()
                .map(|(mv, r)| MoveResultReport {
                    mv: mv.to_string(),
                    winner: r.winner.name(),
                    plies: r.plies,
                })
                .collect(),
        })
    }
}

/// One evaluation term in [`EvalReport`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TermReport {
    pub name: &'static str,
    pub feature: i32,
    pub weight: i32,
    pub points: i32,
    pub about: &'static str,
}

/// `ryg eval --json`: the static evaluation term by term, for the mouse.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct EvalReport {
    pub fen: String,
    pub eval: String,
    /// Whose point of view the points take (always the mouse).
    #[serde(rename = "for")]
    pub for_side: &'static str,
    pub terms: Vec<TermReport>,
    pub total: i32,
    /// The game's end when the position is finished (the search scores it exactly).
    pub outcome: Option<String>,
}

impl EvalReport {
    /// Evaluates `position` with `kind`.
    pub fn of(kind: EvalKind, position: &Position) -> EvalReport {
        let b = evaluate(kind, position);
        EvalReport {
            fen: position.fen(),
            eval: kind.to_string(),
            for_side: "mouse",
            terms: b
                .terms
                .iter()
                .map(|t| TermReport {
                    name: t.term.name,
                    feature: t.feature,
                    weight: t.term.weight,
                    points: t.points,
                    about: t.term.about,
                })
                .collect(),
            total: b.total,
            outcome: position.outcome().map(|o| format!("{} wins ({})", o.winner.name(), o.reason.code())),
        }
    }
}

/// One iteration of a search in [`AnalyzeReport`].
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct IterationReport {
    pub depth: u8,
    pub score: String,
    pub nodes: u64,
    pub seconds: f64,
    pub pv: Vec<String>,
}

/// `ryg analyze --json`: a search's iterations, best move, score and (once proved) result.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct AnalyzeReport {
    pub fen: String,
    /// `None` when no iteration finished within the limits (nothing was searched to depth 1).
    pub best_move: Option<String>,
    pub score: Option<String>,
    pub result: Option<ResultReport>,
    pub depth: u8,
    /// Every board the search entered.
    pub nodes: u64,
    /// The boards searched with depth left: what RYG3 counted (the articles' figures).
    pub interior_nodes: u64,
    pub seconds: f64,
    pub pv: Vec<String>,
    pub iterations: Vec<IterationReport>,
}

impl AnalyzeReport {
    /// The report of search result `r` on `position`; `iteration_seconds` holds the time at
    /// the end of each iteration, `seconds` the whole search's.
    pub fn of(
        position: &Position,
        r: &SearchResult,
        iteration_seconds: &[f64],
        seconds: f64,
    ) -> AnalyzeReport {
        let searched = !r.iterations.is_empty() || r.proven.is_some();
        AnalyzeReport {
            fen: position.fen(),
            best_move: r.best_move.filter(|_| searched).map(|m| m.to_string()),
            score: searched.then(|| r.score.to_string()),
            result: r.proven.map(ResultReport::from),
            depth: r.depth,
            nodes: r.nodes,
            interior_nodes: r.interior_nodes,
            seconds,
            pv: if searched { move_names(&r.pv) } else { Vec::new() },
            iterations: r
                .iterations
                .iter()
                .zip(iteration_seconds)
                .map(|(it, &seconds)| IterationReport {
                    depth: it.depth,
                    score: it.score.to_string(),
                    nodes: it.nodes,
                    seconds,
                    pv: move_names(&it.pv),
                })
                .collect(),
        }
    }
}

/// One finished game of a match between engines 0 and 1, as the runner saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The game's number in the match, from 1 (as in its record's `Round`).
    pub number: usize,
    /// The engine (0 or 1) that played the mouse.
    pub mouse: usize,
    pub winner: Side,
    /// The engine that lost by misbehaving (crash, hang, time, illegal move, garbage).
    pub failed: Option<usize>,
    /// Why the game ended.
    pub reason: String,
    /// Nodes each engine reported (the last `info … nodes` of each move, summed); `None` when
    /// none of its moves reported any (a level playing from the tablebase searches no nodes).
    pub nodes: [Option<u64>; 2],
    /// Moves each engine made.
    pub moves: [u32; 2],
}

impl MatchGame {
    /// The engine (0 or 1) that won.
    pub fn winning_engine(&self) -> usize {
        if self.winner == Side::Mouse {
            self.mouse
        } else {
            1 - self.mouse
        }
    }
}

/// Games and wins of one engine on one side.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideScoreReport {
    pub games: u32,
    pub wins: u32,
}

/// One engine's results in [`MatchReport`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct MatchEngineReport {
    pub name: String,
    /// Games won.
    pub score: u32,
    pub games: u32,
    pub as_mouse: SideScoreReport,
    pub as_cats: SideScoreReport,
    /// Games lost by misbehaving.
    pub failures: u32,
    pub moves: u32,
    /// Nodes the engine reported over all its moves; `null` when it reported none (a level
    /// playing from the tablebase searches no nodes), which is not the same as 0.
    pub nodes: Option<u64>,
}

/// A game lost by misbehaving, in [`MatchReport`]: `game` is its number, from 1.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct MatchFailureReport {
    pub game: usize,
    pub engine: String,
    pub reason: String,
}

/// The SPRT's state in [`MatchReport`].
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SprtReport {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `H0 accepted`, `H1 accepted` or `no decision`.
    pub decision: &'static str,
}

/// `ryg match --json`: each engine's score (in all, as mouse, as cats), the first engine's Elo
/// difference with its 95% interval (`null` ends: unbounded, at a 0% or 100% score), the
/// SPRT and the games lost by misbehaving.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct MatchReport {
    pub games: u32,
    pub size: u8,
    pub engines: Vec<MatchEngineReport>,
    pub elo: Option<f64>,
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    pub elo_method: &'static str,
    pub sprt: Option<SprtReport>,
    pub failures: Vec<MatchFailureReport>,
    pub seconds: f64,
}

impl MatchReport {
    /// How the Elo interval is computed.
    pub const ELO_METHOD: &'static str =
        "normal approximation to the binomial over game scores (no draws), 95%";

    /// The report of `games` between engines `names[0]` and `names[1]` on
    /// boards of `size`, with the SPRT's state when one ran, after `seconds`.
    pub fn of(
        names: [&str; 2],
        size: Size,
        games: &[MatchGame],
        sprt: Option<&Sprt>,
        seconds: f64,
    ) -> MatchReport {
        let mut engines = names.map(|name| MatchEngineReport {
            name: name.to_string(),
            score: 0,
            games: 0,
            as_mouse: SideScoreReport::default(),
            as_cats: SideScoreReport::default(),
            failures: 0,
            moves: 0,
            nodes: None,
        });
        let mut failures = Vec::new();
        for game in games {
            for (i, e) in engines.iter_mut().enumerate() {
                let won = game.winning_engine() == i;
                let side = if game.mouse == i { &mut e.as_mouse } else { &mut e.as_cats };
                side.games += 1;
                side.wins += u32::from(won);
                e.games += 1;
                e.score += u32::from(won);
                if let Some(n) = game.nodes[i] {
                    e.nodes = Some(e.nodes.unwrap_or(0) + n);
                }
                e.moves += game.moves[i];
            }
            if let Some(who) = game.failed {
                engines[who].failures += 1;
                failures.push(MatchFailureReport {
                    game: game.number,
                    engine: names[who].to_string(),
                    reason: game.reason.clone(),
                });
            }
        }
        let n = games.len() as u32;
        let wins = engines[0].score;
        let elo = rating::elo(wins, n);
        let sprt = sprt.map(|s| {
            let (lower, upper) = s.bounds();
            SprtReport { llr: s.llr(wins, n - wins), lower, upper, decision: s.decide(wins, n - wins).text() }
        });
        MatchReport {
            games: n,
            size: size.n(),
            engines: engines.into(),
            elo: elo.diff,
            elo_low: elo.low,
            elo_high: elo.high,
            elo_method: MatchReport::ELO_METHOD,
            sprt,
            failures,
            seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: usize, mouse: usize, winner: Side, failed: Option<usize>) -> MatchGame {
        MatchGame {
            number,
            mouse,
            winner,
            failed,
            reason: format!("game {number}"),
            nodes: [Some(10), Some(20)],
            moves: [3, 4],
        }
    }

    #[test]
    fn match_reports_count_each_side_and_each_failure() {
        let games = [
            game(1, 0, Side::Mouse, None),
            game(2, 1, Side::Mouse, Some(0)),
            game(3, 0, Side::Cats, None),
            game(5, 1, Side::Cats, None),
        ];
        let sprt: Sprt = "elo0=0 elo1=50 alpha=0.05 beta=0.05".parse().unwrap();
        let r = MatchReport::of(["A", "B"], Size::STANDARD, &games, Some(&sprt), 1.5);
        assert_eq!((r.games, r.size, r.seconds), (4, 8, 1.5));
        let a = &r.engines[0];
        assert_eq!(
            (a.name.as_str(), a.score, a.games, a.failures, a.moves, a.nodes),
            ("A", 2, 4, 1, 12, Some(40))
        );
        assert_eq!(a.as_mouse, SideScoreReport { games: 2, wins: 1 });
        assert_eq!(a.as_cats, SideScoreReport { games: 2, wins: 1 });
        let b = &r.engines[1];
        assert_eq!((b.score, b.failures, b.nodes), (2, 0, Some(80)));
        assert_eq!(b.as_mouse, SideScoreReport { games: 2, wins: 1 });
        assert_eq!(r.failures, [MatchFailureReport { game: 2, engine: "A".into(), reason: "game 2".into() }]);
        assert_eq!(r.elo, Some(0.0));
        assert_eq!(r.elo_low.map(f64::round), Some(-798.0), "0.5 - 1.96 * 0.25 = 1%");
        let s = r.sprt.unwrap();
        assert_eq!(s.decision, "no decision");
        assert_eq!(s.llr, sprt.llr(2, 2));
    }

    #[test]
    fn an_engine_that_reports_no_nodes_has_none_not_zero() {
        let mut games = [game(1, 0, Side::Mouse, None), game(2, 1, Side::Cats, None)];
        games[0].nodes = [None, Some(7)];
        games[1].nodes = [None, None];
        let r = MatchReport::of(["level", "search"], Size::STANDARD, &games, None, 1.0);
        assert_eq!((r.engines[0].nodes, r.engines[1].nodes), (None, Some(7)));
    }
}

/// One puzzle (`ryg puzzles --json`, `GET /api/puzzles`): the position, the solver, the
/// solution line (the solver's moves and the perfect answers), the exact result, themes and
/// difficulty.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleReport {
    pub id: String,
    pub size: u8,
    pub fen: String,
    /// The side to move, which wins and solves the puzzle.
    pub side: &'static str,
    pub line: Vec<String>,
    pub winner: &'static str,
    pub plies: u32,
    pub losing_moves: usize,
    pub themes: Vec<&'static str>,
    pub rating: u32,
}

impl PuzzleReport {
    /// The report of `puzzle`.
    pub fn of(puzzle: &crate::puzzles::Puzzle) -> PuzzleReport {
        PuzzleReport {
            id: puzzle.id.clone(),
            size: puzzle.position.size().n(),
            fen: puzzle.position.fen(),
            side: puzzle.solver().name(),
            line: move_names(&puzzle.line),
            winner: puzzle.result.winner.name(),
            plies: puzzle.result.plies,
            losing_moves: puzzle.losing_moves,
            themes: puzzle.themes.iter().map(|t| t.name()).collect(),
            rating: puzzle.rating,
        }
    }
}
