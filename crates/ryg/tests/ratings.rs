//! The computer players' exact expected scores and fixed ratings: the dynamic program against
//! games walked with the players themselves, against `ryg levels`' own tables, and the
//! generated table (crates/ryg/src/levels/ratings_table.rs) recomputed.

use std::collections::HashMap;

use ryg::levels::ratings::{ANCHOR, ANCHOR_RATING};
use ryg::levels::{
    distribution, engine_chances, exact_scores, fit_ratings, fixed_rating, fixed_ratings, mouse_wins,
    rated_players, ErrRate, GameGraph, Opponent, Policy, Scores,
};
use ryg::search::NoHandler;
use ryg::{EngineSpec, Level, PlayerSpec, Position, Side, Size, Tablebase};

fn size(n: u8) -> Size {
    Size::new(n).unwrap()
}

fn spec(text: &str) -> PlayerSpec {
    text.parse().unwrap()
}

/// The chance that `mouse` beats `cats` from `position`, walking the games position by
/// position with the players as a game plays them: a level's distribution, a program's
/// chosen move (`Player::choose`, as the page asks it).
fn walk(
    position: &Position,
    tb: &Tablebase,
    players: [PlayerSpec; 2],
    memo: &mut HashMap<Position, f64>,
) -> f64 {
    if let Some(outcome) = position.outcome() {
        return if outcome.winner == Side::Mouse { 1.0 } else { 0.0 };
    }
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let mover = players[usize::from(position.side_to_move() == Side::Cats)];
    let moves = match mover {
        PlayerSpec::Level(level) => distribution(level, position, tb),
        PlayerSpec::Engine(_) => {
            let choice = ryg::Player::of(mover, 0).choose(position, Some(tb), &mut NoHandler).unwrap();
            vec![(choice.mv, 1.0)]
        }
    };
    let v = moves
        .into_iter()
        .filter(|&(_, p)| p > 0.0)
        .map(|(mv, p)| p * walk(&position.play(mv).unwrap(), tb, players, memo))
        .sum();
    memo.insert(*position, v);
    v
}

/// `scores.mouse_wins` against the walked games for the pairs `pairs` (indexes).
fn assert_walked(scores: &Scores, tb: &Tablebase, pairs: &[(usize, usize)]) {
    let start = Position::start(scores.size, None).unwrap();
    for &(m, c) in pairs {
        let (mouse, cats) = (scores.players[m], scores.players[c]);
        let walked = walk(&start, tb, [mouse, cats], &mut HashMap::new());
        let p = scores.mouse_wins[m][c];
        assert!((p - walked).abs() < 1e-12, "{mouse} as the mouse against {cats}: {p}, walked {walked}");
    }
}

#[test]
fn every_pair_on_4x4_equals_its_games_walked() {
    let tb = Tablebase::build(size(4), 1, &mut ());
    let scores = exact_scores(&tb, &rated_players(), &mut |_, _| {});
    let n = scores.players.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|m| (0..n).map(move |c| (m, c))).collect();
    assert_walked(&scores, &tb, &pairs);
    for a in 0..n {
        assert!((scores.expected(a, a) - 0.5).abs() < 1e-15);
        for b in 0..n {
            assert!((scores.expected(a, b) + scores.expected(b, a) - 1.0).abs() < 1e-15);
        }
    }
}

#[test]
fn pairs_of_levels_and_programs_on_6x6_equal_their_games_walked() {
    let tb = Tablebase::build(size(6), 1, &mut ());
    let players: Vec<PlayerSpec> =
        ["ryg1@3", "4", "7", "ryg3-v10@8", "ryg3-v9@8", "ryg1-v1@3", "perfect", "random"].map(spec).to_vec();
    let scores = exact_scores(&tb, &players, &mut |_, _| {});
    assert_walked(&scores, &tb, &[(0, 1), (2, 3), (4, 5), (6, 7), (3, 0), (1, 6)]);
}

/// The human models of `ryg levels` as players.
fn models() -> Vec<PlayerSpec> {
    ErrRate::MODELS.iter().map(|&r| PlayerSpec::Level(Level::Err(r))).collect()
}

#[test]
fn the_human_models_chances_are_those_of_ryg_levels_on_6x6() {
    let size = size(6);
    let tb = Tablebase::build(size, 1, &mut ());
    let levels: Vec<PlayerSpec> = Level::ALL.iter().map(|&l| PlayerSpec::Level(l)).collect();
    let columns: Vec<Opponent> = ErrRate::MODELS.iter().map(|&r| Opponent::Err(r)).collect();
    let mouse_models = mouse_wins(&tb, &models(), &levels, &mut |_, _| {});
    let cats_models = mouse_wins(&tb, &levels, &models(), &mut |_, _| {});
    for computer in [Side::Cats, Side::Mouse] {
        let graph = GameGraph::build(&tb, computer);
        let root = graph.starts().iter().position(|&s| s == size.default_mouse_start()).unwrap();
        for (l, level) in Level::ALL.iter().enumerate() {
            let table = &graph.win_chances(Policy::of(*level, size, computer), &columns)[root];
            for (h, &human) in table.iter().enumerate() {
                let ours = match computer {
                    Side::Cats => mouse_models[h][l],
                    Side::Mouse => 1.0 - cats_models[l][h],
                };
                assert!(
                    (ours - human).abs() < 1e-12,
                    "{} against {level} ({computer}): {ours} {human}",
                    columns[h]
                );
            }
        }
    }
    // And against the programs, as `ryg levels --engine` gives it.
    let start = Position::start(size, None).unwrap();
    let programs: Vec<PlayerSpec> =
        rated_players().into_iter().filter(|p| matches!(p, PlayerSpec::Engine(_))).collect();
    let mouse_models = mouse_wins(&tb, &models(), &programs, &mut |_, _| {});
    let cats_models = mouse_wins(&tb, &programs, &models(), &mut |_, _| {});
    for (e, program) in programs.iter().enumerate() {
        let PlayerSpec::Engine(engine) = *program else { continue };
        for computer in [Side::Cats, Side::Mouse] {
            let chances = engine_chances(engine, &start, computer, &tb, &Opponent::columns());
            for (h, &(model, human)) in chances.chances.iter().skip(1).enumerate() {
                let ours = match computer {
                    Side::Cats => mouse_models[h][e],
                    Side::Mouse => 1.0 - cats_models[e][h],
                };
                assert!(
                    (ours - human).abs() < 1e-12,
                    "{model} against {engine} ({computer}): {ours} {human}"
                );
            }
        }
    }
}

