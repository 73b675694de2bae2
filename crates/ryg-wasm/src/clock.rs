//! The clocks, in milliseconds: in the WebAssembly build (which has no clock of its own) the
//! JavaScript host's `performance.now()` (monotonic) and `Date.now()` (the date, through
//! js-sys), bound by wasm-bindgen; `Instant` and `SystemTime` on the host.

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`: a page's, a worker's and Node's global alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Milliseconds on the host's monotonic clock (from an arbitrary start).
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    performance_now()
}

/// Milliseconds since the first call.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Seconds since `started_ms`.
pub fn seconds_since(started_ms: f64) -> f64 {
    (now_ms() - started_ms) / 1000.0
}

/// Milliseconds since 1970-01-01 (UTC) on the host's clock.
#[cfg(target_arch = "wasm32")]
pub fn wall_ms() -> f64 {
    js_sys::Date::now()
}

/// Milliseconds since 1970-01-01 (UTC).
#[cfg(not(target_arch = "wasm32"))]
pub fn wall_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}
