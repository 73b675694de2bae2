//! `ryg` at a terminal: a real `ryg play` on a pseudo-terminal (Ctrl-C as a real SIGINT while
//! the computer thinks and at the prompt; an earlier unfinished game), and Ctrl-C in analyze.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;

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
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty writes two descriptors into the given integers; no name, default
        // terminal settings and size.
        let rc = unsafe {
            libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), std::ptr::null())
        };
        assert_eq!(rc, 0, "openpty failed");
        // SAFETY: both descriptors were just opened and are owned here only.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let child = Command::cargo_bin("ryg")
            .unwrap()
            .args(args)
            .env("NO_COLOR", "1")
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
        loop {
            if let Some(at) = self.seen.find(text) {
                let upto = at + text.len();
                let before = self.seen[..upto].to_string();
                self.seen.drain(..upto);
                return before;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no {text:?} in the output; it was:\n{}", self.seen),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        self.master.write_all(format!("{line}\n").as_bytes()).unwrap();
    }

    fn interrupt(&self) {
        // SAFETY: sends SIGINT to the child this test started and has not reaped.
        assert_eq!(unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGINT) }, 0);
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
    // The spinner shows the search is running.
    game.expect("thinking");
    game.interrupt();
    game.expect(
        "Stopped the computer's thinking. Type 'go' to let it move, or 'off' to play its side yourself.",
    );
    game.expect("cats to move> ");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.ends_with("\n1. e1f2 *\n"), "{record}");
    // Ctrl-D after some typing enters what was typed.
    game.master.write_all(b"moves\x04").unwrap();
    game.expect("Legal moves for the cats: ");
    game.expect("cats to move> ");
    game.interrupt();
    let farewell = format!("The game is saved in {0}; continue it with: ryg --load {0}", saved.display());
    game.expect(&farewell);
    assert_eq!(game.child.wait().unwrap().code(), Some(130));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_in_analyze_prints_the_best_move_found_so_far() {
    use std::io::BufRead;
    let mut child = Command::cargo_bin("ryg")
        .unwrap()
        .args(["analyze", "--size", "10", "--no-prove"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("depth   1  "), "{first}");
    // SAFETY: sends SIGINT to the child this test started and has not reaped.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
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
    game.expect("Your unfinished game from before is kept in ");
    let line = game.expect("\n");
    let kept = line.split(';').next().unwrap().trim();
    assert!(line.contains(&format!("continue it with: ryg --load {kept}")), "{line}");
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
