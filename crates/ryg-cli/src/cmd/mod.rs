//! One module per subcommand; each is a thin layer over the `ryg` library.

pub mod analyze;
pub mod bench;
pub mod bot;
pub mod db;
pub mod eval;
pub mod levels;
pub mod match_runner;
pub mod moves;
pub mod perft;
pub mod play;
pub mod puzzles;
pub mod record;
mod scaling;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod solve;
pub mod tree;
pub mod ugi;
