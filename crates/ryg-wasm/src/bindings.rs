//! The module's JavaScript interface, made by wasm-bindgen: one function,
//! `call(request, token, body)` → `{status, body}`.
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
    let answer = crate::call_with(request, token.as_deref(), body.as_deref());
    let object = js_sys::Object::new();
    // (setting a property of a plain new object does not fail)
    let _ = js_sys::Reflect::set(&object, &"status".into(), &JsValue::from(answer.status));
    let _ = js_sys::Reflect::set(&object, &"body".into(), &JsValue::from(answer.body));
    object
}
