// The engine's modules and re-exports: the body of the `ryg` crate (src/lib.rs) and of
// `ryg-wide` (crates/ryg-wide/src/lib.rs, which includes this file: built with `cfg(wide)`,
// 128-bit square sets). A file of its own so that each crate keeps its own docs and its library
// inside its package (`cargo package` and the Python sdist drop a library outside it).

pub mod diagram;
pub mod echo;
mod exact;
mod game;
mod geometry;
mod level;
mod movebits;
mod moves;
#[cfg(wide)]
pub mod narrow;
mod outcome;
mod perft;
mod player;
mod position;
mod random;
mod record;
mod side;
mod square;
mod squares;
pub mod tablebase;
pub mod zobrist;

pub use game::Game;
pub use geometry::{Size, SizeError};
pub use level::{Level, LevelError};
pub use movebits::MoveBits;
pub use moves::{Move, MoveError, MoveList, MAX_MOVES};
pub use outcome::{Outcome, Reason};
pub use perft::{perft, perft_divide};
pub use player::{Basis, Choice, Player, PlayerError, MAX_PLAY_DEPTH};
pub use position::{PlayError, Position, PositionError, StartError};
pub use record::{result_token, Record, RecordError, RecordErrorKind};
pub use side::{Side, SideError};
pub use square::{Square, SquareError};
pub use squares::SquareSet;

pub mod bench;
pub mod engines;
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

pub use engines::{Engine, EngineError, EngineSpec, EngineSpecError, PlayerSpec};
pub use eval::{evaluate, Breakdown, EvalKind};
pub use exact::ExactResult;
pub use search::{Limits, Score, SearchConfig, SearchHandler, SearchResult, Searcher};
pub use tablebase::{BuildProgress, Tablebase};
