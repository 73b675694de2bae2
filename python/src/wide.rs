//! The 128-bit engine's side of the module (`ryg-wide`: 12×12 and 14×14): its action
//! encoding (the same source as `crate::encoding`, compiled for its types) and the conversion
//! of the small boards' positions into its types (the layer files are read in them).

use ryg_wide as engine;

// the same source as `crate::encoding`, on purpose: compiled here for the wide engine's types
#[allow(clippy::duplicate_mod)]
#[path = "encoding.rs"]
pub mod encoding;

/// `position` (64-bit engine) in the wide engine's types.
pub fn widen(position: &ryg::Position) -> engine::Position {
    let square = |sq: ryg::Square| {
        engine::Square::from_coords(sq.file(), sq.rank()).expect("the wide board holds the small ones")
    };
    let size = engine::Size::new(position.size().n()).expect("every size of the 64-bit engine");
    let side = position.side_to_move();
    engine::Position::from_parts(size, square(position.mouse()), position.cats().map(square).collect(), side)
        .expect("the same position")
}
