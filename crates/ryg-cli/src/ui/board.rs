//! The board as the terminal shows it: the library's diagram, coloured when stdout is a terminal.

use std::io::IsTerminal;

pub use ryg::diagram::{render, BoardStyle};

/// The same diagram for the wide engine's positions (`ryg-wide`, boards up to 14×14): the
/// terminal game's.
pub mod wide {
    pub use ryg_wide::diagram::{render, BoardStyle};
}

/// Colour exactly when stdout is a terminal and `NO_COLOR` is not set.
pub fn style_for_stdout() -> BoardStyle {
    BoardStyle { colour: colour_for_stdout(), ..BoardStyle::PLAIN }
}

/// Whether output to stdout should be coloured: it is a terminal and `NO_COLOR` is unset.
pub fn colour_for_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}
