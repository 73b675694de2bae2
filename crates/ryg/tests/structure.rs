//! The shape of the code, held by tests: no source file over 600 lines, no function over 100
//! (the circles of `use` between modules are held by `circles.rs`).

use std::path::{Path, PathBuf};

use crate::circles::code_of;

/// The longest a source file may be, in lines.
const MAX_LINES: usize = 600;
/// The longest a Rust function may be, in lines (from `fn` to its closing brace).
const MAX_FN_LINES: usize = 100;

pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Every file under `dir` (not descending into build output or installed packages).
pub(crate) fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(&*name, "target" | "node_modules" | ".git") {
                files(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let root = workspace();
    let mut all = Vec::new();
    for dir in ["crates", "benches", "scripts", "python"] {
        files(&root.join(dir), &mut all);
    }
    let source = ["rs", "js", "mjs", "css", "html", "py", "sh"];
    // the page's files are among those held to the limit
    for page in ["assets/index.html", "assets/style.css", "assets/js/main.js", "assets/js/board.js"] {
        let page = root.join("crates/ryg-web").join(page);
        assert!(all.contains(&page), "{} is not scanned", page.display());
    }
    let mut long: Vec<String> = all
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| source.contains(&&*ext.to_string_lossy())))
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > MAX_LINES)
                .then(|| format!("{} ({lines} lines)", path.strip_prefix(&root).unwrap().display()))
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:#?}");
}

