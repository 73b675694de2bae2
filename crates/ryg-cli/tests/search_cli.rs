//! The search commands from the outside: JSON shapes, exact values, and clear errors.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{json_of as json, ryg};

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn analyze_json_proves_the_4x4_start() {
    let v = json(&["analyze", "--size", "4", "--json"]);
    assert_eq!(
        keys(&v),
        [
            "best_move",
            "depth",
            "fen",
            "interior_nodes",
            "iterations",
            "nodes",
            "pv",
            "result",
            "score",
            "seconds"
        ]
    );
    assert_eq!(v["fen"], "1c1c/4/4/2m1 m");
    assert_eq!(v["score"], "loss 8");
    assert_eq!(v["result"], serde_json::json!({"winner": "cats", "plies": 8}));
    assert_eq!(v["depth"], 8);
    assert_eq!(v["pv"].as_array().unwrap().len(), 8);
    // The proving search: one iteration, the proof.
    let its = v["iterations"].as_array().unwrap();
    assert_eq!(its.len(), 1);
    assert_eq!(keys(&its[0]), ["depth", "nodes", "pv", "score", "seconds"]);
    assert_eq!(its[0]["nodes"], v["nodes"]);
    // Heuristic deepening: one iteration per depth.
    let v = json(&["analyze", "--size", "4", "--no-prove", "--json"]);
    assert_eq!(v["result"], serde_json::json!({"winner": "cats", "plies": 8}));
    let its = v["iterations"].as_array().unwrap();
    assert_eq!(its.len(), 8);
    assert_eq!(its.last().unwrap()["nodes"], v["nodes"]);
}

#[test]
fn analyze_result_is_null_until_proved_and_nodes_are_exact() {
    let v = json(&["analyze", "--depth", "3", "--json"]);
    assert_eq!(v["result"], Value::Null);
    assert_eq!(v["depth"], 3);
    let v = json(&["analyze", "--nodes", "777", "--json"]);
    assert_eq!(v["nodes"], 777);
    let v = json(&["analyze", "--algo", "minimax", "--nodes", "777", "--json"]);
    assert_eq!(v["nodes"], 777);
}

#[test]
fn analyze_switches_change_the_nodes_not_the_score() {
    let fen = "1c1c1c1c/8/8/8/8/8/5m2/8 c";
    let run = |extra: &[&str]| {
        let mut args = vec!["analyze", "--fen", fen, "--depth", "8", "--eval", "seed", "--json"];
        args.extend_from_slice(extra);
        let v = json(&args);
        (v["score"].as_str().unwrap().to_string(), v["nodes"].as_u64().unwrap())
    };
    let plain = run(&["--no-tt", "--no-ordering", "--no-history", "--no-id", "--no-mdp"]);
    assert_eq!(plain, ("+13".to_string(), 9_698));
    assert_eq!(run(&["--no-tt", "--no-id", "--no-mdp"]), ("+13".to_string(), 4_177));
    assert_eq!(run(&["--algo", "minimax", "--no-id"]), ("+13".to_string(), 294_369));
}

