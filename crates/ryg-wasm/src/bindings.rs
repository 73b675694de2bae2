//! The module's JavaScript interface, made by wasm-bindgen: `call(request, token, body)` →
//! `{status, body}`, and for the 10×10 table, built in a worker and kept by the page,
//! `build_table(size, progress, write)` and `load_table(size, bytes)`.
//!
//! scripts/build-static runs the wasm-bindgen CLI (`--target no-modules`) over the module: its
//! glue, `ryg.js`, defines the global `wasm_bindgen`, which the service worker loads with
//! `importScripts`, the page (where no worker runs) with a `<script>`, and Node (the tests, the
//! benchmark) by running it; each then starts the module with `wasm_bindgen({module_or_path})`
//! (or `wasm_bindgen.initSync({module})`) and asks `wasm_bindgen.call(...)`.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

/// Answers `request` — `METHOD /path?query`, a ryg server's question — with the seat's `token`
/// (a game's `Authorization: Bearer`) and the request's `body` (JSON), where given: an object
/// `{status, body}`, the HTTP status and the JSON text the server would answer.
#[wasm_bindgen(js_name = call)]
#[must_use]
pub fn call_js(request: &str, token: Option<String>, body: Option<String>) -> js_sys::Object {
    answer_object(&crate::call_with(request, token.as_deref(), body.as_deref()))
}

/// The answer's `{status, body}` object.
fn answer_object(answer: &crate::Answer) -> js_sys::Object {
    let object = js_sys::Object::new();
    // (setting a property of a plain new object does not fail)
    let _ = js_sys::Reflect::set(&object, &"status".into(), &JsValue::from(answer.status));
    let _ = js_sys::Reflect::set(&object, &"body".into(), &JsValue::from(answer.body.as_str()));
    object
}

/// Reports a build's progress to a JavaScript function `(done, total)`.
struct ToJs<'a>(&'a js_sys::Function);

impl ryg::tablebase::BuildProgress for ToJs<'_> {
    fn solved(&mut self, done: u64, total: u64) {
        // a throwing callback only misses a report
        let _ = self.0.call2(&JsValue::NULL, &JsValue::from(done as f64), &JsValue::from(total as f64));
    }
}

/// Builds the table of `size`×`size` (10×10: what a Web Worker of the page does, once asked),
/// calling `progress(done, total)` now and then and, once built, `write(header, entries)` with
/// the table's cache form (two `Uint8Array`s, the entries a view of the module's memory, read
/// during the call only: a `Blob` of them for IndexedDB, then [`load_table_js`]): `{status,
/// body}`, 200 with the table's entries, or why not (507 `no_memory`: the memory could not be
/// allocated).
#[wasm_bindgen(js_name = build_table)]
#[must_use]
pub fn build_table_js(size: u8, progress: &js_sys::Function, write: &js_sys::Function) -> js_sys::Object {
    let mut written = Ok(JsValue::UNDEFINED);
    let built = ryg::Size::new(size)
        .ok_or_else(|| ryg_api::QueryError::bad_request(format!("no {size}x{size} board")))
        .and_then(|size| {
            crate::tables::build_bytes(size, &mut ToJs(progress), |head, body| {
                let head = js_sys::Uint8Array::from(&head[..]);
                // SAFETY: the view is read by `write` alone, synchronously, and nothing allocates
                // in the module's memory (which would move it) before the call returns
                let body = unsafe { js_sys::Uint8Array::view(body) };
                written = write.call2(&JsValue::NULL, &head, &body);
            })
        });
    answer_object(&match (built, written) {
        (Ok(entries), Ok(_)) => crate::Answer::json(&serde_json::json!({ "size": size, "entries": entries })),
        (Err(e), _) => crate::Answer::error(&e),
        (Ok(_), Err(e)) => crate::Answer::error(&ryg_api::QueryError::new(
            ryg_api::ErrorCode::Internal,
            format!("the table was not written: {}", e.as_string().unwrap_or_else(|| format!("{e:?}"))),
        )),
    })
}

/// Loads the table of `size`×`size` from its cache form (`bytes`, as [`build_table_js`] gave
/// them), checked: `{status, body}`, 200 with the table's entries, 400 for bytes that are not a
/// sound table, 507 when memory is short (the engine goes on without it).
#[wasm_bindgen(js_name = load_table)]
#[must_use]
pub fn load_table_js(size: u8, bytes: &js_sys::Uint8Array) -> js_sys::Object {
    let loaded = ryg::Size::new(size)
        .ok_or_else(|| ryg_api::QueryError::bad_request(format!("no {size}x{size} board")))
        .and_then(|size| crate::tables::load(size, bytes.length() as usize, |into| bytes.copy_to(into)));
    answer_object(&match loaded {
        Ok(entries) => crate::Answer::json(&serde_json::json!({ "size": size, "entries": entries })),
        Err(e) => crate::Answer::error(&e),
    })
}
