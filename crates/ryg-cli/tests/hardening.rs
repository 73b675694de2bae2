//! The `ryg` executable at its edges: failed writes to standard output, files that save must
//! not replace, the tablebase cache on disk, command-line mistakes and hostile input.

use assert_cmd::prelude::*;

use crate::common::{isolate, records, ryg_process};

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap()
}

#[test]
fn every_command_reports_a_failed_write_to_standard_output() {
    let dir = std::env::temp_dir().join(format!("ryg-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = records("valid", "four-by-four.pgn");
    let one = std::fs::read_to_string(&record).unwrap();
    let two = dir.join("two.pgn");
    std::fs::write(&two, format!("{one}\n{one}")).unwrap();
    let (record, two) = (record.to_str().unwrap(), two.to_str().unwrap());
    let engine = |name: &str| format!("cmd={} ugi --no-cache name={name}", env!("CARGO_BIN_EXE_ryg"));
    let (a, b) = (engine("a"), engine("b"));
    let commands: &[&[&str]] = &[
        &["show"],
        &["show", "--json"],
        &["moves"],
        &["eval"],
        &["analyze", "--depth", "3"],
        &["analyze", "--depth", "3", "--json"],
        &["tree", "--depth", "2"],
        &["tree", "--depth", "2", "--format", "json"],
        &["tree", "--depth", "2", "--format", "dot"],
        &["perft", "2"],
        &["perft", "2", "--divide"],
        &["record", "check", record],
        &["record", "check", two],
        &["record", "check", "--json", two],
        &["solve", "--size", "4"],
        &["selfplay", "--size", "4", "--games", "1", "--mouse", "1", "--cats", "1"],
        &["levels", "--size", "4"],
        &["levels", "--size", "4", "--json"],
        &["match", "--engine", &a, "--engine", &b, "--size", "4", "--games", "2"],
        &["match", "--engine", &a, "--engine", &b, "--size", "4", "--games", "2", "--json"],
        &["play", "--size", "4"],
    ];
    for args in commands {
        ryg_process()
            .args(*args)
            .env("RYG_CACHE_DIR", &dir)
            .stdin(std::process::Stdio::null())
            .stdout(dev_full())
            .assert()
            .code(1)
            .stderr("ryg: error: cannot write to standard output: No space left on device (os error 28)\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_bad_start_is_a_command_line_mistake() {
    ryg_process().args(["show", "--start", "c3"]).assert().code(2).stderr(
        "ryg: error: the mouse cannot start on c3: choose a dark square of rank 1 on the 8x8 board\n",
    );
    ryg_process().args(["show", "--start", "e2"]).assert().code(2);
    let selfplay = ["selfplay", "--mouse", "1", "--cats", "2", "--games", "1"];
    for (start, message) in [
        ("d1", "'d1' is a light square; pieces stand on dark squares only"),
        ("c3", "the mouse cannot start on c3: choose a dark square of rank 1 on the 8x8 board"),
        ("zz", "bad square 'zz': expected a file a-j followed by a rank 1-10"),
    ] {
        ryg_process()
            .args(selfplay)
            .args(["--start", start])
            .assert()
            .code(2)
            .stderr(format!("ryg: error: {message}\n"));
    }
    ryg_process().args(selfplay).args(["--size", "4", "--start", "e1"]).assert().code(2).stderr(
        "ryg: error: the mouse cannot start on e1: choose a dark square of rank 1 on the 4x4 board\n",
    );
    ryg_process()
        .args(["moves", "--fen", "junk"])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with("ryg: error: invalid --fen 'junk': "));
}

/// Runs `ryg ARGS` with `stdin`; returns (exit code, stdout, stderr).
fn run_with_input(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    use std::io::Write;
    let mut child = ryg_process()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// True when `text` holds a byte that a terminal would act on (other than line breaks).
fn has_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn typed_control_characters_are_shown_escaped_and_long_input_is_cut() {
    let long = "a".repeat(3000);
    let script = format!("e1\x1b[2Jf2\n{long}\nlevel \x1b]0;owned\x07\nsave \x1b[2J\x00/x\nquit\n");
    let (code, out, _) = run_with_input(&["play"], script.as_bytes());
    assert_eq!(code, Some(1));
    assert!(!has_control(&out), "raw control characters reached the terminal: {out:?}");
    assert!(out.contains("> e1\\x1b[2Jf2\nbad move 'e1\\x1b[2Jf2': bad square 'e1\\x1b[2': "), "{out}");
    assert!(out.contains("unknown level '\\x1b]0;owned\\x07': expected 1 to 9"), "{out}");
    // Messages wrap within 80 columns: compare them as one line.
    let cut = format!("unknown command or move '{}…'; type 'help' for the commands", "a".repeat(59));
    assert!(out.replace('\n', " ").contains(&cut), "{out}");
    assert!(
        out.lines().filter(|l| l.contains("aaa")).all(|l| l.chars().count() < 140),
        "a line echoes too much input: {out}"
    );
}

#[test]
fn control_characters_from_records_and_arguments_are_shown_escaped() {
    let dir = std::env::temp_dir().join(format!("ryg-echo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("osc.pgn");
    std::fs::write(&record, "[Event \"x\"]\n[FEN \"1c1c1c1c/8/8/8/8/8/8/4m3 m\x1b]0;owned\x07\"]\n\n*\n")
        .unwrap();
    let (code, out, err) = run_with_input(&["record", "check", record.to_str().unwrap()], b"");
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.ends_with(": line 2: bad FEN tag: bad side to move 'm\\x1b]0;owned\\x07': expected 'm' (mouse) or 'c' (cats)\n"),
        "{err:?}"
    );
    let (code, _, err) = run_with_input(&["show", "--fen", "1c1c1c1c/8/8/8/8/8/8/4m3 m\x1b[2J"], b"");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "ryg: error: invalid --fen '1c1c1c1c/8/8/8/8/8/8/4m3 m\\x1b[2J': bad side to move 'm\\x1b[2J': expected 'm' (mouse) or 'c' (cats)\n"
    );
    let (code, _, err) = run_with_input(&["show", "--size", "8\x1b]0;owned\x07"], b"");
    assert_eq!(code, Some(2));
    assert!(!has_control(&err) && err.contains("'8\\x1b]0;owned\\x07'"), "{err:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh, empty directory for one test.
#[cfg(unix)]
fn empty_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
#[cfg(unix)]
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn sigterm_while_the_cache_is_written_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = empty_dir("sigterm");
    // The 10x10 table (211 MB) is written for a few tenths of a second after a second of
    // building: the signal comes once its temporary file is there. A run that finished before
    // it was seen is tried again.
    for _ in 0..5 {
        let mut child = ryg_process()
            .args(["solve", "--size", "10", "--cache-dir"])
            .arg(&dir)
            .env_remove("RYG_CACHE_DIR")
            .env_remove("XDG_CACHE_HOME")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let seen = loop {
            if names(&dir).iter().any(|n| n.starts_with(".tablebase-10x10.ryg.tmp")) {
                break true;
            }
            if child.try_wait().unwrap().is_some() {
                break false;
            }
            std::thread::yield_now();
        };
        if !seen {
            std::fs::remove_dir_all(&dir).unwrap();
            std::fs::create_dir_all(&dir).unwrap();
            continue;
        }
        // our own child, not waited for yet
        let pid = nix::unistd::Pid::from_raw(child.id() as i32);
        nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM).unwrap();
        let status = child.wait().unwrap();
        // Ended by the signal itself, as without ryg's handler (a shell says 143).
        assert_eq!(status.signal(), Some(nix::sys::signal::Signal::SIGTERM as i32), "{status:?}");
        assert_eq!(names(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    }
    panic!("the temporary cache file was never seen in 5 runs");
}

#[cfg(unix)]
#[test]
fn a_huge_foreign_cache_file_is_refused_without_reading_it_whole() {
    let dir = empty_dir("huge");
    let cache = dir.join("tablebase-10x10.ryg");
    // 4 GiB of holes. Under a 2 GiB address-space limit, reading it whole fails (the
    // allocation aborts ryg); building the 10x10 table needs about 0.2 GiB.
    std::fs::File::create(&cache).unwrap().set_len(4 << 30).unwrap();
    // The limit set by the shell (`ulimit -v`, in KiB) just before it becomes ryg.
    let mut command = std::process::Command::new("sh");
    isolate(&mut command);
    command.args(["-c", "ulimit -v 2097152 && exec \"$0\" \"$@\""]).arg(env!("CARGO_BIN_EXE_ryg"));
    command.args(["solve", "--size", "10", "--cache-dir"]).arg(&dir);
    command.env_remove("RYG_CACHE_DIR").env_remove("XDG_CACHE_HOME");
    command.assert().success().stderr(format!(
        "ryg: tablebase cache {} refused (not a ryg tablebase (bad magic bytes)); rebuilding it\n",
        cache.display()
    ));
    assert_eq!(std::fs::metadata(&cache).unwrap().len(), 211_876_032);
    std::fs::remove_dir_all(&dir).unwrap();
}
