//! End-to-end games through `ryg play` with stdin not a terminal: scripted and driven.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use crate::common::ryg_process as ryg;

/// Runs `ryg ARGS` with `script` on stdin; returns (exit success, stdout, stderr).
fn run_script(args: &[&str], script: &str) -> (bool, String, String) {
    let (code, out, err) = crate::common::run_script(args, script);
    (code == 0, out, err)
}

/// Plays a whole game in which the human side follows `hint` every move; returns the output.
fn play_following_hints(args: &[&str]) -> String {
    let mut child = ryg()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ryg starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut transcript = String::new();
    for _ in 0..200 {
        writeln!(stdin, "hint").unwrap();
        let hint = loop {
            let line = lines.next().expect("ryg answers").unwrap();
            transcript.push_str(&line);
            transcript.push('\n');
            if line.starts_with("Hint: ") || line.starts_with("No hint") {
                break line;
            }
        };
        let Some(rest) = hint.strip_prefix("Hint: ") else { break };
        let mv = rest.split_whitespace().next().unwrap().to_string();
        writeln!(stdin, "{mv}").unwrap();
    }
    drop(stdin);
    for line in lines {
        transcript.push_str(&line.unwrap());
        transcript.push('\n');
    }
    assert!(child.wait().unwrap().success());
    transcript
}

#[test]
fn a_human_mouse_beats_a_weak_level_on_6x6() {
    let out = play_following_hints(&["play", "--size", "6", "--level", "1", "--seed", "7"]);
    assert!(out.contains("Cats: ryg, level 1"), "{out}");
    assert!(out.contains("the mouse wins (1-0)"), "{out}");
}

#[test]
fn a_game_against_ryg3_v10_at_depth_8_is_played_to_its_end() {
    let out = play_following_hints(&["play", "--opponent", "ryg3-v10", "--depth", "8", "--no-cache"]);
    assert!(out.contains("Cats: RYG3 v10, depth 8: RYG3 v10 (2022)"), "{out}");
    // RYG3 v10 answers e1d2 with b8a7 (as the library's engine does) and from there holds the
    // cats' win against the mouse that follows the hints: 44 plies, as with perfect play.
    assert!(out.contains("RYG3 v10 plays b8a7 as the cats: depth 8"), "{out}");
    assert!(out.contains("1. e1d2 b8a7 2. d2c1 d8c7 3. c1b2 f8e7"), "{out}");
    assert!(out.contains("The mouse is trapped: the cats win (0-1) after 44 plies."), "{out}");
    let (ok, _, err) = run_script(&["play", "--opponent", "ryg1", "--depth", "9"], "");
    assert!(!ok);
    assert_eq!(err, "ryg: error: ryg1 searches depths 1 to 7, not 9\n");
    let (ok, _, err) = run_script(&["play", "--opponent", "ryg2"], "");
    assert!(!ok);
    assert!(err.contains("unknown engine 'ryg2'"), "{err}");
}

#[test]
fn perfect_cats_trap_a_perfect_mouse_in_44_plies() {
    let out = play_following_hints(&["play", "--level", "perfect", "--seed", "3"]);
    assert!(out.contains("The mouse is trapped: the cats win (0-1) after 44 plies."), "{out}");
}

#[test]
fn the_computer_plays_itself_to_the_end() {
    let (ok, out, _) = run_script(&["play", "--side", "none", "--size", "4", "--level", "perfect"], "");
    assert!(ok);
    assert!(out.contains("The mouse is trapped: the cats win (0-1) after 8 plies."), "{out}");
}

#[test]
fn bad_input_mid_game_changes_nothing() {
    let script = "e1f2\ne1e3\nf2f3\ndance\nlevel 12\n\u{0}\u{7f}\nh8g7\nboard\n";
    let (ok, out, err) = run_script(&["play", "--side", "both"], script);
    assert!(!ok, "a scripted game with failed commands exits 1");
    assert_eq!(err, "ryg: error: 5 commands of the script failed\n");
    assert!(
        out.contains("Illegal move e1e3: there is no cat on e1. Legal moves for the cats: b8a7 b8c7"),
        "{out}"
    );
    assert!(out.contains("bad move 'f2f3': 'f3' is a light square"), "{out}");
    assert!(out.contains("unknown command or move 'dance'"), "{out}");
    assert!(out.contains("unknown level '12'"), "{out}");
    assert!(out.contains("Moves:\n1. e1f2 h8g7"), "{out}");
}

