//! Every integration test of the `ryg` library, in one test binary (one link instead of one per
//! file). Run one file's tests with `cargo test --workspace --profile ci --test integration perft::`.

mod common;
mod positions;

mod articles;
mod circles;
mod crosscheck;
mod docs;
mod eval_quality;
mod fuzz;
mod levels;
mod notation;
mod originals;
mod perft;
mod prove;
mod ratings;
mod records;
mod search;
mod search_vs_tablebase;
mod structure;
mod tablebase;

/// With `autotests = false` a new file in a `tests/` directory would silently never run: every
/// crate's `tests/*.rs` must be a module of its `tests/main.rs`.
#[test]
fn every_test_file_of_the_workspace_is_compiled() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["ryg", "ryg-cli", "ryg-web"] {
        let dir = crates.join(krate).join("tests");
        let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
        let declared: Vec<&str> = main
            .lines()
            .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
            .map(|m| m.trim_start_matches("r#"))
            .collect();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
            if path.extension().is_some_and(|e| e == "rs") && stem != "main" {
                assert!(
                    declared.contains(&stem.as_str()),
                    "{} is not a module of {krate}/tests/main.rs",
                    path.display()
                );
            }
        }
    }
}
