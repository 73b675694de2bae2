//! `ryg ugi` transcripts: spawn the engine, write commands, read the lines it answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use ryg::search::SplitMix64;
use ryg::{Move, Position, Side, Size, Tablebase};

/// Only a safety net against a hung engine; no test depends on timing.
const SAFETY: Duration = Duration::from_secs(60);

struct Ugi {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Ugi {
    fn start() -> Ugi {
        let mut child = crate::common::ryg_process()
            .args(["ugi", "--no-cache"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Ugi { stdin: child.stdin.take(), child, lines: rx }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    fn line(&mut self) -> String {
        self.lines.recv_timeout(SAFETY).expect("the engine answers")
    }

    /// Sends `line` and returns the one line answered.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.line()
    }

    /// Lines until one starting with `word` (included).
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let done = line.starts_with(word);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// `bestmove X` after `go …`, with the `info` lines before it.
    fn go(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let mut lines = self.until("bestmove");
        let best = lines.pop().unwrap();
        (lines, best.strip_prefix("bestmove ").unwrap().to_string())
    }
}

impl Drop for Ugi {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_lists_identity_and_options() {
    let mut ugi = Ugi::start();
    ugi.send("ugi");
    let lines = ugi.until("ugiok");
    assert_eq!(
        lines,
        [
            format!("id name ryg {}", env!("CARGO_PKG_VERSION")).as_str(),
            "id author the ryg developers",
            "option name Level type combo default 9 var random var 1 var 2 var 3 var 4 var 5 var 6 var 7 var 8 var 9 var perfect",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Size type combo default 8 var 4 var 6 var 8 var 10",
            "option name Eval type combo default default var seed-v1 var seed var classic var default",
            "option name Table type check default true",
            "option name Ordering type check default true",
            "option name History type check default true",
            "option name IterativeDeepening type check default true",
            "option name Seed type spin default 0 min 0 max 9223372036854775807",
        "option name Engine type combo default ryg var ryg var ryg1-v1 var ryg1 var ryg3-v9 var ryg3-v10 var ryg3-v11",
        "option name Depth type spin default 0 min 0 max 16",
            "ugiok",
        ]
    );
    assert_eq!(ugi.ask("isready"), "readyok");
    ugi.send("uginewgame");
    // Unknown commands are ignored: the next answer is to isready.
    ugi.send("xyzzy plugh");
    assert_eq!(ugi.ask("isready"), "readyok");
}

#[test]
fn position_and_queries_follow_the_rules() {
    let mut ugi = Ugi::start();
    assert_eq!(ugi.ask("query p1turn"), "response true");
    assert_eq!(ugi.ask("query gameover"), "response false");
    assert_eq!(ugi.ask("query result"), "response none");
    ugi.send("position startpos moves e1f2");
    assert_eq!(ugi.ask("query p1turn"), "response false");
    // A finished position: the mouse trapped in the corner.
    ugi.send("position fen 1c1c1c2/8/8/8/8/8/1c6/m7 m");
    assert_eq!(ugi.ask("query gameover"), "response true");
    assert_eq!(ugi.ask("query result"), "response p2win");
    // The mouse escaped: a mouse win with the cats to move.
    ugi.send("position fen 1c1m/c3/4/4 c");
    assert_eq!(ugi.ask("query result"), "response p1win");
    assert_eq!(ugi.ask("query p1turn"), "response false");
    assert_eq!(
        ugi.ask("query weather"),
        "info string error: query: unknown question 'weather': expected gameover, p1turn or result"
    );
}

#[test]
fn query_answers_equal_the_rules_on_random_games() {
    let mut ugi = Ugi::start();
    let mut rng = SplitMix64::new(7);
    for size in Size::ALL {
        for _ in 0..5 {
            let start = Position::start(size, None).unwrap();
            let mut position = start;
            let mut moves = Vec::new();
            loop {
                let text = moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ");
                ugi.send(&format!("position fen {} moves {text}", start.fen()));
                let outcome = position.outcome();
                assert_eq!(ugi.ask("query gameover"), format!("response {}", outcome.is_some()));
                assert_eq!(
                    ugi.ask("query p1turn"),
                    format!("response {}", position.side_to_move() == Side::Mouse)
                );
                let result = match outcome {
                    None => "none",
                    Some(o) if o.winner == Side::Mouse => "p1win",
                    Some(_) => "p2win",
                };
                assert_eq!(ugi.ask("query result"), format!("response {result}"));
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                position = position.play(mv).unwrap();
                moves.push(mv);
            }
        }
    }
}

#[test]
fn errors_change_nothing_but_a_rejected_position_leaves_none() {
    let mut ugi = Ugi::start();
    ugi.send("position startpos moves e1f2");
    assert_eq!(ugi.ask("go depth"), "info string error: go depth: a number is missing");
    assert_eq!(ugi.ask("go sideways 3"), "info string error: go: unknown limit 'sideways'");
    assert_eq!(ugi.ask("setoption name Colour value red"), "info string error: unknown option 'Colour'");
    assert_eq!(
        ugi.ask("setoption name Level value 12"),
        "info string error: unknown level '12': expected 1 to 9, 'perfect', 'random' or 'err:F' with F from 0 to 1"
    );
    assert_eq!(
        ugi.ask("setoption name Hash value 0"),
        "info string error: Hash must be 1 to 1024 (MiB), not '0'"
    );
    assert_eq!(
        ugi.ask("setoption name Table value maybe"),
        "info string error: 'maybe' is not true or false"
    );
    assert_eq!(
        ugi.ask("setoption Level 3"),
        "info string error: setoption: expected 'setoption name NAME value VALUE'"
    );
    assert_eq!(ugi.ask("query p1turn"), "response false", "still after e1f2");

    assert_eq!(
        ugi.ask("position startpos moves h8g7"),
        "info string error: position: move 1: illegal move h8g7 for the mouse; legal moves: e1d2 e1f2"
    );
    assert_eq!(
        ugi.ask("position startpos moves e1x2"),
        format!("info string error: position: move 1 'e1x2': {}", "e1x2".parse::<Move>().unwrap_err())
    );
    assert_eq!(
        ugi.ask("position fen 1c1c1c1c/8/8 m"),
        format!("info string error: position fen: {}", "1c1c1c1c/8/8 m".parse::<Position>().unwrap_err())
    );
    let rejected = "position: expected 'startpos' or 'fen FEN', then optionally 'moves …'";
    assert_eq!(ugi.ask("position nowhere"), format!("info string error: {rejected}"));
    // The GUI meant another position than the one before: no search, no answer about it.
    let (info, best) = ugi.go("go depth 3");
    assert_eq!(
        info,
        [format!("info string error: no position to search: the last 'position' was rejected ({rejected})")]
    );
    assert_eq!(best, "(none)");
    assert_eq!(
        ugi.ask("query p1turn"),
        format!("info string error: no position to ask about: the last 'position' was rejected ({rejected})")
    );
    // A valid position ends that.
    ugi.send("position startpos moves e1f2");
    assert_eq!(ugi.ask("query p1turn"), "response false");

    // A finished position has no move to search.
    ugi.send("position fen 1c1c1c2/8/8/8/8/8/1c6/m7 m");
    let (info, best) = ugi.go("go depth 3");
    assert_eq!(info, ["info string error: the game is over: there is no move to search"]);
    assert_eq!(best, "(none)");
}

#[test]
fn go_depth_reports_each_iteration_and_a_mate_in_moves() {
    let mut ugi = Ugi::start();
    ugi.send("setoption name Size value 4");
    ugi.send("position startpos");
    // 4x4: the cats win in 8 plies, so the mouse to move is mated in 4 moves.
    let (info, best) = ugi.go("go depth 12");
    let last = info.last().unwrap();
    assert!(last.starts_with("info depth 8 score mate -4 nodes "), "{info:?}");
    assert!(last.contains(" pv "), "{last}");
    // One line per depth; when the move played is another as good as the line's (a random
    // tie), one more line of the last depth shows it.
    assert!(info.len() == 8 || info.len() == 9, "{info:?}");
    for (i, line) in info.iter().enumerate() {
        assert!(line.starts_with(&format!("info depth {} score ", (i + 1).min(8))), "{line}");
    }
    assert!(last.ends_with(&format!(" pv {best}")) || last.contains(&format!(" pv {best} ")), "{info:?}");
    let start = Position::start(Size::new(4).unwrap(), None).unwrap();
    assert!(start.is_legal(best.parse().unwrap()), "{best}");
    // The cats to move after c1b2 win: mate counted positive.
    ugi.send("position startpos moves c1b2");
    let (info, _) = ugi.go("go depth 12");
    assert!(info.last().unwrap().contains("score mate 4 "), "{info:?}");
}

#[test]
fn the_last_pv_starts_with_the_move_played() {
    // 10x10 at depth 7: e1d2 and e1f2 score the same, and the seed picks either; the last
    // `info … pv` line must show the move that `bestmove` plays.
    let mut ugi = Ugi::start();
    ugi.send("setoption name Size value 10");
    let mut played = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        ugi.send(&format!("setoption name Seed value {seed}"));
        ugi.send("position startpos");
        let (info, best) = ugi.go("go depth 7");
        let last = info.last().unwrap();
        let pv = last.split(" pv ").nth(1).unwrap();
        assert_eq!(pv.split(' ').next(), Some(best.as_str()), "seed {seed}: {info:?}");
        played.insert(best);
    }
    assert!(played.len() > 1, "the seeds choose among the equal moves: {played:?}");
}

#[test]
fn stop_ends_go_infinite_and_isready_answers_during_a_search() {
    let mut ugi = Ugi::start();
    ugi.send("setoption name Size value 10");
    ugi.send("position startpos");
    ugi.send("go infinite");
    // The search runs on its own thread: isready is answered before any bestmove.
    let mut before_ready = Vec::new();
    ugi.send("isready");
    loop {
        let line = ugi.line();
        if line == "readyok" {
            break;
        }
        before_ready.push(line);
    }
    assert!(before_ready.iter().all(|l| l.starts_with("info depth")), "{before_ready:?}");
    // The search may send more `info depth` lines before the answer.
    ugi.send("query p1turn");
    let mut lines = ugi.until("response");
    assert_eq!(lines.pop().unwrap(), "response true");
    assert!(lines.iter().all(|l| l.starts_with("info depth")), "{lines:?}");
    ugi.send("stop");
    let lines = ugi.until("bestmove");
    let best: Move = lines.last().unwrap().strip_prefix("bestmove ").unwrap().parse().unwrap();
    assert!(Position::start(Size::new(10).unwrap(), None).unwrap().is_legal(best));
    assert_eq!(ugi.ask("isready"), "readyok");
}

#[test]
fn stop_answers_from_a_search_while_the_tablebase_is_built() {
    // Level 4 plays from the 10x10 tablebase, which takes about a second to build here
    // (--no-cache); `stop`, read right after `go`, does not wait for it.
    let mut ugi = Ugi::start();
    ugi.send("setoption name Size value 10");
    ugi.send("setoption name Level value 4");
    ugi.send("position startpos");
    ugi.send("go");
    ugi.send("stop");
    let lines = ugi.until("bestmove");
    assert_eq!(
        lines[0],
        "info string the 10x10 tablebase is still being built: the level searches without it"
    );
    // Without it, level 4 searches 4 plies, deepening one ply at a time.
    let depths: Vec<&str> = lines[1..lines.len() - 2].iter().map(|l| l.split(' ').nth(2).unwrap()).collect();
    assert_eq!(depths, ["1", "2", "3", "4"], "{lines:?}");
    assert!(lines[lines.len() - 2].starts_with("info string depth 4, "), "{lines:?}");
    let best: Move = lines.last().unwrap().strip_prefix("bestmove ").unwrap().parse().unwrap();
    let start = Position::start(Size::new(10).unwrap(), None).unwrap();
    assert!(start.is_legal(best), "{best}");
    // The build went on: `isready` waits for it, and the next move comes from the tablebase.
    assert_eq!(ugi.ask("isready"), "readyok");
    let (info, best) = ugi.go("go");
    assert_eq!(info.len(), 1, "{info:?}");
    assert!(info[0].starts_with("info string drawn from the level's moves (chance "), "{info:?}");
    assert!(start.is_legal(best.parse().unwrap()), "{best}");
}

#[test]
fn quit_while_the_tablebase_builds_waits_to_write_its_cache_file() {
    let dir = std::env::temp_dir().join(format!("ryg-ugi-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |input: &str| {
        let mut child = crate::common::ryg_process()
            .args(["ugi", "--cache-dir"])
            .arg(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let first = run("setoption name Size value 10\nposition startpos\ngo\nstop\nquit\n");
    assert!(first.status.success());
    let out = String::from_utf8(first.stdout).unwrap();
    assert!(out.starts_with("info string the 10x10 tablebase is still being built"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("bestmove "), "{out}");
    // The build went on after `stop`, and `quit` waited for it: the whole file, no temporary.
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names, ["tablebase-10x10.ryg"]);
    // The next engine reads it (a refused cache file is reported on stderr, and rebuilt).
    let second = run("setoption name Size value 10\nisready\nquit\n");
    assert_eq!(String::from_utf8(second.stderr).unwrap(), "");
    assert_eq!(String::from_utf8(second.stdout).unwrap(), "readyok\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn node_time_and_clock_limits_answer_with_a_legal_move() {
    let mut ugi = Ugi::start();
    let start = Position::standard();
    for go in ["go nodes 500", "go movetime 30", "go p1time 1000 p2time 1000 p1inc 10 p2inc 10", "go"] {
        ugi.send("position startpos");
        let (info, best) = ugi.go(go);
        assert!(start.is_legal(best.parse().unwrap()), "{go}: {best}");
        if go == "go nodes 500" {
            for line in &info {
                let words: Vec<&str> = line.split_whitespace().collect();
                let at = words.iter().position(|&w| w == "nodes").unwrap();
                assert!(words[at + 1].parse::<u64>().unwrap() <= 500, "{line}");
            }
        }
    }
}

#[test]
fn a_time_limit_deepens_and_plays_on_ten_by_ten() {
    // A proof stopped by the clock has no move; the timed search keeps its last iteration's.
    let mut ugi = Ugi::start();
    ugi.send("setoption name Size value 10");
    ugi.send("position startpos");
    let (info, best) = ugi.go("go movetime 200");
    assert!(!info.is_empty(), "no iteration finished");
    // One line per finished depth, and one more of the last depth when the move played is
    // another as good (a random tie): the last pv starts with the move played.
    let repeated = info.len() > 1
        && info[info.len() - 1].split(" score").next() == info[info.len() - 2].split(" score").next();
    let depths = info.len() - usize::from(repeated);
    for (i, line) in info.iter().enumerate() {
        assert!(line.starts_with(&format!("info depth {} score cp ", (i + 1).min(depths))), "{info:?}");
    }
    assert_eq!(info.last().unwrap().split(" pv ").nth(1).unwrap().split(' ').next(), Some(best.as_str()));
    let start = Position::start(Size::new(10).unwrap(), None).unwrap();
    assert!(start.is_legal(best.parse().unwrap()), "{best}");
}

#[test]
fn bestmove_is_legal_on_random_positions_of_every_size() {
    let mut ugi = Ugi::start();
    let mut rng = SplitMix64::new(11);
    // The level's own move (from the tablebase), a depth search and a node-limited search.
    let goes = ["go", "go depth 3", "go nodes 300"];
    for level in ["random", "1", "4"] {
        ugi.send(&format!("setoption name Level value {level}"));
        for size in Size::ALL {
            for i in 0..6 {
                let mut position = Position::start(size, None).unwrap();
                let plies = rng.below(20);
                for _ in 0..plies {
                    let legal = position.legal_moves();
                    if legal.len() <= 1 {
                        break;
                    }
                    position = position.play(legal[rng.below(legal.len())]).unwrap();
                }
                if position.outcome().is_some() {
                    continue;
                }
                ugi.send(&format!("position fen {}", position.fen()));
                let (_, best) = ugi.go(goes[i % 3]);
                assert!(
                    position.is_legal(best.parse().unwrap()),
                    "level {level}, {}, {}: {best}",
                    goes[i % 3],
                    position.fen()
                );
            }
        }
    }
}

#[test]
fn seed_repeats_the_random_choices_and_a_new_game_changes_them() {
    // Positions with several legal moves each, from a seeded random playout.
    let mut rng = SplitMix64::new(3);
    let mut positions = Vec::new();
    let mut position = Position::standard();
    while positions.len() < 12 {
        let legal = position.legal_moves();
        if legal.len() < 2 || position.outcome().is_some() {
            position = Position::standard();
            continue;
        }
        positions.push(position);
        position = position.play(legal[rng.below(legal.len())]).unwrap();
    }
    let choices = |ugi: &mut Ugi| -> Vec<String> {
        positions
            .iter()
            .map(|p| {
                ugi.send(&format!("position fen {}", p.fen()));
                let (_, best) = ugi.go("go");
                assert!(p.is_legal(best.parse().unwrap()), "{}: {best}", p.fen());
                best
            })
            .collect()
    };
    let start = |seed: u64| {
        let mut ugi = Ugi::start();
        ugi.send("setoption name Level value random");
        ugi.send(&format!("setoption name Seed value {seed}"));
        ugi
    };
    let (mut a, mut b, mut c) = (start(42), start(42), start(43));
    let first = choices(&mut a);
    assert_eq!(choices(&mut b), first, "the same seed, the same moves");
    assert_ne!(choices(&mut c), first, "another seed, other moves");
    a.send("uginewgame");
    assert_ne!(choices(&mut a), first, "a new game, new choices");
}

#[test]
fn perfect_level_plays_a_best_move() {
    let size = Size::new(6).unwrap();
    let tb = Tablebase::build(size, 1, &mut ());
    let mut ugi = Ugi::start();
    ugi.send("setoption name Level value perfect");
    ugi.send("setoption name Size value 6");
    ugi.send("position startpos");
    let (info, best) = ugi.go("go");
    assert_eq!(info, ["info string perfect play: mouse wins in 24 plies"]);
    let start = Position::start(size, None).unwrap();
    assert!(tb.best_moves(&start).contains(&best.parse().unwrap()), "{best}");
}

#[test]
fn end_of_input_and_quit_end_the_engine() {
    for last in [None, Some("quit")] {
        let mut ugi = Ugi::start();
        ugi.send("position startpos");
        ugi.send("go infinite");
        if let Some(line) = last {
            ugi.send(line);
        }
        ugi.stdin = None;
        // A search under way is stopped; the engine answers it and exits.
        let lines = ugi.until("bestmove");
        assert!(lines.last().unwrap().starts_with("bestmove "));
        let status = ugi.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

#[test]
fn the_engine_option_plays_an_articles_program_at_its_depth() {
    let mut ugi = Ugi::start();
    ugi.send("ugi");
    ugi.until("ugiok");
    ugi.send("setoption name Engine value ryg3-v10");
    ugi.send("setoption name Depth value 8");
    assert_eq!(ugi.ask("isready"), "readyok");
    ugi.send("position fen 1c1c1c1c/8/8/8/8/8/5m2/8 c");
    // A plain go plays the program at its depth: RYG3 v10 answers e1f2 with b8a7, the move
    // the article reports.
    let (lines, best) = ugi.go("go");
    assert_eq!(best, "b8a7");
    assert!(lines.iter().any(|l| l.starts_with("info depth 8 ")), "{lines:?}");
    ugi.send("setoption name Depth value 9");
    assert_eq!(
        ugi.ask("setoption name Engine value ryg1"),
        "info string error: ryg1 searches depths 1 to 7, not 9"
    );
}
