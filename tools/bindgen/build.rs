//! Records the wasm-bindgen version this driver links, for `ryg-bindgen --version`.
fn main() {
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut lines = lock.lines();
    let mut version = String::from("unknown");
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen-cli-support\"" {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                version = v.trim_end_matches('"').to_owned();
            }
            break;
        }
    }
    println!("cargo:rustc-env=WASM_BINDGEN_VERSION={version}");
    println!("cargo:rerun-if-changed=Cargo.lock");
}
