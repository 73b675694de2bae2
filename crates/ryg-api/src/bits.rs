//! `/api/bits`: the board as bits, for the Learn section — the bit operations that find a
//! piece's moves, each square set as a number, as bits and as squares.

use ryg::{Position, Square, SquareSet};
use serde::Serialize;

use crate::params::required;
use crate::{ErrorCode, Params, QueryError};

/// A square set: its number (hex), its bits (`Square::LIMIT` of them, the highest first) and its
/// squares.
#[derive(Serialize)]
struct SetReport {
    hex: String,
    bits: String,
    squares: Vec<String>,
}

fn set(s: SquareSet) -> SetReport {
    SetReport {
        hex: format!("{:#016x}", s.0),
        bits: format!("{:0width$b}", s.0, width = usize::from(Square::LIMIT)),
        squares: s.map(|sq| sq.to_string()).collect(),
    }
}

/// A piece's move bits.
#[derive(Serialize)]
pub struct BitsReport {
    fen: String,
    square: String,
    /// The square's bit index on the padded layout.
    index: u8,
    side: &'static str,
    piece: SetReport,
    up: SetReport,
    down: SetReport,
    board: SetReport,
    empty: SetReport,
    targets: SetReport,
}

/// The move bits of the piece on `square=` in `position`.
///
/// # Errors
/// A square that is not a dark square of the board (`bad_request`), or an empty one
/// (`empty_square`).
pub fn bits(position: &Position, params: &Params) -> Result<BitsReport, QueryError> {
    let text = required(params, "square")?;
    let square: Square =
        text.parse().ok().filter(|&sq| position.size().board().contains(sq)).ok_or_else(|| {
            QueryError::bad_request(format!("bad square '{text}': not a dark square of this board"))
        })?;
    let b = position.move_bits(square).ok_or_else(|| {
        QueryError::bad_request(format!("no piece on {square}")).with_code(ErrorCode::EmptySquare)
    })?;
    Ok(BitsReport {
        fen: position.fen(),
        square: square.to_string(),
        index: square.index(),
        side: b.side.name(),
        piece: set(b.piece),
        up: set(b.up),
        down: set(b.down),
        board: set(b.board),
        empty: set(b.empty),
        targets: set(b.targets),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params};

    /// The squares of a set's report, checking that its number and bits say the same.
    fn squares(set: &serde_json::Value) -> Vec<Square> {
        let hex = set["hex"].as_str().unwrap();
        let n = u64::from_str_radix(hex.strip_prefix("0x").expect("0x"), 16).unwrap();
        let bits = set["bits"].as_str().unwrap();
        assert_eq!(bits.len(), usize::from(Square::LIMIT));
        assert_eq!(u64::from_str_radix(bits, 2).unwrap(), n, "{set}");
        let listed: Vec<Square> =
            set["squares"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().parse().unwrap()).collect();
        assert_eq!(listed.iter().map(|sq| 1u64 << sq.index()).sum::<u64>(), n, "{set}");
        listed
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn the_mouse_moves_up_and_down_to_the_empty_squares() {
        let position: Position = "1c1c1c2/8/8/8/8/2c5/3m4/8 m".parse().unwrap();
        let r = json(&bits(&position, &params(&[("square", "d2")])).unwrap());
        assert_eq!(r["fen"], position.fen());
        assert_eq!(r["square"], "d2");
        assert_eq!(r["index"], sq("d2").index());
        assert_eq!(r["side"], "mouse");
        assert_eq!(squares(&r["piece"]), [sq("d2")]);
        assert_eq!(squares(&r["up"]), [sq("c3"), sq("e3")]);
        assert_eq!(squares(&r["down"]), [sq("c1"), sq("e1")]);
        assert_eq!(squares(&r["board"]).len(), 32);
        assert_eq!(squares(&r["empty"]).len(), 32 - 5);
        assert_eq!(squares(&r["targets"]), [sq("c1"), sq("e1"), sq("e3")]);
    }

    #[test]
    fn a_cat_moves_down_only() {
        let position = Position::standard();
        let r = json(&bits(&position, &params(&[("square", "h8")])).unwrap());
        assert_eq!(r["side"], "cats");
        assert!(squares(&r["up"]).is_empty());
        assert_eq!(squares(&r["targets"]), [sq("g7")]);
    }

    #[test]
    fn only_an_occupied_dark_square_of_the_board_is_asked_about() {
        let position = Position::standard();
        for (square, message) in [
            ("e2", "bad square 'e2': not a dark square of this board"),
            ("i1", "bad square 'i1': not a dark square of this board"),
            ("e", "bad square 'e': not a dark square of this board"),
            ("e3", "no piece on e3"),
        ] {
            let e = bits(&position, &params(&[("square", square)])).err().unwrap();
            assert_eq!(e.message, message);
            let code = if square == "e3" { ErrorCode::EmptySquare } else { ErrorCode::BadRequest };
            assert_eq!(e.code, code, "{square}");
        }
        assert_eq!(bits(&position, &params(&[])).err().unwrap().message, "missing parameter 'square'");
    }
}
