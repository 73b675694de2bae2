//! The JSON shapes of ryg's answers — positions, moves, outcomes, exact results, searches,
//! evaluations and trees — defined once, for `ryg … --json` and the web server's API alike.
//! Each report is built from library values by a constructor here; front ends only serialize.

use serde::Serialize;

use crate::eval::{evaluate, EvalKind};
use crate::search::{SearchResult, Tree};
use crate::tablebase::{ProbeError, Tablebase};
use crate::{ExactResult, Move, Outcome, Position};

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
    /// When the tablebase is of another board size.
    pub fn of(tablebase: &Tablebase, position: &Position) -> Result<SolveReport, ProbeError> {
        let result = tablebase.probe(position)?;
        Ok(SolveReport {
            fen: position.fen(),
            winner: result.winner.name(),
            plies: result.plies,
            best_moves: move_names(&tablebase.best_moves(position)),
            moves: tablebase
                .move_results(position)
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
    pub nodes: u64,
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

/// One node of the explicit tree in [`TreeReport`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct NodeReport {
    pub id: usize,
    pub parent: Option<usize>,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub ply: u16,
    pub fen: String,
    pub to_move: &'static str,
    /// Static evaluation for the mouse (leaves cut off by the depth only).
    pub eval: Option<String>,
    /// Minimax value for the mouse (the mouse maximises, the cats minimise).
    pub value: String,
    /// Whether this node lies on the principal variation.
    pub best: bool,
}

/// `ryg tree --format json`: the explicit minimax tree with every node's evaluation and value.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TreeReport {
    pub fen: String,
    pub depth: u8,
    pub eval: String,
    pub best_move: Option<String>,
    pub value: String,
    pub nodes: Vec<NodeReport>,
}

impl TreeReport {
    /// The report of `tree`, built from `position`.
    pub fn of(tree: &Tree, position: &Position) -> TreeReport {
        let pv = tree.pv_marks();
        TreeReport {
            fen: position.fen(),
            depth: tree.depth,
            eval: tree.eval.to_string(),
            best_move: tree.pv().first().map(|m| m.to_string()),
            value: tree.root().for_mouse(tree.root().value).to_string(),
            nodes: tree
                .nodes
                .iter()
                .enumerate()
                .map(|(id, n)| NodeReport {
                    id,
                    parent: n.parent,
                    mv: n.mv.map(|m| m.to_string()),
                    ply: n.ply,
                    fen: n.position.fen(),
                    to_move: n.position.side_to_move().name(),
                    eval: n.eval.map(|e| n.for_mouse(e).to_string()),
                    value: n.for_mouse(n.value).to_string(),
                    best: pv[id],
                })
                .collect(),
        }
    }
}
