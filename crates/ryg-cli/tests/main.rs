//! Every integration test of the `ryg` command line, in one test binary (one link instead of one
//! per file). Run one file's tests with `cargo test --workspace --profile ci --test integration play::`.

mod common;

mod bot;
mod cli;
mod db;
mod docs;
mod hardening;
mod layered;
mod levels;
mod levels_engine;
mod r#match;
mod play;
mod play_wide;
mod search_cli;
mod serve;
mod solve;
mod terminal;
mod ugi;
mod wide;
