//! Characters that change how the text around them shows without showing themselves, and
//! those that show as nothing: format characters, line and paragraph separators and the
//! default-ignorable code points ([`invisible`]: names and the server's public address refuse
//! them), and besides them every space but the plain one and the Braille patterns ([`blank`]:
//! names refuse them too). Two names could otherwise look the same, a name could look empty,
//! or turn the record around it right to left. Each is a Unicode property, read from ICU4X's
//! data (`icu_properties`), not a list of our own.

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, Script, WhiteSpace};
use icu_properties::{CodePointMapData, CodePointSetData};

/// Whether `c` is of General_Category Cf (format), Zl (line separator) or Zp (paragraph
/// separator), or a Default_Ignorable_Code_Point (the Hangul fillers U+115F, U+1160, U+3164
/// and U+FFA0 among them).
pub fn invisible(c: char) -> bool {
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
    ) || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// Whether `c` looks blank or is not seen: [`invisible`], White_Space other than the plain space
/// (U+0020), or of Script Braille — whose blank pattern U+2800 shows nothing; a name in dots
/// reads to nobody who sees it, and a screen reader reads names from their letters anyway.
pub fn blank(c: char) -> bool {
    invisible(c)
        || (c != ' ' && CodePointSetData::new::<WhiteSpace>().contains(c))
        || CodePointMapData::<Script>::new().get(c) == Script::Braille
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_separators_and_default_ignorables_are_invisible() {
        for c in [
            '\u{00AD}',
            '\u{061C}',
            '\u{180E}',
            '\u{200B}',
            '\u{200D}',
            '\u{2028}',
            '\u{2029}',
            '\u{202A}',
            '\u{202E}',
            '\u{2060}',
            '\u{2066}',
            '\u{2069}',
            '\u{3164}',
            '\u{FE0F}',
            '\u{FEFF}',
            '\u{110BD}',
            '\u{1D173}',
            '\u{E0001}',
            '\u{E0041}',
            '\u{E0FFF}',
        ] {
            assert!(invisible(c), "{}", c.escape_unicode());
        }
        for c in ['a', 'Ñ', 'é', ' ', '\u{0301}', 'م', '🐭', '\u{3000}', '\u{E1000}'] {
            assert!(!invisible(c), "{}", c.escape_unicode());
        }
    }

    #[test]
    fn blank_looking_characters_are_blank() {
        for c in [
            '\u{2800}', '\u{3164}', '\u{115F}', '\u{1160}', '\u{FFA0}', '\u{00A0}', '\u{2003}', '\u{3000}',
            '\u{205F}', '\u{200B}', '\u{2828}', '\u{0085}',
        ] {
            assert!(blank(c), "{}", c.escape_unicode());
        }
        for c in ['a', 'Ñ', 'é', ' ', '\u{0301}', 'م', '🐭', '·', '-', '_', '한', 'ㅎ'] {
            assert!(!blank(c), "{}", c.escape_unicode());
        }
    }
}
