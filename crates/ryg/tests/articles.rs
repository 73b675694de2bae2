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
    quote_spans(unit).into_iter().map(|(_, _, q)| q).collect()
}

/// Every «…» in `unit`: where it starts (its «), where it ends (after its ») and its text.
fn quote_spans(unit: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = unit[from..].find('«').map(|i| from + i) {
        let inner = i + '«'.len_utf8();
        let Some(j) = unit[inner..].find('»').map(|j| inner + j) else { break };
        from = j + '»'.len_utf8();
        out.push((i, from, normalise(&unit[inner..j])));
    }
    out
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

/// The posts' texts by title, as `posts` gives them.
type Posts = BTreeMap<&'static str, String>;

/// Where a unit names a post: the span of its title, and the title when it is one of the five
/// (`None`: another post, named with its date, whose text is not here).
struct Anchor {
    start: usize,
    end: usize,
    post: Option<&'static str>,
}

/// Every post named in `unit`: the five's titles (the longest where one title holds another)
/// and other posts' «Title», YYYY-MM-DD or «Title» (YYYY-MM-DD.
fn anchors(unit: &str) -> Vec<Anchor> {
    let mut out: Vec<Anchor> = Vec::new();
    for &(title, _) in POSTS {
        for (start, _) in unit.match_indices(title) {
            out.push(Anchor { start, end: start + title.len(), post: Some(title) });
        }
    }
    // «RYG: procedimiento minimax» inside «RYG: procedimiento minimax – rutinas previas» is not
    // a second title
    let spans: Vec<(usize, usize)> = out.iter().map(|a| (a.start, a.end)).collect();
    out.retain(|a| !spans.iter().any(|&(s, e)| s <= a.start && a.end <= e && e - s > a.end - a.start));
    for (end, _) in unit.match_indices('»') {
        let rest = &unit.as_bytes()[end + '»'.len_utf8()..];
        let dated = [&b", "[..], &b" ("[..]].iter().any(|sep| {
            rest.starts_with(sep) && {
                let d = &rest[sep.len()..];
                d.len() >= 10 && d[..4].iter().all(u8::is_ascii_digit) && d[4] == b'-' && d[7] == b'-'
            }
        });
        if dated {
            let start = unit[..end].rfind('«').unwrap_or(0);
            out.push(Anchor { start, end: end + '»'.len_utf8(), post: None });
        }
    }
    out.sort_by_key(|a| a.start);
    out
}

/// `text` without its «…» quotes.
fn outside_quotes(text: &str) -> String {
    let mut depth = 0;
    text.chars()
        .filter(|&c| {
            match c {
                '«' => depth += 1,
                '»' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// Whether `gap` (outside quotes) only joins what is on either side of it: spaces, commas,
/// slashes, "and", "y".
fn joins(gap: &str) -> bool {
    gap.split(|c: char| c.is_whitespace() || c == ',' || c == '/').all(|w| matches!(w, "" | "and" | "y"))
}

/// Whether a title that follows a quote after `between`, with `rest` after the title, names the
/// quote's post: the title is in brackets opened after the quote («…» («Title»), «…» (article
/// 001, «Title»)), or closes the brackets the quote is in («…», «Title»)); other quotes between
/// them name the same post.
fn names_what_precedes(between: &str, rest: &str) -> bool {
    let gap = outside_quotes(between);
    match gap.find('(') {
        Some(i) => joins(&gap[..i]) && !gap[i..].contains(')'),
        None => {
            // another post's title is followed by its date
            let rest = rest.trim_start_matches('»');
            let dated = rest.len() > 12
                && rest.is_char_boundary(12)
                && rest[2..12].bytes().all(|b| b.is_ascii_digit() || b == b'-');
            let rest = if dated { &rest[12..] } else { rest };
            joins(&gap) && (rest.starts_with(')') || rest.starts_with(';'))
        }
    }
}

/// The posts a quote at `start..end` of `unit` is attributed to: the title in brackets right
/// after it (see `names_what_precedes`), else the last title named before it, with the titles
/// joined to that one («A» and «B»).
fn sources_of<'a>(unit: &str, anchors: &'a [Anchor], start: usize, end: usize) -> Vec<&'a Anchor> {
    if let Some(a) = anchors.iter().find(|a| a.start >= end) {
        if names_what_precedes(&unit[end..a.start], &unit[a.end..]) {
            return vec![a];
        }
    }
    let before: Vec<&Anchor> = anchors.iter().filter(|a| a.end <= start).collect();
    let mut out: Vec<&Anchor> = before.last().copied().into_iter().collect();
    for pair in before.windows(2).rev() {
        let gap = unit[pair[0].end..pair[1].start].trim_start_matches('»').trim_end_matches('«');
        if !joins(gap) {
            break;
        }
        out.push(pair[0]);
    }
    out
}

/// Checks the quotes of one unit against the posts: how many were found in the post they are
/// attributed to, and what is wrong with the others. A quote is attributed to the post named
/// right after it in the same clause (after other quotes, say), else to the last post named
/// before it in the unit.
fn check_unit(unit: &str, posts: &Posts, labels: &[String]) -> (usize, Vec<String>) {
    let unit = normalise(unit);
    let anchors = anchors(&unit);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (start, end, quote) in quote_spans(&unit) {
        // A title: one of the five's, or another post's, named with its date.
        if anchors.iter().any(|a| a.start <= start && end <= a.end)
            || POSTS.iter().any(|(t, _)| *t == quote)
            || NAMES.contains(&quote.as_str())
        {
            continue;
        }
        let sources = sources_of(&unit, &anchors, start, end);
        let found_in: Vec<&str> =
            posts.iter().filter(|(_, text)| quoted_in(&quote, text)).map(|(t, _)| *t).collect();
        let titles: Vec<&str> = sources.iter().filter_map(|a| a.post).collect();
        if sources.iter().any(|a| a.post.is_none()) {
            // another post's: its text is not here to check
        } else if titles.iter().any(|t| found_in.contains(t)) {
            checked += 1;
        } else if !titles.is_empty() {
            let elsewhere = if found_in.is_empty() { String::new() } else { format!(" but in {found_in:?}") };
            wrong.push(format!("«{quote}» is not in {titles:?}, the post named for it,{elsewhere}"));
        } else if labels.contains(&quote) {
            // the page's own words, as a label
        } else if !found_in.is_empty() {
            wrong.push(format!("«{quote}» is from {found_in:?}, which the text does not name"));
        } else if quote.split_whitespace().count() > 2 {
            wrong.push(format!("«{quote}» names no source"));
        }
    }
    (checked, wrong)
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
            let (n, problems) = check_unit(&unit, &posts, &labels);
            checked += n;
            wrong.extend(problems.into_iter().map(|p| format!("{shown}: {p}")));
        }
    }
    assert!(wrong.is_empty(), "{} quotes to fix:\n{}", wrong.len(), wrong.join("\n"));
    // The docs quote the articles at length: a check that found nothing would be no check.
    assert!(checked > 50, "only {checked} quotes were checked");
}

/// Two made-up posts under real titles, for the checker's own tests.
fn two_posts() -> Posts {
    let mut posts = Posts::new();
    posts.insert(
        "Tablas de historia",
        normalise("Tablas de historia. Se topa a 255 siempre. Las tablas de historia ocupan 4 KB."),
    );
    posts.insert(
        "Ordenación de movimientos",
        normalise("Ordenación de movimientos. Un 40% menos de nodos. Ni la poda alfa."),
    );
    posts
}

#[test]
fn a_short_quote_of_a_post_must_name_it() {
    let (_, wrong) = check_unit("RYG3 caps its tables: «Se topa» at 255.", &two_posts(), &[]);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    let (n, wrong) = check_unit("RYG3 caps them («Tablas de historia»): «Se topa».", &two_posts(), &[]);
    assert_eq!((n, wrong.len()), (1, 0), "{wrong:?}");
}

#[test]
fn a_missing_quote_is_reported_beside_another_posts_title() {
    let unit = "From «Tablas hash con lock», 2022-02-22, and «Tablas de historia»: «se topa a 300 siempre».";
    let (_, wrong) = check_unit(unit, &two_posts(), &[]);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    // a quote attributed to the other post is not checked: its text is not here
    let unit = "«Tablas de historia» says «Se topa a 255»; «Tablas hash con lock», 2022-02-22: «otra cosa».";
    let (n, wrong) = check_unit(unit, &two_posts(), &[]);
    assert_eq!((n, wrong.len()), (1, 0), "{wrong:?}");
}

#[test]
fn each_quote_is_checked_against_the_post_it_is_attributed_to() {
    let unit =
        "«Tablas de historia»: «Un 40% menos de nodos». «Ordenación de movimientos»: «Ni la poda alfa».";
    let (n, wrong) = check_unit(unit, &two_posts(), &[]);
    assert_eq!((n, wrong.len()), (1, 1), "{wrong:?}");
    // a title right after the quotes names their post
    let unit =
        "«Se topa a 255» («Tablas de historia»); «Un 40% menos», «Ni la poda» («Ordenación de movimientos»).";
    let (n, wrong) = check_unit(unit, &two_posts(), &[]);
    assert_eq!((n, wrong.len()), (3, 0), "{wrong:?}");
}

#[test]
fn quotes_are_matched_with_their_elisions_and_marks() {
    let text = normalise("se analizaban $4535 = 17.717 nodos.\nRecordemos que ver rutina “gen”");
    assert!(quoted_in("se analizaban $4535 = 17.717 nodos. Recordemos", &text));
    assert!(quoted_in("se analizaban … Recordemos que ver rutina \"gen\"", &text));
    assert!(!quoted_in("Recordemos … se analizaban", &text));
    assert!(!quoted_in("se analizaban 17.717 nodos", &text));
    assert_eq!(quotes("a «b c» d «e»"), ["b c", "e"]);
    let other = |unit: &str| anchors(unit).iter().map(|a| a.post).collect::<Vec<_>>();
    assert_eq!(other("(«Tablas hash con lock», 2022-02-22)"), [None]);
    assert_eq!(other("«RYG: árbol de juego – memoria revisitada» (2020-06-19, not among the five)"), [None]);
    assert_eq!(other("(«Ordenación de movimientos»)"), [Some("Ordenación de movimientos")]);
    assert_eq!(
        other("«RYG: procedimiento minimax – rutinas previas»"),
        [Some("RYG: procedimiento minimax – rutinas previas")]
    );
}
