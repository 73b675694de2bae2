//! No circle of `use` between the modules of any crate of the workspace (the crate root's
//! re-exports aside) and no circle of `import` between the page's JavaScript modules, so a
//! reader can take the modules one at a time, from the bottom up. Every circle is reported: one
//! per tangle (a set of modules each reaching all the others), not only the first found.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::structure::{files, workspace};

/// The crates whose modules are checked (`src` under each), and the Python extension's.
const CRATES: [&str; 10] = [
    "crates/ryg",
    "crates/ryg-types",
    "crates/ryg-api",
    "crates/ryg-games",
    "crates/ryg-layers",
    "crates/ryg-ratings",
    "crates/ryg-cli",
    "crates/ryg-web",
    "crates/ryg-wasm",
    "python",
];

/// A module's path in its crate: `["search", "alphabeta"]`; the crate root is `[]`.
type ModPath = Vec<String>;

/// The module a source file holds, from its place under `src/`.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: ModPath = rel.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments, string contents and its `#[cfg(test)]` part (a test
/// module's `super` is the file itself, and tests may reach anywhere).
pub(crate) fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut in_str = false;
        for c in line.chars() {
            if c == '"' {
                in_str = !in_str;
            } else if !in_str {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The paths a file's code names from the crate root or its parent (`crate::a::b`,
/// `super::c`, and each branch of `use crate::{a, b::c}`), as segment lists relative to
/// the crate root; re-exports (`pub use`) are left out.
fn named_paths(code: &str, here: &ModPath) -> Vec<ModPath> {
    // The module `super` names (a `mod.rs` holds its directory's module, so the same rule).
    let parent: ModPath = here[..here.len().saturating_sub(1)].to_vec();
    let mut paths = Vec::new();
    // Statements `use …;`, braces expanded.
    for stmt in code.split(';') {
        let stmt = stmt.trim();
        let Some(pos) = stmt.rfind("use ") else { continue };
        let head = stmt[..pos].trim();
        if !(head.is_empty() || head.ends_with('}') || head.ends_with(']') || head.ends_with('{')) {
            continue; // `pub use`, `pub(crate) use`: a re-export
        }
        let tree: String = stmt[pos + 4..].chars().filter(|c| !c.is_whitespace()).collect();
        for path in expand(&tree) {
            paths.push(path);
        }
    }
    // Paths written inline in the code.
    let text = code;
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '{' || c == ',') {
                continue; // part of a longer path, or a `use` branch (handled above)
            }
            let rest: String =
                text[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            let path: ModPath = rest.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
            if path.len() > 1 {
                paths.push(path); // not the head of a `use crate::{…}`, read above
            }
        }
    }
    paths
        .into_iter()
        .filter_map(|path| {
            let (first, rest) = path.split_first()?;
            match first.as_str() {
                "crate" => Some(rest.to_vec()),
                "super" => {
                    let mut base = parent.clone();
                    let mut rest = rest;
                    while rest.first().is_some_and(|s| s == "super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                    Some(base.into_iter().chain(rest.iter().cloned()).collect())
                }
                _ => None,
            }
        })
        .collect()
}

/// `crate::{a::b, c}` → `crate::a::b`, `crate::c` (nested braces too).
fn expand(tree: &str) -> Vec<Vec<String>> {
    let Some(open) = tree.find('{') else {
        return vec![tree.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect()];
    };
    let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut branches = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                branches.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    branches.push(&inner[start..]);
    branches
        .into_iter()
        .filter(|b| !b.is_empty())
        .flat_map(|b| expand(b).into_iter().map(|tail| prefix.iter().cloned().chain(tail).collect()))
        .collect()
}

/// The modules each module of the crate under `src` names ([`graph_of`] its files).
fn module_graph(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut sources = Vec::new();
    files(src, &mut sources);
    sources.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    let sources: Vec<(ModPath, String)> = sources
        .iter()
        .map(|file| (module_of(src, file), code_of(&std::fs::read_to_string(file).unwrap())))
        .collect();
    graph_of(&sources)
}

/// The modules each module names (longest module prefix of each path), from each module's
/// code, the crate root and the module itself left out. What a child module names counts for
/// its parents too (a parent is its children from outside), so that a circle through a child
/// (`a::b` names `c`, and `c` names `a`) is one.
fn graph_of(sources: &[(ModPath, String)]) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let modules: BTreeSet<ModPath> = sources.iter().map(|(m, _)| m.clone()).collect();
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> =
        modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for (here, code) in sources {
        for path in named_paths(code, here) {
            let target = (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| modules.contains(p));
            let Some(target) = target.filter(|t| !t.is_empty()) else { continue };
            // the module and each of its parents but the crate root; naming a module inside
            // oneself is not a dependency on another module
            for depth in 1..=here.len() {
                let owner = &here[..depth];
                if !target.starts_with(owner) {
                    graph.entry(owner.to_vec()).or_default().insert(target.clone());
                }
            }
        }
    }
    graph
}

