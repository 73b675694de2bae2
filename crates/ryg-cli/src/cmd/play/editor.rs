//! Where the game's lines come from: a line editor with history (rustyline) when standard
//! input and output are terminals, the bounded line reader otherwise; and, while the computer
//! plays itself, the wait that a line typed at the terminal cuts short.

use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rustyline::history::DefaultHistory;
use rustyline::{
    Cmd, ConditionalEventHandler, Config, Event, EventContext, EventHandler, KeyCode, KeyEvent, Modifiers,
    RepeatCount,
};

use super::line::{self, Line, MAX_LINE_BYTES};

/// How many earlier lines the up arrow can recall.
const HISTORY_LINES: usize = 500;

/// The longest line the history file keeps: commands are short, a longer line is recalled in
/// this session only. With [`HISTORY_LINES`] it bounds the file.
const MAX_SAVED_LINE: usize = 1024;

/// A source of the game's lines.
pub trait Lines {
    /// Shows `prompt` where the player types, and reads one line.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Line>;

    /// Reads a line that was typed without a prompt (the terminal has shown it already).
    fn read_typed(&mut self) -> io::Result<Line>;
}

/// Lines from any reader, at most [`MAX_LINE_BYTES`] each: a script, a pipe, or a terminal
/// that the line editor does not drive (then the prompt is written to the output).
pub struct Plain<R: BufRead> {
    input: R,
    terminal: bool,
}

impl<R: BufRead> Plain<R> {
    pub fn new(input: R, terminal: bool) -> Plain<R> {
        Plain { input, terminal }
    }
}

impl<R: BufRead> Lines for Plain<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Line> {
        if self.terminal {
            write!(out, "{prompt}")?;
            out.flush()?;
        }
        let line = line::read(&mut self.input, MAX_LINE_BYTES, self.terminal)?;
        if self.terminal && line == Line::End {
            // Ctrl-D leaves the cursor after the prompt.
            writeln!(out)?;
        }
        Ok(line)
    }

    fn read_typed(&mut self) -> io::Result<Line> {
        line::read(&mut self.input, MAX_LINE_BYTES, self.terminal)
    }
}

/// The line editor: arrow keys, Ctrl-L, up-arrow history of earlier lines (kept in a file
/// when there is one).
pub struct Editor {
    editor: rustyline::Editor<(), DefaultHistory>,
    /// Where the history is kept between games; `None` after a failed write.
    file: Option<PathBuf>,
    /// The lines the file keeps, oldest first.
    kept: std::collections::VecDeque<String>,
}

impl Editor {
    /// The editor on standard input and output, with the history in `file`, or `None` when
    /// the terminal cannot take it (`TERM=dumb`): then the plain reader serves.
    pub fn new(file: Option<PathBuf>) -> Option<Editor> {
        let dumb = std::env::var("TERM").is_ok_and(|t| ["dumb", "cons25", "emacs"].contains(&t.as_str()));
        if dumb {
            return None;
        }
        let config = Config::builder()
            .auto_add_history(false)
            .max_history_size(HISTORY_LINES)
            .ok()?
            .history_ignore_dups(true)
            .ok()?
            // Pasted text arrives key by key, so the length cap below sees all of it.
            .bracketed_paste(false)
            .build();
        let mut editor = rustyline::Editor::with_config(config).ok()?;
        editor.bind_sequence(
            KeyEvent(KeyCode::Char('D'), Modifiers::CTRL),
            EventHandler::Conditional(Box::new(EnterTyped)),
        );
        editor.bind_sequence(Event::Any, EventHandler::Conditional(Box::new(Cap)));
        let mut editor = Editor { editor, file, kept: Default::default() };
        editor.load();
        Some(editor)
    }

