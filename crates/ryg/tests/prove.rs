//! The proving search against the tablebase: result, plies and best moves on every 4×4 and
//! 6×6 position and on thousands of random 8×8 positions; the 8×8 start under a node budget;
//! the 10×10 start (ignored: minutes in a test build).
//!
//! "Best-move set" means every legal move whose resulting position keeps the exact result:
//! the winner's moves that win fastest, the loser's that resist longest (the tablebase's
//! `best_moves`). The prover's one best move must lie in it, and the set the prover
//! enumerates (`Prover::best_moves`) must equal it.

use crate::positions;

use ryg::search::{DistanceSearch, NoHandler, ProofConfig, ProofTable, Prover};
use ryg::{ExactResult, Position, Side, Size, Tablebase};

fn check(prover: &mut Prover<'_, NoHandler>, tb: &Tablebase, position: &Position, sets: bool) {
    let proof = prover.prove(position).expect("no limit");
    let exact = tb.result(position);
    assert_eq!(proof.result, exact, "{position}");
    let best = tb.best_moves(position);
    match proof.best_move {
        Some(mv) => assert!(best.contains(&mv), "{position}: {mv} not in {best:?}"),
        None => assert!(best.is_empty() && position.count_moves() == 0, "{position}"),
    }
    if sets {
        assert_eq!(prover.best_moves(position).unwrap(), best, "{position}");
    }
}

fn every_position(n: u8, config: ProofConfig) -> usize {
    let size = Size::new(n).unwrap();
    let tb = Tablebase::build(size, 1, &mut ());
    let mut handler = NoHandler;
    let mut prover = Prover::new(config, size, u64::MAX, &mut handler);
    let mut count = 0;
    positions::for_each_position(size, |position| {
        check(&mut prover, &tb, &position, true);
        count += 1;
    });
    count
}

#[test]
fn agrees_with_the_tablebase_on_every_4x4_position_with_every_technique_set() {
    let plain = ProofConfig::plain();
    let sets = [
        ProofConfig::default(),
        plain,
        ProofConfig { table: Some(ProofTable::PLAIN), ..plain },
        ProofConfig { table: Some(ProofTable::DEFAULT), ..plain },
        ProofConfig { win_first: true, distance: DistanceSearch::Bisect, ..ProofConfig::default() },
        ProofConfig { distance: DistanceSearch::Step, ..ProofConfig::default() },
        ProofConfig { win_first: false, distance: DistanceSearch::Step, ..ProofConfig::default() },
        ProofConfig { free_mouse: true, mate_distance: true, ordering: true, ..plain },
    ];
    for config in sets {
        assert_eq!(every_position(4, config), 8 * 21 * 2, "{config:?}");
    }
}

#[test]
fn agrees_with_the_tablebase_on_every_6x6_position() {
    assert_eq!(every_position(6, ProofConfig::default()), 18 * 17 * 16 / 6 * 15 * 2);
}

#[test]
fn agrees_with_the_tablebase_on_every_6x6_position_with_a_tiny_table_and_bisection() {
    // A 1 MiB table overflows on 6x6 here (every position proved in one table): replacement
    // must never make a proof wrong.
    let config = ProofConfig { distance: DistanceSearch::Bisect, ..ProofConfig::default() };
    assert_eq!(every_position(6, config), 24_480);
}

#[test]
fn agrees_with_the_tablebase_on_4000_random_8x8_positions() {
    let size = Size::STANDARD;
    let tb = Tablebase::build(size, 1, &mut ());
    let mut rng = ryg::search::SplitMix64::new(13);
    let mut handler = NoHandler;
    let mut prover = Prover::new(ProofConfig::default(), size, u64::MAX, &mut handler);
    let mut wins = [0; 2];
    for i in 0..4000 {
        let plies = 6 + rng.below(50);
        let choices: Vec<u8> = (0..plies).map(|_| rng.below(256) as u8).collect();
        let position = positions::playout(size, rng.below(4), &choices);
        if i % 200 == 0 {
            prover.clear();
        }
        check(&mut prover, &tb, &position, i % 4 == 0);
        wins[usize::from(tb.result(&position).winner == Side::Cats)] += 1;
    }
    // Both winners are well represented.
    assert!(wins[0] > 400 && wins[1] > 400, "{wins:?}");
}

#[test]
fn proves_the_8x8_start_within_the_node_budget() {
    let mut handler = NoHandler;
    let start = Position::standard();
    let mut prover = Prover::new(ProofConfig::default(), start.size(), u64::MAX, &mut handler);
    let proof = prover.prove(&start).unwrap();
    assert_eq!(proof.result, ExactResult::new(Side::Cats, 44));
    assert_eq!(proof.best_move.unwrap().to_string(), "e1d2");
    assert!(proof.nodes <= 1_000_000, "{}", proof.nodes);
    assert_eq!(proof.nodes, 351_370);
}

#[test]
fn a_node_limit_stops_the_proof() {
    let mut handler = NoHandler;
    let start = Position::standard();
    let mut prover = Prover::new(ProofConfig::default(), start.size(), 1000, &mut handler);
    assert_eq!(prover.prove(&start), None);
    assert!(prover.stopped);
    assert_eq!(prover.nodes, 1000);
}

#[test]
#[ignore = "about a minute in a test build; run with --ignored"]
fn proves_the_10x10_start_as_the_tablebase_does() {
    let size = Size::new(10).unwrap();
    let start = Position::start(size, None).unwrap();
    let tb = Tablebase::build(size, 2, &mut ());
    let mut handler = NoHandler;
    let mut prover = Prover::new(ProofConfig::default(), size, u64::MAX, &mut handler);
    let proof = prover.prove(&start).unwrap();
    assert_eq!(proof.result, tb.result(&start));
    assert_eq!(proof.result, ExactResult::new(Side::Cats, 72));
    assert!(tb.best_moves(&start).contains(&proof.best_move.unwrap()));
}
