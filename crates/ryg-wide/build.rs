//! Builds the engine's sources with `cfg(wide)`: 128-bit square sets, boards up to 14×14.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(wide)");
    println!("cargo::rustc-cfg=wide");
}
