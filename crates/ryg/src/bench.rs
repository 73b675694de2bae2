//! The `bench` suites: fixed searches whose node totals are checksums of search behaviour (a
//! change that moves one is a functional change). The caller times them; every build of the
//! engine (native, WebAssembly) runs the same list.

use crate::eval::EvalKind;
use crate::search::{Limits, NoHandler, Proof, ProofConfig, Prover, SearchConfig, SearchResult, Searcher};
use crate::Position;

/// A search of the suite: a position, a depth (`None`: until proved) and an evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    pub name: &'static str,
    pub fen: &'static str,
    pub depth: Option<u8>,
    pub eval: EvalKind,
}

/// The heuristic search's suite; its "solved" cases deepen the heuristic search (its checksum
/// predates the proving search, which has a suite and checksum of its own).
pub const SUITE: [Case; 7] = [
    Case { name: "8x8 start", fen: "1c1c1c1c/8/8/8/8/8/8/4m3 m", depth: Some(22), eval: EvalKind::Default },
    Case {
        name: "8x8 after e1f2",
        fen: "1c1c1c1c/8/8/8/8/8/5m2/8 c",
        depth: Some(20),
        eval: EvalKind::Default,
    },
    Case {
        name: "8x8 middle game",
        fen: "8/c3c1c1/3c1m2/8/8/8/8/8 m",
        depth: Some(24),
        eval: EvalKind::Default,
    },
    Case { name: "6x6 start, solved", fen: "1c1c1c/6/6/6/6/2m3 m", depth: None, eval: EvalKind::Default },
    Case {
        name: "10x10 start",
        fen: "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m",
        depth: Some(16),
        eval: EvalKind::Default,
    },
    Case { name: "4x4 start, solved", fen: "1c1c/4/4/2m1 m", depth: None, eval: EvalKind::Default },
    Case {
        name: "8x8 start, solved",
        fen: "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        depth: None,
        eval: EvalKind::Default,
    },
];

/// The proving search's suite: positions proved from scratch with the default proof switches.
pub const PROOF_SUITE: [(&str, &str); 5] = [
    ("8x8 start", "1c1c1c1c/8/8/8/8/8/8/4m3 m"),
    ("8x8 after e1f2", "1c1c1c1c/8/8/8/8/8/5m2/8 c"),
    ("8x8 mouse on a1", "1c1c1c1c/8/8/8/8/8/8/m7 m"),
    ("8x8 middle game", "8/c3c1c1/3c1m2/8/8/8/8/8 m"),
    ("6x6 start", "1c1c1c/6/6/6/6/2m3 m"),
];

impl Case {
    /// The position of the case (the suite's FENs are valid).
    #[must_use]
    pub fn position(&self) -> Position {
        self.fen.parse().expect("the suite's positions are valid")
    }

    /// Runs the case as the suite does: the heuristic search at its depth (no proving search).
    #[must_use]
    pub fn run(&self) -> SearchResult {
        let config = SearchConfig { eval: self.eval, ..SearchConfig::default() }.without_proof();
        run_search(config, &self.position(), self.depth, None)
    }
}

/// `position` searched with `config` to `depth` plies or `nodes` nodes, with no handler.
#[must_use]
pub fn run_search(
    config: SearchConfig,
    position: &Position,
    depth: Option<u8>,
    nodes: Option<u64>,
) -> SearchResult {
    Searcher::new(config).search(position, &Limits { depth, nodes }, &mut NoHandler)
}

/// `position` proved from scratch with `config` within `budget` nodes: the proof (`None` if the
/// budget ran out) and the nodes.
#[must_use]
pub fn prove(config: ProofConfig, position: &Position, budget: u64) -> (Option<Proof>, u64) {
    let mut handler = NoHandler;
    let mut prover = Prover::new(config, position.size(), budget, &mut handler);
    let proof = prover.prove(position);
    (proof, prover.nodes)
}
