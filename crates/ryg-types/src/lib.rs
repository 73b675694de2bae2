//! ryg-types: the engine's types that do not depend on the board's size — a side, a level, an
//! engine and a seat, an evaluation's name and terms, a search's configuration and limits, an
//! outcome and an exact result — and [`echo`] for the messages that repeat input. No I/O.
//!
//! Both builds of the engine, `ryg` (boards up to 10×10) and `ryg-wide` (to 14×14), re-export
//! them at the same paths (`ryg::Side` and `ryg_wide::Side` are this crate's `Side`), so a
//! value passes from one build to the other as it is. What holds a square, a square set, a
//! position or a move stays in the engine, compiled once per build.

pub mod echo;
pub mod engines;
mod err_rate;
pub mod eval;
mod exact;
mod level;
mod outcome;
pub mod search;
mod side;

pub use engines::{Engine, EngineError, EngineSpec, EngineSpecError, PlayerSpec};
pub use err_rate::{ErrRate, ErrRateError};
pub use eval::EvalKind;
pub use exact::ExactResult;
pub use level::{Level, LevelError};
pub use outcome::{Outcome, Reason};
pub use search::{Limits, SearchConfig};
pub use side::{Side, SideError};
