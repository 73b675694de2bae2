//! What the command-line tests share: the `ryg` binary of this build, run in a home of its own,
//! the record files of the library's test data, and a command's JSON answer.

use std::path::PathBuf;

use assert_cmd::cargo::CommandCargoExt;
use assert_cmd::Command;
use serde_json::Value;

/// The home the tests' `ryg` sees instead of the user's, inside this build's target directory:
/// kept between runs, so that the 10x10 table is built once.
pub fn test_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ryg-home")
}

/// Points `cmd` at [`test_home`]: its cache (`~/.cache/ryg`) and data (`~/.local/share/ryg`)
/// directories are the tests' own, whatever `HOME`, `XDG_CACHE_HOME`, `XDG_DATA_HOME` or
/// `RYG_CACHE_DIR` the user has set. A test that wants other directories sets them after this.
pub fn isolate(cmd: &mut std::process::Command) -> &mut std::process::Command {
    let home = test_home();
    cmd.env("HOME", &home)
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env_remove("RYG_CACHE_DIR")
}

/// `ryg` as built for these tests, as a plain process, in the tests' own home.
pub fn ryg_process() -> std::process::Command {
    let mut cmd = std::process::Command::cargo_bin("ryg").unwrap();
    isolate(&mut cmd);
    cmd
}

/// The path of `ryg` as built for these tests, for a script that runs it (its `--help` only:
/// a script's `ryg` is not in the tests' own home).
pub fn ryg_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("ryg")
}

/// `ryg` as built for these tests, in the tests' own home ([`isolate`]).
pub fn ryg() -> Command {
    Command::from_std(ryg_process())
}

/// Runs `ryg ARGS` with `script` on stdin: (exit code, stdout, stderr).
pub fn run_script(args: &[&str], script: &str) -> (i32, String, String) {
    let out = ryg().args(args).write_stdin(script).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// A record of the library's test data: `kind` is `valid` or `invalid`.
pub fn records(kind: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ryg/tests/data/records").join(kind).join(name)
}

/// The JSON that `ryg ARGS` prints (ARGS ask for it); the command must succeed.
pub fn json_of(args: &[&str]) -> Value {
    let out = ryg().args(args).output().unwrap();
    assert!(out.status.success(), "ryg {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}
