//! Tunes the noise of levels 1–9 (`crates/ryg/src/levels/noise.rs`) per board size and side:
//! for each level, bisection on the noise until the human model with error rate 0.1 wins
//! the target chance against it from the default start (noise to 1e-4). Targets fall in even
//! steps from 90% at level 1 to 1.5% at level 9; where the side cannot reach those ends (the
//! human wins less than 90% against random moves, or more than 1.5% against perfect play),
//! the steps run evenly between the chances it can reach.
//!
//! 10×10 has too many positions for the exact chances: there each chance is the share of
//! GAMES sampled games (default 4000) with common random numbers (the same seeds for every
//! noise tried), so the bisection is steady; the result is good to the sampling interval
//! (about ±1.5 points at 50%).
//!
//! `cargo run --release -p ryg --example tune_levels [SIZES…] [--games GAMES]` (default: 4 6 8)
//! prints the table.

use std::time::Instant;

use ryg::levels::{sample_win_chance, ErrRate, GameGraph, Opponent, Pairing, Policy};
use ryg::{Position, Side, Size, Tablebase};

const TOP: f64 = 0.90;
const BOTTOM: f64 = 0.015;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|g| g.parse().ok())
        .unwrap_or(4000u64);
    let sizes: Vec<u8> = args.iter().filter_map(|a| a.parse().ok()).filter(|&n| n <= 10).collect();
    let sizes = if sizes.is_empty() { vec![4, 6, 8] } else { sizes };
    let rate = "0.1".parse::<ErrRate>().expect("a rate");
    let err = [Opponent::Err(rate)];
    for n in sizes {
        let size = Size::new(n).expect("a board size");
        let tb = Tablebase::build(size, 2, &mut ());
        for computer in [Side::Cats, Side::Mouse] {
            let started = Instant::now();
            let graph = (n <= 8).then(|| GameGraph::build(&tb, computer));
            let start = Position::start(size, None).expect("the default start");
            let chance = |policy| match &graph {
                Some(graph) => {
                    let root = graph
                        .starts()
                        .iter()
                        .position(|&s| s == size.default_mouse_start())
                        .expect("default start");
                    graph.win_chances(policy, &err)[root][0]
                }
                None => {
                    let pairing = Pairing { start, computer, policy, err: rate.fraction() };
                    sample_win_chance(&tb, &pairing, games, 1, &mut |_| {}).chance()
                }
            };
            match &graph {
                Some(graph) => eprintln!(
                    "{n}x{n} computer {computer}: {} positions in {:.1} s",
                    graph.len(),
                    started.elapsed().as_secs_f64()
                ),
                None => eprintln!("{n}x{n} computer {computer}: {games} sampled games per chance"),
            }
            let t = Instant::now();
            let (weakest, strongest) = (chance(Policy::Noisy(2.0)), chance(Policy::Noisy(0.0)));
            eprintln!(
                "  noise 2: {weakest:.6}, noise 1: {:.6}, noise 0: {strongest:.6}, perfect {:.6}, err:0 {:.6} ({:.2} s per pass)",
                chance(Policy::Noisy(1.0)),
                chance(Policy::Perfect),
                chance(Policy::Err(0.0)),
                t.elapsed().as_secs_f64() / 3.0
            );
            let mut row = Vec::new();
            for level in 1..=9 {
                let (top, bottom) = (TOP.min(weakest), BOTTOM.max(strongest));
                let target = top - (top - bottom) * f64::from(level - 1) / 8.0;
                let (mut lo, mut hi) = (0.0f64, 2.0f64); // chance falls as noise falls
                let noise = if target >= weakest - 1e-9 {
                    2.0
                } else if target <= strongest + 1e-9 {
                    0.0
                } else {
                    let steps = if graph.is_some() { 30 } else { 12 };
                    for _ in 0..steps {
                        let mid = (lo + hi) / 2.0;
                        if chance(Policy::Noisy(mid)) > target {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                        if hi - lo < 1e-4 {
                            break;
                        }
                    }
                    (lo + hi) / 2.0
                };
                let got = chance(Policy::Noisy(noise));
                eprintln!("  level {level}: target {target:.4} noise {noise:.4} -> {got:.6}");
                row.push(noise);
            }
            let cells: Vec<String> = row.iter().map(|x| format!("{x:.4}")).collect();
            println!("// {n}x{n}, computer {computer}\n[{}],", cells.join(", "));
        }
    }
}
