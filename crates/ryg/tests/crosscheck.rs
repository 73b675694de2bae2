//! The fast library against the naive grid model of `tests/common`, on random playouts and
//! random positions of every board size; make/unmake and the incremental hash.

use crate::common;

use common::{Naive, NaiveEnd};
use proptest::prelude::*;
use ryg::{perft, Move, Position, Reason, Side, Size, Square};

fn fast_names(position: &Position) -> Vec<String> {
    let mut names: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    names.sort();
    names
}

fn naive_reason(end: NaiveEnd) -> Reason {
    match end {
        NaiveEnd::MouseEscaped => Reason::MouseEscaped,
        NaiveEnd::MouseTrapped => Reason::MouseTrapped,
        NaiveEnd::CatsBlocked => Reason::CatsBlocked,
    }
}

/// Everything the two models must agree on in one position, plus make/unmake and hashing.
fn check_agree(fast: &Position, naive: &Naive) {
    assert_eq!(fast.fen(), naive.fen());
    let names = fast_names(fast);
    assert_eq!(names, naive.move_names(), "{}", fast.fen());
    assert_eq!(fast.count_moves(), names.len(), "{}", fast.fen());
    // The documented order (origin, then destination, in square order) and the k-th move.
    let moves = fast.legal_moves();
    let keys: Vec<(u8, u8)> = moves.iter().map(|mv| (mv.from.index(), mv.to.index())).collect();
    assert!(keys.is_sorted(), "{}: {moves:?}", fast.fen());
    for (k, &mv) in moves.iter().enumerate() {
        assert_eq!(fast.nth_move(k), Some(mv), "{} move {k}", fast.fen());
    }
    assert_eq!(fast.nth_move(moves.len()), None, "{}", fast.fen());
    assert_eq!(fast.outcome().map(|o| o.reason), naive.end().map(naive_reason), "{}", fast.fen());
    if let Some(outcome) = fast.outcome() {
        assert!(fast.legal_moves().is_empty());
        assert_eq!(outcome.winner, outcome.reason.winner());
    }
    assert_eq!(fast.hash(), fast.recompute_hash(), "{}", fast.fen());
    for depth in 1..=3 {
        assert_eq!(perft(fast, depth), naive.perft(depth), "perft {depth} of {}", fast.fen());
    }
    for &mv in fast.legal_moves().iter() {
        let mut copy = *fast;
        copy.play_unchecked(mv);
        assert_eq!(copy.hash(), copy.recompute_hash(), "{} after {mv}", fast.fen());
        assert_eq!(copy, fast.play(mv).unwrap());
        assert_ne!(copy.hash(), fast.hash());
        copy.undo_unchecked(mv);
        assert_eq!(copy, *fast, "undo {mv}");
        assert_eq!(copy.hash(), fast.hash(), "undo {mv}");
    }
}

fn size_of(n: usize) -> Size {
    Size::new(n as u8).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random games from every start square of every size, to the end.
    #[test]
    fn playouts_agree_with_the_naive_model(
        n in prop::sample::select(vec![4usize, 6, 8, 10]),
        start_pick in 0usize..5,
        choices in prop::collection::vec(any::<u32>(), 0..120),
    ) {
        let mouse_file = 2 * (start_pick % (n / 2));
        let mut naive = Naive::start(n, mouse_file);
        let start_square = Square::from_coords(mouse_file as u8, 0).unwrap();
        let mut fast = Position::start(size_of(n), Some(start_square)).unwrap();
        for choice in choices {
            check_agree(&fast, &naive);
            let moves = fast.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let naive_mv = naive
                .moves()
                .into_iter()
                .find(|&((f1, r1), (f2, r2))| {
                    (f1 as u8, r1 as u8, f2 as u8, r2 as u8)
                        == (mv.from.file(), mv.from.rank(), mv.to.file(), mv.to.rank())
                })
                .expect("the naive model knows the move");
            fast = fast.play(mv).unwrap();
            naive = naive.play(naive_mv);
        }
        check_agree(&fast, &naive);
    }

    /// Random placements (reachable or not): one mouse and N/2 cats on distinct dark squares.
    #[test]
    fn random_positions_agree_with_the_naive_model(
        n in prop::sample::select(vec![4usize, 6, 8, 10]),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 6),
        mouse_to_move in any::<bool>(),
    ) {
        let mut dark: Vec<(usize, usize)> =
            (0..n).flat_map(|r| (0..n).map(move |f| (f, r))).filter(|(f, r)| (f + r) % 2 == 0).collect();
        let mut grid = vec![vec!['.'; n]; n];
        for (i, pick) in picks.iter().take(n / 2 + 1).enumerate() {
            let (f, r) = dark.remove(pick.index(dark.len()));
            grid[r][f] = if i == 0 { 'm' } else { 'c' };
        }
        let naive = Naive { n, grid, mouse_to_move };
        let fast: Position = naive.fen().parse().unwrap();
        prop_assert_eq!(fast.side_to_move(), if mouse_to_move { Side::Mouse } else { Side::Cats });
        check_agree(&fast, &naive);
    }
}
