//! The engine built wide (`ryg-wide`): 12×12 and 14×14 move generation, notation and search,
//! checked against hand counts and the naive generator of the engine's own tests.

#[path = "../../ryg/tests/common/mod.rs"]
mod common;

use common::Naive;
use ryg_wide::search::{NoHandler, ProofConfig, Prover};
use ryg_wide::{perft, perft_divide, ExactResult, Position, Side, Size, Square};

#[test]
fn twelve_and_fourteen_start_as_the_rules_say() {
    let starts: Vec<String> = Size::ALL.iter().map(|&s| Position::start(s, None).unwrap().fen()).collect();
    assert_eq!(
        starts[4..],
        [
            "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m",
            "1c1c1c1c1c1c1c/14/14/14/14/14/14/14/14/14/14/14/14/6m7 m",
        ]
    );
    assert_eq!("n14".parse::<Square>().unwrap().to_string(), "n14");
    assert_eq!(
        "o1".parse::<Square>().unwrap_err().to_string(),
        "bad square 'o1': expected a file a-n followed by a rank 1-14"
    );
    assert_eq!(
        "16".parse::<Size>().unwrap_err().to_string(),
        "unsupported board size '16': expected 4, 6, 8, 10, 12 or 14 (optionally written 8x8)"
    );
}

/// 12×12 and 14×14: the first two plies counted by hand (the mouse on g1 has two moves; of
/// the cats on the top rank, the one on the last file has one), then deeper counts and
/// mid-game positions against the naive generator, which knows nothing of the bit layout.
#[test]
fn twelve_and_fourteen_match_hand_counts_and_the_naive_generator() {
    for (n, by_hand) in [(12u8, [2u64, 2 * (5 * 2 + 1)]), (14, [2, 2 * (6 * 2 + 1)])] {
        let size = Size::new(n).unwrap();
        let start = Position::start(size, None).unwrap();
        assert_eq!([perft(&start, 1), perft(&start, 2)], by_hand, "{size}");
        let mut position = start;
        for ply in 0..24 {
            let fen = position.fen();
            assert_eq!(fen.parse::<Position>(), Ok(position), "{fen}");
            if ply % 6 == 0 {
                for depth in 3..=5 {
                    assert_eq!(
                        perft(&position, depth),
                        Naive::from_fen(&fen).perft(depth),
                        "{fen} depth {depth}"
                    );
                }
            }
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play(moves[(ply * 7 + 3) % moves.len()]).unwrap();
        }
    }
}

/// A divided perft adds up on 12×12, and a mouse that has passed every cat wins in the plies it
/// needs to walk home (the proving search; the layered tests check it against the tablebase).
#[test]
fn a_free_mouse_on_12x12_walks_home() {
    let p: Position = "12/12/12/12/12/12/12/4m7/12/c1c1c1c1c1c1/12/12 m".parse().unwrap();
    let divided: u64 = perft_divide(&p, 4).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, perft(&p, 4));
    let mut handler = NoHandler;
    let proof = Prover::new(ProofConfig::default(), p.size(), u64::MAX, &mut handler).prove(&p).unwrap();
    // from rank 5 the mouse needs seven steps to rank 12: seven of its plies and six of the
    // cats', who have moves enough (two each) not to be frozen before
    assert_eq!(proof.result, ExactResult::new(Side::Mouse, 13));
}

#[test]
fn a_search_at_the_depth_limit_follows_a_long_14x14_line() {
    use ryg_wide::search::{Limits, SearchConfig, Searcher, MAX_DEPTH};
    // One search at the full depth in generation order: its first line runs down to the
    // game's end, more than MAX_DEPTH − 2 plies away (the mouse shuffles in the corner while
    // the cats come down), so the line arrays must hold the whole depth.
    let size = Size::new(14).unwrap();
    let start = Position::start(size, Some("a1".parse().unwrap())).unwrap();
    let config = SearchConfig::plain(ryg_wide::eval::EvalKind::Default);
    let mut searcher = Searcher::new(config);
    let result =
        searcher.search(&start, &Limits { depth: Some(MAX_DEPTH), nodes: Some(20_000) }, &mut NoHandler);
    // stopped by the node budget inside its one iteration (none finished), not by a panic
    assert_eq!(result.nodes, 20_000);
    assert_eq!(result.depth, 0);
}
