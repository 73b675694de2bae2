//! Echoing what a user typed or a file held inside a message: control characters are shown
//! escaped (`\x1b`, `\n`) so they never act on a terminal, and long text is cut with `…`.
//! Every error message that repeats input formats it through [`echo`].

use std::fmt;

/// How many characters of echoed input a message shows before cutting it with `…`.
pub const ECHO_LIMIT: usize = 60;

/// `text`, ready to be repeated in a message: control characters (and the invisible characters
/// that reorder text) escaped, cut after [`ECHO_LIMIT`] characters with `…`.
pub fn echo(text: &str) -> Echo<'_> {
    Echo { text, limit: Some(ECHO_LIMIT) }
}

/// Like [`echo`] but never cut: for text a message must show whole, such as a file name.
pub fn echo_whole(text: &str) -> Echo<'_> {
    Echo { text, limit: None }
}

/// Text formatted safely for a terminal; see [`echo`].
#[derive(Clone, Copy, Debug)]
pub struct Echo<'a> {
    text: &'a str,
    limit: Option<usize>,
}

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = |c: char| escape(c).map_or(1, |e| e.len());
        // Room for the text, or for as much of it as fits before the `…`.
        let room = match self.limit {
            Some(limit) if self.text.chars().map(width).sum::<usize>() > limit => limit - 1,
            _ => usize::MAX,
        };
        let mut shown = 0;
        for c in self.text.chars() {
            shown += width(c);
            if shown > room {
                return f.write_str("…");
            }
            match escape(c) {
                Some(e) => f.write_str(&e)?,
                None => fmt::Write::write_char(f, c)?,
            }
        }
        Ok(())
    }
}

/// The escape shown for `c`, or `None` when `c` is shown as itself.
fn escape(c: char) -> Option<String> {
    match c {
        '\n' => Some("\\n".to_string()),
        '\r' => Some("\\r".to_string()),
        '\t' => Some("\\t".to_string()),
        c if (c as u32) < 0x100 && c.is_control() => Some(format!("\\x{:02x}", c as u32)),
        c if c.is_control() || is_invisible_format(c) => Some(format!("\\u{{{:x}}}", c as u32)),
        _ => None,
    }
}

/// Characters that change how the text around them is shown (bidirectional overrides and
/// isolates, zero-width marks) without being visible themselves.
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// `message` with every control character escaped except line breaks: for a whole message
/// that may hold input from anywhere (the last line of defence before a terminal).
pub fn escape_controls(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        match escape(c) {
            Some(e) if c != '\n' => out.push_str(&e),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(echo("e1\u{1b}[2Jf2").to_string(), "e1\\x1b[2Jf2");
        assert_eq!(echo("a\tb\nc\r\u{7f}\u{9b}").to_string(), "a\\tb\\nc\\r\\x7f\\x9b");
        assert_eq!(echo("x\u{202e}y").to_string(), "x\\u{202e}y");
        assert_eq!(echo("ratón ✓").to_string(), "ratón ✓");
        assert_eq!(escape_controls("line 1\nthe \u{1b}]0;title\u{7}"), "line 1\nthe \\x1b]0;title\\x07");
    }

    #[test]
    fn long_text_is_cut_after_the_limit() {
        let exact = "a".repeat(ECHO_LIMIT);
        assert_eq!(echo(&exact).to_string(), exact);
        let long = "b".repeat(3000);
        let shown = echo(&long).to_string();
        assert_eq!(shown, format!("{}…", "b".repeat(ECHO_LIMIT - 1)));
        assert_eq!(shown.chars().count(), ECHO_LIMIT);
        // Escapes count at their shown width, and are never cut in half.
        let escapes = "\u{1b}".repeat(100);
        assert_eq!(echo(&escapes).to_string(), format!("{}…", "\\x1b".repeat(14)));
        assert_eq!(echo_whole(&long).to_string(), long);
    }
}
