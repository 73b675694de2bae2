//! The fixed action encoding of the environments and the observation planes.
//!
//! An action is `4 · d + k` where `d` is the dense index of the origin square (`rank · N/2 +
//! file / 2`, both from 0) and `k` the direction: 0 up-left, 1 up-right, 2 down-left,
//! 3 down-right ("up" is toward the cats' rank). So an N×N board has `2 · N²` actions.
//! Observations are 3 planes of N×N bytes indexed `[plane, rank, file]` (rank 0 = rank 1):
//! the mouse, the cats, and the side to move (all ones when the mouse is to move). From the
//! mover's point of view (`pov`), planes 0 and 1 are the mover's pieces and the other side's.
//!
//! Written against `super::engine`: compiled once for the 64-bit engine (`crate::encoding`,
//! `ryg`) and once for the 128-bit one (`crate::wide::encoding`, `ryg-wide`).

use super::engine::{Move, Position, Side, Size, Square};

/// The (file, rank) steps of the four directions, in action order.
const STEPS: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];

/// How many actions a board of `size` has.
pub fn action_count(size: Size) -> usize {
    4 * size.dark_squares()
}

/// The action of `mv` on a board of `size`.
#[inline]
pub fn action_of(size: Size, mv: Move) -> usize {
    // The direction from the step between the two squares' indices (no division): up when
    // the index grows; up-right and down-left are the longer steps.
    let (from, to) = (mv.from.index(), mv.to.index());
    let k = match (to > from, from.abs_diff(to) == Square::STEP_RIGHT) {
        (true, false) => 0,
        (true, true) => 1,
        (false, true) => 2,
        (false, false) => 3,
    };
    4 * size.dense_index(mv.from) + k
}

/// The move of `action` on a board of `size`, if it stays on the board (legal or not).
pub fn move_of(size: Size, action: usize) -> Option<Move> {
    if action >= action_count(size) {
        return None;
    }
    let from = size.from_dense_index(action / 4);
    let (df, dr) = STEPS[action % 4];
    let file = from.file().checked_add_signed(df)?;
    let rank = from.rank().checked_add_signed(dr)?;
    let to = Square::from_coords(file, rank).filter(|&sq| size.contains(sq))?;
    Some(Move::new(from, to))
}

/// Sets `mask[a]` to 1 for every legal action of `position` in a zeroed `mask`.
pub fn fill_mask(position: &Position, mask: &mut [i8]) {
    let size = position.size();
    position.for_each_move(|mv| mask[action_of(size, mv)] = 1);
}

/// Writes the observation planes of `position` into `planes` (3 · N · N bytes, of which
/// the first two planes are zeroed: the third is written whole); with `pov`, the mover's
/// pieces on plane 0 and the other side's on plane 1.
#[inline]
pub fn fill_planes(position: &Position, planes: &mut [u8], pov: bool) {
    let n = usize::from(position.size().n());
    let cell = |plane: usize, sq: Square| {
        let (rank, file) = sq.rank_file();
        plane * n * n + usize::from(rank) * n + usize::from(file)
    };
    let (mouse, cats) = if pov && position.side_to_move() == Side::Cats { (1, 0) } else { (0, 1) };
    planes[cell(mouse, position.mouse())] = 1;
    for cat in position.cats() {
        planes[cell(cats, cat)] = 1;
    }
    planes[2 * n * n..3 * n * n].fill(u8::from(position.side_to_move() == Side::Mouse));
}
