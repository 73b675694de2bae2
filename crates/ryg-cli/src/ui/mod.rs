//! Terminal concerns: board rendering, colours, spinners.
