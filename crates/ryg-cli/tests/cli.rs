//! The `ryg` executable: output shapes, exit codes and error messages of show, moves, perft
//! and record.

use predicates::prelude::*;
use serde_json::{json, Value};

use crate::common::{json_of, records, ryg};

#[test]
fn show_prints_the_board_plain_when_not_a_terminal() {
    ryg().args(["show", "--size", "4"]).assert().success().stdout(concat!(
        " 4     C     C\n",
        " 3  .     .\n",
        " 2     .     .\n",
        " 1  .     M\n",
        "    a  b  c  d\n",
        "\n",
        "fen      1c1c/4/4/2m1 m\n",
        "to move  mouse\n",
    ));
}

#[test]
fn show_reports_the_outcome_and_json() {
    ryg()
        .args(["show", "--fen", "1c1c1c2/8/8/8/8/8/1c6/m7 m"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("outcome  the cats win (the mouse is trapped)\n"));
    assert_eq!(
        json_of(&["show", "--size", "10", "--start", "a1", "--json"]),
        json!({
            "fen": "1c1c1c1c1c/10/10/10/10/10/10/10/10/m9 m",
            "size": 10,
            "side": "mouse",
            "mouse": "a1",
            "cats": ["b10", "d10", "f10", "h10", "j10"],
            "outcome": null,
        })
    );
}

#[test]
fn moves_json_has_the_documented_shape() {
    assert_eq!(
        json_of(&["moves", "--json"]),
        json!({"fen": "1c1c1c1c/8/8/8/8/8/8/4m3 m", "side": "mouse", "moves": ["e1d2", "e1f2"], "outcome": null})
    );
    assert_eq!(
        json_of(&["moves", "--fen", "1c1c1c1c/8/8/8/8/8/8/4m3 c", "--json"]),
        json!({
            "fen": "1c1c1c1c/8/8/8/8/8/8/4m3 c",
            "side": "cats",
            "moves": ["b8a7", "b8c7", "d8c7", "d8e7", "f8e7", "f8g7", "h8g7"],
            "outcome": null,
        })
    );
    assert_eq!(
        json_of(&["moves", "--fen", "1m1c1c1c/8/8/8/8/8/1c6/8 c", "--json"]),
        json!({
            "fen": "1m1c1c1c/8/8/8/8/8/1c6/8 c",
            "side": "cats",
            "moves": [],
            "outcome": {"winner": "mouse", "reason": "mouse_escaped"},
        })
    );
    ryg().arg("moves").assert().success().stdout("e1d2 e1f2\n");
}

#[test]
fn perft_json_and_divide() {
    let report = json_of(&["perft", "5", "--json"]);
    assert_eq!(report["fen"], "1c1c1c1c/8/8/8/8/8/8/4m3 m");
    assert_eq!(report["depth"], 5);
    assert_eq!(report["nodes"], 1032);
    assert!(report["seconds"].is_f64() && report["nps"].is_f64());
    let keys: Vec<&String> = report.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 5, "{keys:?}");
    let report = json_of(&["perft", "3", "--size", "6", "--start", "a1", "--divide", "--json"]);
    assert_eq!(report["fen"], "1c1c1c/6/6/6/6/m5 m");
    assert_eq!(report["divide"], json!([{"move": "a1b2", "nodes": report["nodes"]}]));
    ryg().args(["perft", "4"]).assert().success().stdout(predicate::str::starts_with("nodes 344\n"));
}

#[test]
fn perft_refuses_a_depth_that_would_take_hours() {
    ryg().args(["perft", "24"]).assert().code(2).stdout("").stderr(
        predicate::str::starts_with("ryg: error: perft 24 would count about ")
            .and(predicate::str::contains("choose a smaller depth, or give --force")),
    );
    // Every 4x4 game ends within 30 plies: counted at once, with or without --force.
    ryg()
        .args(["perft", "30", "--size", "4"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("nodes 0\n"));
}

#[test]
fn record_check_prints_the_final_position_and_result() {
    ryg().args(["record", "check"]).arg(records("valid", "four-by-four.pgn")).assert().success().stdout(
        concat!(
            " 4     .     .\n",
            " 3 [.]    .\n",
            " 2    [C]    C\n",
            " 1  .     M\n",
            "    a  b  c  d\n",
            "\n",
            "fen      4/4/1c1c/2m1 m\n",
            "plies    8\n",
            "result   0-1: the cats win (the mouse is trapped)\n",
        ),
    );
    let out = ryg()
        .args(["record", "check", "--json"])
        .arg(records("valid", "standard-mouse-escapes.pgn"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["plies"], 21);
    assert_eq!(report["result"], "1-0");
    assert_eq!(report["fen"], "1m6/6c1/5c2/2c5/3c4/8/8/8 c");
    assert_eq!(report["outcome"], json!({"winner": "mouse", "reason": "mouse_escaped"}));
    assert_eq!(report["moves"].as_array().unwrap().len(), 21);
}

#[test]
fn record_check_reads_standard_input() {
    ryg()
        .args(["record", "check", "-", "--json"])
        .write_stdin("1. e1f2 h8g7 *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"plies\":2"));
}

#[test]
fn a_broken_record_fails_naming_the_line() {
    let path = records("invalid", "illegal-move.pgn");
    ryg().args(["record", "check"]).arg(&path).assert().failure().code(1).stdout("").stderr(format!(
        "ryg: error: {}: line 8: move 2 (b8c7): illegal move b8c7 for the cats; legal moves: c7b6 c7d6 b8a7 f8e7 f8g7 h8g7\n",
        path.display()
    ));
}

#[test]
fn a_missing_file_fails() {
    ryg()
        .args(["record", "check", "/nonexistent/game.pgn"])
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::starts_with("ryg: error: cannot read '/nonexistent/game.pgn': "));
}

