//! Search tests: alpha-beta agrees with explicit-tree minimax under every switch, the node
//! counts of the original's experiment, the proof of the 8x8 start, limits and ties.

use crate::positions;

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use ryg::eval::EvalKind;
use ryg::search::{
    Algo, AlphaBetaConfig, HistoryRule, Iteration, Limits, Method, NoHandler, OrderRule, Score,
};
use ryg::search::{SearchConfig, SearchHandler, Searcher, TableConfig, Tree};
use ryg::{Move, Position, Side, Size};

fn after(moves: &[&str]) -> Position {
    moves.iter().fold(Position::standard(), |p, m| p.play(m.parse().unwrap()).unwrap())
}

fn nodes(config: SearchConfig, position: &Position, depth: u8) -> u64 {
    Searcher::new(config).search(position, &Limits::depth(depth), &mut NoHandler).nodes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn alphabeta_agrees_with_the_explicit_tree(
        size in prop::sample::select(vec![4u8, 6, 8, 10]),
        start in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..40),
        depth in 1u8..=5,
        switches in 0u8..128,
        seed in any::<u64>(),
        seed_eval in any::<bool>(),
    ) {
        let depth = if size >= 8 { depth.min(4) } else { depth };
        let pos = positions::playout(Size::new(size).unwrap(), start, &choices);
        prop_assume!(pos.count_moves() > 0);
        let eval = if seed_eval { EvalKind::Seed } else { EvalKind::Default };
        let tree = Tree::build(&pos, depth, eval);
        let on = |bit: u8| switches & bit != 0;
        let config = SearchConfig {
            eval,
            iterative_deepening: on(8),
            random_ties: on(32).then_some(seed),
            tie_margin: 0,
            method: Method::AlphaBeta(AlphaBetaConfig {
                table: on(1).then(|| TableConfig::megabytes(1)),
                ordering: on(2).then_some(OrderRule::TableFirst),
                history: on(4).then_some(HistoryRule::CutOffs),
                mate_distance: on(16),
                pvs: on(64),
                ..AlphaBetaConfig::default()
            }),
            ..SearchConfig::default()
        };
        let result = Searcher::new(config).search(&pos, &Limits::depth(depth), &mut NoHandler);
        prop_assert_eq!(result.score, tree.root().value, "{} depth {} {:?}", pos, depth, config);
        let by_move = tree.root_moves();
        let best = result.best_move.unwrap();
        let value_of = |mv: Move| by_move.iter().find(|(m, _)| *m == mv).unwrap().1;
        prop_assert_eq!(value_of(best), tree.root().value);
        if config.random_ties.is_some() {
            let ties: BTreeSet<Move> = by_move.iter().filter(|(_, s)| *s == tree.root().value).map(|(m, _)| *m).collect();
            let found: BTreeSet<Move> = result.candidates.iter().map(|(m, _)| *m).collect();
            prop_assert_eq!(found, ties);
        }
        let minimax = config.minimax();
        let result = Searcher::new(minimax).search(&pos, &Limits::depth(depth), &mut NoHandler);
        prop_assert_eq!(result.score, tree.root().value);
    }
}

#[test]
fn ordering_and_history_cut_the_originals_experiment_by_more_than_40_percent() {
    // The C64 program, depth 8 after e1f2: 17,717 nodes without ordering, 10,744 with.
    let pos = after(&["e1f2"]);
    let base = SearchConfig::plain(EvalKind::Seed);
    let without = nodes(base, &pos, 8);
    let ordered = |ab: &mut AlphaBetaConfig| {
        ab.ordering = Some(OrderRule::TableFirst);
        ab.history = Some(HistoryRule::CutOffs);
    };
    let with = nodes(base.with_alpha_beta(ordered), &pos, 8);
    assert_eq!((without, with), (9_698, 4_177));
    assert!(with * 10 <= without * 6, "{with} is not 40% below {without}");
    let everything =
        base.with_alpha_beta(ordered).with_alpha_beta(|ab| ab.table = Some(TableConfig::default()));
    assert_eq!(nodes(everything, &pos, 8), 1_074);
    let minimax = base.minimax();
    assert_eq!(nodes(minimax, &pos, 8), 294_369);
}

