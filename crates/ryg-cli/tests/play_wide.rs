//! `ryg play` on the boards past 10×10 (12×12 and 14×14, through the wide engine): games
//! against a search level, the levels that need the tablebase refused, records saved and loaded.

use std::path::Path;

use ryg_wide::{Game, Position, Record, Side};

use crate::common::run_script;

/// The record saved in `path`, checked by replaying every move from its start.
fn replayed(path: &Path) -> (Record, Game) {
    let record = Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut game = Game::new(*record.game().start());
    for &mv in record.game().moves() {
        assert!(
            game.position().legal_moves().contains(&mv),
            "{mv} is not legal in {}",
            game.position().fen()
        );
        game.play(mv).unwrap();
    }
    assert_eq!(game.position(), record.game().position());
    (record, game)
}

/// The moves the computer said it played ("ryg plays j12i11 as the cats: …").
fn computer_moves(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.split("ryg plays ").nth(1))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn a_12x12_game_against_a_search_level_plays_legal_moves_and_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("twelve.pgn");
    // The mouse climbs the g and h files: the cats, six ranks away, cannot block it yet.
    let script = format!("g1-h2\nh2g3\ng3-h4\nh4g5\nsave {}\n", saved.display());
    let args = ["play", "--size", "12", "--level", "2", "--seed", "9", "--no-cache"];
    let (code, out, err) = run_script(&args, &script);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("ryg — El ratón y los gatos on 12x12."), "{out}");
    assert!(out.contains("Cats: ryg, level 2: searches 2 plies (no tablebase on 12x12)."), "{out}");
    // The board has two-digit ranks and twelve files.
    assert!(out.contains("\n12     C     C     C     C     C     C\n"), "{out}");
    assert!(out.contains("\n    a  b  c  d  e  f  g  h  i  j  k  l\n"), "{out}");
    assert!(out.contains("\n 1  .     .     .     M     .     .\n"), "{out}");
    for mv in ["g1h2", "h2g3", "g3h4", "h4g5"] {
        assert!(out.contains(&format!("You play {mv}.")), "{out}");
    }
    let replies = computer_moves(&out);
    assert_eq!(replies.len(), 4, "{out}");

    let (record, game) = replayed(&saved);
    assert_eq!(record.game().start(), &Position::start("12".parse().unwrap(), None).unwrap());
    assert_eq!(record.tag("Cats"), Some("ryg level 2"));
    assert_eq!(record.tag("Mouse"), Some("Human"));
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves.len(), 8);
    let cats: Vec<String> = moves.iter().skip(1).step_by(2).cloned().collect();
    assert_eq!(cats, replies, "the record holds the moves the computer announced");
    // Every cat move went down one rank from rank 12 or below, and the mouse is on g5.
    assert_eq!(game.position().mouse().to_string(), "g5");
    assert_eq!(game.position().side_to_move(), Side::Mouse);
    assert_ne!(game.position().fen(), record.game().start().fen());
}

#[test]
fn a_12x12_record_loads_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.pgn");
    let second = dir.path().join("second.pgn");
    let args = ["play", "--size", "12", "--side", "cats", "--level", "1", "--seed", "2", "--no-cache"];
    // Squares with two-digit ranks, typed both ways.
    let (code, out, err) = run_script(&args, &format!("l12-k11\nb12a11\nsave {}\n", first.display()));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("You play l12k11.") && out.contains("You play b12a11."), "{out}");
    let (saved, _) = replayed(&first);
    assert_eq!(saved.game().moves().len(), 5, "the mouse's first move, then two of each");

    // `--load` continues it; a cat move later is saved after the loaded ones.
    let load = ["play", "--load", first.to_str().unwrap(), "--side", "cats", "--level", "1", "--no-cache"];
    let (code, out, err) = run_script(&load, &format!("board\nd12c11\nsave {}\n", second.display()));
    assert_eq!(code, 0, "{out}{err}");
    let m = saved.game().moves();
    assert!(
        out.contains(&format!("Moves:\n1. {} {} 2. {} {} 3. {} *\n", m[0], m[1], m[2], m[3], m[4])),
        "{out}"
    );
    let (record, _) = replayed(&second);
    assert_eq!(&record.game().moves()[..5], saved.game().moves());
    assert_eq!(record.game().moves()[5].to_string(), "d12c11");
    assert_eq!(record.game().moves().len(), 7);

    // The `load` command inside a game on another board switches to the 12×12 game.
    let (code, out, err) = run_script(
        &["play", "--size", "8", "--side", "both", "--no-cache"],
        &format!("load {}\n", first.display()),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("(3 moves, 5 plies)."), "{out}");
    assert!(out.contains("on 8x8.") && out.contains("\n    a  b  c  d  e  f  g  h  i  j  k  l\n"), "{out}");
}