/// One circle of the graph, if there is any.
fn find_circle<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Option<Vec<N>> {
    fn visit<N: Ord + Clone>(
        node: &N,
        graph: &BTreeMap<N, BTreeSet<N>>,
        state: &mut BTreeMap<N, u8>,
        stack: &mut Vec<N>,
    ) -> Option<Vec<N>> {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|n| n == next).unwrap();
                    let mut circle = stack[from..].to_vec();
                    circle.push(next.clone());
                    return Some(circle);
                }
                0 => {
                    if let Some(circle) = visit(next, graph, state, stack) {
                        return Some(circle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(circle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(circle);
            }
        }
    }
    None
}

#[test]
fn the_circle_finder_finds_a_circle_and_reads_use_trees() {
    let graph: BTreeMap<ModPath, BTreeSet<ModPath>> = [
        (vec!["a".to_owned()], [vec!["b".to_owned()]].into()),
        (vec!["b".to_owned()], [vec!["c".to_owned()]].into()),
        (vec!["c".to_owned()], [vec!["a".to_owned()]].into()),
    ]
    .into();
    assert_eq!(find_circle(&graph).unwrap().len(), 4);
    // a circle through a child: `a::b` names `c`, which names `a`
    let module = |path: &str| -> ModPath { path.split("::").map(str::to_owned).collect() };
    let sources = [
        (module("a"), code_of("pub mod b;\npub struct X;\n")),
        (module("a::b"), code_of("use crate::c::Y;\n")),
        (module("c"), code_of("pub struct Y(crate::a::X);\n")),
    ];
    let graph = graph_of(&sources);
    assert_eq!(graph[&module("a")], [module("c")].into());
    assert_eq!(find_circle(&graph).unwrap(), [module("a"), module("c"), module("a")]);
    let here = vec!["cmd".to_owned(), "play".to_owned()];
    let code = code_of("use crate::{args::{JsonArg, PositionArgs}, out};\npub use self::x::Y;\nfn f() { super::show::run(); }\n");
    let paths = named_paths(&code, &here);
    assert_eq!(
        paths,
        vec![
            vec!["args".to_owned(), "JsonArg".to_owned()],
            vec!["args".to_owned(), "PositionArgs".to_owned()],
            vec!["out".to_owned()],
            vec!["cmd".to_owned(), "show".to_owned(), "run".to_owned()],
        ]
    );
}

/// The tangles of a graph (its strongly connected parts of more than one module), each as one
/// circle through all of its modules' first-found path: Tarjan's algorithm, then a circle
/// searched within each part.
fn tangles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct Walk<'g, N: Ord> {
        graph: &'g BTreeMap<N, BTreeSet<N>>,
        index: BTreeMap<&'g N, usize>,
        low: BTreeMap<&'g N, usize>,
        stack: Vec<&'g N>,
        on_stack: BTreeSet<&'g N>,
        parts: Vec<BTreeSet<N>>,
    }
    fn connect<'g, N: Ord + Clone>(w: &mut Walk<'g, N>, node: &'g N) {
        let i = w.index.len();
        w.index.insert(node, i);
        w.low.insert(node, i);
        w.stack.push(node);
        w.on_stack.insert(node);
        for next in w.graph.get(node).into_iter().flatten() {
            let Some((next, _)) = w.graph.get_key_value(next) else { continue };
            if !w.index.contains_key(next) {
                connect(w, next);
                let low = w.low[node].min(w.low[next]);
                w.low.insert(node, low);
            } else if w.on_stack.contains(next) {
                let low = w.low[node].min(w.index[next]);
                w.low.insert(node, low);
            }
        }
        if w.low[node] == w.index[node] {
            let mut part = BTreeSet::new();
            while let Some(top) = w.stack.pop() {
                w.on_stack.remove(top);
                part.insert(top.clone());
                if top == node {
                    break;
                }
            }
            if part.len() > 1 {
                w.parts.push(part);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        parts: Vec::new(),
    };
    for node in graph.keys() {
        if !w.index.contains_key(node) {
            connect(&mut w, node);
        }
    }
    w.parts
        .iter()
        .filter_map(|part| {
            let within: BTreeMap<N, BTreeSet<N>> = part
                .iter()
                .map(|n| (n.clone(), graph[n].iter().filter(|m| part.contains(*m)).cloned().collect()))
                .collect();
            find_circle(&within)
        })
        .collect()
}