/// Plays `pv` from `start` and checks it ends the game after exactly `plies` with `winner`.
fn check_pv_ends_game(start: &Position, pv: &[Move], plies: usize, winner: Side) {
    assert_eq!(pv.len(), plies);
    let mut pos = *start;
    for &mv in pv {
        assert!(pos.outcome().is_none());
        pos = pos.play(mv).unwrap();
    }
    assert_eq!(pos.outcome().map(|o| o.winner), Some(winner));
}

#[test]
fn the_search_alone_proves_the_8x8_start_a_cats_win_in_44_plies() {
    let start = Position::standard();
    // The proving search (the default without a depth limit): one "iteration", the proof.
    let result = Searcher::new(SearchConfig::default()).search(&start, &Limits::default(), &mut NoHandler);
    assert_eq!(result.score, Score::loss_in(44));
    let proven = result.proven.unwrap();
    assert_eq!((proven.winner, proven.plies), (Side::Cats, 44));
    assert_eq!(result.depth, 44);
    assert_eq!(result.iterations.len(), 1);
    assert_eq!(result.best_move, Some("e1d2".parse().unwrap()));
    check_pv_ends_game(&start, &result.pv, 44, Side::Cats);
    // Iterative deepening of the heuristic search until it proves.
    let deepening = SearchConfig::default().without_proof();
    let result = Searcher::new(deepening).search(&start, &Limits::default(), &mut NoHandler);
    assert_eq!(result.score, Score::loss_in(44));
    assert_eq!((result.depth, result.iterations.len()), (44, 44));
    check_pv_ends_game(&start, &result.pv, 44, Side::Cats);
    // Without iterative deepening the search never reaches an evaluated leaf, so its node
    // count does not depend on the evaluation's weights.
    let direct = SearchConfig { iterative_deepening: false, ..deepening };
    let result = Searcher::new(direct).search(&start, &Limits::default(), &mut NoHandler);
    assert_eq!(result.score, Score::loss_in(44));
    assert_eq!(result.nodes, 4_347_519);
    let pvs = direct.with_alpha_beta(|ab| ab.pvs = true);
    let result = Searcher::new(pvs).search(&start, &Limits::default(), &mut NoHandler);
    assert_eq!((result.score, result.nodes), (Score::loss_in(44), 3_390_409));
}

#[test]
fn small_boards_are_proved_too() {
    let solve = |n: u8| {
        let start = Position::start(Size::new(n).unwrap(), None).unwrap();
        let r = Searcher::new(SearchConfig::default()).search(&start, &Limits::default(), &mut NoHandler);
        let p = r.proven.unwrap();
        check_pv_ends_game(&start, &r.pv, p.plies as usize, p.winner);
        (p.winner, p.plies)
    };
    assert_eq!(solve(4), (Side::Cats, 8));
    assert_eq!(solve(6), (Side::Mouse, 25));
}

#[test]
fn game_ends_are_identical_with_and_without_the_table() {
    // Positions from the proof's line, 30 to 38 plies in: the table re-bases its game-end
    // scores, so the scores must match a search without it exactly.
    let start = Position::standard();
    let line = Searcher::new(SearchConfig::default()).search(&start, &Limits::default(), &mut NoHandler).pv;
    for skip in [30, 34, 38] {
        let mut pos = start;
        for &mv in &line[..skip] {
            pos.play_unchecked(mv);
        }
        let with = SearchConfig::plain(EvalKind::Default)
            .with_alpha_beta(|ab| ab.table = Some(TableConfig::default()));
        let depth = (44 - skip) as u8;
        let a = Searcher::new(with).search(&pos, &Limits::depth(depth), &mut NoHandler);
        let b = Searcher::new(SearchConfig::plain(EvalKind::Default)).search(
            &pos,
            &Limits::depth(depth),
            &mut NoHandler,
        );
        let expected = if pos.side_to_move() == Side::Cats {
            Score::win_in(44 - skip as u16)
        } else {
            Score::loss_in(44 - skip as u16)
        };
        assert_eq!((a.score, b.score), (expected, expected), "after {skip} plies");
        // And with iterative deepening (entries from shallower iterations in the table).
        let c = Searcher::new(SearchConfig::default()).search(&pos, &Limits::depth(depth), &mut NoHandler);
        assert_eq!(c.score, expected);
    }
}