#[test]
fn a_bad_fen_fails_with_the_reason() {
    for cmd in ["show", "moves"] {
        ryg().args([cmd, "--fen", "1c1c1c1c/8/8/8/8/8/8/3m4 m"]).assert().failure().code(2).stdout("").stderr(
            "ryg: error: invalid --fen '1c1c1c1c/8/8/8/8/8/8/3m4 m': the mouse on d1 stands on a light square\n",
        );
    }
    ryg()
        .args(["perft", "2", "--fen", "8/8 m"])
        .assert()
        .failure()
        .code(2)
        .stderr("ryg: error: invalid --fen '8/8 m': the board has 2 ranks; expected 4, 6, 8, 10, 12 or 14\n");
    // 12×12 is for play, analyze, perft and solve; the commands that stop at 10×10 say so
    let too_big =
        "ryg: error: this command plays boards up to 10x10; 12x12 is for `ryg play`, `analyze`, `solve`, `perft`, `show` and `moves`\n";
    ryg().args(["eval", "--size", "12"]).assert().failure().code(2).stderr(too_big);
    // a 12×12 FEN too: it reads, and its board is what the command refuses
    let fen = format!("1c1c1c1c1c1c/{}6m5 m", "12/".repeat(10));
    for cmd in [&["eval"][..], &["tree", "--depth", "2"]] {
        ryg().args(cmd).args(["--fen", &fen]).assert().failure().code(2).stdout("").stderr(too_big);
    }
    ryg().args(["show", "--start", "b2"]).assert().failure().code(2).stderr(
        "ryg: error: the mouse cannot start on b2: choose a dark square of rank 1 on the 8x8 board\n",
    );
}

#[test]
fn no_command_starts_a_game() {
    ryg()
        .write_stdin("moves\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Mouse: you. Cats: ryg, level 3"))
        .stdout(predicate::str::contains(
            "for the rules.\nTo play in your browser instead, run: ryg serve --open\n",
        ))
        .stdout(predicate::str::contains("Legal moves for the mouse: e1d2 e1f2"));
}

#[test]
fn bad_flags_and_values_fail_with_usage() {
    ryg().args(["show", "--bogus"]).assert().failure().code(2).stderr(predicate::str::contains("'--bogus'"));
    ryg()
        .args(["show", "--size", "7"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("unsupported board size '7': expected 4, 6, 8, 10, 12 or 14"));
    ryg().args(["moves", "--fen", "1c1c/4/4/2m1 m", "--size", "4"]).assert().failure().code(2);
    ryg().args(["record"]).assert().failure().code(2);
    ryg()
        .args(["--level", "10"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicate::str::contains("unknown level '10'"));
}

#[test]
fn record_check_refuses_files_that_are_not_records() {
    let dir = std::env::temp_dir().join(format!("ryg-cli-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.pgn");
    // `record check` reads files of several games (a match's PGN), up to 64 MiB.
    std::fs::write(&big, vec![b' '; (64 << 20) + 1]).unwrap();
    let binary = dir.join("binary.pgn");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    ryg()
        .args(["record", "check", big.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(format!("ryg: error: '{}' is not a game record: it is larger than 64 MiB\n", big.display()));
    ryg()
        .args(["record", "check", binary.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(format!("ryg: error: '{}' is not a game record: it is not UTF-8 text\n", binary.display()));
    ryg()
        .args(["record", "check", "-"])
        .write_stdin("\u{feff}[Event \"x\"]\n\n1. e1f2 *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("plies    1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzles_json_repeats_for_a_seed_and_each_solution_is_the_only_win() {
    let run = |seed: &str| json_of(&["puzzles", "--size", "6", "--count", "5", "--seed", seed, "--json"]);
    let puzzles = run("3");
    assert_eq!(puzzles, run("3"), "the same seed, the same puzzles");
    assert_ne!(puzzles, run("4"));
    let list = puzzles.as_array().unwrap();
    assert_eq!(list.len(), 5);
    let tb = ryg::Tablebase::build(ryg::Size::new(6).unwrap(), 1, &mut ());
    for p in list {
        let position: ryg::Position = p["fen"].as_str().unwrap().parse().unwrap();
        let side = position.side_to_move();
        assert_eq!(
            (p["size"].as_u64(), p["side"].as_str(), p["winner"].as_str()),
            (Some(6), Some(side.name()), Some(side.name()))
        );
        let wins: Vec<String> = tb
            .move_results(&position)
            .iter()
            .filter(|(_, r)| r.winner == side)
            .map(|(m, _)| m.to_string())
            .collect();
        assert_eq!(wins, [p["line"][0].as_str().unwrap()]);
        assert_eq!(p["plies"].as_u64(), Some(u64::from(tb.result(&position).plies)));
    }
    ryg().args(["puzzles", "--size", "7"]).assert().code(2);
}
