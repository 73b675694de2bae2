//! `ryg solve` with the tablebase built layer by layer on disk: the same answers as the
//! in-memory table, a build killed between layers resumes, damaged layer files are not read,
//! and boards too large say what they would take.

use std::path::Path;
use std::process::Stdio;

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{ryg, ryg_process};

fn solve_json(cache: &Path, args: &[&str]) -> Value {
    let out = ryg().env("RYG_CACHE_DIR", cache).args(["solve", "--json"]).args(args).output().unwrap();
    assert!(out.status.success(), "ryg solve {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn layer_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().ends_with(".ryg")).count()
    })
}

/// Statistics without the fields that say how they were obtained.
fn facts(mut stats: Value) -> Value {
    for key in ["source", "seconds", "memory_bytes"] {
        stats.as_object_mut().unwrap().remove(key);
    }
    stats
}

/// Starts `ryg solve --size 10 KIND` (`--layered` or `--win-loss`) on one thread with its cache in
/// `cache`, a progress line for every step, and kills it on the first line of its 21st layer:
/// the 20 layers before it are on disk (each written before the next starts), and the build
/// cannot run far ahead of the lines this test reads (a pipe holds a few hundred).
fn kill_after_20_layers(cache: &Path, dir: &Path, kind: &str) {
    use std::io::BufRead;
    let mut child = ryg_process()
        .env("RYG_CACHE_DIR", cache)
        .env("RYG_PROGRESS_SECONDS", "0")
        .args(["solve", "--size", "10", kind, "--threads", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `ryg: layer 25 (21 of 46), …`: the layer being solved is the 21st
    let nth = |line: &str| -> Option<usize> {
        line.strip_prefix("ryg: layer ")?.split_once(" (")?.1.split_once(" of ")?.0.parse().ok()
    };
    let lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let seen = lines.map_while(Result::ok).find(|line| nth(line).is_some_and(|n| n >= 21));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(seen.is_some(), "the build ended before its 21st layer");
    let kept = layer_files(dir);
    assert!((20..46).contains(&kept), "{kept} layer files when killed");
}

#[test]
fn a_killed_10x10_build_resumes_and_answers_as_the_table_in_memory() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("tablebase-10x10");
    kill_after_20_layers(cache.path(), &dir, "--layered");
    // Resumed: it says so, and every answer is the in-memory table's.
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "10", "--layered", "--stats", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("resumed after layer"), "{said}");
    assert_eq!(layer_files(&dir), 46);
    let layered: Value = serde_json::from_slice(&out.stdout).unwrap();
    let memory = solve_json(cache.path(), &["--size", "10", "--stats"]);
    assert_eq!(facts(layered), facts(memory));
    for fen in ["1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m", "10/10/3c6/4m5/10/c9/1c8/10/3c6/8c1 c"] {
        assert_eq!(
            solve_json(cache.path(), &["--layered", "--fen", fen]),
            solve_json(cache.path(), &["--fen", fen])
        );
    }
}

#[test]
fn a_damaged_layer_is_rebuilt_not_read() {
    let cache = tempfile::tempdir().unwrap();
    let start = solve_json(cache.path(), &["--size", "8", "--layered"]);
    assert_eq!((start["winner"].as_str(), start["plies"].as_u64()), (Some("cats"), Some(44)));
    let dir = cache.path().join("tablebase-8x8");
    // A layer cut short is missing: it and every layer before it are built again.
    let cut = dir.join("layer-020.ryg");
    let len = std::fs::metadata(&cut).unwrap().len();
    std::fs::OpenOptions::new().write(true).open(&cut).unwrap().set_len(len - 1).unwrap();
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--layered"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("21 of 29 layers to go"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::metadata(&cut).unwrap().len(), len);
    // A layer whose bytes changed is refused when a resumed build reads it.
    let bytes = std::fs::read(dir.join("layer-015.ryg")).unwrap();
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    std::fs::write(dir.join("layer-015.ryg"), &damaged).unwrap();
    std::fs::remove_file(dir.join("layer-014.ryg")).unwrap();
    ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--layered"])
        .assert()
        .code(1)
        .stderr(
            predicates::str::contains("cannot resume the build")
                .and(predicates::str::contains("layer-015.ryg' is damaged")),
        );
}

#[test]
fn fourteen_says_what_it_would_take() {
    ryg().args(["solve", "--size", "14"]).assert().code(1).stderr(
        predicates::str::contains("ryg: error: solving 14x14 exactly would take")
            .and(predicates::str::contains("and 14x14 by win/loss only with --win-loss")),
    );
}

