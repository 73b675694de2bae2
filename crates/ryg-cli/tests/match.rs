//! `ryg match`: levels in the expected order, technique sets at a fixed depth, engines that
//! misbehave, SPRT, adjudication and the PGN file.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::ryg;

fn engine(name: &str, options: &str) -> String {
    format!("cmd={} ugi --no-cache name={name} {options}", env!("CARGO_BIN_EXE_ryg"))
}

fn bad_engine(mode: &str) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad_engine.sh");
    format!("cmd=sh {} {mode} name=bad", script.display())
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-match-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a match with `--json` and returns the report.
fn run_match(args: &[&str]) -> Value {
    let out = ryg().arg("match").args(args).arg("--json").assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}

fn score(report: &Value, engine: usize) -> u64 {
    report["engines"][engine]["score"].as_u64().unwrap()
}

#[test]
fn perfect_play_outscores_level_one() {
    let l1 = engine("L1", "option.Level=1");
    let perfect = engine("perfect", "option.Level=perfect");
    let report = run_match(&[
        "--engine",
        &l1,
        "--engine",
        &perfect,
        "--size",
        "6",
        "--openings",
        "starts",
        "--games",
        "6",
    ]);
    assert_eq!(report["games"], 6);
    assert_eq!(report["failures"].as_array().unwrap().len(), 0);
    // 6x6: the mouse wins with perfect play from the standard start.
    assert!(score(&report, 1) > score(&report, 0), "{report}");
    assert_eq!(score(&report, 0) + score(&report, 1), 6);
    let perfect = &report["engines"][1];
    assert_eq!(perfect["as_mouse"]["games"], 3);
    assert_eq!(perfect["as_cats"]["games"], 3);
    assert!(report["elo"].is_null() || report["elo"].as_f64().unwrap() < 0.0, "{report}");
    assert_eq!(report["elo_method"], "normal approximation to the binomial over game scores (no draws), 95%");
}

#[test]
fn levels_playing_from_the_tablebase_report_no_nodes_rather_than_zero() {
    let (l1, l2) = (engine("L1", "option.Level=1"), engine("L2", "option.Level=2"));
    let args = ["--engine", &l1, "--engine", &l2, "--size", "4", "--games", "2"];
    let report = run_match(&args);
    for e in 0..2 {
        assert!(report["engines"][e]["moves"].as_u64().unwrap() > 0, "{report}");
        assert_eq!(report["engines"][e]["nodes"], Value::Null, "{report}");
    }
    // `go depth` makes the same engines search: then their nodes count.
    let searched =
        run_match(&["--engine", &l1, "--engine", &l2, "--size", "4", "--games", "2", "--depth", "3"]);
    for e in 0..2 {
        assert!(searched["engines"][e]["nodes"].as_u64().unwrap() > 0, "{searched}");
    }
    let text = ryg().arg("match").args(args).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(text).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("L1 ") && lines[1].ends_with(" moves, — nodes"), "{text}");
    assert!(lines[2].starts_with("L2 ") && lines[2].ends_with(" moves, — nodes"), "{text}");
    assert!(
        text.contains(
            "\n— nodes: the engine reported none (a level playing from the tablebase searches no nodes)\n"
        ),
        "{text}"
    );
}

#[test]
fn level_three_beats_level_one_on_eight_by_eight() {
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &engine("L3", "option.Level=3"),
        "--games",
        "100",
        "--concurrency",
        "2",
    ]);
    // Level 3 scores about 71% against level 1 from the default start (docs/ugi.md: 709-291
    // in 1,000 games): over 100 games, a score at or below level 1's is 4.6 standard
    // deviations away. (Fixed seeds would replay one game per opening: too few to tell.)
    assert_eq!(report["games"], 100);
    assert!(score(&report, 1) > score(&report, 0), "{report}");
}

#[test]
fn techniques_save_nodes_at_a_fixed_depth() {
    let all = engine("all", "");
    let plain = engine(
        "plain",
        "option.Table=false option.Ordering=false option.History=false option.IterativeDeepening=false",
    );
    let report =
        run_match(&["--engine", &all, "--engine", &plain, "--depth", "7", "--size", "6", "--games", "4"]);
    let per_move = |i: usize| {
        let e = &report["engines"][i];
        e["nodes"].as_f64().unwrap() / e["moves"].as_f64().unwrap()
    };
    assert!(per_move(0) * 2.0 < per_move(1), "all {} plain {} nodes a move", per_move(0), per_move(1));
}

