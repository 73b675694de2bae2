//! The proving search's switches: which techniques run, how the distance is found, and the
//! bound table's size.

/// How the distance is found once the winner is known (or at once, without `win_first`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DistanceSearch {
    /// Null-window tests halving the interval of possible plies.
    Bisect,
    /// Null-window tests stepping from the winner's fastest possible end (MTD(f)-like: each
    /// failed test returns a bound that skips ahead).
    Step,
    /// One search with the whole remaining window.
    Window,
}

/// A distance-search name that is not `bisect`, `step` or `window`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown distance search '{}': expected 'bisect', 'step' or 'window'", crate::echo::echo(.0))]
pub struct DistanceSearchError(pub String);

impl std::str::FromStr for DistanceSearch {
    type Err = DistanceSearchError;

    fn from_str(s: &str) -> Result<DistanceSearch, DistanceSearchError> {
        match s.to_ascii_lowercase().as_str() {
            "bisect" => Ok(DistanceSearch::Bisect),
            "step" => Ok(DistanceSearch::Step),
            "window" => Ok(DistanceSearch::Window),
            _ => Err(DistanceSearchError(s.to_string())),
        }
    }
}

impl std::fmt::Display for DistanceSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DistanceSearch::Bisect => "bisect",
            DistanceSearch::Step => "step",
            DistanceSearch::Window => "window",
        })
    }
}

/// The proving search's switches and table size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ProofConfig {
    /// Settle the winner with a null-window test at 0 before searching for the distance.
    pub win_first: bool,
    /// How the distance is searched.
    pub distance: DistanceSearch,
    /// The bound table (lower and upper bounds per position, and the best move for ordering)
    /// and what is done with it; `None`: no table.
    pub table: Option<ProofTable>,
    /// Game-knowledge move ordering (table move first, then the mouse upward toward open
    /// squares, the cats keeping the mouse hemmed in); off = generation order (table move
    /// still first).
    pub ordering: bool,
    /// A mouse that has passed every cat wins within a known number of plies: a bound that
    /// ends the node when it refutes the window.
    pub free_mouse: bool,
    /// Mate-distance pruning: a node `p` plies deep cannot end the game before ply `p + 1`.
    pub mate_distance: bool,
}

/// The proving search's bound table: its size and the technique that needs it (so neither can
/// be set without a table).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ProofTable {
    /// Enhanced transposition cut-offs: before searching the moves, a child whose stored
    /// bound already refutes the window ends the node.
    pub etc: bool,
    /// Table size in MiB; `None` picks by board size (1 MiB on 4×4 and 6×6, 4 MiB on 8×8,
    /// 512 MiB on 10×10; twice as much up to 8×8 in `ryg-wide`, whose entries are twice as
    /// large: see `ryg::search::Prover`).
    pub megabytes: Option<usize>,
}

impl ProofTable {
    /// The table with enhanced transposition cut-offs, sized by board size.
    pub const DEFAULT: ProofTable = ProofTable { etc: true, megabytes: None };
    /// The table alone (no enhanced transposition cut-offs), sized by board size.
    pub const PLAIN: ProofTable = ProofTable { etc: false, megabytes: None };
}

impl Default for ProofConfig {
    fn default() -> ProofConfig {
        ProofConfig {
            win_first: true,
            distance: DistanceSearch::Window,
            table: Some(ProofTable::DEFAULT),
            ordering: true,
            free_mouse: true,
            mate_distance: true,
        }
    }
}

impl ProofConfig {
    /// Every technique off (plain exact-distance alpha-beta with a full window, still with
    /// the table off): the baseline each technique is measured against.
    pub fn plain() -> ProofConfig {
        ProofConfig {
            win_first: false,
            distance: DistanceSearch::Window,
            table: None,
            ordering: false,
            free_mouse: false,
            mate_distance: false,
        }
    }
}