/// `text` with its comments, string and character literals blanked (their line breaks kept),
/// so that the braces left are the code's.
fn blank_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // the line breaks of `b[from..to]`, for the blanked part
    let breaks = |from: usize, to: usize| {
        "\n".repeat(b[from..to.min(b.len())].iter().filter(|&&c| c == b'\n').count())
    };
    while i < b.len() {
        let rest = &text[i..];
        let word_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(b.len(), |e| i + e + 2);
            out.push_str(&breaks(i, end));
            i = end;
        } else if !word_before
            && (rest.starts_with("r#") || rest.starts_with("r\"") || rest.starts_with("br"))
        {
            // a raw string: r"…", r#"…"#
            let start = rest
                .find('"')
                .filter(|&q| rest[..q].trim_start_matches(['b', 'r']).bytes().all(|c| c == b'#'));
            let Some(q) = start else {
                out.push(b[i] as char);
                i += 1;
                continue;
            };
            let closing = format!("\"{}", &rest[..q].trim_start_matches(['b', 'r']));
            let end = rest[q + 1..].find(&closing).map_or(b.len(), |e| i + q + 1 + e + closing.len());
            out.push_str("\"\"");
            out.push_str(&breaks(i, end));
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            out.push_str(&breaks(i, j));
            i = j + 1;
        } else if b[i] == b'\'' {
            // a character literal ('{', '\'', '\u{7b}'), not a lifetime ('a)
            let close =
                if rest[1..].starts_with('\\') { rest[2..].find('\'').map(|e| e + 2) } else { Some(2) };
            match close.filter(|&c| rest.as_bytes().get(c) == Some(&b'\'') && c < 12) {
                Some(c) => {
                    out.push_str("' '");
                    i += c + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Each function of a Rust source (its `#[cfg(test)]` part left out) with its first line and
/// its length in lines, from `fn` to its closing brace.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_literals(text.split("#[cfg(test)]").next().unwrap_or(""));
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("fn ").map(|i| from + i) {
        from = at + 3;
        if at > 0 && code[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = code[from..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            continue;
        }
        // the body: the first `{` before any `;` (a declaration without one has no body)
        let Some(open) =
            code[from..].find(['{', ';']).map(|i| from + i).filter(|&i| code.as_bytes()[i] == b'{')
        else {
            continue;
        };
        let mut depth = 0;
        let mut close = code.len();
        for (i, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let line = code[..at].matches('\n').count() + 1;
        let lines = code[at..close].matches('\n').count() + 1;
        found.push((name, line, lines));
    }
    found
}

#[test]
fn no_function_is_over_100_lines() {
    let root = workspace();
    let mut all = Vec::new();
    for dir in ["crates", "benches", "python/src"] {
        files(&root.join(dir), &mut all);
    }
    let mut long: Vec<String> = all
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        // the tests may be long: a test reads top to bottom
        .filter(|path| !path.components().any(|c| c.as_os_str() == "tests"))
        .flat_map(|path| {
            let rel = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(path).unwrap_or_default();
            functions(&text)
                .into_iter()
                .filter(|&(_, _, lines)| lines > MAX_FN_LINES)
                .map(move |(name, line, lines)| format!("{rel}:{line} fn {name} ({lines} lines)"))
                .collect::<Vec<_>>()
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines: {long:#?}");
}

#[test]
fn the_function_finder_measures_bodies_past_braces_in_literals() {
    let text = "fn a() {\n    let s = \"}\";\n    let c = '{';\n    // }\n}\n\ntrait T {\n    fn b(&self);\n}\n\nfn c<'a>(x: &'a str) -> &'a str {\n    let r = r#\"}\n}\"#;\n    x\n}\n";
    assert_eq!(functions(text), [("a".to_string(), 1, 5), ("c".to_string(), 11, 5)]);
    let long = format!("fn long() {{\n{}}}\n", "    step();\n".repeat(MAX_FN_LINES));
    assert!(functions(&long)[0].2 > MAX_FN_LINES);
    // a test module's functions are the tests'
    assert!(functions(&format!("fn short() {{}}\n#[cfg(test)]\nmod tests {{\n{long}}}\n")).len() == 1);
}

/// Values cross between the two builds of the engine (and from numbers to types) through
/// their parts, never printed and parsed again: no `.to_string().parse()` or `fen().parse()`
/// in the sources (their `#[cfg(test)]` parts and the tests, which check that notation round
/// trips, aside).
#[test]
fn no_value_crosses_as_text() {
    let root = workspace();
    let mut all = Vec::new();
    for dir in ["crates", "benches", "python/src"] {
        files(&root.join(dir), &mut all);
    }
    // none allowed: every value goes from the wide build to the default one through `narrow`
    let allowed: [&str; 0] = [];
    let mut found: Vec<String> = all
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter(|path| !path.components().any(|c| c.as_os_str() == "tests"))
        .filter_map(|path| {
            let rel = path.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
            let code: String = code_of(&std::fs::read_to_string(path).ok()?).split_whitespace().collect();
            let hits = [".to_string().parse", "fen().parse"].iter().filter(|p| code.contains(*p)).count();
            (hits > 0 && !allowed.contains(&rel.as_str())).then_some(rel)
        })
        .collect();
    found.sort();
    assert!(found.is_empty(), "text round trips (convert through the parts, in `narrow`): {found:#?}");
}

/// The Rust tests start `ryg` through one helper per crate (`common::ryg()` and its kin), which
/// gives it cache and data directories of its own: no test reaches the user's tables.
#[test]
fn the_tests_start_ryg_through_their_helper() {
    let root = workspace();
    let mut all = Vec::new();
    files(&root.join("crates"), &mut all);
    // the helpers, and this test, which names what it looks for
    let helpers = [
        "crates/ryg-cli/tests/common.rs",
        "crates/ryg-web/tests/common/mod.rs",
        "crates/ryg/tests/structure.rs",
    ];
    let spawns =
        ["cargo_bin(\"ryg\")", "Command::new(env!(\"CARGO_BIN_EXE_ryg\"))", "Command::new(ryg_bin())"];
    let mut found: Vec<String> = all
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter(|path| path.components().any(|c| c.as_os_str() == "tests"))
        .filter_map(|path| {
            let rel = path.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
            let text: String = std::fs::read_to_string(path).ok()?.split_whitespace().collect();
            let text = text.replace("crate::common::", "").replace("std::process::", "");
            (spawns.iter().any(|s| text.contains(s)) && !helpers.contains(&rel.as_str())).then_some(rel)
        })
        .collect();
    found.sort();
    assert!(found.is_empty(), "tests that start ryg without their crate's helper: {found:#?}");
}

/// The longest an HTTP handler or middleware (an `async fn` under ryg-web's `routes/`) may be.
const MAX_HANDLER_LINES: usize = 40;

/// What is not HTTP work: a task started, a loop, a timer.
const NOT_HTTP: [&str; 3] = ["tokio::spawn", "loop", "tokio::time::"];

/// Where `routes/` holds more than HTTP: the stream's idle timeout and the request deadline are
/// timers of the HTTP layer itself. Each entry is `file:what`, `what` a handler's name or one of
/// [`NOT_HTTP`].
const KNOWN: &[&str] = &[
    "crates/ryg-web/src/routes/events.rs:loop",
    "crates/ryg-web/src/routes/events.rs:tokio::time::",
    "crates/ryg-web/src/routes/security.rs:tokio::time::",
];

/// Each offence against the routes' bars in `text` (a file of `routes/`): `(what, line, why)`.
fn route_offences(text: &str) -> Vec<(String, usize, String)> {
    let code = blank_literals(text.split("#[cfg(test)]").next().unwrap_or(""));
    let lines: Vec<&str> = code.lines().collect();
    let mut found: Vec<(String, usize, String)> = functions(text)
        .into_iter()
        .filter(|&(ref name, line, n)| {
            n > MAX_HANDLER_LINES && lines[line - 1].contains(&format!("async fn {name}"))
        })
        .map(|(name, line, n)| (name, line, format!("{n} lines")))
        .collect();
    for (i, line) in lines.iter().enumerate() {
        for what in NOT_HTTP {
            let hit = line.match_indices(what).any(|(at, _)| {
                let word = |c: char| c.is_alphanumeric() || c == '_';
                let before = line[..at].chars().last().is_some_and(word);
                let after = line[at + what.len()..].chars().next().is_some_and(word);
                !before && (what.ends_with("::") || !after)
            });
            if hit {
                found.push((what.to_string(), i + 1, "not HTTP".into()));
            }
        }
    }
    found
}

/// Routes are HTTP only: no handler over 40 lines, no task, loop or timer under
/// `crates/ryg-web/src/routes/` (their work lives in service modules); every offence is
/// reported, those of [`KNOWN`] aside.
#[test]
fn routes_are_http_only() {
    let root = workspace();
    let mut all = Vec::new();
    files(&root.join("crates/ryg-web/src/routes"), &mut all);
    let mut found: Vec<String> = Vec::new();
    let mut known_seen = Vec::new();
    for path in all.iter().filter(|p| p.extension().is_some_and(|e| e == "rs")) {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for (what, line, why) in route_offences(&text) {
            let key = format!("{rel}:{what}");
            if KNOWN.contains(&key.as_str()) {
                known_seen.push(key);
            } else {
                found.push(format!("{rel}:{line} {what} ({why})"));
            }
        }
    }
    found.sort();
    assert!(found.is_empty(), "routes/ is HTTP only (move the rule into a service module): {found:#?}");
    let gone: Vec<&&str> = KNOWN.iter().filter(|k| !known_seen.iter().any(|s| s == **k)).collect();
    assert!(gone.is_empty(), "known exceptions that are gone: take them off the list: {gone:?}");
}

#[test]
fn the_route_bars_find_long_handlers_tasks_loops_and_timers() {
    let long = format!("async fn handler() {{\n{}}}\n", "    step();\n".repeat(MAX_HANDLER_LINES));
    assert_eq!(
        route_offences(&long),
        [("handler".to_string(), 1, format!("{} lines", MAX_HANDLER_LINES + 2))]
    );
    let sync = format!("fn helper() {{\n{}}}\n", "    step();\n".repeat(MAX_HANDLER_LINES));
    assert!(route_offences(&sync).is_empty(), "a helper is no handler");
    let work = "async fn a() {\n    tokio::spawn(b());\n    loop {}\n    tokio::time::sleep(d).await;\n}\n";
    let whats: Vec<String> = route_offences(work).into_iter().map(|(w, _, _)| w).collect();
    assert_eq!(whats, ["tokio::spawn", "loop", "tokio::time::"]);
    // words that hold the words, comments and literals are none
    assert!(route_offences("fn a() {\n    let looped = \"loop\"; // loop\n    unloop();\n}\n").is_empty());
}

/// Each line of `text` (a Rust source) whose code names the router's modules (`routes::`).
fn names_routes(text: &str) -> Vec<usize> {
    let code = blank_literals(text.split("#[cfg(test)]").next().unwrap_or(""));
    code.lines().enumerate().filter(|(_, line)| line.contains("routes::")).map(|(i, _)| i + 1).collect()
}

/// Nothing of ryg-web but its routes and the crate root (which wires the router into the
/// server) uses `routes::`: the services the handlers call stand below them.
#[test]
fn only_the_routes_and_the_root_name_the_routes() {
    let root = workspace();
    let src = root.join("crates/ryg-web/src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut found: Vec<String> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| !p.starts_with(src.join("routes")) && **p != src.join("lib.rs"))
        .flat_map(|path| {
            let rel = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(path).unwrap_or_default();
            names_routes(&text).into_iter().map(move |line| format!("{rel}:{line}"))
        })
        .collect();
    found.sort();
    assert!(found.is_empty(), "services that use the routes (move what they use out of routes/): {found:#?}");
}

#[test]
fn the_routes_finder_reads_code_not_comments() {
    let text = "//! calls `routes::games`\nuse crate::routes::blocking::blocking;\nlet s = \"routes::\";\nsuper::routes::x();\n";
    assert_eq!(names_routes(text), [2, 4]);
}
