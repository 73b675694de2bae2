//! Terminal concerns: board rendering, colours, spinners, word wrapping.

pub mod board;
pub mod spinner;
pub mod wrap;
