//! Levels: the exact calibration against brute-force enumeration of every game on 4×4, the
//! tuned ladder on 6×6 and 8×8, and players drawing moves with the level's probabilities.

use ryg::levels::{calibrate, distribution, ErrRate, GameGraph, Opponent, Policy};
use ryg::search::NoHandler;
use ryg::{Level, Player, Position, Side, Size, Tablebase};

fn err(text: &str) -> ErrRate {
    text.parse().unwrap()
}

fn rows() -> Vec<Level> {
    let mut rows = Level::ALL.to_vec();
    rows.extend(ErrRate::MODELS.iter().map(|&r| Level::Err(r)));
    rows
}

/// The human side's winning chance by walking every game from `position` (no memo): the
/// computer's moves weighted by the level's distribution, the human's chosen by `opponent`.
fn brute_force(position: &Position, tb: &Tablebase, computer: Side, level: Level, opponent: Opponent) -> f64 {
    if let Some(outcome) = position.outcome() {
        return if outcome.winner == computer { 0.0 } else { 1.0 };
    }
    let value = |mv| brute_force(&position.play(mv).unwrap(), tb, computer, level, opponent);
    if position.side_to_move() == computer {
        distribution(level, position, tb).into_iter().map(|(mv, p)| p * value(mv)).sum()
    } else {
        match opponent {
            Opponent::Exploiter => position.legal_moves().iter().map(|&mv| value(mv)).fold(0.0, f64::max),
            Opponent::Err(rate) => {
                distribution(Level::Err(rate), position, tb).into_iter().map(|(mv, p)| p * value(mv)).sum()
            }
        }
    }
}

#[test]
fn the_dynamic_program_equals_every_game_enumerated_on_4x4() {
    let size = Size::new(4).unwrap();
    let tb = Tablebase::build(size, 1, &mut ());
    for computer in [Side::Cats, Side::Mouse] {
        let calibration = calibrate(&tb, computer, &rows(), &Opponent::columns(), &mut |_, _| {});
        assert_eq!(calibration.rows.len(), rows().len() * 2, "two start squares per level");
        for row in &calibration.rows {
            let start = Position::start(size, Some(row.start)).unwrap();
            for (&opponent, &p) in calibration.opponents.iter().zip(&row.vs) {
                let expected = brute_force(&start, &tb, computer, row.level, opponent);
                assert!(
                    (p - expected).abs() < 1e-12,
                    "{computer} level {} from {} vs {opponent}: {p} != {expected}",
                    row.level,
                    row.start
                );
            }
        }
    }
}

#[test]
fn exact_values_on_4x4() {
    let size = Size::new(4).unwrap();
    let tb = Tablebase::build(size, 1, &mut ());
    let graph = GameGraph::build(&tb, Side::Cats);
    assert_eq!(graph.len(), 115);
    let c1 = graph.starts().iter().position(|s| s.to_string() == "c1").unwrap();
    let columns = Opponent::columns();
    // Perfect cats never lose 4x4; random cats lose to the best mouse with chance 71/72.
    assert_eq!(graph.win_chances(Policy::Perfect, &columns)[c1], vec![0.0; 6]);
    let random = graph.win_chances(Policy::Random, &columns)[c1][0];
    assert!((random - 71.0 / 72.0).abs() < 1e-12, "{random}");
}

/// The human model's chance against each level from the default start, 1 to 9.
fn ladder(size: Size, computer: Side) -> Vec<f64> {
    let tb = Tablebase::build(size, 2, &mut ());
    let graph = GameGraph::build(&tb, computer);
    let root = graph.starts().iter().position(|&s| s == size.default_mouse_start()).unwrap();
    (1..=9)
        .map(|n| {
            let policy = Policy::of(Level::Search(n), size, computer);
            graph.win_chances(policy, &[Opponent::Err(err("0.1"))])[root][0]
        })
        .collect()
}

/// Levels fall in even steps between the ends the tuning aimed at.
fn assert_even_steps(chances: &[f64], top: f64, bottom: f64) {
    let step = (top - bottom) / 8.0;
    for (i, &p) in chances.iter().enumerate() {
        let target = top - step * i as f64;
        assert!((p - target).abs() < 0.001, "level {}: {p} for a target of {target}", i + 1);
    }
}

#[test]
fn the_8x8_ladder_falls_in_even_steps_against_err_0_1() {
    let cats = ladder(Size::STANDARD, Side::Cats);
    assert_even_steps(&cats, 0.90, 0.015);
    // The computer as the mouse cannot hold a perfect-but-for-10% cats under 24.19%: the
    // ladder runs from random (87.00%) down to perfect play.
    let mouse = ladder(Size::STANDARD, Side::Mouse);
    assert_even_steps(&mouse, 0.870044, 0.241867);
}

#[test]
fn the_6x6_ladder_falls_in_even_steps_against_err_0_1() {
    let size = Size::new(6).unwrap();
    // 6x6 is a mouse win: perfect cats still lose 62.46% of games to err:0.1.
    assert_even_steps(&ladder(size, Side::Cats), 0.90, 0.624564);
    assert_even_steps(&ladder(size, Side::Mouse), 0.879393, 0.015);
}

#[test]
fn players_draw_moves_with_the_levels_probabilities() {
    let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
    let position: Position = "1c1c1c1c/8/8/8/8/8/8/4m3 m".parse().unwrap();
    let level = Level::Search(1);
    let expected = distribution(level, &position, &tb);
    assert!((expected.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
    let mut player = Player::new(level, 42);
    let draws = 20_000;
    let mut counts = vec![0u32; expected.len()];
    for _ in 0..draws {
        let mv = player.choose(&position, Some(&tb), &mut NoHandler).unwrap().mv;
        counts[expected.iter().position(|&(m, _)| m == mv).unwrap()] += 1;
    }
    for (&(mv, p), &count) in expected.iter().zip(&counts) {
        let sd = (p * (1.0 - p) / f64::from(draws)).sqrt();
        let seen = f64::from(count) / f64::from(draws);
        assert!((seen - p).abs() <= 4.0 * sd + 1e-9, "{mv}: drawn {seen}, probability {p}");
    }
}

#[test]
fn the_human_model_is_a_level() {
    let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
    let start = Position::standard();
    // err:0.1 at the start: the mouse loses whatever it does, so every move keeps the
    // longest resistance or not; the probabilities are 0.9/best + 0.1/2.
    let dist = distribution(Level::Err(err("0.1")), &start, &tb);
    let best = tb.best_moves(&start);
    for (mv, p) in dist {
        let expected = 0.1 / 2.0 + if best.contains(&mv) { 0.9 / best.len() as f64 } else { 0.0 };
        assert!((p - expected).abs() < 1e-12, "{mv}: {p}");
    }
}