#[test]
fn verify_finds_a_damaged_layer_and_builds_it_again() {
    let cache = tempfile::tempdir().unwrap();
    let start = solve_json(cache.path(), &["--size", "8", "--layered"]);
    let dir = cache.path().join("tablebase-8x8");
    let path = dir.join("layer-012.ryg");
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x55;
    std::fs::write(&path, &bad).unwrap();
    let verify = || {
        let out = ryg()
            .env("RYG_CACHE_DIR", cache.path())
            .args(["solve", "--size", "8", "--layered", "--verify"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stderr).unwrap()
    };
    let said = verify();
    assert!(said.contains("layer-012.ryg' is damaged"), "{said}");
    assert!(said.contains("it is built again, with every layer before it"), "{said}");
    assert!(said.contains("13 of 29 layers to go"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), good, "the layer is built again byte for byte");
    let said = verify();
    assert!(said.contains("every finished layer of 8x8 decompresses and its checksum matches"), "{said}");
    assert!(!said.contains("building"), "{said}");
    assert_eq!(solve_json(cache.path(), &["--size", "8", "--layered"]), start);
    // --verify and --lookups are for the files on disk
    ryg().args(["solve", "--size", "8", "--verify"]).assert().code(2).stderr(
        "ryg: error: --verify is for the layered tablebase on disk: add --layered or --win-loss, or use --size 12\n",
    );
}

fn layer_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn a_killed_win_loss_build_resumes_and_writes_the_same_bytes() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("tablebase-10x10-win-loss");
    kill_after_20_layers(cache.path(), &dir, "--win-loss");
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .env("RYG_PROGRESS_SECONDS", "0")
        .args(["solve", "--size", "10", "--win-loss", "--stats", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("resumed after layer"), "{said}");
    // the progress line: layer k of N, positions, rate, time left, disk
    assert!(said.contains("ryg: layer 0 ("), "{said}");
    assert!(said.contains(" positions/s, about ") && said.contains(" on disk"), "{said}");
    // the same files as a build never stopped, on two threads
    let whole = tempfile::tempdir().unwrap();
    ryg().env("RYG_CACHE_DIR", whole.path()).args(["solve", "--size", "10", "--win-loss"]).assert().success();
    let resumed = layer_bytes(&dir);
    assert_eq!(resumed.len(), 46);
    assert!(resumed == layer_bytes(&whole.path().join("tablebase-10x10-win-loss")), "the same bytes");
    // and the exact table's winners and counts
    let win_loss: Value = serde_json::from_slice(&out.stdout).unwrap();
    let exact = solve_json(cache.path(), &["--size", "10", "--stats"]);
    assert_eq!(win_loss["positions"], exact["positions"]);
    assert_eq!(win_loss["mouse_to_move"], exact["mouse_to_move"]);
    assert_eq!(win_loss["cats_to_move"], exact["cats_to_move"]);
    let winners = |v: &Value| -> Vec<(String, String)> {
        v["starts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["square"].to_string(), s["winner"].to_string()))
            .collect()
    };
    assert_eq!(winners(&win_loss), winners(&exact));
    for fen in ["1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m", "10/10/3c6/4m5/10/c9/1c8/10/3c6/8c1 c"] {
        let bit = solve_json(cache.path(), &["--win-loss", "--fen", fen]);
        let byte = solve_json(cache.path(), &["--fen", fen]);
        assert_eq!(bit["winner"], byte["winner"], "{fen}");
        for (b, e) in bit["moves"].as_array().unwrap().iter().zip(byte["moves"].as_array().unwrap()) {
            assert_eq!((&b["move"], &b["winner"]), (&e["move"], &e["winner"]), "{fen}");
        }
    }
}

#[test]
fn win_loss_answers_on_8x8_and_verify_rebuilds_a_damaged_layer() {
    let cache = tempfile::tempdir().unwrap();
    let start = solve_json(cache.path(), &["--size", "8", "--win-loss"]);
    assert_eq!(start["winner"], "cats");
    // the mouse, to move, loses: no move of hers is "winning" (before: both were)
    assert_eq!(start["winning_moves"], serde_json::json!([]));
    assert_eq!(start["best_moves"], serde_json::json!(["e1d2", "e1f2"]));
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--win-loss"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nbest      e1d2 e1f2\n") && !text.contains("winning"), "{text}");
    // the cats, to move, win: their winning moves are said so
    let cats = solve_json(cache.path(), &["--win-loss", "--fen", "1c1c1c1c/8/8/8/8/8/3m4/8 c"]);
    assert_eq!(cats["winner"], "cats", "{cats}");
    assert!(!cats["winning_moves"].as_array().unwrap().is_empty(), "{cats}");
    assert_eq!(cats["winning_moves"], cats["best_moves"], "{cats}");
    let dir = cache.path().join("tablebase-8x8-win-loss");
    let path = dir.join("layer-012.ryg");
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x55;
    std::fs::write(&path, &bad).unwrap();
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--win-loss", "--verify"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("layer-012.ryg' is damaged"), "{said}");
    assert!(said.contains("13 of 29 layers to go"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), good, "the layer is built again byte for byte");
    ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--win-loss", "--stats"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "mouse to move: mouse wins         962533, cats win          44347",
        ));
    // a byte-per-position layer file is not a win/loss one
    let other = tempfile::tempdir().unwrap();
    solve_json(other.path(), &["--size", "8", "--layered"]);
    std::fs::copy(other.path().join("tablebase-8x8/layer-003.ryg"), dir.join("layer-003.ryg")).unwrap();
    let out = ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--win-loss", "--verify"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("4 of 29 layers to go"));
    // the files an older ryg built under `--wdl`'s name are read, with the old flag
    std::fs::rename(&dir, cache.path().join("tablebase-8x8-wdl")).unwrap();
    ryg()
        .env("RYG_CACHE_DIR", cache.path())
        .args(["solve", "--size", "8", "--wdl", "--stats"])
        .assert()
        .success()
        .stderr(predicates::str::contains("building").not())
        .stdout(predicates::str::contains(
            "mouse to move: mouse wins         962533, cats win          44347",
        ));
}
