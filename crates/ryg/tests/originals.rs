//! The articles' programs as ryg reproduces them: RYG's explicit tree with every board
//! evaluated, and the node counts of RYG3's versions at depth 8 after e1f2.

use ryg::engines::{Engine, EngineSpec};
use ryg::eval::EvalKind;
use ryg::search::{Limits, NoHandler, Searcher, Tree, TreeRules};
use ryg::{Position, Score};

/// The position after the mouse's e1f2 (cats to move), the articles' experiment.
fn after_e1f2() -> Position {
    "1c1c1c1c/8/8/8/8/8/5m2/8 c".parse().unwrap()
}

fn ryg1_tree(engine: Engine, depth: u8) -> Tree {
    let config = engine.config();
    let rules = TreeRules::of(&config);
    Tree::build_with(&after_e1f2(), depth, ryg::eval::Weights::of(config.eval), rules, &mut |_| false)
        .unwrap()
}

#[test]
fn the_depth_two_tree_after_e1f2_evaluates_all_36_boards() {
    let tree = ryg1_tree(Engine::Ryg1V1, 2);
    // The root, the cats' 7 moves, the mouse's 4 answers to each.
    assert_eq!(tree.nodes.len(), 36);
    let root = tree.root();
    // Version 13's lesson: the root's own $81 beside the $82 minimax brings back.
    assert_eq!(root.for_mouse(root.eval), Score::eval(1));
    assert_eq!(root.for_mouse(root.value), Score::eval(2));
    // Every board carries its own evaluation: the inner ones are the cats' 7 replies.
    let inner: Vec<_> = tree.nodes.iter().filter(|n| !n.children.is_empty()).collect();
    assert_eq!(inner.len(), 8);
    for n in &tree.nodes {
        let v = ryg::eval::score_for_mouse(EvalKind::SeedV1, &n.position);
        assert_eq!(n.for_mouse(n.eval), Score::eval(v), "{}", n.position.fen());
    }
}

#[test]
fn the_mouse_steps_in_each_program_s_own_order() {
    let position: Position = "1c1c1c1c/8/8/8/3m4/8/8/8 m".parse().unwrap();
    for engine in Engine::ORIGINALS {
        let config = engine.config();
        let rules = TreeRules::of(&config);
        let tree = Tree::build_with(&position, 1, ryg::eval::Weights::of(config.eval), rules, &mut |_| false)
            .unwrap();
        let moves: Vec<String> = tree.root_moves().iter().map(|(m, _)| m.to_string()).collect();
        if engine.is_ryg1() {
            // RYG's tblRatonF/tblRatonC, (-1,-1), (-1,+1), (+1,+1), (+1,-1) on its board, the
            // mirror image of ryg's: north-east, north-west, south-west, south-east.
            assert_eq!(moves, ["d4e5", "d4c5", "d4c3", "d4e3"], "{engine}");
        } else {
            // RYG3's DIR_SW, DIR_SE, DIR_NE, DIR_NW.
            assert_eq!(moves, ["d4c3", "d4e3", "d4e5", "d4c5"], "{engine}");
        }
    }
}

/// (all nodes, RYG3's count of interior nodes, best move) at depth 8 after e1f2.
fn ryg3_at_depth_8(engine: Engine) -> (u64, u64, String) {
    let spec = EngineSpec::new(engine, Some(8)).unwrap();
    let r = Searcher::new(engine.config()).search(&after_e1f2(), &Limits::depth(spec.depth), &mut NoHandler);
    assert_eq!(r.depth, 8);
    (r.nodes, r.interior_nodes, r.best_move.unwrap().to_string())
}

#[test]
fn ryg3_versions_at_depth_8_after_e1f2() {
    let v9 = ryg3_at_depth_8(Engine::Ryg3V9);
    let v10 = ryg3_at_depth_8(Engine::Ryg3V10);
    let v11 = ryg3_at_depth_8(Engine::Ryg3V11);
    // Every board entered, RYG3's count (boards searched with depth left, all eight
    // iterations), the move chosen. The article («Ordenación de movimientos») counted 17,717
    // (v9) and 10,744 (v10) with RYG3's own evaluation and one-byte hash, and reports the
    // moves: «Con la versión 9 del proyecto era el H8G7, mientras que con la versión 10 es el
    // B8A7». Version 9 keeps the last of equal moves, versions 10 and 11 the first.
    assert_eq!(v9, (22_457, 8_015, "h8g7".to_string()));
    assert_eq!(v10, (9_565, 4_165, "b8a7".to_string()));
    assert_eq!(v11, (7_428, 3_535, "b8a7".to_string()));
    // The article's moves, both.
    let article: Vec<(Engine, &str)> = ryg::techniques::ARTICLES_MOVES.iter().map(|&(e, m)| (e, m)).collect();
    assert_eq!(article, [(Engine::Ryg3V9, "h8g7"), (Engine::Ryg3V10, "b8a7")]);
    assert_eq!((v9.2.as_str(), v10.2.as_str()), (article[0].1, article[1].1));
}

#[test]
fn ryg1_plays_the_first_of_its_best_moves() {
    let tree = ryg1_tree(Engine::Ryg1, 3);
    let r = Searcher::new(Engine::Ryg1.config()).search(&after_e1f2(), &Limits::depth(3), &mut NoHandler);
    assert_eq!(r.nodes, tree.nodes.len() as u64);
    let best = tree.root().value;
    let first = tree.root_moves().into_iter().find(|&(_, s)| s == best).unwrap().0;
    assert_eq!(r.best_move, Some(first));
    assert_eq!(first.to_string(), "b8a7");
}