#[test]
fn analyze_text_has_a_line_per_iteration() {
    ryg()
        .args(["analyze", "--depth", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("depth   1  score"))
        .stdout(predicate::str::contains("depth   3  score"))
        .stdout(predicate::str::contains("bestmove e1d2"));
    ryg()
        .args(["analyze", "--size", "4"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("result: cats win in 8 plies\n"));
    ryg()
        .args(["analyze", "--nodes", "1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("no iteration finished within the limits (1 nodes, "));
    let v = json(&["analyze", "--nodes", "1", "--json"]);
    assert_eq!(
        (v["best_move"].clone(), v["score"].clone(), v["pv"].clone()),
        (Value::Null, Value::Null, serde_json::json!([]))
    );
    ryg().args(["analyze", "--movetime", "0"]).assert().failure().code(2);
}

#[test]
fn eval_prints_each_term_and_the_total() {
    let v = json(&["eval", "--eval", "seed", "--json"]);
    assert_eq!(v["total"], -18);
    let names: Vec<&str> =
        v["terms"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["mouse_row", "mouse_mobility", "cats_spread"]);
    assert_eq!(v["outcome"], Value::Null);
    ryg()
        .args(["eval"])
        .assert()
        .success()
        .stdout(predicate::str::contains("total"))
        .stdout(predicate::str::contains("mouse_room"));
    let v = json(&["eval", "--fen", "1m1c/2c1/4/4 c", "--json"]);
    assert_eq!(v["outcome"], "mouse wins (mouse_escaped)");
}

#[test]
fn tree_in_three_formats() {
    let v = json(&["tree", "--size", "4", "--depth", "2", "--format", "json"]);
    let nodes = v["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 9);
    assert_eq!(v["best_move"], "c1b2");
    assert_eq!(v["value"], nodes[0]["value"]);
    assert_eq!(nodes[3]["parent"], 1);
    ryg()
        .args(["tree", "--size", "4", "--depth", "1", "--format", "dot"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph ryg_tree {"))
        .stdout(predicate::str::contains("n0 -> n2;"));
    ryg()
        .args(["tree", "--size", "4", "--depth", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("    d4c3 eval -90 *"))
        .stdout(predicate::str::contains("9 nodes; best move c1b2"));
}

#[test]
fn rygs_tree_after_e1f2_as_the_articles_built_it() {
    const AFTER_E1F2: &str = "1c1c1c1c/8/8/8/8/8/5m2/8 c";
    // Depth 2 with evaluation version 1: 36 boards, every one evaluated; the root is worth +1
    // ($81) on its own and +2 ($82) by minimax.
    let v = json(&["tree", "--engine", "ryg1-v1", "--depth", "2", "--fen", AFTER_E1F2, "--format", "json"]);
    let nodes = v["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 36);
    assert!(nodes.iter().all(|n| n["eval"].is_string() && n["eval_c64"].is_string()), "{v}");
    assert_eq!((nodes[0]["eval"].as_str(), nodes[0]["value"].as_str()), (Some("+1"), Some("+2")));
    assert_eq!((nodes[0]["eval_c64"].as_str(), nodes[0]["value_c64"].as_str()), (Some("$81"), Some("$82")));
    // The mouse's moves from f2 in RYG's order (its tblRatonF/tblRatonC on its mirrored
    // board): NE, NW, SW, SE.
    let replies: Vec<&str> =
        nodes.iter().filter(|n| n["parent"] == 1).map(|n| n["move"].as_str().unwrap()).collect();
    assert_eq!(replies, ["f2g3", "f2e3", "f2e1", "f2g1"]);
    // Depth 3: the article's 208 boards, with what they took on the C64; deeper, the articles'
    // word on why RYG stopped at three levels.
    let text = |depth: &str| {
        let out =
            ryg().args(["tree", "--engine", "ryg1", "--depth", depth, "--fen", AFTER_E1F2]).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let three = text("3");
    assert!(three.contains("208 nodes; best move b8a7"), "{three}");
    assert!(
        three.contains("RYG (evaluation v2): 208 boards of 85 bytes = 17680 bytes on the C64"),
        "{three}"
    );
    assert!(!three.contains("90 KB"), "{three}");
    let four = text("4");
    assert!(four.contains("724 nodes; best move b8a7"), "{four}");
    assert!(four.contains("«para tres niveles hacían falta 22 KB y para cuatro 90 KB»"), "{four}");
}

#[test]
fn plain_analyze_gives_the_articles_count_beside_rygs() {
    // Article 002's experiment: depth 8 after e1f2. RYG3 v10 plays b8a7, the article's move,
    // and the text gives both counts, not only --json.
    let out = ryg()
        .args(["analyze", "--engine", "ryg3-v10", "--fen", "1c1c1c1c/8/8/8/8/8/5m2/8 c"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\nbestmove b8a7  score "), "{text}");
    assert!(text.contains("  depth 8  nodes 9565  "), "{text}");
    assert!(text.contains("nodes as RYG3 counted them (boards searched with depth left): 4165\n"), "{text}");
    // ryg's own search has no such count to give.
    let own = ryg().args(["analyze", "--depth", "3"]).output().unwrap();
    assert!(!String::from_utf8(own.stdout).unwrap().contains("RYG3 counted"));
}

#[test]
fn bench_reports_a_node_checksum() {
    let v = json(&["bench", "--json"]);
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 7);
    let total: u64 = cases.iter().map(|c| c["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["nodes"], total);
    let solved = cases.last().unwrap();
    assert_eq!((solved["score"].as_str(), solved["depth"].as_u64()), (Some("loss 44"), Some(44)));
}

#[test]
fn bad_flags_give_clear_errors() {
    ryg().args(["analyze", "--algo", "negascout"]).assert().failure().stderr(predicate::str::contains(
        "unknown search algorithm 'negascout': expected 'minimax' or 'alphabeta'",
    ));
    ryg().args(["analyze", "--eval", "best"]).assert().failure().stderr(predicate::str::contains(
        "unknown evaluation 'best': expected 'seed-v1', 'seed', 'classic' or 'default'",
    ));
    ryg()
        .args(["analyze", "--depth", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("0 is not in 1..=120"));
    ryg()
        .args(["analyze", "--nodes", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("0 is not in 1.."));
    ryg().args(["tree"]).assert().failure().stderr(predicate::str::contains("--depth <D>"));
    ryg().args(["tree", "--depth", "12"]).assert().failure().stderr(
        "ryg: error: the tree of depth 12 has more than 200000 nodes; lower --depth or raise --max-nodes\n",
    );
    ryg()
        .args(["tree", "--depth", "2", "--max-nodes", "5000000"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("5000000 is not in 1..=4000000"));
    ryg()
        .args(["tree", "--depth", "2", "--format", "svg"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("invalid value 'svg' for '--format <FORMAT>'"));
    ryg()
        .args(["eval", "--fen", "1c1c/4/4/3m m"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("ryg: error: invalid --fen '1c1c/4/4/3m m'"));
}
