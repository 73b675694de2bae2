//! Terminal concerns: board rendering, colours, spinners.

pub mod board;
pub mod spinner;
