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

/// What the modules' tests share: parameters from pairs, the small boards' tablebases (each
/// built once) and a report as JSON.
#[cfg(test)]
mod testing {
    use std::sync::OnceLock;

    use ryg::{Size, Tablebase};

    /// The parameters of `pairs`.
    pub fn params(pairs: &[(&str, &str)]) -> crate::Params {
        pairs.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// The tablebase of the `n`×`n` board (4 or 6), built on first use.
    pub fn table(n: u8) -> &'static Tablebase {
        static TABLES: [OnceLock<Tablebase>; 2] = [OnceLock::new(), OnceLock::new()];
        let slot = match n {
            4 => &TABLES[0],
            6 => &TABLES[1],
            _ => panic!("the tests build the 4×4 and 6×6 tablebases only"),
        };
        slot.get_or_init(|| Tablebase::build(Size::new(n).expect("a board size"), 1, &mut ()))
    }

    /// `report` as the API sends it.
    pub fn json(report: &impl serde::Serialize) -> serde_json::Value {
        serde_json::to_value(report).expect("a report is JSON")
    }
}
