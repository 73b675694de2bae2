//! The reference in docs/cli.md follows the program: every command and every flag that
//! `--help` shows is listed there, under its command.

use crate::common::ryg;

/// What `ryg ARGS --help` prints.
fn help(args: &[&str]) -> String {
    let out = ryg().args(args).arg("--help").output().unwrap();
    assert!(out.status.success(), "ryg {} --help failed", args.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

/// The lines of the block headed `heading:` (up to the next blank line).
fn block<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|line| *line != heading);
    if lines.next().is_none() {
        return Vec::new();
    }
    lines.take_while(|line| !line.trim().is_empty()).collect()
}

/// The subcommands a help text lists (`help` aside).
fn subcommands(text: &str) -> Vec<String> {
    block(text, "Commands:")
        .iter()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The long flags a help text lists (`--help` and `--version` aside).
fn flags(text: &str) -> Vec<String> {
    block(text, "Options:")
        .iter()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line
                .strip_prefix("-")
                .and_then(|rest| rest.get(3..))
                .filter(|_| !line.starts_with("--"))
                .unwrap_or(line);
            line.starts_with("--").then(|| line.split_whitespace().next().unwrap().to_owned())
        })
        .filter(|flag| flag != "--help" && flag != "--version")
        .collect()
}

/// The section of docs/cli.md about `command` (`ryg show`): from its heading to the next.
fn section<'a>(doc: &'a str, command: &str) -> Option<&'a str> {
    let heading = format!("### `{command}`\n");
    let start = doc.find(&heading)? + heading.len();
    let end = doc[start..].find("\n### ").map_or(doc.len(), |i| start + i);
    Some(&doc[start..end])
}

#[test]
fn every_command_and_flag_of_the_help_is_in_docs_cli_md() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).unwrap();
    let mut todo: Vec<Vec<String>> = subcommands(&help(&[])).into_iter().map(|c| vec![c]).collect();
    assert!(todo.len() >= 15, "ryg --help lists its commands: {todo:?}");
    let mut checked_flags = 0;
    let mut missing = Vec::new();
    while let Some(path) = todo.pop() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let text = help(&args);
        let command = format!("ryg {}", path.join(" "));
        let Some(section) = section(&doc, &command) else {
            missing.push(format!("no section ### `{command}`"));
            continue;
        };
        for flag in flags(&text) {
            checked_flags += 1;
            if !section.contains(&format!("`{flag}")) {
                missing.push(format!("{command}: {flag}"));
            }
        }
        todo.extend(subcommands(&text).into_iter().map(|c| path.iter().cloned().chain([c]).collect()));
    }
    assert!(checked_flags > 80, "the help texts list their flags ({checked_flags} found)");
    assert!(missing.is_empty(), "docs/cli.md lacks: {missing:#?}");
}

/// docs/cli.md's "Every flag, command by command" is what `scripts/gen-cli-doc` writes from the
/// help of this build (each flag's words and order), with its notes kept.
#[test]
fn docs_cli_md_is_what_gen_cli_doc_writes() {
    let bin = crate::common::ryg_path();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/gen-cli-doc");
    let out = std::process::Command::new("python3").arg(script).arg(&bin).arg("--check").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