/// The expected scores (side drawn at random) of the rated players, and the ratings fitted.
fn refit(scores: &Scores) -> Vec<f64> {
    let n = scores.players.len();
    let matrix: Vec<Vec<f64>> = (0..n).map(|a| (0..n).map(|b| scores.expected(a, b)).collect()).collect();
    let anchor = scores.players.iter().position(|&p| p == ANCHOR).unwrap();
    fit_ratings(&matrix, anchor, ANCHOR_RATING).ratings
}

fn assert_close(what: &str, got: &[f64], want: &[f64], tolerance: f64) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() < tolerance, "{what}, entry {i}: {g}, the table has {w}");
    }
}

/// The table of `n`, with its players checked.
fn table(n: u8) -> Scores {
    let table = fixed_ratings(size(n)).unwrap_or_else(|| panic!("a table for {n}x{n}"));
    let scores = table.scores();
    assert_eq!(scores.players, rated_players(), "{n}x{n}: the rated players, in order");
    assert_close(
        &format!("{n}x{n} ratings"),
        &refit(&scores),
        &table.ratings.iter().map(|&(_, r)| r).collect::<Vec<_>>(),
        1e-6,
    );
    scores
}

#[test]
fn the_4x4_and_6x6_tables_are_their_exact_chances_and_the_ratings_fitted_to_them() {
    for n in [4, 6] {
        let stored = table(n);
        let tb = Tablebase::build(size(n), 1, &mut ());
        let computed = exact_scores(&tb, &rated_players(), &mut |_, _| {});
        for (m, (got, want)) in computed.mouse_wins.iter().zip(&stored.mouse_wins).enumerate() {
            assert_close(&format!("{n}x{n}, {} as the mouse", stored.players[m]), got, want, 1e-12);
        }
    }
}

#[test]
fn the_8x8_table_holds_the_levels_exact_chances_and_the_ratings_fitted() {
    let stored = table(8);
    let tb = Tablebase::build(size(8), 2, &mut ());
    let levels: Vec<PlayerSpec> = Level::ALL.iter().map(|&l| PlayerSpec::Level(l)).collect();
    // The programs as the mouse meet about 120,000 positions each (two CPU-minutes in all):
    // their rows are recomputed by the ignored test below.
    let computed = mouse_wins(&tb, &levels, &stored.players, &mut |_, _| {});
    for (m, got) in computed.iter().enumerate() {
        assert_close(&format!("8x8, {} as the mouse", levels[m]), got, &stored.mouse_wins[m], 1e-12);
    }
}

#[test]
#[ignore = "about two CPU-minutes in a test build; run with --ignored"]
fn the_8x8_tables_programs_rows_are_their_exact_chances() {
    let stored = table(8);
    let tb = Tablebase::build(size(8), 2, &mut ());
    let programs: Vec<PlayerSpec> =
        rated_players().into_iter().filter(|p| matches!(p, PlayerSpec::Engine(_))).collect();
    let computed = mouse_wins(&tb, &programs, &stored.players, &mut |_, _| {});
    for (got, program) in computed.iter().zip(&programs) {
        let m = stored.players.iter().position(|p| p == program).unwrap();
        assert_close(&format!("8x8, {program} as the mouse"), got, &stored.mouse_wins[m], 1e-12);
    }
}

#[test]
fn fixed_ratings_exist_for_the_rated_players_on_the_exact_sizes_only() {
    for n in [4, 6, 8] {
        assert_eq!(fixed_rating(size(n), ANCHOR), Some(ANCHOR_RATING));
        for player in rated_players() {
            assert!(fixed_rating(size(n), player).is_some_and(f64::is_finite), "{player} on {n}x{n}");
        }
        assert_eq!(fixed_rating(size(n), spec("err:0.1")), None);
        assert_eq!(
            fixed_rating(
                size(n),
                PlayerSpec::Engine(EngineSpec::new(ryg::Engine::Ryg3V10, Some(4)).unwrap())
            ),
            None
        );
    }
    assert!(fixed_ratings(size(10)).is_none() && fixed_rating(size(10), ANCHOR).is_none());
}

/// docs/ratings.md gives each size's ratings as the table has them, rounded.
#[test]
fn the_docs_give_the_tables_ratings() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ratings.md");
    let docs = std::fs::read_to_string(path).unwrap();
    for n in [4u8, 6, 8] {
        let heading = format!("Fixed ratings on {n}x{n}");
        let section = docs.split(&heading).nth(1).unwrap_or_else(|| panic!("docs/ratings.md: {heading}"));
        let table = fixed_ratings(size(n)).unwrap();
        for &(player, rating) in table.ratings {
            let name = match player {
                PlayerSpec::Level(Level::Search(k)) => format!("level {k}"),
                other => other.to_string(),
            };
            let row = format!("| {name} | {rating:.0} |");
            assert!(section.split("\n\n|").nth(1).unwrap_or("").contains(&row), "{heading}: no row `{row}`");
        }
    }
}
