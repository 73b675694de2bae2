//! The ryg engine for the browser. One entry, [`call`], answers a request line such as
//! `GET /api/solve?fen=...` with a status and a JSON body, computed by the same code as
//! `ryg serve` (`ryg`'s reports, `ryg-api`'s answers). The page's service worker sends it the
//! page's `/api/...` requests when no server answers; the tests send `/check/...` requests too.
//!
//! The module's interface is plain WebAssembly (no generated glue): the host writes the request
//! into memory from [`ryg_alloc`], calls [`ryg_call`], and reads the answer at
//! [`ryg_answer_ptr`] ([`ryg_answer_len`] bytes: the status, a newline, the JSON body). The
//! clock comes from the host: the import `ryg.now` (milliseconds).

mod answer;
mod checks;
mod clock;
mod request;
mod tables;

use std::cell::RefCell;

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
                code: "internal",
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
        Ok(req) => answer::answer(&req),
        Err(e) => Answer::error(&e),
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