#[test]
fn node_limits_are_exact() {
    let start = Position::standard();
    for algo in [Algo::AlphaBeta, Algo::Minimax] {
        for limit in [1, 2, 1_000, 12_345] {
            let config = SearchConfig::default().with_algo(algo);
            let r = Searcher::new(config).search(&start, &Limits::nodes(limit), &mut NoHandler);
            assert_eq!(r.nodes, limit, "{algo} with --nodes {limit}");
            assert!(r.stopped);
            assert!(start.is_legal(r.best_move.unwrap()));
            assert_eq!(r.proven, None);
        }
    }
    // A limit the search does not reach changes nothing.
    let r = Searcher::new(SearchConfig::default()).search(
        &start,
        &Limits { depth: Some(6), nodes: Some(1_000_000) },
        &mut NoHandler,
    );
    let free = Searcher::new(SearchConfig::default()).search(&start, &Limits::depth(6), &mut NoHandler);
    assert!(!r.stopped);
    assert_eq!((r.nodes, r.score, r.best_move), (free.nodes, free.score, free.best_move));
}

#[test]
fn minimax_stops_before_its_tree_outgrows_memory() {
    let config = SearchConfig::default().minimax();
    let r = Searcher::new(config).search(&Position::standard(), &Limits::default(), &mut NoHandler);
    assert!(r.stopped);
    // Iterations 1 to 10 complete (3,289,143 nodes at depth 10); depth 11 (12,820,490 nodes)
    // stops when its tree reaches the cap.
    assert_eq!(r.depth, 10);
    assert_eq!(r.iterations[9].nodes, 4_117_462);
    assert_eq!(r.nodes, 4_117_462 + ryg::search::minimax::MAX_TREE_NODES);
}

#[test]
fn a_raised_stop_flag_stops_at_once_with_a_legal_move() {
    let stop = AtomicBool::new(true);
    let start = Position::standard();
    let r = Searcher::new(SearchConfig::default()).search(&start, &Limits::default(), &mut &stop);
    assert!(r.stopped);
    assert_eq!(r.nodes, 0);
    assert_eq!(r.best_move, Some("e1d2".parse().unwrap()));
    assert!(r.iterations.is_empty());
}

#[derive(Default)]
struct Recorder {
    depths: Vec<u8>,
}

impl SearchHandler for Recorder {
    fn on_iteration(&mut self, it: &Iteration) {
        self.depths.push(it.depth);
    }
}

