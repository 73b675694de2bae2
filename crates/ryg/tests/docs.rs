//! The README states figures that have their home in docs/ (docs/engine.md for the engine's,
//! the page that owns the others): every number it gives is one of those pages' (a test
//! compares the numbers it can read: those of four digits or more, and decimals with a unit).

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The figures of `text` a test can compare: each number of four digits or more, written with
/// or without thousands commas (`351,450`, `141427`), as its digits; and each decimal followed
/// by a unit (`1.7 GiB`, `0.5 s`) as written.
fn figures(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric()
                    || matches!(b[i - 1], b'.' | b',' | b'/' | b'#' | b'-' | b'_')));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len()
            && (b[j].is_ascii_digit()
                || (b[j] == b','
                    && b.get(j + 1..j + 4).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
                    && b.get(j + 4).is_none_or(|c| !c.is_ascii_digit())))
        {
            j += 1;
        }
        let digits: String = text[i..j].chars().filter(char::is_ascii_digit).collect();
        let decimal = b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit);
        if decimal {
            let mut k = j + 1;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            let rest = &text[k..];
            let unit = ["GiB", "MiB", "KiB", "ms", "s", "%"].into_iter().find(|u| {
                let r = rest.strip_prefix(' ').unwrap_or(rest);
                r.starts_with(u) && !r[u.len()..].starts_with(|c: char| c.is_alphanumeric())
            });
            if let Some(unit) = unit {
                let spaced = rest.starts_with(' ');
                found.push(format!("{}{}{unit}", &text[i..k], if spaced { " " } else { "" }));
            }
            i = k;
            continue;
        }
        let word_after = b.get(j).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
        if digits.len() >= 4 && !word_after {
            found.push(digits);
        }
        i = j;
    }
    found
}

/// `text` with the thousands commas between digits taken out.
fn without_commas(text: &str) -> String {
    let b = text.as_bytes();
    text.char_indices()
        .filter(|&(i, c)| {
            !(c == ',' && i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        })
        .map(|(_, c)| c)
        .collect()
}

/// Whether `figure` stands in `text` as a whole number (not inside a longer one).
fn stands_in(text: &str, figure: &str) -> bool {
    text.match_indices(figure).any(|(at, _)| {
        let before = text[..at].chars().last();
        let after = text[at + figure.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit() || c == '.') && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_figure_the_readme_states_has_its_home_in_docs() {
    let root = workspace();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut docs = String::new();
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let docs = without_commas(&docs);
    let figures = figures(&readme);
    assert!(figures.len() >= 10, "the README's figures were read: {figures:?}");
    let homeless: Vec<&String> = figures.iter().filter(|f| !stands_in(&docs, &without_commas(f))).collect();
    assert!(
        homeless.is_empty(),
        "figures of README.md found in no page of docs/ (give each a home there, or link): {homeless:?}"
    );
}

#[test]
fn the_figure_reader_reads_numbers_and_decimals_with_units() {
    let text = "nodes 351,450 and 141427, 12x12 at 1.7 GiB in 0.5 s, 99.0 %, port 80, e1d2, v2.4, 1,2";
    assert_eq!(figures(text), ["351450", "141427", "1.7 GiB", "0.5 s", "99.0 %"]);
    assert!(stands_in(&without_commas("took 351,450 nodes"), "351450"));
    assert!(!stands_in("took 1351450 nodes", "351450"));
}

/// The README is the newcomer's page: what ryg is, how to start it, where each thing is
/// documented. The detail lives in docs/, so the README stays within 300 lines (it had grown
/// to 307 through merges).
#[test]
fn the_readme_stays_within_300_lines() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines: move detail to docs/ and link to it");
}
