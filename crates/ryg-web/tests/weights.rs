//! `GET /api/weights`: an evaluation with weights of one's own, held to the command line (the
//! evaluation's own weights search as `ryg analyze --depth D` does) and to the library
//! (keep-the-win on the fixed sample the tablebase judges).

use crate::common;

use common::{ryg, Server};
use ryg::eval::{EvalKind, Weights};
use ryg::search::SearchConfig;
use ryg::tuning::{keep_the_win_config, keep_the_win_set, keeps_the_win};
use ryg::{Size, Tablebase};
use serde_json::Value;

fn enc(fen: &str) -> String {
    fen.replace(' ', "%20").replace('/', "%2F")
}

fn analyze(fen: &str, eval: &str, depth: u8) -> Value {
    let out = ryg()
        .args(["analyze", "--json", "--eval", eval, "--depth", &depth.to_string(), "--fen", fen])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A middle game where only c3d4 keeps the mouse's win: the original's weights choose c3b4 at
/// depth 3, and any weights that value the mouse's mobility above its row choose c3d4.
const PUZZLE: &str = "7c/8/3c4/c3c3/8/2m5/8/8 m";

#[test]
fn the_evaluations_own_weights_choose_as_the_command_line_does() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    for (fen, eval, depth) in [
        ("1c1c1c1c/8/8/8/8/8/8/4m3 m", "default", 3u8),
        ("1c1c1c1c/8/8/8/8/8/3m4/8 c", "seed", 4),
        (PUZZLE, "seed", 3),
        (PUZZLE, "classic", 5),
        ("1c1c1c/6/6/6/6/4m1 m", "default", 6),
    ] {
        let (status, r) = server.get(&format!("/api/weights?fen={}&eval={eval}&depth={depth}", enc(fen)));
        assert_eq!(status, 200, "{r}");
        let cli = analyze(fen, eval, depth);
        assert_eq!(
            (&r["best_move"], &r["score"], &r["nodes"]),
            (&cli["best_move"], &cli["score"], &cli["nodes"]),
            "{fen} {eval} d{depth}: {cli}"
        );
        // the same weights given explicitly: the same answer
        let own: Vec<String> =
            r["terms"].as_array().unwrap().iter().map(|t| t["own_weight"].to_string()).collect();
        let (_, again) = server.get(&format!(
            "/api/weights?fen={}&eval={eval}&depth={depth}&weights={}",
            enc(fen),
            own.join(",")
        ));
        assert_eq!(again, r);
        // the terms are `ryg eval`'s; the root moves' best score is the search's
        let out = ryg().args(["eval", "--json", "--eval", eval, "--fen", fen]).output().unwrap();
        let cli_eval: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(r["total"], cli_eval["total"], "{cli_eval}");
        let moves = r["moves"].as_array().unwrap();
        assert!(moves.iter().any(|m| m["move"] == r["best_move"] && m["score"] == r["score"]), "{r}");
    }
}

#[test]
fn weights_of_ones_own_change_the_move_and_the_share_of_wins_kept() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let get = |eval: &str, weights: &str| {
        let (status, r) =
            server.get(&format!("/api/weights?fen={}&eval={eval}&depth=3&weights={weights}", enc(PUZZLE)));
        assert_eq!(status, 200, "{r}");
        r
    };
    let original = get("seed", "1,1,1");
    let mobile = get("seed", "1,2,1");
    assert_eq!((original["best_move"].as_str(), mobile["best_move"].as_str()), (Some("c3b4"), Some("c3d4")));
    // each term's points are its feature times the weight given; the total their sum
    let terms = mobile["terms"].as_array().unwrap();
    assert_eq!(terms[1]["name"], "mouse_mobility");
    assert_eq!((terms[1]["weight"].as_i64(), terms[1]["own_weight"].as_i64()), (Some(2), Some(1)));
    let sum: i64 = terms.iter().map(|t| t["feature"].as_i64().unwrap() * t["weight"].as_i64().unwrap()).sum();
    assert_eq!(mobile["total"].as_i64(), Some(sum));
    // keep-the-win: the library's count on the same fixed 8x8 sample
    let tb = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
    let set = keep_the_win_set(&tb, 500, 3);
    for (r, values) in [(&original, [1, 1, 1]), (&mobile, [1, 2, 1])] {
        let config = SearchConfig {
            weights: Some(Weights::new(EvalKind::Seed, &values).unwrap()),
            ..keep_the_win_config(EvalKind::Seed)
        };
        let kept = keeps_the_win(config, 3, &set);
        assert_eq!(r["keep"]["kept"].as_u64(), Some(kept as u64), "{values:?}");
        assert_eq!((r["keep"]["positions"].as_u64(), r["keep"]["size"].as_u64()), (Some(500), Some(8)));
    }
    // ryg's fitted weights keep more wins than the original's at this depth
    let (_, tuned) = server.get(&format!("/api/weights?fen={}&depth=3", enc(PUZZLE)));
    assert!(tuned["keep"]["kept"].as_u64() > original["keep"]["kept"].as_u64(), "{tuned}");
    // no tablebase sample on 4x4 or 10x10: the move is still chosen
    let (status, small) = server.get(&format!("/api/weights?fen={}&depth=2", enc("1c1c/4/4/2m1 m")));
    assert_eq!(status, 200);
    assert!(small["keep"].is_null() && small["best_move"].is_string(), "{small}");
}

#[test]
fn bad_weights_depths_and_positions_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let fen = enc(PUZZLE);
    for (query, code, words) in [
        (
            "eval=seed&weights=1,1",
            "bad_weights",
            "the seed evaluation has 3 terms (mouse_row, mouse_mobility, cats_spread), not 2 weights",
        ),
        ("eval=seed&weights=1,x,1", "bad_weights", "'x' is not a whole number"),
        ("weights=1,1,1", "bad_weights", "the default evaluation has 9 terms"),
        ("eval=seed&weights=1,1,100001", "bad_weights", "weight 100001 of cats_spread is out of range"),
        ("depth=7", "bad_request", "bad depth '7': expected a whole number from 1 to 6"),
        ("depth=0", "bad_request", "bad depth '0'"),
        ("eval=best", "bad_request", "unknown evaluation 'best'"),
    ] {
        let (status, e) = server.get(&format!("/api/weights?fen={fen}&{query}"));
        assert_eq!((status, e["code"].as_str()), (400, Some(code)), "{query}: {e}");
        assert!(e["error"].as_str().unwrap().contains(words), "{query}: {e}");
    }
    let (status, e) = server.get("/api/weights?fen=1c1c1c1c%2F8");
    assert_eq!((status, e["code"].as_str()), (400, Some("bad_fen")), "{e}");
    let (status, e) = server.get("/api/weights");
    assert_eq!((status, e["error"].as_str()), (400, Some("missing parameter 'fen'")));
}
