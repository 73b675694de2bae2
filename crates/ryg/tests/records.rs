//! Game records: the files of valid and invalid records, and round-trips of random games.

use std::fs;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use ryg::{Game, Move, Position, Record, Size};

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

fn read(kind: &str, name: &str) -> String {
    fs::read_to_string(records_dir().join(kind).join(name)).unwrap()
}

/// Every valid record: how many plies, the result and the final position.
const VALID: &[(&str, usize, &str, &str)] = &[
    ("standard-cats-win.pgn", 44, "0-1", "8/8/7c/8/8/8/1c6/m1c3c1 m"),
    ("standard-mouse-escapes.pgn", 21, "1-0", "1m6/6c1/5c2/2c5/3c4/8/8/8 c"),
    ("four-by-four.pgn", 8, "0-1", "4/4/1c1c/2m1 m"),
    ("ten-by-ten-unfinished.pgn", 23, "*", "10/4c3c1/3c6/2c7/7c2/10/10/8m1/10/10 c"),
    ("cats-to-move.pgn", 9, "*", "3c4/8/1c3c1c/8/8/8/8/4m3 m"),
    ("lenient.pgn", 7, "*", "1c1c1c2/8/8/2m1c3/8/8/8/8 c"),
    ("unknown-tags.pgn", 1, "*", "1c1c1c/6/6/6/3m2/6 c"),
];

#[test]
fn valid_records_load_and_round_trip() {
    let mut names: Vec<String> = fs::read_dir(records_dir().join("valid"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut listed: Vec<&str> = VALID.iter().map(|v| v.0).collect();
    listed.sort();
    assert_eq!(names, listed, "every valid record file is checked");
    for &(name, plies, result, fen) in VALID {
        let text = read("valid", name);
        let record = Record::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.game().moves().len(), plies, "{name}");
        assert_eq!(record.result(), result, "{name}");
        assert_eq!(record.tag("Result"), Some(result), "{name}");
        assert_eq!(record.game().position().fen(), fen, "{name}");
        let written = record.to_pgn();
        assert_eq!(Record::parse(&written).as_ref(), Ok(&record), "{name}");
        if !matches!(name, "lenient.pgn" | "unknown-tags.pgn") {
            assert_eq!(written, text, "{name} is written canonically");
        }
    }
}

#[test]
fn lenient_and_unknown_tags_are_normalised() {
    let record = Record::parse(&read("valid", "lenient.pgn")).unwrap();
    assert_eq!(
        record.to_pgn(),
        "[FEN \"1c1c1c1c/8/8/8/8/8/8/4m3 m\"]\n[Result \"*\"]\n\n\
         1. e1f2 h8g7 2. f2e3 g7f6 3. e3d4 f6e5 4. d4c5 *\n"
    );
    let record = Record::parse(&read("valid", "unknown-tags.pgn")).unwrap();
    let names: Vec<&str> = record.tags().iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Event", "Round", "FEN", "Site", "Result"]);
    assert_eq!(record.tag("Event"), Some("Quotes \"and\" backslashes \\ kept"));
    assert_eq!(
        record.to_pgn(),
        "[Event \"Quotes \\\"and\\\" backslashes \\\\ kept\"]\n[Round \"3\"]\n\
         [FEN \"1c1c1c/6/6/6/6/2m3 m\"]\n[Site \"?\"]\n[Result \"*\"]\n\n1. c1d2 *\n"
    );
}

#[test]
fn invalid_records_are_refused_with_the_exact_message() {
    let expected = read("invalid", "expected.txt");
    let mut checked = Vec::new();
    for line in expected.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (name, message) = line.split_once(" => ").unwrap();
        let err = Record::parse(&read("invalid", name)).expect_err(name);
        assert_eq!(err.to_string(), message, "{name}");
        checked.push(name.to_string());
    }
    let mut files: Vec<String> = fs::read_dir(records_dir().join("invalid"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    files.sort();
    checked.sort();
    assert_eq!(files, checked, "every invalid record file has its expected error");
    assert_eq!(checked.len(), 18);
}

#[test]
fn errors_carry_the_line_and_nothing_is_half_loaded() {
    let err = Record::parse("[Event \"x\"]\n\n1. e1f2 h8g7\n2. f2e3 h8g7 *\n").unwrap_err();
    assert_eq!(err.line, 4);
    assert_eq!(
        err.to_string(),
        "line 4: move 2 (h8g7): illegal move h8g7 for the cats; legal moves: g7f6 g7h6 b8a7 b8c7 d8c7 d8e7 f8e7"
    );
    assert!(matches!(err.kind, ryg::RecordErrorKind::IllegalMove { number: 2, .. }));
}

#[test]
fn set_tag_keeps_fen_and_result_tied_to_the_game() {
    let mut record = Record::new(Game::new(Position::standard()));
    record.set_tag("FEN", "8/8/8/8 m").unwrap();
    record.set_tag("Result", "1-0").unwrap();
    record.set_tag("Event", "line\nbreak").unwrap();
    assert_eq!(record.tag("FEN"), Some("1c1c1c1c/8/8/8/8/8/8/4m3 m"));
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.tag("Event"), Some("line break"));
    assert_eq!(
        record.set_tag("Bad Name", "x").unwrap_err().to_string(),
        "bad tag name 'Bad Name': use letters, digits and '_'"
    );
    assert_eq!(
        record.to_pgn(),
        "[Event \"line break\"]\n[FEN \"1c1c1c1c/8/8/8/8/8/8/4m3 m\"]\n[Result \"*\"]\n\n*\n"
    );
}

proptest! {
    /// Random games of every size, from either side to move, written and read back.
    #[test]
    fn random_games_round_trip(
        size in prop::sample::select(Size::ALL.to_vec()),
        cats_first in any::<bool>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
        event in "[ -~]{0,20}",
    ) {
        let mut start = Position::start(size, None).unwrap();
        if cats_first {
            start = start.fen().replace(" m", " c").parse().unwrap();
        }
        let mut game = Game::new(start);
        for choice in choices {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice.index(moves.len())]).unwrap();
        }
        let mut record = Record::new(game.clone());
        record.set_tag("Event", &event).unwrap();
        let text = record.to_pgn();
        let back = Record::parse(&text).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.game().moves(), game.moves());
        prop_assert_eq!(back.tag("Event"), Some(event.as_str()));
        prop_assert!(text.lines().all(|l| l.len() <= 79 || l.starts_with('[')));
        let moves: Vec<Move> = game.moves().to_vec();
        prop_assert_eq!(*Game::from_moves(start, &moves).unwrap().position(), *game.position());
    }
}

