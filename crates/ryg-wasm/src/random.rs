//! Random bytes (seat tokens, public ids, the computer's seeds) from the host:
//! `crypto.getRandomValues`, the import `ryg.random(ptr, len)`. getrandom's custom backend,
//! chosen for this target in .cargo/config.toml.

#[link(wasm_import_module = "ryg")]
extern "C" {
    fn random(ptr: *mut u8, len: usize);
}

/// getrandom's custom backend.
///
/// # Safety
/// `dest` must be valid for `len` bytes.
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    // SAFETY: the host writes `len` bytes at `dest`, which the caller gives.
    unsafe { random(dest, len) };
    Ok(())
}
