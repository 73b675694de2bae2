//! The five articles ryg began from (`../shared/seeds/`, beside the checkout) against what ryg
//! says of them: every «quote» in the README, docs/, the page's assets and the crates' sources
//! (the command line's output and the code's comments) that is attributed to one of their posts
//! is in that post, word for word (whitespace, quotation marks and elisions «…» aside); and no
//! quote of a sentence or more stands without naming where it comes from.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Each post of the five articles: its title, as a line of its file, and the file's prefix.
const POSTS: &[(&str, &str)] = &[
    ("RYG: función de evaluación – segunda versión", "000"),
    ("RYG: ampliar la RAM disponible", "000"),
    ("RYG: condiciones de fin de partida", "000"),
    ("RYG: el C64 por fin decide su jugada", "000"),
    ("RYG: procedimiento minimax", "000"),
    ("RYG: procedimiento minimax – rutinas previas", "000"),
    ("RYG: función de evaluación – pintado del árbol", "000"),
    ("RYG: función de evaluación – evaluación del árbol completo", "000"),
    ("RYG: función de evaluación – primera versión", "000"),
    ("RYG: función de evaluación – cuestiones previas", "000"),
    ("RYG: jugadas del ratón – validación de jugadas", "001"),
    ("RYG: jugadas del ratón – nuevo programa principal", "001"),
    ("RYG: jugadas del ratón – nuevas rutinas de apoyo", "001"),
    ("RYG: jugadas del ratón – rutina básica", "001"),
    ("RYG: programa principal", "001"),
    ("RYG: pintado de tableros", "001"),
    ("RYG: rutinas para manejar tableros", "001"),
    ("RYG: estructura de datos del tablero", "001"),
    ("El ratón y los gatos (RYG)", "001"),
    ("Elección de un juego de tablero", "001"),
    ("Ordenación de movimientos", "002"),
    ("Generación de jugadas I", "003"),
    ("Tablas de historia", "004"),
];

/// Quoted names that are neither a post nor a sentence of one: the blog's own name.
const NAMES: &[&str] = &["Programación retro del Commodore 64"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Collapses whitespace and writes every quotation mark plainly, so a quote matches its source
/// whatever marks and line breaks either uses.
fn normalise(s: &str) -> String {
    let s: String = s
        .chars()
        .map(|c| match c {
            '“' | '”' | '„' => '"',
            '‘' | '’' => '\'',
            c => c,
        })
        .collect();
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each post's text (its title's line up to the next title of the same file), normalised.
fn posts(seeds: &Path) -> BTreeMap<&'static str, String> {
    let mut files: BTreeMap<&str, String> = BTreeMap::new();
    for entry in fs::read_dir(seeds).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if let Some(&(_, prefix)) = POSTS.iter().find(|(_, p)| name.starts_with(p)) {
            files.insert(prefix, fs::read_to_string(&path).unwrap());
        }
    }
    let mut out = BTreeMap::new();
    for &(title, prefix) in POSTS {
        let text = files.get(prefix).unwrap_or_else(|| panic!("no file {prefix}_* in {}", seeds.display()));
        let lines: Vec<&str> = text.lines().collect();
        let start = lines
            .iter()
            .position(|l| normalise(l) == title)
            .unwrap_or_else(|| panic!("«{title}» is not a line of file {prefix}"));
        let titles_here: Vec<&str> = POSTS.iter().filter(|(_, p)| *p == prefix).map(|(t, _)| *t).collect();
        let end = lines[start + 1..]
            .iter()
            .position(|l| titles_here.contains(&normalise(l).as_str()))
            .map_or(lines.len(), |i| start + 1 + i);
        out.insert(title, normalise(&lines[start..end].join("\n")));
    }
    out
}

/// Whether `quote` is in `text`: each piece between elisions («…» or «...»), in order.
fn quoted_in(quote: &str, text: &str) -> bool {
    let mut at = 0;
    for piece in quote.split('…').flat_map(|p| p.split("...")) {
        let piece = normalise(piece);
        if piece.is_empty() {
            continue;
        }
        match text[at..].find(&piece) {
            Some(i) => at += i + piece.len(),
            None => return false,
        }
    }
    true
}

/// The files whose quotes are checked: the README, docs/, the page's assets, the crates'
/// sources (tests and generated data aside).
fn sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            if path.is_dir() {
                if !matches!(name, "tests" | "target" | "node_modules" | "screenshots") {
                    walk(&path, out);
                }
            } else if path
                .extension()
                .is_some_and(|e| ["md", "rs", "js", "mjs", "html"].contains(&e.to_str().unwrap()))
            {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    for krate in ["ryg", "ryg-cli", "ryg-web", "ryg-wide"] {
        walk(&root.join("crates").join(krate).join("src"), &mut out);
    }
    walk(&root.join("crates/ryg-web/assets"), &mut out);
    out.sort();
    out
}

