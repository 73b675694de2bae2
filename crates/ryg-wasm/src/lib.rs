//! The ryg engine for the browser. One entry, [`call`], answers a request line such as
//! `GET /api/solve?fen=...` with a status and a JSON body, computed by the same code as
//! `ryg serve` (`ryg`'s reports, `ryg-api`'s answers, and for `/api/games...` the server's game
//! service, [`games`]). The page's service worker sends it the page's `/api/...` requests when
//! no server answers — a request that acts on a game with its seat's token and body on the
//! lines after it (see [`Request`]) — and keeps the games in IndexedDB through `/store/...`;
//! the tests send `/check/...` requests too.
//!
//! The module's interface is plain WebAssembly (no generated glue): the host writes the request
//! into memory from [`ryg_alloc`], calls [`ryg_call`], and reads the answer at
//! [`ryg_answer_ptr`] ([`ryg_answer_len`] bytes: the status, a newline, the JSON body). The
//! clock comes from the host: the import `ryg.now` (milliseconds).

mod answer;
mod checks;
mod clock;
pub mod games;
#[cfg(target_arch = "wasm32")]
mod random;
mod request;
pub mod store;
mod tables;

use std::cell::RefCell;

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
            Err(e) => Answer::error(&ryg_api::QueryError {
                status: 500,
                code: ErrorCode::Internal,
                message: format!("cannot write the answer: {e}"),
            }),
        }
    }

    fn error(e: &ryg_api::QueryError) -> Answer {
        let body = serde_json::json!({ "error": e.message, "code": e.code }).to_string();
        Answer { status: e.status, body }
    }
}

/// Answers `request` (`METHOD /path?query`), as the server would.
#[must_use]
pub fn call(request: &str) -> Answer {
    match Request::parse(request) {
        Ok(req) if req.path.starts_with("/check/") => checks::answer(&req),
        Ok(req) if req.path.starts_with("/store/") => store_answer(&req),
        Ok(req) if games::handles(&req.path) => games::answer(&req),
        Ok(req) => answer::answer(&req),
        Err(e) => Answer::error(&e),
    }
}

/// The host's side of the browser's store: `GET /store/changed`, the games changed since last
/// asked, `[{id, public_id, row}]` (`row` a game row as JSON text, kept in IndexedDB as it is),
/// and `POST /store/load`, those texts given back (a JSON array of them) to a fresh engine.
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
        _ => Answer::error(&ryg_api::QueryError {
            status: 404,
            code: ErrorCode::NotFound,
            message: format!("no such question: {}", ryg::echo::echo(&req.path)),
        }),
    }
}

thread_local! {
    /// The last answer, as `status\nbody`, kept until the next call.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Memory for a request of `len` bytes (freed by [`ryg_call`]).
#[no_mangle]
pub extern "C" fn ryg_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Answers the request of `len` bytes at `ptr` (from [`ryg_alloc`], freed here); the answer
/// waits at [`ryg_answer_ptr`]. Returns its length.
///
/// # Safety
/// `ptr` must come from `ryg_alloc(len)` with `len` bytes written, and not be used again.
#[no_mangle]
pub unsafe extern "C" fn ryg_call(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: the caller gives back the buffer ryg_alloc(len) made, filled with len bytes.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let answer = match std::str::from_utf8(&bytes) {
        Ok(text) => call(text),
        Err(_) => Answer::error(&ryg_api::QueryError::bad_request("the request is not UTF-8")),
    };
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        *a = format!("{}\n{}", answer.status, answer.body).into_bytes();
        a.len()
    })
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn ryg_answer_ptr() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[no_mangle]
pub extern "C" fn ryg_answer_len() -> usize {
    ANSWER.with(|a| a.borrow().len())
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
    fn the_memory_interface_round_trips_and_refuses_what_is_not_utf8() {
        for (bytes, status) in
            [(&b"GET /api/moves?fen=1c1c%2F4%2F4%2F2m1+m"[..], 200), (&b"GET /api/\xff"[..], 400)]
        {
            let ptr = ryg_alloc(bytes.len());
            // SAFETY: ptr has room for bytes.len() bytes, which are written before the call
            let len = unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len());
                ryg_call(ptr, bytes.len())
            };
            assert_eq!(len, ryg_answer_len());
            // SAFETY: the answer is ryg_answer_len() bytes at ryg_answer_ptr() until the next call
            let answer = unsafe { std::slice::from_raw_parts(ryg_answer_ptr(), len) };
            let text = std::str::from_utf8(answer).unwrap();
            assert!(text.starts_with(&format!("{status}\n")), "{text}");
        }
    }
}
