//! `ryg levels` end to end: the JSON shape, agreement with sampled self-play, the README's
//! tables, and errors.

use assert_cmd::Command;
use serde_json::Value;

fn ryg() -> Command {
    let mut cmd = Command::cargo_bin("ryg").unwrap();
    cmd.env_remove("RYG_CACHE_DIR").env_remove("XDG_CACHE_HOME");
    cmd
}

fn json_of(args: &[&str]) -> Value {
    let out = ryg().args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The human side's exact chance against `level` from `start` versus `opponent`.
fn exact(report: &Value, level: &str, start: &str, opponent: &str) -> f64 {
    let row = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["level"] == level && r["start"] == start)
        .unwrap_or_else(|| panic!("no row {level} {start}"));
    row["vs"][opponent].as_f64().unwrap()
}

#[test]
fn the_json_has_a_row_per_level_and_start() {
    let report = json_of(&["levels", "--size", "4"]);
    assert_eq!(report["size"], 4);
    assert_eq!(report["computer"], "cats");
    let rows = report["rows"].as_array().unwrap();
    // random, 1-9, perfect, five human models; two start squares.
    assert_eq!(rows.len(), 16 * 2);
    let levels: Vec<&str> = rows.iter().step_by(2).map(|r| r["level"].as_str().unwrap()).collect();
    assert_eq!(
        levels,
        [
            "random", "1", "2", "3", "4", "5", "6", "7", "8", "9", "perfect", "err:0.02", "err:0.05",
            "err:0.1", "err:0.2", "err:0.3"
        ]
    );
    let mut columns: Vec<&String> = rows[0]["vs"].as_object().unwrap().keys().collect();
    columns.sort();
    assert_eq!(columns, ["err:0.02", "err:0.05", "err:0.1", "err:0.2", "err:0.3", "exploiter"]);
    // Random cats lose to the best mouse from c1 with chance 71/72; perfect cats never lose.
    assert!((exact(&report, "random", "c1", "exploiter") - 71.0 / 72.0).abs() < 1e-12);
    assert_eq!(exact(&report, "perfect", "a1", "exploiter"), 0.0);
}

#[test]
fn sampled_self_play_agrees_with_the_exact_chances() {
    let report = json_of(&["levels", "--size", "6", "--side", "cats"]);
    for (cats, seed) in [("3", "1"), ("8", "2")] {
        let games = 3000;
        let played = json_of(&[
            "selfplay", "--size", "6", "--mouse", "err:0.1", "--cats", cats, "--games", "3000", "--seed",
            seed,
        ]);
        let p = exact(&report, cats, "c1", "err:0.1");
        let seen = played["mouse_win_rate"].as_f64().unwrap();
        let sd = (p * (1.0 - p) / f64::from(games)).sqrt();
        assert!((seen - p).abs() < 4.0 * sd, "cats level {cats}: sampled {seen}, exact {p} (sd {sd})");
    }
}

#[test]
fn the_readme_tables_are_the_output_of_ryg_levels() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    for side in ["cats", "mouse"] {
        let out = ryg().args(["levels", "--size", "6", "--side", side]).output().unwrap();
        assert!(out.status.success());
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(
            readme.contains(&table),
            "README lacks the output of ryg levels --size 6 --side {side}:\n{table}"
        );
    }
}

#[test]
fn ten_by_ten_is_refused_with_a_reason() {
    let out = ryg().args(["levels", "--size", "10"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ryg: error: levels are computed exactly on 4x4 to 8x8 only: 10x10 has too many positions\n"
    );
}
