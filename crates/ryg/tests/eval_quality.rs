//! How good are the evaluations? On 150 random 8x8 positions where the choice matters (some
//! moves keep the win, some throw it away; exact values proved by the search itself), count
//! how often a search of each depth with each evaluation picks a winning move. Slow (it solves
//! every child position), so it is ignored by default: `cargo test --release -- --ignored`.

use ryg::eval::EvalKind;
use ryg::search::{Limits, NoHandler, SearchConfig, Searcher, SplitMix64};
use ryg::{Move, Position};

fn solved_loss(p: &Position) -> bool {
    let cfg = SearchConfig { iterative_deepening: false, pvs: true, ..SearchConfig::default() };
    Searcher::new(cfg).search(p, &Limits::default(), &mut NoHandler).score.is_loss()
}

/// Random positions with each move marked winning or not.
fn positions(seed: u64, n: usize) -> Vec<(Position, Vec<(Move, bool)>)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::standard();
        for _ in 0..6 + rng.below(30) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        if pos.count_moves() < 2 {
            continue;
        }
        let marks: Vec<(Move, bool)> = pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = pos;
                child.play_unchecked(mv);
                (mv, solved_loss(&child))
            })
            .collect();
        let winning = marks.iter().filter(|m| m.1).count();
        if winning > 0 && winning < marks.len() {
            out.push((pos, marks));
        }
    }
    out
}

#[test]
#[ignore = "solves about 750 positions; run with --release -- --ignored"]
fn the_default_evaluation_finds_more_winning_moves_than_the_seed() {
    let set = positions(12345, 150);
    let score = |eval: EvalKind, depth: u8| {
        set.iter()
            .filter(|(pos, marks)| {
                let config = SearchConfig { eval, ..SearchConfig::default() };
                let mv = Searcher::new(config).search(pos, &Limits::depth(depth), &mut NoHandler).best_move;
                marks.iter().any(|&(m, wins)| Some(m) == mv && wins)
            })
            .count()
    };
    let table: Vec<(usize, usize)> =
        [1, 2, 4, 6, 8].iter().map(|&d| (score(EvalKind::Seed, d), score(EvalKind::Default, d))).collect();
    assert_eq!(table, [(109, 133), (113, 133), (124, 141), (133, 147), (147, 149)]);
}
