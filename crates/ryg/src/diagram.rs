//! The board as text: coordinates along the bottom and up the side, the mouse and the cats,
//! light squares apart from empty dark ones, an optional last-move highlight, and ANSI colour
//! only when the caller asks for it. The command line, the Python package and tests share it.

use crate::{Move, Position, Square};

/// How to draw a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardStyle {
    /// ANSI colours (for a terminal); plain ASCII when false.
    pub colour: bool,
    /// A move to highlight (its origin and destination squares), usually the last one played.
    pub last_move: Option<Move>,
}

impl BoardStyle {
    /// Plain ASCII, no highlight.
    pub const PLAIN: BoardStyle = BoardStyle { colour: false, last_move: None };

    /// This style with `mv` highlighted.
    pub fn with_last_move(self, mv: Option<Move>) -> BoardStyle {
        BoardStyle { last_move: mv, ..self }
    }
}

/// Glyphs of the plain rendering.
const MOUSE: char = 'M';
const CAT: char = 'C';
const EMPTY_DARK: char = '.';
const LIGHT: char = ' ';

const RESET: &str = "\x1b[0m";
const BG_LIGHT: &str = "\x1b[47m";
const BG_DARK: &str = "\x1b[100m";
const BG_HIGHLIGHT: &str = "\x1b[44m";
const FG_MOUSE: &str = "\x1b[1;93m";
const FG_CAT: &str = "\x1b[1;91m";

/// The board of `position` as text, top rank first, one line per rank and a line of files.
///
/// Each square is three characters wide. Plain: `M` mouse, `C` cat, `.` an empty dark
/// square, blank a light square; a highlighted square is drawn in brackets (`[M]`, `[.]`).
/// Lines carry no trailing spaces in plain mode.
pub fn render(position: &Position, style: BoardStyle) -> String {
    let n = position.size().n();
    let highlighted = |sq: Square| style.last_move.is_some_and(|mv| mv.from == sq || mv.to == sq);
    let mut out = String::new();
    for rank in (0..n).rev() {
        let mut line = format!("{:>2} ", rank + 1);
        for file in 0..n {
            let square = Square::from_coords(file, rank);
            let glyph = match square {
                None => LIGHT,
                Some(sq) if sq == position.mouse() => MOUSE,
                Some(sq) if position.cats().contains(sq) => CAT,
                Some(_) => EMPTY_DARK,
            };
            let lit = square.is_some_and(highlighted);
            if style.colour {
                let bg = match square {
                    None => BG_LIGHT,
                    Some(_) if lit => BG_HIGHLIGHT,
                    Some(_) => BG_DARK,
                };
                let cell = match glyph {
                    MOUSE => format!("{FG_MOUSE} {MOUSE} "),
                    CAT => format!("{FG_CAT} {CAT} "),
                    _ => "   ".to_string(),
                };
                line.push_str(&format!("{bg}{cell}{RESET}"));
            } else if lit {
                line.push_str(&format!("[{glyph}]"));
            } else {
                line.push_str(&format!(" {glyph} "));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut files = String::from("   ");
    for file in 0..n {
        files.push_str(&format!(" {} ", (b'a' + file) as char));
    }
    out.push_str(files.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

    fn start(n: u8) -> Position {
        Position::start(Size::new(n).unwrap(), None).unwrap()
    }

    #[test]
    fn plain_4x4() {
        assert_eq!(
            render(&start(4), BoardStyle::PLAIN),
            concat!(
                " 4     C     C\n",
                " 3  .     .\n",
                " 2     .     .\n",
                " 1  .     M\n",
                "    a  b  c  d\n",
            )
        );
    }

    #[test]
    fn plain_6x6() {
        assert_eq!(
            render(&start(6), BoardStyle::PLAIN),
            concat!(
                " 6     C     C     C\n",
                " 5  .     .     .\n",
                " 4     .     .     .\n",
                " 3  .     .     .\n",
                " 2     .     .     .\n",
                " 1  .     M     .\n",
                "    a  b  c  d  e  f\n",
            )
        );
    }

    #[test]
    fn plain_8x8() {
        assert_eq!(
            render(&Position::standard(), BoardStyle::PLAIN),
            concat!(
                " 8     C     C     C     C\n",
                " 7  .     .     .     .\n",
                " 6     .     .     .     .\n",
                " 5  .     .     .     .\n",
                " 4     .     .     .     .\n",
                " 3  .     .     .     .\n",
                " 2     .     .     .     .\n",
                " 1  .     .     M     .\n",
                "    a  b  c  d  e  f  g  h\n",
            )
        );
    }

    #[test]
    fn plain_10x10() {
        assert_eq!(
            render(&start(10), BoardStyle::PLAIN),
            concat!(
                "10     C     C     C     C     C\n",
                " 9  .     .     .     .     .\n",
                " 8     .     .     .     .     .\n",
                " 7  .     .     .     .     .\n",
                " 6     .     .     .     .     .\n",
                " 5  .     .     .     .     .\n",
                " 4     .     .     .     .     .\n",
                " 3  .     .     .     .     .\n",
                " 2     .     .     .     .     .\n",
                " 1  .     .     M     .     .\n",
                "    a  b  c  d  e  f  g  h  i  j\n",
            )
        );
    }

    #[test]
    fn highlights_the_last_move_in_brackets() {
        let mv: Move = "e1f2".parse().unwrap();
        let after = Position::standard().play(mv).unwrap();
        let text = render(&after, BoardStyle::PLAIN.with_last_move(Some(mv)));
        assert_eq!(text.lines().nth(6), Some(" 2     .     .    [M]    ."));
        assert_eq!(text.lines().nth(7), Some(" 1  .     .    [.]    ."));
    }

    #[test]
    fn colour_only_when_asked() {
        let plain = render(&Position::standard(), BoardStyle::PLAIN);
        assert!(!plain.contains('\x1b'));
        let coloured = render(&Position::standard(), BoardStyle { colour: true, last_move: None });
        assert!(coloured.contains(BG_LIGHT) && coloured.contains(BG_DARK) && coloured.contains(FG_CAT));
        assert_eq!(coloured.matches(FG_MOUSE).count(), 1);
        assert_eq!(coloured.matches(FG_CAT).count(), 4);
    }
}
