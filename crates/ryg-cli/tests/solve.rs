//! `ryg solve` end to end: exact results, JSON shape, statistics, errors, and the 10×10 cache.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common::{json_of, ryg};

#[test]
fn solves_the_standard_start() {
    let expected = json!({
        "fen": "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        "winner": "cats",
        "plies": 44,
        "best_moves": ["e1d2", "e1f2"],
        "moves": [
            {"move": "e1d2", "winner": "cats", "plies": 43},
            {"move": "e1f2", "winner": "cats", "plies": 43},
        ],
    });
    assert_eq!(json_of(&["solve", "--json"]), expected);
}

#[test]
fn prints_the_result_and_each_move_as_text() {
    ryg().args(["solve", "--size", "4"]).assert().success().stdout(
        "position  1c1c/4/4/2m1 m\n\
         result    cats win in 8 plies\n\
         best      c1b2 c1d2\n\
         moves     c1b2    cats win in 7 plies\n\
         \x20         c1d2    cats win in 7 plies\n",
    );
}

#[test]
fn the_mouse_wins_6x6_from_every_start() {
    for start in ["a1", "c1", "e1"] {
        assert_eq!(
            json_of(&["solve", "--size", "6", "--start", start, "--json"])["winner"],
            "mouse",
            "{start}"
        );
    }
}

#[test]
fn a_finished_game_is_won_in_0_plies_with_no_moves() {
    let v = json_of(&["solve", "--fen", "1m1c1c1c/8/8/8/8/8/8/c7 c", "--json"]);
    assert_eq!(
        v,
        json!({"fen": "1m1c1c1c/8/8/8/8/8/8/c7 c", "winner": "mouse", "plies": 0, "best_moves": [], "moves": []})
    );
    ryg()
        .args(["solve", "--fen", "1m1c1c1c/8/8/8/8/8/8/c7 c"])
        .assert()
        .success()
        .stdout("position  1m1c1c1c/8/8/8/8/8/8/c7 c\nresult    mouse wins in 0 plies (the game is over: the mouse escaped to the top rank)\n");
}

#[test]
fn stats_count_every_8x8_position() {
    let v = json_of(&["solve", "--size", "8", "--stats", "--no-cache", "--json"]);
    let configs = 32 * 31 * 30 * 29 / 24;
    assert_eq!(v["entries"], configs * 32 * 2);
    assert_eq!(v["positions"], configs * 28 * 2);
    assert_eq!(v["source"], "built");
    let counted = ["mouse_to_move", "cats_to_move"]
        .iter()
        .map(|side| v[side]["mouse_wins"].as_u64().unwrap() + v[side]["cats_wins"].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(counted, configs * 28 * 2);
    let starts: Vec<(String, String)> = v["starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["square"].as_str().unwrap().to_string(), s["winner"].as_str().unwrap().to_string()))
        .collect();
    let cats: Vec<(String, String)> =
        ["a1", "c1", "e1", "g1"].iter().map(|s| (s.to_string(), "cats".to_string())).collect();
    assert_eq!(starts, cats);
    assert!(v["longest_win"]["plies"].as_u64().unwrap() >= 44);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    ryg()
        .args(["solve", "--fen", "1c1c1c1c/8/8/8/8/8/8/4m3"])
        .assert()
        .code(2)
        .stderr("ryg: error: invalid --fen '1c1c1c1c/8/8/8/8/8/8/4m3': missing side to move: add ' m' or ' c' after the board\n");
    ryg().args(["solve", "--size", "8", "--start", "c3"]).assert().code(2).stderr(
        "ryg: error: the mouse cannot start on c3: choose a dark square of rank 1 on the 8x8 board\n",
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-solve-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `ryg solve --size 10 --json` with the cache in `dir`; returns stdout's JSON and stderr.
fn solve_10(dir: &Path, extra: &[&str]) -> (Value, String) {
    let out =
        ryg().args(["solve", "--size", "10", "--json", "--cache-dir"]).arg(dir).args(extra).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (serde_json::from_slice(&out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds the 10x10 table: run with --release")]
fn the_10x10_cache_is_written_reused_and_never_trusted_when_damaged() {
    let dir = temp_dir("cache10");
    let file = dir.join("tablebase-10x10.ryg");
    let (built, notes) = solve_10(&dir, &[]);
    assert_eq!(notes, format!("ryg: tablebase cache {} not found; building it (once)\n", file.display()));
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 32 + 2_118_760 * 50 * 2);

    let (loaded, notes) = solve_10(&dir, &[]);
    assert_eq!(notes, "");
    assert_eq!(loaded, built);

    let mut bytes = std::fs::read(&file).unwrap();
    bytes[123_456_789] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let (rebuilt, notes) = solve_10(&dir, &[]);
    assert_eq!(notes.lines().count(), 1, "{notes}");
    assert!(
        notes.starts_with(&format!("ryg: tablebase cache {} refused (corrupted: checksum", file.display()))
    );
    assert_eq!(rebuilt, built);
    let (_, notes) = solve_10(&dir, &[]);
    assert_eq!(notes, "", "the rebuilt cache was rewritten");

    std::fs::write(&file, &bytes[..1000]).unwrap();
    let (_, notes) = solve_10(&dir, &["--no-cache"]);
    assert_eq!(notes, "");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 1000, "--no-cache leaves the file alone");
    std::fs::remove_dir_all(&dir).unwrap();
}
