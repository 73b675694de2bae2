//! The page's files, embedded in the binary, and the OpenAPI document.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

const INDEX: &str = include_str!("../../assets/index.html");
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";
const FAVICON: &str = include_str!("../../assets/favicon.svg");
const MANIFEST: &str = include_str!("../../assets/manifest.webmanifest");
const MANIFEST_TYPE: &str = "application/manifest+json";
/// The service worker, before this build's release and files are written into it.
const SERVICE_WORKER: &str = include_str!("../../assets/sw.js");
const PNG: &str = "image/png";

/// The page's pictures (the app's icons), served as they are.
const BINARY: &[(&str, &str, &[u8])] = &[
    ("icons/icon-192.png", PNG, include_bytes!("../../assets/icons/icon-192.png")),
    ("icons/icon-512.png", PNG, include_bytes!("../../assets/icons/icon-512.png")),
    ("icons/icon-maskable-512.png", PNG, include_bytes!("../../assets/icons/icon-maskable-512.png")),
];

/// A module of the page under `assets/js/`, served as it is (no bundler).
macro_rules! js {
    ($name:literal) => {
        (concat!("js/", $name), JS, include_str!(concat!("../../assets/js/", $name)))
    };
}

/// Every file of the page but `index.html`: its path under `/assets/`, its type, its text.
/// A test checks that this list holds every file of `assets/` (but `js/package.json`, for node).
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css; charset=utf-8", include_str!("../../assets/style.css")),
    ("controls.css", "text/css; charset=utf-8", include_str!("../../assets/controls.css")),
    ("play.css", "text/css; charset=utf-8", include_str!("../../assets/play.css")),
    ("sections.css", "text/css; charset=utf-8", include_str!("../../assets/sections.css")),
    ("favicon.svg", SVG, FAVICON),
    ("learn.css", "text/css; charset=utf-8", include_str!("../../assets/learn.css")),
    ("learn-lessons.css", "text/css; charset=utf-8", include_str!("../../assets/learn-lessons.css")),
    ("better.css", "text/css; charset=utf-8", include_str!("../../assets/better.css")),
    ("manifest.webmanifest", MANIFEST_TYPE, MANIFEST),
    ("sw.js", JS, SERVICE_WORKER),
    ("host.js", JS, include_str!("../../assets/host.js")),
    ("table.js", JS, include_str!("../../assets/table.js")),
    js!("address.js"),
    js!("analysis.js"),
    js!("api.js"),
    js!("better/lessons.js"),
    js!("better/model.js"),
    js!("better/view.js"),
    js!("board.js"),
    js!("card.js"),
    js!("dom.js"),
    js!("evalbar.js"),
    js!("evaldata.js"),
    js!("fen.js"),
    js!("fencheck.js"),
    js!("friend.js"),
    js!("game.js"),
    js!("hash.js"),
    js!("howto.js"),
    js!("i18n.js"),
    js!("i18n/better-en.js"),
    js!("i18n/better-es.js"),
    js!("i18n/en.js"),
    js!("i18n/es.js"),
    js!("i18n/learn-en.js"),
    js!("i18n/learn-es.js"),
    js!("i18n/people-en.js"),
    js!("i18n/people-es.js"),
    js!("i18n/puzzles-en.js"),
    js!("i18n/puzzles-es.js"),
    js!("i18n/review-en.js"),
    js!("i18n/review-es.js"),
    js!("known.js"),
    js!("learn/alphabeta.js"),
    js!("learn/board.js"),
    js!("learn/chart.js"),
    js!("learn/evaluation.js"),
    js!("learn/kit.js"),
    js!("learn/layout.js"),
    js!("learn/lazy.js"),
    js!("learn/minimax.js"),
    js!("learn/rygboards.js"),
    js!("learn/routines.js"),
    js!("learn/rygmemory.js"),
    js!("learn/perfect.js"),
    js!("learn/route.js"),
    js!("learn/techniques.js"),
    js!("learn/treeview.js"),
    js!("learn/view.js"),
    js!("levelnote.js"),
    js!("levels.js"),
    js!("learn/weights.js"),
    js!("lobby.js"),
    js!("main.js"),
    js!("narrate.js"),
    js!("nav.js"),
    js!("offline.js"),
    js!("people.js"),
    js!("pgn.js"),
    js!("player.js"),
    js!("play.js"),
    js!("prefs.js"),
    js!("puzzledata.js"),
    js!("puzzles.js"),
    js!("ranking.js"),
    js!("recent.js"),
    js!("refuse.js"),
    js!("results.js"),
    js!("review.js"),
    js!("reviewdata.js"),
    js!("setup.js"),
    js!("sidedata.js"),
    js!("sideline.js"),
    js!("state.js"),
    js!("table10.js"),
    js!("tournament.js"),
    js!("turn.js"),
    js!("words.js"),
];

