//! What a search is asked to do: its method, evaluation and techniques ([`SearchConfig`]), the
//! proving search's switches ([`ProofConfig`]) and its limits ([`Limits`]). The search itself
//! is the engine's (`ryg::search`).

mod config;
mod limits;
mod proof;

pub use config::{
    Algo, AlgoError, AlphaBetaConfig, GameEnds, GenOrder, HistoryRule, Method, NodeRule, OrderRule,
    SearchConfig, TableConfig, TableSize, DEFAULT_TABLE_MEGABYTES,
};
pub use limits::{Limits, MAX_DEPTH};
pub use proof::{DistanceSearch, DistanceSearchError, ProofConfig, ProofTable};
