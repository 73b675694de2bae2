// The engine's modules and re-exports: the body of the `ryg` crate (src/lib.rs) and of
// `ryg-wide` (crates/ryg-wide/src/lib.rs, which includes this file: built with `cfg(wide)`,
// 128-bit square sets). A file of its own so that each crate keeps its own docs and its library
// inside its package (`cargo package` and the Python sdist drop a library outside it).

// The types that do not depend on the board's size (crates/ryg-types), at the same paths in
// both builds: `ryg::Side` and `ryg_wide::Side` are one type.
pub use ryg_types::{echo, engines};
pub use ryg_types::{Engine, EngineError, EngineSpec, EngineSpecError, PlayerSpec};
pub use ryg_types::{ExactResult, Level, LevelError, Outcome, Reason, Side, SideError};

pub mod diagram;
mod game;
mod geometry;
mod movebits;
mod moves;
#[cfg(wide)]
pub mod narrow;
mod perft;
mod player;
mod position;
mod random;
mod record;
mod square;
mod squares;
pub mod tablebase;
pub mod zobrist;

pub use game::Game;
pub use geometry::{Size, SizeError};
pub use movebits::MoveBits;
pub use moves::{Move, MoveError, MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use player::{Basis, Choice, Player, PlayerError, MAX_PLAY_DEPTH};
pub use position::{PlayError, Position, PositionError, StartError};
pub use record::{result_token, Record, RecordError, RecordErrorKind};
pub use square::{Square, SquareError};
pub use squares::SquareSet;

pub mod bench;
pub mod eval;
pub mod levels;
pub mod puzzles;
pub mod rating;
#[cfg(feature = "serde")]
pub mod report;
pub mod review;
pub mod search;
pub mod selfplay;
pub mod techniques;
pub mod tuning;

pub use eval::{evaluate, Breakdown, EvalKind};
pub use search::{Limits, Score, SearchConfig, SearchHandler, SearchResult, Searcher};
pub use tablebase::{BuildProgress, Tablebase};
