//! Every integration test of the `ryg` library, in one test binary (one link instead of one per
//! file). Run one file's tests with `cargo test -p ryg --profile ci --test integration perft::`.

mod common;
mod positions;

mod crosscheck;
mod eval_quality;
mod fuzz;
mod levels;
mod notation;
mod perft;
mod prove;
mod records;
mod search;
mod search_vs_tablebase;
mod tablebase;
