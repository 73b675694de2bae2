//! What the command-line tests share: the `ryg` binary of this build, the record files of the
//! library's test data, and a command's JSON answer.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// `ryg` as built for these tests, blind to the user's cache settings.
pub fn ryg() -> Command {
    let mut cmd = Command::cargo_bin("ryg").unwrap();
    cmd.env_remove("RYG_CACHE_DIR").env_remove("XDG_CACHE_HOME");
    cmd
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
