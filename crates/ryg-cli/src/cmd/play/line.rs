//! Reading one line of game input with a size limit: a line longer than [`MAX_LINE_BYTES`] is
//! read to its end and dropped without being stored, so endless input cannot exhaust memory.

use std::io::{self, BufRead};

/// The longest line the game accepts, in bytes (without the newline).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// What one read produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The input had ended before any byte.
    End,
    /// A line (its newline, if any, removed).
    Text(Vec<u8>),
    /// A line longer than the limit; its bytes were skipped.
    TooLong,
    /// Ctrl-C, read as a key by the line editor.
    Interrupted,
}

/// Reads up to and including the next newline, storing at most `limit` bytes. With
/// `terminal`, a read that ends without a newline also ends the line: at a terminal that is
/// Ctrl-D after some typing, which should enter what was typed, not wait for more.
pub fn read(input: &mut impl BufRead, limit: usize, terminal: bool) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), terminal),
        };
        if !too_long && bytes.len() + chunk.len() <= limit {
            bytes.extend_from_slice(chunk);
        } else {
            too_long = true;
            bytes = Vec::new();
        }
        input.consume(used);
        if done {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Line::End,
        (true, true) => Line::TooLong,
        (true, false) => Line::Text(bytes),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_within_the_limit_are_returned_and_longer_ones_skipped() {
        let mut input = io::BufReader::with_capacity(4, &b"abc\nabcdefghij\nxy"[..]);
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::Text(b"abc".to_vec()));
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::TooLong);
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::Text(b"xy".to_vec()));
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::End);
    }

    #[test]
    fn at_a_terminal_a_read_without_newline_ends_the_line() {
        let mut input = &b"moves"[..];
        assert_eq!(read(&mut input, 10, true).unwrap(), Line::Text(b"moves".to_vec()));
        assert_eq!(read(&mut input, 10, true).unwrap(), Line::End);
    }

    #[test]
    fn an_empty_line_is_text_not_the_end() {
        let mut input = &b"\n"[..];
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::Text(Vec::new()));
        assert_eq!(read(&mut input, 5, false).unwrap(), Line::End);
    }
}
