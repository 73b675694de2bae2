//! The proving search alone (no tablebase) on a start position of any size, with a node limit:
//! `cargo run --release -p ryg-wide --example prove_start -- SIZE [NODE_LIMIT] [TABLE_MIB]`.

use std::time::Instant;

use ryg_wide::search::{NoHandler, ProofConfig, ProofTable, Prover};
use ryg_wide::{Position, Size};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let size = Size::new(args.first().map_or(12, |&n| n as u8)).expect("a board size");
    let limit = args.get(1).copied().unwrap_or(u64::MAX);
    let config = ProofConfig {
        table: Some(ProofTable { megabytes: args.get(2).map(|&m| m as usize), ..ProofTable::DEFAULT }),
        ..ProofConfig::default()
    };
    let start = Position::start(size, None).expect("a start");
    let started = Instant::now();
    let mut handler = NoHandler;
    let mut prover = Prover::new(config, size, limit, &mut handler);
    match prover.prove(&start) {
        Some(proof) => println!(
            "{size} start: {} ({} nodes, {:.1} s)",
            proof.result,
            proof.nodes,
            started.elapsed().as_secs_f64()
        ),
        None => println!(
            "{size} start: not proved within {limit} nodes ({:.1} s)",
            started.elapsed().as_secs_f64()
        ),
    }
}