#[test]
fn the_handler_hears_every_iteration() {
    let mut rec = Recorder::default();
    let r = Searcher::new(SearchConfig::default()).search(&Position::standard(), &Limits::depth(5), &mut rec);
    assert_eq!(rec.depths, [1, 2, 3, 4, 5]);
    assert_eq!(r.iterations.iter().map(|i| i.depth).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    let mut rec = Recorder::default();
    let no_id = SearchConfig { iterative_deepening: false, ..SearchConfig::default() };
    Searcher::new(no_id).search(&Position::standard(), &Limits::depth(5), &mut rec);
    assert_eq!(rec.depths, [5]);
}

#[test]
fn random_ties_choose_among_equal_best_moves_and_replay_by_seed() {
    // At depth 1 with the seed evaluation, e1d2 and e1f2 score the same.
    let start = Position::standard();
    let pick = |seed: u64| {
        let config =
            SearchConfig { eval: EvalKind::Seed, random_ties: Some(seed), ..SearchConfig::default() };
        let r = Searcher::new(config).search(&start, &Limits::depth(1), &mut NoHandler);
        assert_eq!(r.candidates.len(), 2);
        r.best_move.unwrap().to_string()
    };
    let picks: BTreeSet<String> = (0..16).map(pick).collect();
    assert_eq!(picks, BTreeSet::from(["e1d2".to_string(), "e1f2".to_string()]));
    assert_eq!(pick(5), pick(5));
    // Without a seed the first move found is played, every time.
    let r = Searcher::new(SearchConfig { eval: EvalKind::Seed, ..SearchConfig::default() }).search(
        &start,
        &Limits::depth(1),
        &mut NoHandler,
    );
    assert_eq!(r.best_move, Some("e1d2".parse().unwrap()));
    assert_eq!(r.candidates.len(), 1);
}

#[test]
fn a_tie_margin_lists_near_equal_moves() {
    let start = Position::standard();
    let config = SearchConfig { tie_margin: 1000, ..SearchConfig::default() };
    let r = Searcher::new(config).search(&start, &Limits::depth(4), &mut NoHandler);
    let tree = Tree::build(&start, 4, EvalKind::Default);
    let mut expected = tree.root_moves();
    expected.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    assert_eq!(r.candidates, expected);
}

#[test]
fn a_finished_game_has_no_move() {
    let pos: Position = "1c1c/4/4/2m1 m".parse::<Position>().unwrap();
    assert!(pos.outcome().is_none());
    let won: Position = "1m1c/2c1/4/4 c".parse().unwrap();
    let r = Searcher::new(SearchConfig::default()).search(&won, &Limits::default(), &mut NoHandler);
    assert_eq!((r.best_move, r.score), (None, Score::loss_in(0)));
    assert_eq!(r.proven.map(|p| (p.winner, p.plies)), Some((Side::Mouse, 0)));
}

#[test]
fn weights_of_their_own_steer_the_search() {
    use ryg::eval::Weights;
    let position = after(&["e1d2", "b8a7", "d2c3"]);
    let run = |weights, algo| {
        let config = SearchConfig { weights, ..SearchConfig::default() }.without_proof().with_algo(algo);
        Searcher::new(config).search(&position, &Limits::depth(4), &mut NoHandler)
    };
    for algo in [Algo::AlphaBeta, Algo::Minimax] {
        // The evaluation's own weights, given explicitly: the very same search.
        let own = run(None, algo);
        let same = run(Some(Weights::of(EvalKind::Default)), algo);
        assert_eq!((same.best_move, same.score, same.nodes), (own.best_move, own.score, own.nodes));
        // Every weight doubled: every leaf doubles, the same move, twice the score.
        let doubled: Vec<i32> = EvalKind::Default.terms().iter().map(|t| 2 * t.weight).collect();
        let twice = run(Some(Weights::new(EvalKind::Default, &doubled).unwrap()), algo);
        assert_eq!(twice.best_move, own.best_move);
        assert!(!own.score.is_game_end());
        assert_eq!(i32::from(twice.score.value()), 2 * i32::from(own.score.value()));
    }
    // The seed terms' weights replace the default evaluation: as if `eval` were seed.
    let seed = SearchConfig { eval: EvalKind::Seed, ..SearchConfig::default() }.without_proof();
    let by_kind = Searcher::new(seed).search(&position, &Limits::depth(4), &mut NoHandler);
    let by_weights = run(Some(Weights::of(EvalKind::Seed)), Algo::AlphaBeta);
    assert_eq!((by_weights.best_move, by_weights.score), (by_kind.best_move, by_kind.score));
}

#[test]
fn move_scores_are_the_root_choice_taken_apart() {
    // Every root move's score at depth d: the best of them is the search's score, and the
    // search's move is among the moves that reach it; the same as the explicit tree's.
    for (position, depth) in [(Position::standard(), 4), (after(&["e1d2"]), 3), (after(&["e1d2", "b8a7"]), 1)]
    {
        for eval in [EvalKind::Seed, EvalKind::Default] {
            let config = SearchConfig { eval, ..SearchConfig::default() }.without_proof();
            let mut searcher = Searcher::new(config);
            let scores = searcher.move_scores(&position, depth);
            let r = searcher.search(&position, &Limits::depth(depth), &mut NoHandler);
            let best = scores.iter().map(|&(_, s)| s).max().unwrap();
            assert_eq!(best, r.score, "{} d{depth} {eval}", position.fen());
            assert!(scores.contains(&(r.best_move.unwrap(), best)));
            let tree = Tree::build(&position, depth, eval);
            assert_eq!(scores, tree.root_moves(), "{} d{depth} {eval}", position.fen());
        }
    }
    // A move that ends the game scores the game's end: the mouse on g7 steps to the top.
    let near = "1c1c1c2/6m1/8/8/8/8/8/c7 m".parse::<Position>().unwrap();
    let scores = Searcher::new(SearchConfig::default()).move_scores(&near, 3);
    assert!(scores.iter().any(|&(m, s)| m.to_string().ends_with('8') && s == Score::win_in(1)), "{scores:?}");
}
