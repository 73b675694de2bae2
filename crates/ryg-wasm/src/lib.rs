//! The ryg engine for the browser. One entry, [`call`], answers a request line such as
//! `GET /api/solve?fen=...` with a status and a JSON body, computed by the same code as
//! `ryg serve` (`ryg`'s reports, `ryg-api`'s answers, and for `/api/games...` the server's game
//! service, [`games`]). The page's service worker sends it the page's `/api/...` requests when
//! no server answers — a request that acts on a game with its seat's token and body on the
//! lines after it (see [`Request`]) — and keeps the games in IndexedDB through `/store/...`;
//! the tests send `/check/...` requests too.
//!
//! The module's interface is wasm-bindgen's ([`bindings`], in the WebAssembly build): JavaScript
//! calls `call(request, token, body)` and gets `{status, body}`, through the glue that
//! scripts/build-static generates (`ryg.js`, beside `ryg.wasm`). The clocks and random bytes
//! come from the JavaScript host too (`performance.now`, `Date.now`, `crypto.getRandomValues`).

mod answer;
#[cfg(target_arch = "wasm32")]
mod bindings;
mod checks;
mod clock;
pub mod games;
mod request;
pub mod store;
pub mod tables;

use ryg_api::ErrorCode;

pub use request::Request;

/// An answer: an HTTP status and a JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    fn json(value: &impl serde::Serialize) -> Answer {
        match serde_json::to_string(value) {
            Ok(body) => Answer { status: 200, body },
            Err(e) => Answer::error(&ryg_api::QueryError::new(
                ErrorCode::Internal,
                format!("cannot write the answer: {e}"),
            )),
        }
    }

    fn error(e: &ryg_api::QueryError) -> Answer {
        let body = serde_json::json!({ "error": e.message, "code": e.code }).to_string();
        Answer { status: e.status(), body }
    }
}

/// Answers `request` (`METHOD /path?query`, a seat's token and a body on the lines after it:
/// see [`Request`]), as the server would.
#[must_use]
pub fn call(request: &str) -> Answer {
    call_with(request, None, None)
}

/// Answers the request line `request` (`METHOD /path?query`) with the seat's `token` and the
/// `body` given apart (each, where given, in place of the one `request`'s lines carry): the
/// JavaScript entry's arguments.
#[must_use]
pub fn call_with(request: &str, token: Option<&str>, body: Option<&str>) -> Answer {
    match Request::parse(request) {
        Ok(mut req) => {
            if let Some(token) = token {
                req.token = Some(token.to_string()).filter(|t| !t.is_empty());
            }
            if let Some(body) = body {
                req.body = body.to_string();
            }
            dispatch(&req)
        }
        Err(e) => Answer::error(&e),
    }
}

/// Every `(method, path)` of the API the browser's engine answers (some with `needs_server`),
/// each path as the OpenAPI document writes it: a test holds each to the server's router.
#[must_use]
pub fn api_routes() -> Vec<(&'static str, String)> {
    let mut list: Vec<(&str, String)> =
        answer::QUESTIONS.iter().map(|&(path, _)| ("GET", path.to_owned())).collect();
    list.extend(games::routes());
    list
}

fn dispatch(req: &Request) -> Answer {
    if req.path.starts_with("/check/") {
        checks::answer(req)
    } else if req.path.starts_with("/store/") {
        store_answer(req)
    } else if games::handles(&req.path) {
        games::answer(req)
    } else {
        answer::answer(req)
    }
}