#[test]
fn files_of_several_records_read_game_by_game() {
    let one = read("valid", "four-by-four.pgn");
    let two = read("valid", "standard-mouse-escapes.pgn");
    let text = format!("{one}\n{two}{one}");
    let records = Record::parse_all(&text).unwrap();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0], Record::parse(&one).unwrap());
    assert_eq!(records[1], Record::parse(&two).unwrap());
    assert_eq!(records[2], records[0]);
    // An error names its line in the whole file.
    let bad = read("invalid", "illegal-move.pgn");
    let err = Record::parse_all(&format!("{one}\n{bad}")).unwrap_err();
    let alone = Record::parse(&bad).unwrap_err();
    assert_eq!(err.line, alone.line + one.lines().count() + 1);
    assert_eq!(err.kind, alone.kind);
    assert_eq!(
        Record::parse_all("\n\n").unwrap_err().to_string(),
        "line 1: empty record: expected tag pairs and moves"
    );
}

/// A record of `n` distinct tags (`[0 ""]`, `[1 ""]` … named in hexadecimal) and one move.
fn many_tags(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("[{i:x} \"\"]\n"));
    }
    text.push_str("\n1. e1f2 *\n");
    text
}

#[test]
fn a_record_of_88000_tags_keeps_them_all_in_order() {
    // A 1 MiB record: checking it once took 23.6 s, comparing every tag with every other.
    let text = many_tags(88_000);
    assert!(text.len() > 850_000 && text.len() <= 1 << 20, "{}", text.len());
    let record = Record::parse(&text).unwrap();
    let tags = record.tags();
    assert_eq!(tags.len(), 88_002);
    assert_eq!(tags[0], ("0".to_string(), String::new()));
    assert_eq!(tags[87_999].0, format!("{:x}", 87_999));
    assert_eq!((tags[88_000].0.as_str(), tags[88_001].0.as_str()), ("FEN", "Result"));
    assert_eq!(record.game().moves().len(), 1);
    let all = Record::parse_all(&text).unwrap();
    assert_eq!(all, [record]);
}

#[test]
fn a_duplicate_among_88000_tags_is_found_where_it_stands() {
    let mut text = many_tags(88_000);
    // Repeat the first tag as line 88,001, just before the moves.
    let at = text.find("\n\n1.").unwrap() + 1;
    text.insert_str(at, "[0 \"again\"]\n");
    let err = Record::parse(&text).unwrap_err();
    assert_eq!(err.to_string(), "line 88001: duplicate tag 0");
    // FEN and Result are compared whatever their case.
    let err =
        Record::parse("[FEN \"4/4/1c1c/2m1 m\"]\n[Result \"*\"]\n[fen \"4/4/1c1c/2m1 m\"]\n").unwrap_err();
    assert_eq!(err.to_string(), "line 3: duplicate tag FEN");
}
