//! `ryg` at a terminal: a real `ryg play` on a pseudo-terminal (Ctrl-C as a real SIGINT while
//! the computer thinks and at the prompt; line editing and history; taking over a watched
//! game; an earlier unfinished game), and Ctrl-C in analyze.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::process::{Child, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Sends SIGINT to `child` (started by the test and not reaped).
fn sigint(child: &Child) {
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
}

/// A child process whose standard input, output and error are a pseudo-terminal.
struct Pty {
    child: Child,
    master: File,
    output: Receiver<Vec<u8>>,
    seen: String,
    /// Kept open, so that what the child wrote just before it ended can still be read.
    _slave: OwnedFd,
}

impl Pty {
    fn spawn(args: &[&str]) -> Pty {
        Pty::spawn_on("xterm", args)
    }

    /// Starts ryg on a terminal of type `term` (`dumb`: one the line editor does not drive).
    fn spawn_on(term: &str, args: &[&str]) -> Pty {
        let pty = nix::pty::openpty(None, None).expect("openpty");
        // Not inherited by the processes other tests start meanwhile (the child gets copies).
        for fd in [&pty.master, &pty.slave] {
            let cloexec = nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::FD_CLOEXEC);
            nix::fcntl::fcntl(fd, cloexec).unwrap();
        }
        let (master, slave) = (File::from(pty.master), pty.slave);
        let child = crate::common::ryg_process()
            .args(args)
            .env("NO_COLOR", "1")
            .env("TERM", term)
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave.try_clone().unwrap()))
            .spawn()
            .unwrap();
        let mut reader = master.try_clone().unwrap();
        let (send, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                if send.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Pty { child, master, output, seen: String::new(), _slave: slave }
    }

    /// Waits until the output since the last call holds `text`; returns that output.
    fn expect(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(120);
        // Where the search resumes: the text cannot end in what was already searched.
        let mut from = 0;
        loop {
            if let Some(at) = self.seen[from..].find(text) {
                let upto = from + at + text.len();
                let before = self.seen[..upto].to_string();
                self.seen.drain(..upto);
                return before;
            }
            from = self.seen.len().saturating_sub(text.len());
            while !self.seen.is_char_boundary(from) {
                from -= 1;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => {
                    let mut tail = self.seen.len().saturating_sub(4000);
                    while !self.seen.is_char_boundary(tail) {
                        tail += 1;
                    }
                    panic!("no {text:?} in the output; it ended:\n{}", &self.seen[tail..])
                }
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        self.master.write_all(format!("{line}\n").as_bytes()).unwrap();
    }

    /// Sends keys as a terminal does: `\r` for Enter, escape sequences for arrows.
    fn keys(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
    }

    /// Whether the terminal is in its usual line mode (not the line editor's raw mode).
    fn line_mode(&self) -> bool {
        use nix::sys::termios::LocalFlags;
        let settings = nix::sys::termios::tcgetattr(&self._slave).unwrap();
        settings.local_flags.contains(LocalFlags::ICANON | LocalFlags::ECHO | LocalFlags::ISIG)
    }

    fn interrupt(&self) {
        sigint(&self.child);
    }
}

#[test]
fn ctrl_c_stops_the_thinking_keeps_the_game_and_at_the_prompt_leaves_it_saved() {
    let dir = std::env::temp_dir().join(format!("ryg-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("last-game.pgn");
    // A 40-ply search on 10x10 runs far longer than this test.
    let mut game =
        Pty::spawn(&["play", "--size", "10", "--depth", "40", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.type_line("e1f2");
    game.expect("You play e1f2.");
    // The spinner shows the search is running; the line editor has given the terminal back.
    game.expect("thinking");
    assert!(game.line_mode());
    game.interrupt();
    game.expect("Stopped the computer's thinking: 'go' lets it move, 'off' gives you its side.");
    game.expect("cats to move> ");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.ends_with("\n1. e1f2 *\n"), "{record}");
    // Ctrl-D after some typing enters what was typed.
    game.master.write_all(b"moves\x04").unwrap();
    game.expect("Legal moves for the cats: ");
    game.expect("cats to move> ");
    // At the prompt the line editor has the terminal in raw mode: Ctrl-C arrives as a key.
    game.keys("\x03");
    let farewell = format!("The game is saved; continue it with: ryg --load {}", saved.display());
    game.expect(&farewell);
    assert_eq!(game.child.wait().unwrap().code(), Some(130));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_at_a_prompt_without_the_line_editor_leaves_with_the_farewell() {
    let dir = temp_dir("dumb");
    let mut game =
        Pty::spawn_on("dumb", &["play", "--level", "random", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.type_line("e1f2");
    game.expect("ryg plays ");
    game.expect("mouse to move> ");
    game.interrupt();
    let saved = dir.join("last-game.pgn");
    game.expect(&format!("The game is saved; continue it with: ryg --load {}", saved.display()));
    assert_eq!(game.child.wait().unwrap().code(), Some(130));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_in_analyze_prints_the_best_move_found_so_far() {
    use std::io::BufRead;
    let mut child = crate::common::ryg_process()
        .args(["analyze", "--size", "10", "--no-prove"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("depth   1  "), "{first}");
    sigint(&child);
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    assert!(child.wait().unwrap().success());
    let last_pv = std::iter::once(&first)
        .chain(rest.iter())
        .rfind(|l| l.starts_with("depth "))
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap().to_string())
        .unwrap();
    let n = rest.len();
    assert!(n >= 2, "{rest:?}");
    assert!(rest[n - 2].starts_with(&format!("bestmove {last_pv}  score ")), "{rest:?}");
    assert_eq!(rest[n - 1], "(interrupted by Ctrl-C before the search finished)");
}

#[test]
fn a_new_game_keeps_an_unfinished_earlier_game_and_says_how_to_resume_it() {
    let dir = std::env::temp_dir().join(format!("ryg-earlier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let earlier = "[FEN \"1c1c1c1c/8/8/8/8/8/8/4m3 m\"]\n[Result \"*\"]\n\n1. e1f2 h8g7 *\n";
    std::fs::write(dir.join("last-game.pgn"), earlier).unwrap();
    let mut game = Pty::spawn(&["play", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("Your unfinished game from before is kept; continue it with:\r\n  ryg --load ");
    let line = game.expect("\n");
    let kept = line.trim();
    assert!(
        kept.starts_with(dir.join("unfinished-").to_str().unwrap()) && kept.ends_with("-1.pgn"),
        "{kept}"
    );
    assert_eq!(std::fs::read_to_string(kept).unwrap(), earlier);
    game.expect("mouse to move> ");
    game.type_line("e1d2");
    game.expect("mouse to move> ");
    game.type_line("quit");
    game.expect("continue it with: ryg --load ");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    // The earlier game is still there, the new one beside it.
    assert_eq!(std::fs::read_to_string(kept).unwrap(), earlier);
    assert!(std::fs::read_to_string(dir.join("last-game.pgn")).unwrap().contains("1. e1d2 "));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A directory of its own for one test's saved game.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const UP: &str = "\x1b[A";
const LEFT: &str = "\x1b[D";
const BACKSPACE: &str = "\x7f";

#[test]
fn the_prompt_edits_lines_recalls_them_and_leaves_on_ctrl_c() {
    let dir = temp_dir("editing");
    let mut game =
        Pty::spawn(&["play", "--level", "random", "--seed", "1", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.keys("zz\r");
    game.expect("unknown command or move 'zz'; type 'help' for the commands");
    game.expect("mouse to move> ");
    // The up arrow brings the line back; Enter enters it again.
    game.keys(&format!("{UP}\r"));
    let answer = game.expect("unknown command or move 'zz'; type 'help' for the commands");
    assert!(!answer.contains("Illegal") && !answer.contains("Legal moves"), "{answer}");
    game.expect("mouse to move> ");
    // f2, left arrow, backspace, d: the line is d2, and the mouse goes there.
    game.keys(&format!("f2{LEFT}{BACKSPACE}d\r"));
    game.expect("You play e1d2.");
    game.expect("ryg plays ");
    game.expect("mouse to move> ");
    // Ctrl-D after some typing enters the line.
    game.keys("moves\x04");
    game.expect("Legal moves for the mouse: d2c1 d2e1 d2c3 d2e3");
    game.expect("mouse to move> ");
    // A control character typed (Ctrl-V Escape) is shown escaped in the answer.
    game.keys("\x16\x1b[2Jzz\r");
    game.expect("unknown command or move '\\x1b[2Jzz'");
    game.expect("mouse to move> ");
    // A line over 64 KiB is refused, as in a script.
    game.keys(&format!("{}\r", "a".repeat(70_000)));
    game.expect("That line is longer than 64 KiB; it was ignored.");
    game.expect("mouse to move> ");
    // Ctrl-C, read as a key by the line editor: the farewell and status 130.
    game.keys("\x03");
    let saved = dir.join("last-game.pgn");
    game.expect(&format!("The game is saved; continue it with: ryg --load {}", saved.display()));
    assert_eq!(game.child.wait().unwrap().code(), Some(130));
    assert!(game.line_mode(), "the terminal is left in line mode");
    assert!(std::fs::read_to_string(&saved).unwrap().contains("1. e1d2 "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_d_on_an_empty_line_ends_the_game() {
    let dir = temp_dir("ctrl-d");
    let mut game = Pty::spawn(&["play", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.keys("\x04");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// ryg playing itself at random (seed 4), 30 seconds between moves, its files in `dir`.
fn watch_slowly(dir: &std::path::Path) -> Pty {
    Pty::spawn(&[
        "play",
        "--side",
        "none",
        "--level",
        "random",
        "--seed",
        "4",
        "--delay",
        "30",
        "--cache-dir",
        dir.to_str().unwrap(),
    ])
}

#[test]
fn ctrl_c_while_watching_pauses_the_game_at_a_prompt() {
    let dir = temp_dir("watch-ctrl-c");
    // A long delay: only Ctrl-C ends the wait before the second move.
    let mut game = watch_slowly(&dir);
    game.expect("ryg plays ");
    game.expect("Cats to move.");
    // Ctrl-C: the terminal turns the key into a SIGINT (this pseudo-terminal is not the
    // child's controlling terminal, so the test sends the signal itself).
    game.interrupt();
    game.expect("Paused: 'side mouse' or 'side cats' takes over a side, 'side none' watches on.");
    game.expect("cats to move> ");
    game.keys("moves\r");
    game.expect("Legal moves for the cats: ");
    game.expect("cats to move> ");
    game.keys("quit\r");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_line_typed_while_watching_pauses_the_game_and_a_side_can_be_taken_over() {
    let dir = temp_dir("watch");
    // A long delay: only typing ends the wait before the second move.
    let mut game = watch_slowly(&dir);
    game.expect("Mouse and cats: ryg, level random: random moves.");
    game.expect("ryg plays ");
    game.expect("Cats to move.");
    game.type_line("moves");
    game.expect("Legal moves for the cats: ");
    game.expect("Paused: 'side mouse' or 'side cats' takes over a side, 'side none' watches on.");
    game.expect("cats to move> ");
    // Still paused: the cats have not moved.
    game.keys("board\r");
    let board = game.expect("cats to move> ");
    assert!(board.contains("Cats to move.") && !board.contains("ryg plays"), "{board}");
    game.keys("h8g7\r");
    game.expect("It is the computer's turn: type 'side mouse' or 'side cats' to play a side, or");
    game.expect("cats to move> ");
    game.keys("side cats\r");
    game.expect("Cats: you. Mouse: ryg, level random: random moves.");
    game.expect("cats to move> ");
    game.keys("h8g7\r");
    game.expect("You play h8g7.");
    game.expect("ryg plays ");
    game.expect("as the mouse");
    game.expect("cats to move> ");
    game.keys("quit\r");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn earlier_lines_are_recalled_in_the_next_game_and_a_directory_is_never_replaced() {
    let dir = temp_dir("history");
    let history = dir.join("play-history.txt");
    let mut game = Pty::spawn(&["play", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.keys("zz\r");
    game.expect("unknown command or move 'zz'");
    game.expect("mouse to move> ");
    game.keys("quit\r");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    assert_eq!(std::fs::read_to_string(&history).unwrap(), "zz\nquit\n");
    // The next game recalls them: up twice is `zz`.
    let mut game = Pty::spawn(&["play", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.keys(&format!("{UP}{UP}\r"));
    game.expect("unknown command or move 'zz'");
    game.expect("mouse to move> ");
    game.keys("quit\r");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    assert_eq!(std::fs::read_to_string(&history).unwrap(), "zz\nquit\nzz\nquit\n");
    // Where the history file would be stands a directory: it stays, the game goes on.
    std::fs::remove_file(&history).unwrap();
    std::fs::create_dir(&history).unwrap();
    let mut game = Pty::spawn(&["play", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("mouse to move> ");
    game.keys("moves\r");
    game.expect("Legal moves for the mouse: e1d2 e1f2");
    game.keys("quit\r");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    assert!(history.is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_finished_earlier_game_is_kept_at_the_start_and_on_new() {
    let dir = temp_dir("finished");
    let finished = std::fs::read_to_string(crate::common::records("valid", "four-by-four.pgn")).unwrap();
    std::fs::write(dir.join("last-game.pgn"), &finished).unwrap();
    let mut game =
        Pty::spawn(&["play", "--side", "both", "--size", "4", "--cache-dir", dir.to_str().unwrap()]);
    game.expect("Your finished game from before is kept in:\r\n  ");
    let kept = game.expect("\n").trim().to_string();
    assert!(kept.starts_with(dir.join("finished-").to_str().unwrap()) && kept.ends_with("-1.pgn"), "{kept}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), finished);
    // This game, played to its end (the same moves), then `new`: kept beside it.
    for mv in ["c1d2", "b4a3", "d2c1", "d4c3", "c1b2", "c3d2", "b2c1", "a3b2"] {
        game.expect("to move> ");
        game.type_line(mv);
    }
    game.expect("The mouse is trapped: the cats win (0-1) after 8 plies.");
    game.expect("game over> ");
    game.type_line("new");
    game.expect("New game.\r\nYour finished game from before is kept in:\r\n  ");
    let second = game.expect("\n").trim().to_string();
    assert!(second.ends_with("-2.pgn"), "{second}");
    let second = std::fs::read_to_string(&second).unwrap();
    assert!(second.contains("[Result \"0-1\"]") && second.contains("4. b2c1 a3b2 0-1"), "{second}");
    game.expect("mouse to move> ");
    game.type_line("quit");
    assert_eq!(game.child.wait().unwrap().code(), Some(0));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), finished);
    std::fs::remove_dir_all(&dir).unwrap();
}