    /// Reads the history file, when it is a regular file of the size this program writes.
    fn load(&mut self) {
        let Some(path) = &self.file else { return };
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        {
            // A FIFO put in its place must not block the game.
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits());
        }
        let Ok(file) = options.open(path) else { return };
        let limit = (HISTORY_LINES * (MAX_SAVED_LINE + 1)) as u64;
        if !file.metadata().is_ok_and(|m| m.is_file() && m.len() <= limit) {
            return;
        }
        let mut text = String::new();
        if file.take(limit).read_to_string(&mut text).is_err() {
            return;
        }
        for line in text.lines().filter(|l| !l.trim().is_empty() && l.len() <= MAX_SAVED_LINE) {
            if self.editor.add_history_entry(line).unwrap_or(false) {
                self.keep(line);
            }
        }
    }

    fn keep(&mut self, line: &str) {
        if line.len() <= MAX_SAVED_LINE {
            self.kept.push_back(line.to_string());
            if self.kept.len() > HISTORY_LINES {
                self.kept.pop_front();
            }
        }
    }

    /// Keeps `line` for the up arrow, in memory and in the history file.
    fn remember(&mut self, line: &Line) {
        let Line::Text(bytes) = line else { return };
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim();
        if text.is_empty() || !self.editor.add_history_entry(text).unwrap_or(false) {
            return;
        }
        self.keep(text);
        let Some(path) = self.file.clone() else { return };
        let saved: String = self.kept.iter().flat_map(|line| [line.as_str(), "\n"]).collect();
        let written = path.parent().map_or(Ok(()), std::fs::create_dir_all).map_err(anyhow::Error::from);
        // Only a regular file is ever replaced; when the history cannot be kept, the game goes
        // on with it in memory.
        if written.and_then(|()| crate::files::write_atomically(&path, saved.as_bytes())).is_err() {
            self.file = None;
        }
    }
}

impl Lines for Editor {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Line> {
        out.flush()?;
        let line = match self.editor.readline(prompt) {
            Ok(text) if text.len() > MAX_LINE_BYTES => Line::TooLong,
            Ok(text) => Line::Text(text.into_bytes()),
            Err(rustyline::error::ReadlineError::Eof) => Line::End,
            Err(rustyline::error::ReadlineError::Interrupted) => Line::Interrupted,
            Err(rustyline::error::ReadlineError::Io(e)) => return Err(e),
            Err(e) => return Err(io::Error::other(e)),
        };
        self.remember(&line);
        Ok(line)
    }

    fn read_typed(&mut self) -> io::Result<Line> {
        let line = line::read(&mut io::stdin().lock(), MAX_LINE_BYTES, true)?;
        self.remember(&line);
        Ok(line)
    }
}

/// Ctrl-D after some typing enters the line; on an empty line it ends the input, as usual.
struct EnterTyped;

impl ConditionalEventHandler for EnterTyped {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext<'_>) -> Option<Cmd> {
        (!ctx.line().is_empty()).then_some(Cmd::AcceptLine)
    }
}

/// Past [`MAX_LINE_BYTES`] the editor takes no more text, so the line cannot grow without
/// bound; entering it then gets the "longer than 64 KiB" answer.
struct Cap;

impl ConditionalEventHandler for Cap {
    fn handle(&self, evt: &Event, _: RepeatCount, _: bool, ctx: &EventContext<'_>) -> Option<Cmd> {
        if ctx.line().len() <= MAX_LINE_BYTES {
            return None;
        }
        match evt.get(0) {
            Some(KeyEvent(KeyCode::Char(_), m)) if !m.contains(Modifiers::CTRL) => Some(Cmd::Noop),
            Some(KeyEvent(KeyCode::Char('Y'), Modifiers::CTRL)) => Some(Cmd::Noop),
            _ => None,
        }
    }
}

/// How a wait between the computer's moves ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Waited {
    /// The time passed.
    Elapsed,
    /// Ctrl-C.
    Interrupted,
    /// A line was typed at the terminal (and waits to be read).
    Typed,
}

/// Waits `delay` before the computer's next move while it plays itself; Ctrl-C, or a line typed
/// at the terminal (standard input), ends the wait early.
pub fn wait_between_moves(delay: Duration) -> Waited {
    let until = Instant::now() + delay;
    loop {
        if crate::interrupt::interrupted() {
            return Waited::Interrupted;
        }
        let left = until.saturating_duration_since(Instant::now());
        if typed_within(left.min(Duration::from_millis(20))) {
            return Waited::Typed;
        }
        if left.is_zero() {
            return Waited::Elapsed;
        }
    }
}

/// Whether standard input has a line (or its end) to read within `wait`. A terminal in its
/// usual mode makes a line readable when Enter is pressed.
#[cfg(unix)]
fn typed_within(wait: Duration) -> bool {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    use std::os::fd::AsFd;
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(stdin.as_fd(), PollFlags::POLLIN)];
    let timeout = PollTimeout::try_from(wait).unwrap_or(PollTimeout::MAX);
    poll(&mut fds, timeout).is_ok_and(|n| n > 0)
        && fds[0].revents().is_some_and(|r| r.intersects(PollFlags::POLLIN | PollFlags::POLLHUP))
}

#[cfg(not(unix))]
fn typed_within(wait: Duration) -> bool {
    std::thread::sleep(wait);
    false
}
