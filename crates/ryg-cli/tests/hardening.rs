//! The `ryg` executable at its edges: failed writes to standard output, files that save must
//! not replace, the tablebase cache on disk, command-line mistakes and hostile input.

use std::path::PathBuf;

use assert_cmd::prelude::*;

/// `ryg` as a plain process, for redirections assert_cmd does not offer.
fn ryg_process() -> std::process::Command {
    std::process::Command::cargo_bin("ryg").unwrap()
}

fn records(kind: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ryg/tests/data/records").join(kind).join(name)
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap()
}

#[test]
fn every_command_reports_a_failed_write_to_standard_output() {
    let record = records("valid", "four-by-four.pgn");
    let record = record.to_str().unwrap();
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
        &["solve", "--size", "4"],
        &["selfplay", "--size", "4", "--games", "1", "--mouse", "1", "--cats", "1"],
    ];
    for args in commands {
        ryg_process()
            .args(*args)
            .stdout(dev_full())
            .assert()
            .code(1)
            .stderr("ryg: error: cannot write to standard output: No space left on device (os error 28)\n");
    }
}

#[test]
fn every_bad_start_is_a_command_line_mistake() {
    ryg_process().args(["show", "--start", "c3"]).assert().code(2).stderr(
        "ryg: error: the mouse cannot start on c3: choose a dark square of rank 1 on the 8x8 board\n",
    );
    ryg_process().args(["show", "--start", "e2"]).assert().code(2);
    ryg_process()
        .args(["moves", "--fen", "junk"])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with("ryg: error: invalid --fen 'junk': "));
}
