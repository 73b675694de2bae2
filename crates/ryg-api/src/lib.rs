//! The HTTP API's questions about a position — exact results, perft, the minimax tree, the
//! traced alpha-beta search, what each search technique is worth, the puzzles — without HTTP:
//! query parameters in, the answer's report (a `serde` shape) out. `ryg serve` and the
//! WebAssembly build (`ryg-wasm`) both answer with this code, so the page gets the same
//! answers from either. No I/O and no clock: the caller passes one in where a report times.

pub mod bits;
pub mod dates;
mod error;
pub mod params;
pub mod perft;
pub mod puzzles;
pub mod retrograde;
pub mod techniques;
pub mod think;
pub mod tree;
pub mod weights;

pub use error::{ErrorCode, QueryError};

/// Query parameters by name, as the request gave them (checked by each question's `parse`).
pub type Params = std::collections::HashMap<String, String>;

/// Seconds since the work began: the caller's clock (the library has none).
pub type Clock<'a> = &'a mut dyn FnMut() -> f64;
