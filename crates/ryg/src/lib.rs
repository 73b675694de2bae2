//! ryg: the game of *El ratón y los gatos* (Fox and Hounds) — rules, notation, search and
//! perfect play — as a library with no I/O. Front ends (the `ryg` command line) live elsewhere.

include!("items.rs");
