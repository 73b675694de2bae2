//! Cross-checks between independent paths to the truth: the explicit minimax tree searched to
//! the end of the game and the alpha-beta search's proved results must agree with the
//! retrograde tablebase.

use crate::positions;

use proptest::prelude::*;
use ryg::eval::EvalKind;
use ryg::search::{Limits, NoHandler, SearchConfig, Searcher, Tree};
use ryg::{ExactResult, Position, Size, Tablebase};

/// The exact result an explicit tree of the whole rest of the game gives, if it has at most
/// `max_nodes` nodes.
fn tree_result(position: &Position, max_nodes: u64) -> Option<ExactResult> {
    let tree = Tree::build_until(position, 120, EvalKind::Default, &mut |n| n >= max_nodes)?;
    let value = tree.root().value;
    let plies = u32::from(value.plies_to_end().expect("a full tree ends every line"));
    let mover = position.side_to_move();
    Some(ExactResult::new(if value.is_win() { mover } else { !mover }, plies))
}

#[test]
fn explicit_minimax_to_the_end_agrees_on_every_4x4_position() {
    let tb = Tablebase::build(Size::new(4).unwrap(), 1, &mut ());
    let positions = positions::all_positions(Size::new(4).unwrap());
    assert_eq!(positions.len(), 8 * 21 * 2);
    for position in positions {
        let from_tree = tree_result(&position, u64::MAX).unwrap();
        assert_eq!(from_tree, tb.result(&position), "{position}");
    }
}

#[test]
fn alphabeta_proofs_agree_on_every_4x4_position() {
    let tb = Tablebase::build(Size::new(4).unwrap(), 1, &mut ());
    let mut searcher = Searcher::new(SearchConfig::default());
    for position in positions::all_positions(Size::new(4).unwrap()) {
        let result = searcher.search(&position, &Limits::default(), &mut NoHandler);
        let proven = result.proven.expect("4x4 positions are proved");
        let exact = tb.result(&position);
        assert_eq!(proven, exact, "{position}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn explicit_minimax_to_the_end_agrees_on_random_6x6_positions(
        start in 0u8..3, choices in prop::collection::vec(any::<u8>(), 14..40)
    ) {
        let size = Size::new(6).unwrap();
        let tb = tablebase(size);
        let position = positions::playout(size, start.into(), &choices);
        // Late positions only: the explicit tree of an early 6×6 position is too big to keep.
        if let Some(from_tree) = tree_result(&position, 3_000_000) {
            prop_assert_eq!(from_tree, tb.result(&position), "{}", position);
        }
    }

    #[test]
    fn alphabeta_proofs_agree_on_random_8x8_positions(
        start in 0u8..4, choices in prop::collection::vec(any::<u8>(), 10..50)
    ) {
        let tb = tablebase(Size::STANDARD);
        let position = positions::playout(Size::STANDARD, start.into(), &choices);
        let mut searcher = Searcher::new(SearchConfig::default());
        let result = searcher.search(&position, &Limits { depth: None, nodes: Some(20_000_000) }, &mut NoHandler);
        let exact = tb.result(&position);
        let proven = result.proven.expect("the search proves every 8x8 position within the node budget");
        prop_assert_eq!(proven, exact, "{}", position);
        if let Some(best) = result.best_move {
            prop_assert!(tb.best_moves(&position).contains(&best), "{} plays {} but the best are {:?}", position, best, tb.best_moves(&position));
        }
    }
}

/// One tablebase per size for the whole test binary.
fn tablebase(size: Size) -> &'static Tablebase {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<Tablebase>; 4] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(size.n() / 2 - 2)].get_or_init(|| Tablebase::build(size, 1, &mut ()))
}
