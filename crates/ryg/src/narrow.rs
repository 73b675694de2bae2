//! From the wide build (`ryg-wide`, boards up to 14×14) to the default one (`ryg`, 64-bit
//! square sets, boards up to 10×10, the faster) and back: what depends on the board's size — the
//! size, a square, a position, a move, a game. The front ends hold games of every size in the
//! wide build and hand the work on boards up to 10×10 — searches, tablebases, levels — to the
//! default build. Sides, levels, seats, search configurations and results are one type in both
//! builds (crates/ryg-types) and need no conversion. Only in `ryg-wide`.

use crate::{Game, Move, Position, Size, Square};

/// The default build's size for `size`: `None` on 12×12 and 14×14, which it does not have
/// (nor their tablebases).
pub fn size(size: Size) -> Option<ryg::Size> {
    ryg::Size::new(size.n())
}

/// The default build's copy of `position`, from its pieces; `None` on 12×12 and 14×14.
pub fn position(position: &Position) -> Option<ryg::Position> {
    let cats = position.cats().into_iter().map(narrow_square).collect::<Option<ryg::SquareSet>>()?;
    ryg::Position::from_parts(
        size(position.size())?,
        narrow_square(position.mouse())?,
        cats,
        position.side_to_move(),
    )
    .ok()
}

/// The default build's square at the same file and rank: `None` past its 10×10.
fn narrow_square(square: Square) -> Option<ryg::Square> {
    ryg::Square::from_coords(square.file(), square.rank())
}

/// The wide build's square at the same file and rank (it has them all).
fn wide_square(square: ryg::Square) -> Square {
    Square::from_coords(square.file(), square.rank()).expect("the wide board holds the default one")
}

/// The default build's copy of `game` (its start and moves); `None` on 12×12 and 14×14.
pub fn game(game: &Game) -> Option<ryg::Game> {
    let mut narrow = ryg::Game::new(self::position(game.start())?);
    for &mv in game.moves() {
        narrow.play(narrow_move(mv)?).ok()?;
    }
    Some(narrow)
}

/// A move of the default build, in the wide one.
pub fn wide_move(mv: ryg::Move) -> Move {
    Move::new(wide_square(mv.from), wide_square(mv.to))
}

fn narrow_move(mv: Move) -> Option<ryg::Move> {
    Some(ryg::Move::new(narrow_square(mv.from)?, narrow_square(mv.to)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate, EvalKind};

    /// The positions of a game on `size` where each side plays its `pick`-th legal move.
    fn line(size: &str, pick: usize) -> Vec<Position> {
        let mut position = Position::start(size.parse().unwrap(), None).unwrap();
        let mut seen = vec![position];
        while position.outcome().is_none() {
            let moves = position.legal_moves();
            position = position.play(moves[pick % moves.len()]).unwrap();
            seen.push(position);
        }
        seen
    }

    #[test]
    fn both_builds_see_the_same_positions_moves_and_evaluations_up_to_10x10() {
        for size in ["6x6", "8x8", "10x10"] {
            for pick in [0, 1, 3] {
                for wide in line(size, pick) {
                    let narrow = position(&wide).expect("boards up to 10x10 go to the default build");
                    assert_eq!(narrow.fen(), wide.fen());
                    let moves: Vec<Move> = narrow.legal_moves().iter().map(|&mv| wide_move(mv)).collect();
                    assert_eq!(moves, wide.legal_moves().to_vec(), "{}", wide.fen());
                    let a = ryg::eval::evaluate(EvalKind::Default, &narrow);
                    assert_eq!(a.total, evaluate(EvalKind::Default, &wide).total, "{}", wide.fen());
                }
            }
        }
        assert!(position(&Position::start(Size::new(12).unwrap(), None).unwrap()).is_none());
        assert!(size(Size::new(14).unwrap()).is_none());
    }

    #[test]
    fn games_cross_to_the_default_build() {
        let mut game = Game::new(Position::start(Size::new(10).unwrap(), None).unwrap());
        for _ in 0..12 {
            game.play(game.position().legal_moves()[0]).unwrap();
        }
        let narrow = super::game(&game).unwrap();
        assert_eq!(narrow.position().fen(), game.position().fen());
        assert_eq!(narrow.moves().len(), 12);
    }
}