/// The units a quote's source is named in: a paragraph (lines up to a blank one), a table's
/// row, or one line of the page's string tables; comment marks and string escapes removed. A
/// post is named by its title, in «» in prose or in "" in the command line's output.
fn units(path: &Path, text: &str) -> Vec<String> {
    let per_line = path.components().any(|c| c.as_os_str() == "i18n");
    let clean = |l: &str| -> String {
        let t = l.trim_start();
        let t = ["//!", "///", "//", "/**", "*/", "* ", "#"]
            .iter()
            .find_map(|m| t.strip_prefix(m))
            .filter(|_| path.extension().is_none_or(|e| e != "md"))
            .unwrap_or(t);
        t.trim_end_matches('\\').replace("\\'", "'").replace("\\\"", "\"").replace("\\n", " ")
    };
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let table_row = line.trim_start().starts_with('|');
        if per_line || table_row || line.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            if !line.trim().is_empty() {
                out.push(clean(line));
            }
            continue;
        }
        current.push(' ');
        current.push_str(&clean(line));
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Every «…» in `unit`, as written.
fn quotes(unit: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = unit;
    while let Some(i) = rest.find('«') {
        let after = &rest[i + '«'.len_utf8()..];
        let Some(j) = after.find('»') else { break };
        out.push(normalise(&after[..j]));
        rest = &after[j + '»'.len_utf8()..];
    }
    out
}

/// Whether a unit names a post that is not one of the five: «Title», YYYY-MM-DD or «Title»
/// (YYYY-MM-DD.
fn names_another_post(unit: &str) -> bool {
    ["», ", "» ("].iter().any(|sep| {
        unit.match_indices(sep).any(|(i, _)| {
            let date = &unit.as_bytes()[i + sep.len()..];
            date.len() >= 10 && date[..4].iter().all(u8::is_ascii_digit) && date[4] == b'-' && date[7] == b'-'
        })
    })
}

/// The page's own words (its string tables' values), which the page may put in «» as labels.
fn page_labels() -> Vec<String> {
    let dir = root().join("crates/ryg-web/assets/js/i18n");
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let text = fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            if let Some((_, value)) = line.split_once("': '") {
                out.push(normalise(value.trim_end().trim_end_matches(',').trim_end_matches('\'')));
            }
        }
    }
    out
}

#[test]
fn every_quote_of_the_articles_is_in_its_post_word_for_word() {
    let seeds = root().join("../shared/seeds");
    if !seeds.is_dir() {
        eprintln!(
            "SKIPPED: the articles are not at {} (the checkout's ../shared/seeds/); their quotes are not checked",
            seeds.display()
        );
        return;
    }
    let posts = posts(&seeds);
    let labels = page_labels();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for path in sources() {
        let text = fs::read_to_string(&path).unwrap();
        let shown = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
        for unit in units(&path, &text) {
            let unit = normalise(&unit);
            let named: Vec<&str> = POSTS.iter().map(|(t, _)| *t).filter(|t| unit.contains(t)).collect();
            for quote in quotes(&unit) {
                // A title: one of the five's, or another post's, named with its date.
                let dated = ["», 20", "» (20"].iter().any(|after| unit.contains(&format!("«{quote}{after}")));
                if POSTS.iter().any(|(t, _)| *t == quote) || NAMES.contains(&quote.as_str()) || dated {
                    continue;
                }
                let found_in: Vec<&str> =
                    posts.iter().filter(|(_, text)| quoted_in(&quote, text)).map(|(t, _)| *t).collect();
                if named.iter().any(|t| found_in.contains(t)) {
                    checked += 1;
                    continue;
                }
                let words = quote.split_whitespace().count();
                if !named.is_empty() && found_in.is_empty() && !names_another_post(&unit) && words > 1 {
                    wrong.push(format!("{shown}: «{quote}» is not in {named:?}"));
                } else if !found_in.is_empty() && words > 2 {
                    wrong.push(format!(
                        "{shown}: «{quote}» is from {found_in:?}, which the text does not name"
                    ));
                } else if named.is_empty()
                    && words > 2
                    && !names_another_post(&unit)
                    && !labels.contains(&quote)
                {
                    wrong.push(format!("{shown}: «{quote}» names no source"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} quotes to fix:\n{}", wrong.len(), wrong.join("\n"));
    // The docs quote the articles at length: a check that found nothing would be no check.
    assert!(checked > 50, "only {checked} quotes were checked");
}

#[test]
fn quotes_are_matched_with_their_elisions_and_marks() {
    let text = normalise("se analizaban $4535 = 17.717 nodos.\nRecordemos que ver rutina “gen”");
    assert!(quoted_in("se analizaban $4535 = 17.717 nodos. Recordemos", &text));
    assert!(quoted_in("se analizaban … Recordemos que ver rutina \"gen\"", &text));
    assert!(!quoted_in("Recordemos … se analizaban", &text));
    assert!(!quoted_in("se analizaban 17.717 nodos", &text));
    assert_eq!(quotes("a «b c» d «e»"), ["b c", "e"]);
    assert!(names_another_post("(«Tablas hash con lock», 2022-02-22)"));
    assert!(names_another_post(
        "«RYG: árbol de juego – memoria revisitada» (2020-06-19, not among the five)"
    ));
    assert!(!names_another_post("(«Ordenación de movimientos»)"));
}