/// The OpenAPI 3 document of the API.
pub const OPENAPI: &str = include_str!("../openapi.json");

fn text(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

pub async fn index() -> Response {
    text("text/html; charset=utf-8", INDEX)
}

pub async fn asset(Path(file): Path<String>) -> Result<Response, ApiError> {
    if let Some(&(_, content_type, body)) = BINARY.iter().find(|(name, _, _)| *name == file) {
        return Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
            .into_response());
    }
    FILES
        .iter()
        .find(|(name, _, _)| *name == file)
        .map(|&(_, content_type, body)| text(content_type, body))
        .ok_or_else(|| ApiError::not_found(format!("no such asset: {file}")))
}

/// `/manifest.webmanifest`: the web app manifest (name, icons, start address), so that the
/// page can be installed as an app.
pub async fn manifest() -> Response {
    text(MANIFEST_TYPE, MANIFEST)
}

/// `/sw.js`: the service worker (at the root, so that it serves the whole site), with this
/// build's release (a hash of the page's files: a new build replaces the browsers' cached
/// copies) and the files it keeps for use offline.
pub async fn service_worker() -> Response {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let body = TEXT.get_or_init(|| {
        // CITE: FNV-1a, 64 bits
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut files = vec![String::new()];
        let texts = FILES.iter().map(|&(name, _, body)| (name, body.as_bytes()));
        for (name, bytes) in
            texts.chain(BINARY.iter().map(|&(name, _, body)| (name, body))).chain([("", INDEX.as_bytes())])
        {
            for &b in name.as_bytes().iter().chain(bytes) {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            if !name.is_empty() && name != "sw.js" {
                files.push(format!("assets/{name}"));
            }
        }
        let files = serde_json::to_string(&files).expect("file names are text");
        SERVICE_WORKER
            .replacen(
                "const VERSION = 'dev';",
                &format!("const VERSION = '{}-{hash:016x}';", env!("CARGO_PKG_VERSION")),
                1,
            )
            .replacen("const FILES = [];", &format!("const FILES = {files};"), 1)
    });
    text(JS, body)
}

/// `/favicon.ico`, which browsers ask for by themselves: the page's icon (an SVG).
pub async fn favicon() -> Response {
    text(SVG, FAVICON)
}

pub async fn openapi() -> Response {
    text("application/json", OPENAPI)
}

#[cfg(test)]
mod tests {
    use super::{asset, BINARY, FILES};
    use axum::extract::Path as UrlPath;
    use axum::http::{header, StatusCode};
    use axum::response::IntoResponse;
    use std::path::Path;

    /// The files under `dir`, as paths relative to `root` with `/` between parts.
    fn files(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap();
                out.push(rel.iter().map(|p| p.to_string_lossy()).collect::<Vec<_>>().join("/"));
            }
        }
    }

    #[test]
    fn every_file_of_the_page_is_served() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        files(&root, &root, &mut on_disk);
        // js/package.json tells node (the unit tests) that the modules are ES modules; the
        // browser has no use for it.
        on_disk.retain(|f| f != "index.html" && f != "js/package.json");
        on_disk.sort();
        let mut served: Vec<String> = FILES.iter().map(|(name, _, _)| name.to_string()).collect();
        served.extend(BINARY.iter().map(|(name, _, _)| name.to_string()));
        served.sort();
        assert_eq!(served, on_disk, "list each file of assets/ in FILES (routes/assets.rs)");
    }

    #[tokio::test]
    async fn modules_are_javascript_and_unknown_names_are_404() {
        let found = asset(UrlPath("js/main.js".to_string())).await.unwrap();
        assert_eq!(found.status(), StatusCode::OK);
        assert_eq!(found.headers()[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
        for name in ["js/nope.js", "app.js", "../Cargo.toml", "js", ""] {
            let missing = asset(UrlPath(name.to_string())).await.unwrap_err().into_response();
            assert_eq!(missing.status(), StatusCode::NOT_FOUND, "{name}");
        }
    }
}