#[test]
fn misbehaving_engines_lose_and_the_match_finishes() {
    let no_clock: &[&str] = &[];
    let cases = [
        ("crash", no_clock, "bad (cats) crashed", "bad (mouse) crashed"),
        ("hang", no_clock, "bad (cats) hung (no answer within 0.3 s)", "bad (mouse) hung (no answer within 0.3 s)"),
        // Hanging with a clock running is a loss on time.
        (
            "hang",
            &["--tc", "0.2+0"],
            "bad (cats) lost on time (no move within 0.250 s)",
            "bad (mouse) lost on time (no move within 0.250 s)",
        ),
        (
            "illegal",
            no_clock,
            "bad (cats) illegal move: illegal move a1a1 for the cats; legal moves: b8a7 b8c7 d8c7 d8e7 f8e7 f8g7 h8g7",
            "bad (mouse) illegal move: illegal move a1a1 for the mouse; legal moves: e1d2 e1f2",
        ),
        ("garbage", no_clock, "bad (cats) garbage output 'I am not a UGI engine'", "bad (mouse) garbage output 'I am not a UGI engine'"),
    ];
    for (mode, clock, first, second) in cases {
        // The good engine plays at random: it needs no tablebase, whose build at `isready` could
        // take more than the short --timeout on a busy machine.
        let (good, bad) = (engine("random", "option.Level=random"), bad_engine(mode));
        let mut args = vec!["--engine", &good, "--engine", &bad, "--games", "2", "--timeout", "0.3"];
        args.extend_from_slice(clock);
        let report = run_match(&args);
        assert_eq!(score(&report, 0), 2, "{mode}: {report}");
        assert_eq!(report["engines"][1]["failures"], 2, "{mode}");
        // The bad engine never played a move; the good one played its first move as the mouse.
        assert_eq!(report["engines"][1]["moves"], 0, "{mode}");
        assert_eq!(report["engines"][0]["moves"], 1, "{mode}");
        let reasons: Vec<&str> =
            report["failures"].as_array().unwrap().iter().map(|f| f["reason"].as_str().unwrap()).collect();
        assert_eq!(reasons, [first, second], "{mode}");
    }
}

#[test]
fn every_game_goes_to_a_pgn_file_that_record_check_reads() {
    let dir = temp("pgn");
    let pgn = dir.join("games.pgn");
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &bad_engine("crash"),
        "--openings",
        "starts",
        "--games",
        "4",
        "--size",
        "4",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(report["games"], 4);
    let out =
        ryg().args(["record", "check", "--json"]).arg(&pgn).assert().success().get_output().stdout.clone();
    let checked: Value = serde_json::from_slice(&out).unwrap();
    let games = checked["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    for game in games {
        // The crashing engine never moved: each game stopped at its start, decided by the runner.
        assert_eq!(game["result"], "*");
        let tags: Vec<(String, String)> = serde_json::from_value(game["tags"].clone()).unwrap();
        let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap();
        assert!(tag("Termination").starts_with("bad ("), "{tags:?}");
        assert_eq!(tag("MatchResult"), if tag("Mouse") == "L1" { "1-0" } else { "0-1" });
    }
    let text = ryg().args(["record", "check"]).arg(&pgn).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.ends_with("4 games, all valid\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sprt_stops_once_it_decides() {
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &bad_engine("illegal"),
        "--games",
        "200",
        "--sprt",
        "elo0=0 elo1=100 alpha=0.05 beta=0.05",
    ]);
    // Every game a win, each adding ln(0.6401/0.5) = 0.2470 to the log-likelihood ratio:
    // ln((1-0.05)/0.05) = 2.944 is crossed by the 12th.
    assert_eq!(report["games"], 12, "{report}");
    assert_eq!(report["sprt"]["decision"], "H1 accepted");
    let upper = report["sprt"]["upper"].as_f64().unwrap();
    assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-9);
}

#[test]
fn adjudication_ends_games_from_the_tablebase() {
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &engine("L2", "option.Level=2"),
        "--size",
        "6",
        "--games",
        "2",
        "--adjudicate",
        "30",
    ]);
    // The 6x6 start is a mouse win in 25 plies: both games end before a move.
    assert_eq!(report["engines"][0]["as_mouse"]["wins"], 1);
    assert_eq!(report["engines"][1]["as_mouse"]["wins"], 1);
    assert_eq!(report["engines"][0]["moves"], 0);
}

