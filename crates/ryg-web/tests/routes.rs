//! One source for the API's shape: the router. Every route it serves is in the OpenAPI document
//! with the same methods, and every path the document lists is served (the static site's
//! dispatcher is held to the document by ryg-wasm's own test); every error code the document
//! lists has the statuses docs/server.md gives it, which are the code's own
//! (`ErrorCode::statuses`). Routes added anywhere in the router are checked without a list.

use std::collections::{BTreeMap, BTreeSet};

use ryg_web::error::ErrorCode;
use serde_json::Value;

/// `(method, path)`, the method in lower case as the OpenAPI document writes it.
type Route = (String, String);

fn read(relative: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn openapi() -> Value {
    serde_json::from_str(&read("src/openapi.json")).expect("the OpenAPI document is JSON")
}

/// The routes of the OpenAPI document.
fn documented(doc: &Value) -> BTreeSet<Route> {
    let mut routes = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            routes.insert((method.clone(), path.clone()));
        }
    }
    routes
}

/// The server's router as `ryg serve` builds it (over a store in `dir`), described by its
/// `Debug`: axum keeps its routing table private, and this gives each route's path and the
/// methods of its `Allow` header.
fn router_text(dir: &std::path::Path) -> String {
    let db = dir.join("games.sqlite3");
    let store = ryg_web::store::sqlite::SqliteStore::open(&db).expect("a store");
    let config = ryg_web::Config::new("127.0.0.1", 0, db);
    format!("{:?}", ryg_web::router(ryg_web::AppState::new(Box::new(store), &config)))
}

/// The routes of the router that `text` describes.
fn served(text: &str) -> BTreeSet<Route> {
    // the routes proper: the fallback router that follows has its own
    let main = text.split("fallback_router:").next().unwrap_or_default();
    let (endpoints, paths) =
        main.split_once("node: Node { paths: {").expect("axum's Router prints its paths");
    let mut path_of = BTreeMap::new();
    for entry in paths.split("RouteId(").skip(1) {
        let (id, rest) = entry.split_once("): \"").expect("RouteId(N): \"path\"");
        path_of.insert(id.to_owned(), rest.split('"').next().unwrap_or_default().to_owned());
    }
    let mut routes = BTreeSet::new();
    for entry in endpoints.split("RouteId(").skip(1) {
        let (id, rest) = entry.split_once("): ").expect("RouteId(N): endpoint");
        let path = &path_of[id];
        let allow = rest
            .split_once("allow_header: Bytes(b\"")
            .and_then(|(_, methods)| methods.split_once('"'))
            .unwrap_or_else(|| panic!("{path}: a route's methods are its Allow header: {rest}"))
            .0;
        for method in allow.split(',').filter(|&m| m != "HEAD") {
            routes.insert((method.to_lowercase(), path.clone()));
        }
    }
    assert!(routes.len() >= 40, "the router's description changed: read its routes another way\n{text}");
    routes
}

#[test]
fn the_router_serves_exactly_the_routes_of_the_openapi_document() {
    let dir = tempfile::tempdir().unwrap();
    let served = served(&router_text(dir.path()));
    let documented = documented(&openapi());
    let undocumented: Vec<&Route> = served.difference(&documented).collect();
    // the page's own files (`/`, `/sw.js`, `/assets/…`) are no API: read only, outside /api/
    let api: Vec<&&Route> =
        undocumented.iter().filter(|(method, path)| method != "get" || path.starts_with("/api/")).collect();
    assert!(api.is_empty(), "served but not in openapi.json: {api:?}");
    let unserved: Vec<&Route> = documented.difference(&served).collect();
    assert!(unserved.is_empty(), "in openapi.json but not served: {unserved:?}");
}

/// `docs/server.md`'s table of error codes: each code with the statuses it is sent with.
fn statuses_in_the_docs() -> BTreeMap<String, BTreeSet<u16>> {
    let docs = read("../../docs/server.md");
    let table = docs.split("| code | status | when |").nth(1).expect("docs/server.md has a table of codes");
    let mut statuses = BTreeMap::<String, BTreeSet<u16>>::new();
    for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let codes: Vec<&str> = cells[1].split(',').map(|c| c.trim().trim_matches('`')).collect();
        let numbers: Vec<u16> = cells[2]
            .split(',')
            .map(|s| s.trim().parse().unwrap_or_else(|_| panic!("a status: {row}")))
            .collect();
        // one status for every code of the row, a status per code, or a code's several statuses
        for (i, code) in codes.iter().enumerate() {
            let own: Vec<u16> = match (codes.len(), numbers.len()) {
                (_, 1) => numbers.clone(),
                (1, _) => numbers.clone(),
                (c, n) if c == n => vec![numbers[i]],
                _ => panic!("{row}: say which status goes with which code"),
            };
            statuses.entry((*code).to_owned()).or_default().extend(own);
        }
    }
    statuses
}

#[test]
fn every_error_code_has_the_statuses_documented() {
    let doc = openapi();
    let listed: Vec<&str> = doc["components"]["schemas"]["Error"]["properties"]["code"]["enum"]
        .as_array()
        .expect("the Error schema lists its codes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let server: Vec<&str> = ErrorCode::SERVER.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed, server, "the OpenAPI document lists the codes the server sends");
    let docs = statuses_in_the_docs();
    for &code in ErrorCode::SERVER {
        let documented = docs.get(code.as_str()).unwrap_or_else(|| panic!("docs/server.md lacks {code}"));
        let own: BTreeSet<u16> = code.statuses().iter().copied().collect();
        assert_eq!(&own, documented, "{code}: its statuses and docs/server.md's");
    }
    let extra: Vec<&String> = docs.keys().filter(|c| !server.contains(&c.as_str())).collect();
    assert!(extra.is_empty(), "docs/server.md documents codes the server never sends: {extra:?}");
}

/// The page's board sizes are one list (`fencheck.js`'s `SIZES`), the engine's.
#[test]
fn the_page_has_one_list_of_board_sizes_the_engines() {
    let engine: Vec<String> = ryg_wide::Size::ALL.iter().map(|s| s.n().to_string()).collect();
    let literal = format!("[{}]", engine.join(", "));
    let mut js = Vec::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "js") {
                js.push(path);
            }
        }
    }
    let holding: Vec<String> = js
        .iter()
        .filter(|path| std::fs::read_to_string(path).unwrap_or_default().contains(&literal))
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(holding, ["fencheck.js"], "the sizes {literal} are written once, in fencheck.js");
    let fencheck = read("assets/js/fencheck.js");
    assert!(
        fencheck.contains(&format!("export const SIZES = {literal};")),
        "fencheck.js's SIZES is {literal}"
    );
}
