//! Fits the computer players' fixed ratings (`crates/ryg/src/levels/ratings_table.rs`) and
//! prints the tables of docs/ratings.md: per board size, the exact expected score between
//! every two of random, levels 1–9, perfect and the articles' programs (the side drawn at
//! random), one rating each on the Elo/Glicko logistic scale with level 5 at 1500, the fit's
//! residuals, and where the human models `err:F` land on that scale.
//!
//! `cargo run --release -p ryg --example fit_ratings [SIZES…] [--write]` (default: 4 6 8);
//! `--write` also writes the table (every size given, in the order given).

use std::time::Instant;

use ryg::levels::ratings::{table_source, ANCHOR, ANCHOR_RATING};
use ryg::levels::{exact_scores, fit_ratings, rated_players, rating_against, ErrRate, RatingFit, Scores};
use ryg::{Level, PlayerSpec, Size, Tablebase};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.iter().any(|a| a == "--write");
    let sizes: Vec<u8> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![4, 6, 8] } else { sizes };
    let rated = rated_players();
    let mut all = rated.clone();
    all.extend(ErrRate::MODELS.iter().map(|&r| PlayerSpec::Level(Level::Err(r))));
    let mut fits = Vec::new();
    for n in sizes {
        let Some(size) = Size::new(n).filter(|s| s.n() <= 8) else {
            eprintln!("{n}x{n}: only 4, 6 and 8 have exact scores");
            std::process::exit(2);
        };
        let started = Instant::now();
        let tb = Tablebase::build(size, 2, &mut ());
        let scores = exact_scores(&tb, &all, &mut |done, total| eprint!("\r{n}x{n}: {done}/{total}"));
        eprintln!(" in {:.1} s", started.elapsed().as_secs_f64());
        let fit = fit(&scores, rated.len());
        print_size(&scores, &fit, rated.len());
        // The table keeps the rated players only.
        let kept = Scores {
            players: rated.clone(),
            mouse_wins: scores.mouse_wins[..rated.len()]
                .iter()
                .map(|row| row[..rated.len()].to_vec())
                .collect(),
            ..scores
        };
        fits.push((kept, fit));
    }
    if write {
        let table: Vec<(&Scores, &RatingFit)> = fits.iter().map(|(scores, fit)| (scores, fit)).collect();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/levels/ratings_table.rs");
        std::fs::write(path, table_source(&table)).expect("write the table");
        eprintln!("wrote {path}");
    }
}

/// The fit over the first `rated` players (the rest are placed, not fitted).
fn fit(scores: &Scores, rated: usize) -> RatingFit {
    let matrix: Vec<Vec<f64>> =
        (0..rated).map(|a| (0..rated).map(|b| scores.expected(a, b)).collect()).collect();
    let anchor = scores.players.iter().position(|&p| p == ANCHOR).expect("the anchor is rated");
    fit_ratings(&matrix, anchor, ANCHOR_RATING)
}

fn name(player: PlayerSpec) -> String {
    match player {
        PlayerSpec::Level(Level::Search(n)) => format!("level {n}"),
        PlayerSpec::Level(level) => level.to_string(),
        PlayerSpec::Engine(spec) => spec.to_string(),
    }
}

fn print_size(scores: &Scores, fit: &RatingFit, rated: usize) {
    let n = scores.size.n();
    println!(
        "Fixed ratings on {n}x{n} (residual: the exact expected score less the one the ratings predict, in percentage points):\n"
    );
    println!("| player | rating | RMS residual | largest residual (against) |");
    println!("|---|---:|---:|---|");
    let mut order: Vec<usize> = (0..rated).collect();
    order.sort_by(|&a, &b| fit.ratings[b].total_cmp(&fit.ratings[a]));
    for a in order {
        let (b, worst) = fit.worst(a).expect("more than one player");
        println!(
            "| {} | {:.0} | {:.1} | {:+.1} ({}) |",
            name(scores.players[a]),
            fit.ratings[a],
            100.0 * fit.rms(a),
            100.0 * worst,
            name(scores.players[b])
        );
    }
    println!("\nOver every pair: RMS residual {:.1} percentage points.\n", 100.0 * fit.total_rms());
    println!(
        "The human models on {n}x{n}, placed on that scale (the rating that best explains their exact \
         scores against the players above; not part of the fit):\n"
    );
    println!("| model | rating | score against level 5 |");
    println!("|---|---:|---:|");
    let anchor = scores.players.iter().position(|&p| p == ANCHOR).expect("the anchor is rated");
    for h in rated..scores.players.len() {
        let against: Vec<f64> = (0..rated).map(|b| scores.expected(h, b)).collect();
        let rating = rating_against(&against, &fit.ratings);
        println!(
            "| {} | {rating:.0} | {:.1}% |",
            name(scores.players[h]),
            100.0 * scores.expected(h, anchor)
        );
    }
    println!();
}
