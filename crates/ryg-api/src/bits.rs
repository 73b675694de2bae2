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
