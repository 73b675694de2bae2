//! ryg-wide: the `ryg` engine's sources built with `cfg(wide)` (see build.rs): 128-bit square
//! sets, boards up to 14×14 — the 12×12 tablebase, 12×12 and 14×14 positions and players. The
//! default build (`ryg`) keeps 64-bit square sets, the faster, for boards up to 10×10.

include!("../../ryg/src/items.rs");