#[test]
fn a_bad_command_line_is_refused() {
    ryg()
        .args(["match", "--engine", "cmd=ryg ugi"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains("a match needs exactly two --engine, not 1"));
    ryg()
        .args(["match", "--engine", "ryg ugi", "--engine", "cmd=ryg ugi"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains("'ryg': expected cmd=…, name=… or option.NAME=…"));
    ryg()
        .args(["match", "--engine", "cmd=a", "--engine", "cmd=b", "--sprt", "elo0=0"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains("expected elo0=… elo1=… alpha=… beta=…"));
    ryg()
        .args(["match", "--engine", "cmd=a", "--engine", "cmd=b", "--tc", "ten"])
        .assert()
        .failure()
        .code(2)
        .stderr(predicates::str::contains(
            "invalid value 'ten' for '--tc <BASE+INC>': 'ten' is not a number of seconds",
        ));
}

#[test]
fn a_fast_clock_is_respected() {
    // 10x10 at 1 s + 10 ms: the level's tablebase (built without a cache, up to a second) is
    // made ready before the game, not on the mouse's clock.
    let report = run_match(&[
        "--engine",
        &engine("A", ""),
        "--engine",
        &engine("B", ""),
        "--tc",
        "1+0.01",
        "--size",
        "10",
        "--games",
        "2",
    ]);
    assert_eq!(report["failures"], Value::Array(vec![]), "{report}");
    assert_eq!(report["games"], 2);
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let dir = temp("ghost");
    let pgn = dir.join("games.pgn");
    let out = ryg()
        .args([
            "match",
            "--engine",
            &engine("L1", "option.Level=1"),
            "--engine",
            "cmd=/nonexistent/engine name=ghost",
        ])
        .args(["--pgn", pgn.to_str().unwrap()])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("ryg: error: engine 'ghost' did not start: "), "{stderr}");
    assert!(stderr.contains("/nonexistent/engine") && stderr.contains("127"), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(!pgn.exists(), "no game was played");
    // One that starts but never finishes its handshake is named too.
    ryg()
        .args([
            "match",
            "--engine",
            &engine("L1", ""),
            "--engine",
            "cmd=sleep 5 name=mute",
            "--timeout",
            "0.2",
        ])
        .assert()
        .code(2)
        .stderr("ryg: error: engine 'mute' did not start: no 'ugiok' within 0.2 s (--timeout)\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_over_its_move_time_loses_on_time_in_the_record() {
    let dir = temp("overrun");
    let pgn = dir.join("games.pgn");
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &bad_engine("slow"),
        "--games",
        "2",
        "--movetime",
        "100",
        "--margin",
        "50",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(score(&report, 0), 2, "{report}");
    let reasons: Vec<&str> =
        report["failures"].as_array().unwrap().iter().map(|f| f["reason"].as_str().unwrap()).collect();
    let late = "lost on time (no move within 0.150 s)";
    assert_eq!(reasons, [format!("bad (cats) {late}"), format!("bad (mouse) {late}")]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains(&format!("[Termination \"bad (cats) {late}\"]")), "{text}");
    assert!(text.contains(&format!("[Termination \"bad (mouse) {late}\"]")), "{text}");
    // With a margin longer than the overrun, the same engine plays its moves.
    let report = run_match(&[
        "--engine",
        &engine("L1", "option.Level=1"),
        "--engine",
        &bad_engine("slow"),
        "--games",
        "2",
        "--movetime",
        "100",
        "--margin",
        "5000",
    ]);
    assert_eq!(report["engines"][1]["moves"], 1, "its one move as the mouse: {report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_option_the_engine_does_not_offer_is_a_warning_or_with_strict_an_error() {
    let (l1, typo) = (engine("L1", "option.Level=1"), engine("typo", "option.Levle=3"));
    let offers = "it offers Level, Hash, Size, Eval";
    ryg()
        .args(["match", "--engine", &l1, "--engine", &typo, "--games", "2", "--size", "4", "--json"])
        .assert()
        .success()
        .stderr(predicates::str::starts_with(format!(
            "ryg: warning: engine 'typo' has no option 'Levle' ({offers}"
        )));
    ryg()
        .args(["match", "--engine", &l1, "--engine", &typo, "--games", "2", "--size", "4", "--strict"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::starts_with(format!(
            "ryg: error: engine 'typo' has no option 'Levle' ({offers}"
        )));
}
