//! Characters that change how the text around them shows without showing themselves: format
//! characters, line and paragraph separators and the default-ignorable code points. Names and
//! the server's public address refuse them (two names could look the same, a name could turn
//! the record around it right to left).

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Unicode's Default_Ignorable_Code_Point, as ranges: DerivedCoreProperties.txt of Unicode 16.0
/// (https://www.unicode.org/Public/16.0.0/ucd/DerivedCoreProperties.txt), adjacent ranges merged.
const DEFAULT_IGNORABLE: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),
    ('\u{034F}', '\u{034F}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{17B4}', '\u{17B5}'),
    ('\u{180B}', '\u{180F}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{206F}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FE00}', '\u{FE0F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFA0}', '\u{FFA0}'),
    ('\u{FFF0}', '\u{FFF8}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0000}', '\u{E0FFF}'),
];

/// Whether `c` is of General_Category Cf (format), Zl (line separator) or Zp (paragraph
/// separator), or a Default_Ignorable_Code_Point.
pub fn invisible(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
    ) || DEFAULT_IGNORABLE
        .binary_search_by(|&(low, high)| {
            if high < c {
                std::cmp::Ordering::Less
            } else if low > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
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
    fn the_table_is_sorted_and_apart() {
        assert!(DEFAULT_IGNORABLE.iter().all(|(low, high)| low <= high));
        assert!(DEFAULT_IGNORABLE.windows(2).all(|w| w[0].1 < w[1].0));
    }
}