/// The page's JavaScript modules under `assets` (relative paths) and the modules each imports
/// statically (`import … from './x.js'`, `export … from`, `import './x.js'`; a dynamic
/// `import()` loads on demand and is no dependency at load time).
fn page_graph(assets: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(assets, &mut all);
    all.retain(|p| p.extension().is_some_and(|e| e == "js"));
    let name = |p: &Path| p.strip_prefix(assets).unwrap().to_string_lossy().replace('\\', "/");
    let mut graph = BTreeMap::new();
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = file.parent().unwrap();
        let targets = js_imports(&text)
            .into_iter()
            .filter_map(|spec| dir.join(spec).canonicalize().ok())
            .map(|p| name(&p))
            .collect();
        graph.insert(name(&file.canonicalize().unwrap()), targets);
    }
    graph
}

/// The relative module specifiers a JavaScript file imports statically: each statement that
/// starts a line with `import ` or `export ` read up to its `;`.
fn js_imports(text: &str) -> Vec<String> {
    let mut specs = Vec::new();
    let mut rest = text;
    while let Some(at) = ["import ", "export "]
        .iter()
        .filter_map(|k| rest.match_indices(k).find(|(i, _)| *i == 0 || rest[..*i].ends_with('\n')))
        .map(|(i, _)| i)
        .min()
    {
        let stmt_end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
        let stmt = &rest[at..stmt_end];
        let quoted = stmt.rfind(['\'', '"']).and_then(|close| {
            let q = stmt.as_bytes()[close] as char;
            stmt[..close].rfind(q).map(|open| &stmt[open + 1..close])
        });
        let statically =
            stmt.contains(" from ") || stmt.starts_with("import '") || stmt.starts_with("import \"");
        if let Some(spec) = quoted.filter(|s| s.starts_with('.') && statically) {
            specs.push(spec.to_owned());
        }
        rest = &rest[stmt_end.min(rest.len())..];
        if rest.is_empty() {
            break;
        }
        rest = &rest[1..];
    }
    specs
}

fn show<N>(circle: &[N], name: impl Fn(&N) -> String) -> String {
    circle.iter().map(name).collect::<Vec<_>>().join(" -> ")
}

#[test]
fn no_crate_has_a_circle_of_use_between_its_modules() {
    let root = workspace();
    let mut circles = Vec::new();
    for krate in CRATES {
        let graph = module_graph(&root.join(krate).join("src"));
        assert!(graph.len() >= 2, "{krate}: its modules were found");
        for circle in tangles(&graph) {
            circles.push(format!("{krate}: {}", show(&circle, |m| m.join("::"))));
        }
    }
    assert!(circles.is_empty(), "circles of `use`: {circles:#?}");
}

#[test]
fn the_page_has_no_circle_of_imports_between_its_modules() {
    let graph = page_graph(&workspace().join("crates/ryg-web/assets"));
    assert!(graph.len() > 30 && graph.contains_key("js/main.js"), "the page's modules were found: {graph:?}");
    assert!(graph["js/main.js"].iter().any(|m| m == "js/play.js"), "main.js's imports were read");
    let circles: Vec<String> = tangles(&graph).iter().map(|c| show(c, String::clone)).collect();
    assert!(circles.is_empty(), "circles of `import` in the page: {circles:#?}");
}

#[test]
fn every_tangle_is_reported_and_imports_are_read() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry((*a).to_owned()).or_default().insert((*b).to_owned());
            g.entry((*b).to_owned()).or_default();
        }
        g
    };
    // two separate circles and a module that only leads into one of them
    let g = edges(&[("a", "b"), ("b", "a"), ("c", "d"), ("d", "e"), ("e", "c"), ("f", "a")]);
    let found = tangles(&g);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().any(|c| c.len() == 3 && c.contains(&"a".to_owned())));
    assert!(found.iter().any(|c| c.len() == 4 && c.contains(&"e".to_owned())));
    assert!(tangles(&edges(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
    let js = "import { a } from './a.js';\nimport {\n  b,\n} from \"../b.js\";\nexport { c } from './c.js';\n\
              import './d.js';\nconst t = 'import x from \\'./no.js\\'';\nexport function f() { return import('./lazy.js'); }\n";
    assert_eq!(js_imports(js), ["./a.js", "../b.js", "./c.js", "./d.js"]);
}