/// The host's side of the browser's store: `GET /store/changed`, the games changed since last
/// asked, `[{id, public_id, row}]` (`row` a game row as JSON text, kept in IndexedDB as it is),
/// and `POST /store/load`, those texts given back (a JSON array of them) to a fresh engine;
/// `POST /store/flag` with a game's public id, when its running clock reaches zero; `POST
/// /store/kept` with a board size whose table the host keeps.
fn store_answer(req: &Request) -> Answer {
    match (req.method.as_str(), req.path.as_str()) {
        ("POST", "/store/load") => {
            // each row as JSON text: a seed beyond 2^53 survives JavaScript
            let rows = match serde_json::from_str::<Vec<String>>(&req.body).and_then(|texts| {
                texts.iter().map(|t| serde_json::from_str(t)).collect::<Result<Vec<_>, _>>()
            }) {
                Ok(rows) => rows,
                Err(e) => return Answer::error(&ryg_api::QueryError::bad_request(format!("bad rows: {e}"))),
            };
            match games::STORE.with(|s| s.load(rows)) {
                Ok(n) => Answer::json(&serde_json::json!({ "loaded": n })),
                Err(e) => Answer::error(&ryg_api::QueryError::bad_request(format!("a damaged game: {e}"))),
            }
        }
        // the host keeps a table (10x10's, in IndexedDB): offered, read in when needed
        ("POST", "/store/kept") => match req.body.trim().parse::<ryg::Size>() {
            Ok(size) => {
                tables::mark_kept(size);
                Answer::json(&serde_json::json!({ "kept": size.n() }))
            }
            Err(e) => Answer::error(&ryg_api::QueryError::bad_request(e.to_string())),
        },
        // the worker's alarm: a game whose running clock reached zero ends on time
        ("POST", "/store/flag") => games::flag(req.body.trim()),
        ("GET", "/store/changed") => {
            let rows = games::STORE.with(store::MemoryStore::take_changed);
            let kept: Vec<serde_json::Value> = rows
                .iter()
                .map(|r| {
                    let text = serde_json::to_string(r).unwrap_or_default();
                    serde_json::json!({ "id": r.id, "public_id": r.public_id, "row": text })
                })
                .collect();
            Answer::json(&kept)
        }
        _ => Answer::error(&ryg_api::QueryError::not_found(format!(
            "no such question: {}",
            ryg::echo::echo(&req.path)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ryg::report::SolveReport;
    use ryg::Tablebase;

    fn body(request: &str) -> (u16, serde_json::Value) {
        let a = call(request);
        (a.status, serde_json::from_str(&a.body).expect("every answer is JSON"))
    }

    #[test]
    fn answers_are_the_servers_reports() {
        let fen = "1c1c1c/6/6/6/6/2m3 m";
        let (status, solve) = body("GET /api/solve?fen=1c1c1c%2F6%2F6%2F6%2F6%2F2m3+m");
        assert_eq!(status, 200);
        let position = fen.parse().unwrap();
        let tb = Tablebase::build(ryg::Size::new(6).unwrap(), 1, &mut ());
        let expected = serde_json::to_value(SolveReport::of(&tb, &position).unwrap()).unwrap();
        assert_eq!(solve, expected);
    }

    #[test]
    fn bad_requests_are_errors_with_codes_never_panics() {
        let cases = [
            ("", 400, "bad_request"),
            ("GET", 400, "bad_request"),
            ("GET /api/solve", 400, "bad_request"),
            ("GET /api/solve?fen=", 400, "bad_fen"),
            ("GET /api/solve?fen=%ff", 400, "bad_request"),
            (
                "GET /api/solve?fen=1c1c1c1c1c%2F10%2F10%2F10%2F10%2F10%2F10%2F10%2F10%2F4m5+m",
                409,
                "tablebase_absent",
            ),
            ("GET /api/tree?fen=1c1c%2F4%2F4%2F2m1+m&depth=9", 400, "bad_request"),
            ("GET /api/tree?fen=1c1c%2F4%2F4%2F2m1+m&engine=nope", 400, "bad_request"),
            ("GET /api/perft?fen=1c1c%2F4%2F4%2F2m1+m&depth=-1", 400, "bad_request"),
            ("GET /api/bits?fen=1c1c%2F4%2F4%2F2m1+m&square=a1", 400, "empty_square"),
            ("GET /api/bits?fen=1c1c%2F4%2F4%2F2m1+m&square=z9", 400, "bad_request"),
            ("GET /api/weights?fen=1c1c%2F4%2F4%2F2m1+m&weights=1,x", 400, "bad_weights"),
            ("GET /api/puzzles?size=7", 400, "bad_request"),
            ("GET /api/games", 503, "needs_server"),
            ("POST /api/games", 400, "bad_request"),
            ("GET /api/games/abc/events", 404, "not_found"),
            ("GET /api/games/abc/pgn", 404, "not_found"),
            ("POST /store/load\n\n\n[{\"id\":1}]", 400, "bad_request"),
            ("POST /store/load\n\n\n[\"{\\\"id\\\":1}\"]", 400, "bad_request"),
            ("GET /store/nothing", 404, "not_found"),
            ("POST /store/kept\n\n\n7", 400, "bad_request"),
            ("GET /check/nothing", 404, "not_found"),
            ("GET /check/bench?case=99", 400, "bad_request"),
            ("GET /check/selfplay?size=5&mouse=3&cats=3", 400, "bad_request"),
            ("GET /check/reply?fen=1c1c%2F4%2F4%2F2m1+m&level=11", 400, "bad_request"),
        ];
        for (request, status, code) in cases {
            let (got, value) = body(request);
            assert_eq!((got, value["code"].as_str()), (status, Some(code)), "{request}: {value}");
            assert!(value["error"].as_str().is_some_and(|e| !e.is_empty()), "{request}");
        }
    }

    #[test]
    fn every_route_answered_here_is_a_route_of_the_server() {
        let doc: serde_json::Value = serde_json::from_str(include_str!("../../ryg-web/src/openapi.json"))
            .expect("the OpenAPI document");
        let routes = api_routes();
        assert!(routes.len() >= 20, "{routes:?}");
        for (method, path) in routes {
            let documented = &doc["paths"][&path][method.to_lowercase()];
            assert!(documented.is_object(), "{method} {path} is answered here but is no route of the server");
        }
        // each is answered: no 405, no 404 "no such question" (on a game that is there)
        let spec = r#"{"size":4,"mouse":"human","cats":"1","seed":5}"#;
        let created: serde_json::Value =
            serde_json::from_str(&call_with("POST /api/games", None, Some(spec)).body).unwrap();
        let (id, token) = (created["public_id"].as_str().unwrap(), created["tokens"]["mouse"].as_str());
        for (method, path) in api_routes() {
            let asked = format!("{method} {}", path.replace("{id}", id));
            let answer = call_with(&asked, token, Some("{}"));
            let unknown = answer.status == 404 && answer.body.contains("no such question");
            assert!(answer.status != 405 && !unknown, "{asked}: {} {}", answer.status, answer.body);
        }
        // a question that is no route is refused, not answered
        assert_eq!(body("GET /api/games/abc/nothing").0, 404);
    }

    #[test]
    fn a_token_and_body_given_apart_are_the_requests() {
        let spec = r#"{"size":4,"mouse":"human","cats":"1","seed":7}"#;
        let created = call_with("POST /api/games", None, Some(spec));
        assert_eq!(created.status, 201, "{}", created.body);
        let created: serde_json::Value = serde_json::from_str(&created.body).unwrap();
        let id = created["public_id"].as_str().unwrap();
        let token = created["tokens"]["mouse"].as_str().unwrap();
        let mv = created["legal_moves"][0].as_str().unwrap();
        let play = |token| {
            call_with(&format!("POST /api/games/{id}/moves"), token, Some(&format!(r#"{{"move":"{mv}"}}"#)))
        };
        let (status, refused) = (play(None).status, play(Some("")).status);
        assert!(status >= 400 && refused == status, "no token, no move: {status} {refused}");
        let played = play(Some(token));
        assert_eq!(played.status, 200, "{}", played.body);
    }

    #[test]
    fn the_workers_alarm_flags_a_game_only_when_its_clock_is_down() {
        let spec = r#"{"size":4,"mouse":"human","cats":"1","seed":3,"clock":{"minutes":1}}"#;
        let created: serde_json::Value =
            serde_json::from_str(&call_with("POST /api/games", None, Some(spec)).body).unwrap();
        let id = created["public_id"].as_str().unwrap();
        let token = created["tokens"]["mouse"].as_str().unwrap();
        let mv = created["legal_moves"][0].as_str().unwrap();
        let moved = call_with(
            &format!("POST /api/games/{id}/moves"),
            Some(token),
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        );
        assert_eq!(moved.status, 200, "{}", moved.body);
        // the mouse's minute runs: too early, the game goes on, unchanged
        let _ = call("GET /store/changed");
        let (status, view) = body(&format!("POST /store/flag\n\n\n{id}"));
        assert_eq!(status, 200, "{view}");
        assert!(view["outcome"].is_null(), "{view}");
        assert_eq!(view["clock"]["running"], "mouse");
        assert_eq!(body("GET /store/changed").1, serde_json::json!([]));
        // a game that is not there, or named by its number (a seat's way), is refused
        assert_eq!(body("POST /store/flag\n\n\nnope").0, 404);
        assert_eq!(body("POST /store/flag\n\n\n1").0, 404);
    }
}
