//! Word wrapping, so the terminal game's messages keep within 80 columns.

/// The width the terminal game's text keeps within.
pub const COLUMNS: usize = 80;

/// Breaks each line of `text` at spaces so that none is wider than `width` characters; the
/// lines a break makes start with `indent`. A word wider than the line stays whole.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let words = line.trim_start_matches(' ');
        let lead = line.len() - words.len();
        out.push_str(&line[..lead]);
        let mut column = lead;
        for (j, word) in words.split(' ').enumerate() {
            let len = word.chars().count();
            if j == 0 {
                out.push_str(word);
                column += len;
            } else if column + 1 + len <= width {
                out.push(' ');
                out.push_str(word);
                column += 1 + len;
            } else {
                out.push('\n');
                out.push_str(indent);
                out.push_str(word);
                column = indent.chars().count() + len;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_at_spaces_within_the_width() {
        assert_eq!(wrap("aaa bbb ccc", 7, ""), "aaa bbb\nccc");
        assert_eq!(wrap("aaa bbb ccc", 7, "  "), "aaa bbb\n  ccc");
        assert_eq!(wrap("short", 80, ""), "short");
        assert_eq!(wrap("one\ntwo three", 5, ""), "one\ntwo\nthree");
    }

    #[test]
    fn a_word_wider_than_the_line_stays_whole() {
        assert_eq!(wrap("see /a/very/long/path now", 8, ""), "see\n/a/very/long/path\nnow");
    }

    #[test]
    fn leading_spaces_are_kept() {
        assert_eq!(wrap("  a b", 80, ""), "  a b");
    }
}
