//! How good are the evaluations, and is the fit reproducible? Keep-the-win on small fixed
//! sets (positions where some moves keep the win and some throw it away, exact values from the
//! tablebase): how often searches of a few depths with each evaluation pick a winning move;
//! and the Texel fit on a small sample: its loss falls below the classic weights'.

use ryg::eval::EvalKind;
use ryg::tuning::{
    fit, fit_default, fit_scale, fit_tempo, keep_the_win_config, keep_the_win_set, keeps_the_win,
    sample_positions, samples, Model,
};
use ryg::{Side, Size, Tablebase};

fn kept(tb: &Tablebase, count: usize, seed: u64, depths: &[u8]) -> Vec<[usize; 3]> {
    let set = keep_the_win_set(tb, count, seed);
    depths
        .iter()
        .map(|&d| {
            [EvalKind::Seed, EvalKind::Classic, EvalKind::Default]
                .map(|eval| keeps_the_win(keep_the_win_config(eval), d, &set))
        })
        .collect()
}

#[test]
fn keep_the_win_sets_hold_won_positions_with_a_real_choice() {
    let tb = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
    let set = keep_the_win_set(&tb, 200, 3);
    assert_eq!(set.len(), 200);
    assert_eq!(set, keep_the_win_set(&tb, 200, 3));
    for c in &set {
        let mover = c.position.side_to_move();
        assert_eq!(tb.result(&c.position).winner, mover);
        let results = tb.move_results(&c.position);
        let winning: Vec<_> = results.iter().filter(|(_, r)| r.winner == mover).map(|&(m, _)| m).collect();
        assert_eq!(c.winning, winning);
        assert!(!winning.is_empty() && winning.len() < results.len());
    }
    assert_eq!(set.iter().filter(|c| c.position.side_to_move() == Side::Mouse).count(), 50);
}

#[test]
fn the_default_evaluation_keeps_the_win_more_often_on_8x8() {
    let tb = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
    // [seed, classic, default] winning moves found of 400, at depths 1, 2, 4, 6.
    assert_eq!(
        kept(&tb, 400, 3, &[1, 2, 4, 6]),
        [[270, 356, 360], [295, 363, 364], [332, 377, 379], [364, 389, 390]]
    );
}

#[test]
fn the_default_evaluation_keeps_the_win_more_often_on_6x6() {
    // Fitted on 8x8 only, the weights still choose better on 6x6.
    let tb = Tablebase::build(Size::new(6).unwrap(), 1, &mut ());
    assert_eq!(
        kept(&tb, 400, 3, &[1, 2, 4, 6]),
        [[313, 351, 353], [339, 339, 356], [376, 367, 377], [385, 383, 386]]
    );
}

#[test]
fn the_fit_lowers_the_loss_below_the_classic_weights() {
    let tb = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
    let train = samples(EvalKind::Default, &sample_positions(&tb, 3_000, 11), &tb);
    let held = samples(EvalKind::Default, &sample_positions(&tb, 3_000, 12), &tb);
    let zero = Model::new(vec![0.0; EvalKind::Default.terms().len()]);
    let classic = fit_scale(&Model::of(EvalKind::Classic), &train, 50);
    let one_step = fit(&zero, &train, 1);
    let fitted = fit(&zero, &train, 50);
    let losses = [&zero, &classic, &one_step, &fitted]
        .map(|m| (format!("{:.4}", m.loss(&train)), format!("{:.4}", m.loss(&held))));
    // A coin; the classic weights at their best scale; one Newton step from zero; the fit.
    let expected = [("0.6931", "0.6931"), ("0.3658", "0.3873"), ("0.3654", "0.3700"), ("0.2826", "0.2939")];
    assert_eq!(losses, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    // Refitting the tempo of the weights in eval.rs costs almost nothing against the full fit.
    let shipped = fit_tempo(&Model::of(EvalKind::Default), &train, 50);
    assert_eq!(format!("{:.4}", shipped.loss(&train)), "0.2856");
    // 3,000 positions give weights of the same signs and sizes as the 100,000 of eval.rs.
    assert_eq!(fitted.rounded().weights, [-46.0, 50.0, 71.0, 68.0, 1291.0, -72.0, 14.0, -58.0, 51.0]);
}

#[test]
fn the_default_weights_are_the_tuning_programs_fit() {
    let tb = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
    let fitted = fit_default(&tb).rounded();
    let shipped: Vec<f64> = EvalKind::Default.terms().iter().map(|t| f64::from(t.weight)).collect();
    assert_eq!(fitted.weights, shipped);
    assert_eq!(fitted.bias, [-412.0, -488.0]);
}
