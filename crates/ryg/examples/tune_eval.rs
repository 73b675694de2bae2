//! Fits the default evaluation's weights to the tablebase (Texel tuning, see `ryg::tuning`):
//! 100,000 8×8 positions sampled with seed 1, each labelled with its exact winner; Newton's
//! method on the logistic loss of `σ((Σ weight·feature + tempo) / 100)`. Prints the loss of
//! the classic weights (their scale fitted too, so only their proportions are judged), the
//! fitted weights, their loss on 50,000 other positions (seed 2) and on 6×6 and 10×10 samples
//! (`--all-sizes`; 10×10 builds a 212 MB tablebase), and the line for `crates/ryg/src/eval.rs`.
//!
//! `cargo run --release -p ryg --example tune_eval [-- --all-sizes]`

use std::time::Instant;

use ryg::eval::EvalKind;
use ryg::tuning::{
    fit_default, fit_scale, fit_tempo, sample_positions, samples, Model, Sample, FIT_ITERATIONS,
    TRAINING_POSITIONS, TRAINING_SEED,
};
use ryg::{Size, Tablebase};

const TRAIN: (usize, u64) = (TRAINING_POSITIONS, TRAINING_SEED);
const HOLDOUT: (usize, u64) = (50_000, 2);

fn main() {
    let all_sizes = std::env::args().any(|a| a == "--all-sizes");
    let started = Instant::now();
    let tb = Tablebase::build(Size::new(8).expect("8"), 2, &mut ());
    let set = |tb: &Tablebase, (count, seed): (usize, u64)| -> Vec<Sample> {
        samples(EvalKind::Default, &sample_positions(tb, count, seed), tb)
    };
    let train = set(&tb, TRAIN);
    let holdout = set(&tb, HOLDOUT);
    let mouse_wins = train.iter().filter(|s| s.mouse_wins).count();
    println!(
        "8x8: {} training positions (seed {}), the mouse wins {mouse_wins}; {} held out (seed {}) [{:.1} s]",
        TRAIN.0,
        TRAIN.1,
        HOLDOUT.0,
        HOLDOUT.1,
        started.elapsed().as_secs_f64()
    );
    let names: Vec<&str> = EvalKind::Default.terms().iter().map(|t| t.name).collect();
    let classic = fit_scale(&Model::of(EvalKind::Classic), &train, FIT_ITERATIONS);
    let fitted = fit_default(&tb);
    let rounded = fitted.rounded();
    let current = fit_tempo(&Model::of(EvalKind::Default), &train, FIT_ITERATIONS);
    println!("loss (mean cross-entropy, nats; a coin is 0.6931):");
    let row = |name: &str, m: &Model, sets: &[&[Sample]]| {
        let cells: Vec<String> = sets.iter().map(|s| format!("{:.4}", m.loss(s))).collect();
        println!("  {name:<38} {}", cells.join("  "));
    };
    println!("  {:<38} {:>6}  {:>6}", "", "train", "held");
    row("classic weights, scale fitted", &classic, &[&train, &holdout]);
    row("fitted weights", &fitted, &[&train, &holdout]);
    row("fitted weights, rounded", &rounded, &[&train, &holdout]);
    row("eval.rs default weights, tempo fitted", &current, &[&train, &holdout]);
    let scale = classic.weights[0] / f64::from(EvalKind::Classic.terms()[0].weight);
    println!("classic scale factor: {scale:.2} (its points are worth {scale:.2} of the model's)");
    println!("{:<16} {:>8} {:>10} {:>8}", "term", "classic", "fitted", "rounded");
    for (i, name) in names.iter().enumerate() {
        let classic = EvalKind::Classic.terms().get(i).map_or("-".to_string(), |t| t.weight.to_string());
        println!("{name:<16} {classic:>8} {:>10.2} {:>8}", fitted.weights[i], rounded.weights[i]);
    }
    println!(
        "tempo (not in the evaluation): mouse to move {:+.1}, cats to move {:+.1}",
        fitted.bias[0], fitted.bias[1]
    );
    if all_sizes {
        for n in [6, 10] {
            let t = Instant::now();
            let tb = Tablebase::build(Size::new(n).expect("a size"), 2, &mut ());
            let other = set(&tb, HOLDOUT);
            // Only the tempo is refitted per size: it is the one thing the evaluation leaves out.
            let tempo = |m: &Model| Model { bias: fit_tempo(m, &other, FIT_ITERATIONS).bias, ..m.clone() };
            println!(
                "{n}x{n} ({} positions, seed {}): loss classic {:.4}, fitted {:.4} (classic scale and tempo fitted, fitted tempo refitted) [{:.1} s]",
                HOLDOUT.0,
                HOLDOUT.1,
                fit_scale(&Model::of(EvalKind::Classic), &other, FIT_ITERATIONS).loss(&other),
                tempo(&rounded).loss(&other),
                t.elapsed().as_secs_f64()
            );
        }
    }
    let weights: Vec<String> = rounded.weights.iter().map(|w| format!("{w}")).collect();
    println!("weights for DEFAULT_TERMS in crates/ryg/src/eval.rs: [{}]", weights.join(", "));
    eprintln!("[{:.1} s]", started.elapsed().as_secs_f64());
}