#[test]
fn bytes_that_are_not_utf8_are_an_unknown_command() {
    let mut child =
        ryg().args(["play", "--side", "both"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"e1f2\n\xff\xfe\nmoves\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("unknown command or move '\u{fffd}\u{fffd}'"), "{out}");
    assert!(out.contains("Legal moves for the cats: b8a7"), "{out}");
}

#[test]
fn undo_and_redo_take_back_the_computers_reply_too() {
    let script = "e1f2\nundo\nredo\nundo\nundo\nmoves\n";
    let (ok, out, _) = run_script(&["play", "--level", "perfect", "--seed", "1"], script);
    assert!(ok);
    let undo = out.lines().find(|l| l.starts_with("Took back")).expect("undo answers");
    assert_eq!(undo.split_whitespace().count(), 4, "two moves taken back: {undo}");
    assert!(out.contains("Replayed e1f2"), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(out.contains("Legal moves for the mouse: e1d2 e1f2"), "{out}");
}

#[test]
fn save_then_load_and_continue() {
    let dir = std::env::temp_dir().join(format!("ryg-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let script = format!("e1f2\nh8g7\nsave {}\nquit\n", file.display());
    let (ok, out, _) = run_script(&["play", "--side", "both"], &script);
    assert!(ok, "{out}");
    assert!(out.contains("Saved the game to"), "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("[Mouse \"Human\"]"), "{record}");
    assert!(record.contains("1. e1f2 h8g7 *"), "{record}");

    let script = format!("load {}\nf2e3\nmoves\n", file.display());
    let (ok, out, _) = run_script(&["play", "--side", "both"], &script);
    assert!(ok);
    assert!(out.contains("Loaded"), "{out}");
    assert!(out.contains("Moves:\n1. e1f2 h8g7 2. f2e3 *"), "{out}");
    assert!(out.contains("Legal moves for the cats: g7f6 g7h6 b8a7"), "{out}");

    let (ok, out, _) = run_script(&["play", "--side", "both", "--load", file.to_str().unwrap()], "moves\n");
    assert!(ok);
    assert!(out.contains("Legal moves for the mouse: f2e1 f2g1 f2e3 f2g3"), "{out}");

    std::fs::write(dir.join("broken.pgn"), "[FEN \"nonsense\"]\n1. e1f2 *\n").unwrap();
    let script = format!("load {}\nmoves\n", dir.join("broken.pgn").display());
    let (ok, out, err) = run_script(&["play", "--side", "both"], &script);
    assert!(!ok);
    assert_eq!(err, "ryg: error: 1 command of the script failed\n");
    assert!(out.contains("Could not load:"), "{out}");
    assert!(out.contains("Legal moves for the mouse: e1d2 e1f2"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_command_answers() {
    let script =
        "help\nboard\nmoves\nhint\neval\ntree 1\nlevel 2\ndepth 3\ntime 1\ngo\noff\nswitch\nnew\nquit\n";
    let (ok, out, err) = run_script(&["play", "--side", "both"], script);
    assert!(ok, "{err}");
    for expected in [
        "Type a move or a command:",
        "Legal moves for the mouse: e1d2 e1f2",
        "Hint: ",
        "Hint: e1d2 — cats still win in 43 plies (equally good: e1f2)",
        "Exact result: cats win in 44 plies.",
        "Computer: level 2",
        "searches exactly 3 plies, without the level's randomness",
        "at most 1.0 s a move",
        "Computer off: you play both sides.",
        "Nothing to switch",
        "New game.",
        "root eval ",
        ", max ",
        "3 nodes; best move ",
        "Cats: you. Mouse: ryg, level 2, at most 1.0 s a move: searches exactly 3 plies,\nwithout the level's randomness.\n",
        "ryg plays e1",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }

    // `switch`: the computer takes the mouse and moves at once; `redo` after `undo`.
    let (ok, out, _) =
        run_script(&["play", "--level", "perfect", "--seed", "2"], "switch\nundo\nh8g7\nundo\nredo\n");
    assert!(ok);
    assert!(
        out.contains(
            "Sides switched. Cats: you. Mouse: ryg, level perfect: perfect play from the\ntablebase.\n"
        ),
        "{out}"
    );
    assert!(out.contains("ryg plays e1"), "{out}");
    assert!(out.contains("Nothing to undo."), "the computer's first move is not the player's to undo: {out}");
    let took_back = out.lines().find(|l| l.starts_with("Took back")).expect("undo answers");
    assert!(took_back.ends_with(" h8g7."), "{took_back}");
    let replayed = out.lines().find(|l| l.starts_with("Replayed")).expect("redo answers");
    assert!(replayed.starts_with("Replayed h8g7 "), "{replayed}");
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    let (ok, _, err) = run_script(&["play", "--level", "11"], "");
    assert!(!ok);
    assert!(err.contains("unknown level '11'"), "{err}");
    let (ok, _, err) = run_script(&["play", "--side", "dog"], "");
    assert!(!ok);
    assert!(err.contains("invalid value 'dog'"), "{err}");
    let (ok, _, err) = run_script(&["play", "--load", "/nonexistent/game.pgn"], "");
    assert!(!ok);
    assert!(err.contains("cannot read '/nonexistent/game.pgn'"), "{err}");
}

#[test]
fn selfplay_reports_exact_results_of_perfect_play() {
    let out = ryg()
        .args([
            "selfplay", "--mouse", "perfect", "--cats", "perfect", "--games", "2", "--size", "4", "--start",
            "all",
        ])
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 4);
    assert_eq!(report["cats_wins"], 4);
    assert_eq!(report["starts"][1]["start"], "c1");
    assert_eq!(report["starts"][1]["average_plies"], 8.0);

    let (ok, out, _) =
        run_script(&["selfplay", "--mouse", "perfect", "--cats", "5", "--size", "6", "--games", "3"], "");
    assert!(ok);
    assert!(
        out.contains("total       3           3          0"),
        "the mouse wins 6x6 with perfect play:\n{out}"
    );

    let (ok, _, err) = run_script(&["selfplay", "--mouse", "1", "--cats", "2", "--start", "d1"], "");
    assert!(!ok);
    assert_eq!(err, "ryg: error: 'd1' is a light square; pieces stand on dark squares only\n");
}

#[test]
fn history_and_table_show_the_computers_last_search() {
    let (ok, out, _) =
        run_script(&["play", "--level", "4", "--seed", "1"], "depth 4\nhistory\ne1f2\n.f\n.e\ntable\nquit\n");
    assert!(ok);
    assert!(
        out.contains("The computer has not searched yet: it searches when given a fixed depth (`depth\nN`); the levels play from the tablebase.\n"),
        "{out}"
    );
    // Level 4 answers e1f2 with a depth-4 search from the same position every time.
    let history = out.split("> .f\n").nth(1).unwrap().lines().take(3).collect::<Vec<_>>().join("\n");
    assert_eq!(
        history,
        "History table after the last search (4 moves scored; from -> to: score, bumped\nby the depth left by each node's best move):\n  f2e3     42   e3d2     25   h8g7     22   f8e7     12"
    );
    let table = out.split("> .e\n").nth(1).unwrap().lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(
        table,
        "Transposition table after the last search: 65536 slots, 49 filled (0.1%); 100\nlook-ups, 51 hits (51.0%); 79 stores, 0 overwrote another position."
    );
    assert!(out.contains("> table\nTransposition table after the last search: 65536 slots, 49 filled"));
}

#[test]
fn the_articles_programs_say_how_their_history_works_and_what_ryg_could_not_search() {
    // RYG3 v11 credits a move each time it is stored in its hash table, capped at one byte.
    let (ok, out, _) =
        run_script(&["play", "--opponent", "ryg3-v11", "--depth", "6"], "e1f2\nhistory\nquit\n");
    assert!(ok);
    let history = out.split("> history\n").nth(1).unwrap().lines().take(4).collect::<Vec<_>>().join("\n");
    assert_eq!(
        history,
        "History table after the last search (7 moves scored; from -> to: score, bumped\nby the depth left each time a move is stored in the hash table, capped at 255,\nas RYG3 v11):\n  g3f4    255   f4g5    255   f2g3    105   d8c7     40   f8e7     36"
    );
    // RYG3 v10 has none, and says so rather than calling it empty.
    let (ok, out, _) =
        run_script(&["play", "--opponent", "ryg3-v10", "--depth", "6"], "e1f2\nhistory\nquit\n");
    assert!(ok);
    assert!(out.contains("> history\nHistory table: this engine's search does not use one.\n"), "{out}");
    // RYG deeper than its three levels: the articles' memory figures.
    let (ok, out, _) = run_script(&["play", "--opponent", "ryg1", "--depth", "5"], "quit\n");
    assert!(ok);
    let intro = out.replace('\n', " ");
    assert!(intro.contains("RYG itself played depths 1 to 3"), "{out}");
    assert!(intro.contains("«para tres niveles hacían falta 22 KB y para cuatro 90 KB»"), "{out}");
    assert!(intro.contains("«3 niveles => 85 bytes x 8 x 4 x 8 = 21760 bytes»"), "{out}");
    let (ok, out, _) = run_script(&["play", "--opponent", "ryg1", "--depth", "3"], "quit\n");
    assert!(ok);
    assert!(!out.contains("RYG itself played"), "{out}");
}

#[test]
fn load_from_standard_input_inside_a_game_is_refused() {
    // Before: the game loop held standard input, so this never ended.
    let (ok, out, err) = run_script(&["play", "--side", "both"], "load -\ne1f2\nquit\n");
    assert!(!ok);
    assert!(
        out.contains(
            "Cannot load from standard input during a game: give a file name, or start with\n'ryg play --load -'.\n"
        ),
        "{out}"
    );
    assert!(out.contains("Moves:\n1. e1f2 *"), "the game goes on: {out}");
    assert_eq!(err, "ryg: error: 1 command of the script failed\n");
}

#[test]
fn a_line_longer_than_64_kib_is_refused_without_being_kept() {
    let script = format!("{}\ne1f2\nmoves\n", "e".repeat(100_000));
    let (ok, out, err) = run_script(&["play", "--side", "both"], &script);
    assert!(!ok);
    assert_eq!(err, "ryg: error: 1 command of the script failed\n");
    assert!(out.contains("That line is longer than 64 KiB; it was ignored."), "{out}");
    assert!(!out.contains("eeeeeeeeee"), "the long line is neither kept nor echoed");
    assert!(out.contains("Legal moves for the cats: b8a7"), "{out}");
    assert!(out.len() < 10_000, "{} bytes of output", out.len());
}

#[test]
fn a_scripted_game_with_a_failed_command_exits_1() {
    let script = "e1f2\nsave /nonexistent-dir/x.pgn\nquit\n";
    let (ok, out, err) = run_script(&["play", "--side", "both"], script);
    assert!(!ok);
    assert!(out.contains("Could not save: "), "{out}");
    assert_eq!(err, "ryg: error: 1 command of the script failed\n");

    let (ok, _, err) = run_script(&["play", "--side", "both"], "e1f2\nh8g7\nquit\n");
    assert!(ok, "{err}");
    assert_eq!(err, "");
}

#[test]
fn the_mouse_moves_by_its_destination_and_rules_are_one_command_away() {
    let (ok, out, err) = run_script(&["play", "--side", "both"], "rules\nf2\ng7\na7\nf2\nquit\n");
    assert!(!ok, "two destinations were refused: {out}");
    assert_eq!(err, "ryg: error: 2 commands of the script failed\n");
    assert!(
        out.contains("The mouse wins by reaching the cats' home rank; the cats win by trapping it.\n"),
        "{out}"
    );
    assert!(out.contains("Rules of El ratón y los gatos (Fox and Hounds):\n"), "{out}");
    assert!(
        out.contains("> g7\nMore than one cat can move to g7 (f8g7, h8g7): type the whole move.\n"),
        "{out}"
    );
    assert!(out.contains("Moves:\n1. e1f2 b8a7 *\n"), "{out}");
    assert!(
        out.contains("> f2\nThe mouse cannot move to f2. Legal moves for the mouse: f2e1 f2g1 f2e3 f2g3\n"),
        "{out}"
    );
}

#[test]
fn a_game_end_is_said_once_in_words_and_the_move_list_fits_80_columns() {
    // 4x4: the cats trap the mouse after 8 plies whatever it does.
    let (ok, out, _) = run_script(&["play", "--size", "4", "--level", "perfect"], "d2\nc1\nd2\nc1\nhint\n");
    assert!(ok, "{out}");
    // Within 80 columns the computer's line wraps: compare it as one line.
    assert!(out.replace('\n', " ").contains(": perfect play: the mouse is trapped, the cats win; "), "{out}");
    assert_eq!(out.matches("after 8 plies").count(), 1, "{out}");
    assert!(out.contains("\nThe mouse is trapped: the cats win (0-1) after 8 plies.\n"), "{out}");
    assert!(out.contains("No hint: the game is over: the mouse is trapped, the cats win.\n"), "{out}");
    assert!(!out.contains("Game over"), "said twice: {out}");
    assert!(!out.contains("in 0 plies"), "{out}");
    // A 44-ply game: every line of its move list within 80 columns.
    let (ok, out, _) = run_script(&["play", "--side", "none", "--level", "perfect"], "");
    assert!(ok, "{out}");
    let list: Vec<&str> = out.lines().filter(|l| l.starts_with("1. e1")).collect();
    assert!(!list.is_empty(), "{out}");
    let long = out
        .lines()
        .filter(|l| {
            l.starts_with("Moves") || (l.starts_with(|c: char| c.is_ascii_digit()) && l.contains(". "))
        })
        .filter(|l| l.chars().count() > 80);
    assert_eq!(long.count(), 0, "{out}");
    // So is every other line of the game: the computer's moves, the end, the hints.
    let (ok, out, _) =
        run_script(&["play", "--size", "4", "--level", "perfect"], "d2\nhint\nc1\nd2\nc1\nhint\n");
    assert!(ok, "{out}");
    let long: Vec<&str> = out.lines().filter(|l| l.chars().count() > 80).collect();
    assert!(long.is_empty(), "{long:?}");
}

#[test]
fn a_computer_move_shows_the_exact_result_and_a_loaded_game_counts_numbered_moves() {
    let (ok, out, _) = run_script(&["play", "--depth", "2"], "e1f2\n");
    assert!(ok, "{out}");
    assert!(out.contains(" nodes; now cats win in 42 plies; "), "{out}");
    assert!(!out.contains("score"), "{out}");
    let dir = std::env::temp_dir().join(format!("ryg-loaded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("five.pgn");
    std::fs::write(&file, "1. e1f2 h8g7 2. f2e3 g7f6 3. e3d4 *\n").unwrap();
    let (ok, out, _) = run_script(&["play", "--side", "both"], &format!("load {}\n", file.display()));
    assert!(ok, "{out}");
    assert!(out.contains(&format!("Loaded {} (3 moves, 5 plies).", file.display())), "{out}");
    // One of each is said in the singular, here and in `record check` of several games.
    let one = dir.join("one.pgn");
    std::fs::write(&one, "1. e1f2 *\n").unwrap();
    let (ok, out, _) = run_script(&["play", "--side", "both"], &format!("load {}\n", one.display()));
    assert!(ok, "{out}");
    assert!(out.contains(&format!("Loaded {} (1 move, 1 ply).", one.display())), "{out}");
    let two = dir.join("two.pgn");
    std::fs::write(
        &two,
        "[Event \"a\"]\n\n1. e1f2 *\n\n[Event \"b\"]\n\n1. e1f2 h8g7 2. f2e3 g7f6 3. e3d4 *\n",
    )
    .unwrap();
    let out = ryg().args(["record", "check"]).arg(&two).output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "game 1      1 ply, result * (unfinished; cats to move)\n\
         game 2      5 plies, result * (unfinished; cats to move)\n\
         2 games, all valid\n"
    );
    let (ok, out, _) = run_script(&["play", "--side", "cats", "--depth", "1"], "quit\n");
    assert!(ok, "{out}");
    assert!(out.contains("searches exactly 1 ply, without"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (ok, _, err) = run_script(&["play", "--delay", "61"], "");
    assert!(!ok);
    assert_eq!(err, "ryg: error: invalid --delay 61: expected seconds from 0 to 60\n");
}

#[test]
fn the_welcome_describes_the_level_without_nested_parentheses() {
    let (ok, out, _) = run_script(&["play"], "");
    assert!(ok);
    let expected = "Mouse: you. Cats: ryg, level 3: mostly perfect moves, more often plausible or\nrandom ones at low levels; see `ryg levels`.\n";
    assert!(out.contains(expected), "{out}");
}

#[test]
fn a_level_move_says_its_chance_and_the_exact_result_it_leaves() {
    let (ok, out, _) = run_script(&["play", "--size", "6", "--level", "3", "--seed", "5"], "c1d2\nquit\n");
    assert!(ok, "{out}");
    let line = out.lines().find(|l| l.starts_with("ryg plays ")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("% choice; "), "{line}");
    assert!(line.contains(" wins in ") || line.contains(" win in "), "an exact result: {line}");
    assert!(!line.contains('(') && line.chars().count() <= 80, "no parentheses, 80 columns: {line}");
}