#[test]
fn the_14x14_game_starts_with_the_mouse_on_g1() {
    let (code, out, err) = run_script(
        &["play", "--size", "14", "--side", "cats", "--level", "1", "--seed", "5", "--no-cache"],
        "board\nhint\neval\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("on 14x14."), "{out}");
    assert!(out.contains("\n    a  b  c  d  e  f  g  h  i  j  k  l  m  n\n"), "{out}");
    assert!(out.contains("\n14     C     C     C     C     C     C     C\n"), "{out}");
    let first = computer_moves(&out);
    assert_eq!(first.len(), 1, "{out}");
    assert!(["g1f2", "g1h2"].contains(&first[0].as_str()), "the mouse moves from g1: {out}");
    // The hint is a search's (wrapped within 80 columns).
    let unwrapped = out.replace('\n', " ");
    assert!(unwrapped.contains("— a search of 8 plies scores it"), "{out}");
    assert!(
        unwrapped.contains("(the exact result is known only up to 10x10; `ryg solve --size 14 --win-loss` builds 14x14's winners)"),
        "{out}"
    );
    assert!(out.contains("Exact result: unknown on 14x14"), "{out}");
}

#[test]
fn levels_that_need_the_tablebase_are_refused_past_10x10() {
    // --no-cache: a 12×12 table in the user's cache directory would make these levels playable
    for (args, level) in [
        (vec!["play", "--size", "12", "--level", "perfect", "--no-cache"], "perfect"),
        (
            vec![
                "play",
                "--fen",
                "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m",
                "--level",
                "err:0.1",
                "--no-cache",
            ],
            "err:0.1",
        ),
        (vec!["play", "--size", "14", "--level", "perfect", "--depth", "4"], "perfect"),
    ] {
        let (code, out, err) = run_script(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(&format!("level {level} plays from the tablebase")), "{err}");
        assert!(err.contains("up to 10x10") && err.contains("levels 1-9"), "{err}");
    }
    // without the 12×12 table, the hint and eval say how to build it
    let (_, out, _) = run_script(&["play", "--size", "12", "--level", "2", "--no-cache"], "hint\neval\n");
    let unwrapped = out.replace('\n', " ");
    assert!(
        unwrapped.contains("(no 12x12 tablebase in the cache directory: `ryg solve --size 12` builds it)"),
        "{out}"
    );
    assert!(
        out.contains("Exact result: unknown on 12x12 (no 12x12 tablebase in the cache directory: `ryg solve --size 12` builds it)."),
        "{out}"
    );
    // Inside a game the level stays as it was, and the computer still plays at it.
    let (code, out, _) = run_script(
        &["play", "--size", "12", "--side", "cats", "--level", "2", "--no-cache"],
        "level perfect\nl12k11\n",
    );
    assert_eq!(code, 1, "a refused command fails a script: {out}");
    assert!(out.replace('\n', " ").contains("on 12x12 the computer plays levels 1-9"), "{out}");
    assert!(out.contains("The level stays 2."), "{out}");
    assert_eq!(computer_moves(&out).len(), 2, "{out}");
    // The same level on 10×10 is taken.
    let (code, out, _) = run_script(&["play", "--size", "10", "--side", "both"], "level perfect\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Computer: level perfect: perfect play from the tablebase."), "{out}");
}
