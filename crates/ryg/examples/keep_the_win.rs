//! Keep-the-win: on 3,000 8×8 positions (seed 3, sampled as `ryg::tuning::sample_positions`
//! does) where the side to move wins and some moves win and some lose, how often a search of
//! depth 1–8 with the default techniques picks a winning move, per evaluation.
//!
//! `cargo run --release -p ryg --example keep_the_win [-- COUNT [SIZE]]`

use std::time::Instant;

use ryg::eval::EvalKind;
use ryg::tuning::{keep_the_win_config, keep_the_win_set, keeps_the_win};
use ryg::{Side, Size, Tablebase};

const SEED: u64 = 3;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let count = args.first().copied().unwrap_or(3_000);
    let n = args.get(1).map_or(8, |&n| n as u8);
    let started = Instant::now();
    let tb = Tablebase::build(Size::new(n).expect("a board size"), 2, &mut ());
    let set = keep_the_win_set(&tb, count, SEED);
    let mouse = set.iter().filter(|c| c.position.side_to_move() == Side::Mouse).count();
    let moves: usize = set.iter().map(|c| c.position.count_moves()).sum();
    let winning: usize = set.iter().map(|c| c.winning.len()).sum();
    println!(
        "{n}x{n}: {count} positions (seed {SEED}), {mouse} with the mouse to move; {:.1}% of their moves win [{:.1} s]",
        100.0 * winning as f64 / moves as f64,
        started.elapsed().as_secs_f64()
    );
    let depths: Vec<u8> = (1..=8).collect();
    let head: Vec<String> = depths.iter().map(|d| format!("{d:>6}")).collect();
    println!("| eval    | {} |", head.join(" | "));
    for eval in EvalKind::ALL {
        let t = Instant::now();
        let cells: Vec<String> = depths
            .iter()
            .map(|&d| {
                let kept = keeps_the_win(keep_the_win_config(eval), d, &set);
                format!("{:>5.1}%", 100.0 * kept as f64 / count as f64)
            })
            .collect();
        println!("| {eval:<7} | {} |  [{:.1} s]", cells.join(" | "), t.elapsed().as_secs_f64());
    }
}
