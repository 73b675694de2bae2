//! 12×12 and 14×14 in the commands that read, count and search positions (the wide engine,
//! `ryg-wide`, behind them).

use serde_json::Value;

use crate::common::ryg;

fn json(args: &[&str]) -> Value {
    let out = ryg().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn perft_counts_12x12_and_14x14_as_counted_by_hand() {
    // the mouse's two moves, then five cats with two moves and the last-file cat with one
    // (12×12), or six and one (14×14)
    for (size, nodes) in [("12", "22"), ("14", "26")] {
        let report = json(&["perft", "2", "--size", size, "--json"]);
        assert_eq!(report["nodes"].to_string(), nodes, "{size}");
    }
}

#[test]
fn show_and_moves_draw_14x14() {
    let report = json(&["moves", "--size", "14", "--json"]);
    assert_eq!(report["moves"], serde_json::json!(["g1f2", "g1h2"]));
    let shown = ryg()
        .args(["show", "--fen", "1c1c1c1c1c1c1c/14/14/14/14/14/14/14/14/14/14/14/14/6m7 c"])
        .output()
        .unwrap();
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(text.starts_with("14     C     C     C     C     C     C     C\n"), "{text}");
    assert!(text.contains("    a  b  c  d  e  f  g  h  i  j  k  l  m  n\n"), "{text}");
    assert!(text.ends_with("to move  cats\n"), "{text}");
}

#[test]
fn analyze_proves_12x12_endings_as_the_12x12_tablebase_gives() {
    // the results `ryg solve --size 12 --fen …` reads from the layered 12×12 table
    for (fen, winner, plies) in [
        ("12/12/12/12/12/12/12/c1c1c1c1c1c1/12/12/12/m11 m", "cats", 20),
        ("12/12/12/12/12/12/12/12/1c1c1c1c1c1c/12/1m10/12 c", "cats", 7),
    ] {
        let report = json(&["analyze", "--fen", fen, "--json"]);
        assert_eq!(report["result"], serde_json::json!({"winner": winner, "plies": plies}), "{fen}");
        let moves = json(&["moves", "--fen", fen, "--json"]);
        let legal = moves["moves"].as_array().unwrap();
        assert!(legal.contains(&report["best_move"]), "{fen}: {} not in {legal:?}", report["best_move"]);
    }
}

#[test]
fn analyze_searches_the_14x14_start_to_a_given_depth() {
    let report = json(&["analyze", "--size", "14", "--depth", "4", "--json"]);
    assert_eq!(report["fen"], "1c1c1c1c1c1c1c/14/14/14/14/14/14/14/14/14/14/14/14/6m7 m");
    assert_eq!(report["depth"], 4);
    assert_eq!(report["iterations"].as_array().unwrap().len(), 4);
    assert_eq!(report["pv"].as_array().unwrap().len(), 4);
    assert!(["g1f2", "g1h2"].contains(&report["best_move"].as_str().unwrap()), "{report}");
    assert_eq!(report["result"], Value::Null);
}
