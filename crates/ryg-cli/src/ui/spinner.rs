//! A spinner on stderr while the computer thinks (only when stderr is a terminal).

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

pub struct Spinner {
    bar: Option<ProgressBar>,
}

impl Spinner {
    /// Starts spinning with `message`; does nothing when stderr is not a terminal.
    pub fn new(message: &str) -> Spinner {
        if !std::io::stderr().is_terminal() {
            return Spinner { bar: None };
        }
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("valid template"));
        bar.set_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        Spinner { bar: Some(bar) }
    }

    pub fn set_message(&self, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Stops and erases the spinner.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
