//! A game judged by perfect play: the exact result after every ply, and every move that
//! handed the win to the other side, with the moves that would have kept it. Only a tablebase
//! makes this possible: each value is exact, not an engine's guess.

use crate::tablebase::ProbeError;
use crate::{ExactResult, Game, Move, Side, Tablebase};

/// A move that turned a won position into a lost one for the side that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The ply of the position the move was made from (0: the start).
    pub ply: usize,
    /// The side that made the move.
    pub side: Side,
    pub played: Move,
    /// The moves from the same position that kept the win, best (fastest win) first.
    pub kept: Vec<Move>,
    pub before: ExactResult,
    pub after: ExactResult,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The exact result of every position of the game: `values[i]` after `i` plies.
    pub values: Vec<ExactResult>,
    /// The moves that gave the win away, in the order they were played.
    pub mistakes: Vec<Mistake>,
}

/// Reviews `game` with `tb` (of the game's board size).
///
/// # Errors
/// When a position of the game is not in `tb` (another board size).
pub fn review(tb: &Tablebase, game: &Game) -> Result<Review, ProbeError> {
    let positions = game.positions();
    let values = positions.iter().map(|p| tb.probe(p)).collect::<Result<Vec<_>, _>>()?;
    let mut mistakes = Vec::new();
    for (ply, (&played, pair)) in game.moves().iter().zip(values.windows(2)).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        let side = positions[ply].side_to_move();
        if before.winner != side || after.winner == side {
            continue;
        }
        let mut kept: Vec<(u32, Move)> = Vec::new();
        for &mv in positions[ply].legal_moves().iter() {
            // a legal move always plays
            let Ok(next) = positions[ply].play(mv) else { continue };
            let result = tb.probe(&next)?;
            if result.winner == side {
                kept.push((result.plies, mv));
            }
        }
        kept.sort_by_key(|&(plies, mv)| (plies, mv.to_string()));
        mistakes.push(Mistake {
            ply,
            side,
            played,
            kept: kept.into_iter().map(|(_, mv)| mv).collect(),
            before,
            after,
        });
    }
    Ok(Review { values, mistakes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Size};

    fn table(n: u8) -> Tablebase {
        Tablebase::build(Size::new(n).unwrap(), 1, &mut ())
    }

    /// Every legal move of `p` with the exact result after it.
    fn judged(tb: &Tablebase, p: &Position) -> Vec<(Move, ExactResult)> {
        p.legal_moves().iter().map(|&mv| (mv, tb.probe(&p.play(mv).unwrap()).unwrap())).collect()
    }

    /// The move perfect play makes: the fastest win, or the longest resistance.
    fn perfect(tb: &Tablebase, p: &Position) -> Move {
        let side = p.side_to_move();
        let moves = judged(tb, p);
        let wins = moves.iter().filter(|(_, r)| r.winner == side).min_by_key(|(_, r)| r.plies);
        let resists = moves.iter().max_by_key(|(_, r)| r.plies);
        wins.or(resists).unwrap().0
    }

    #[test]
    fn a_move_that_gives_the_win_away_is_marked_with_the_moves_that_kept_it() {
        let tb = table(6);
        let start = Position::start(Size::new(6).unwrap(), None).unwrap();
        // 6×6: the mouse wins from the start (rules.md). Perfect play until the mouse, winning,
        // could throw the win away; it does; then the cats answer perfectly.
        assert_eq!(tb.probe(&start).unwrap().winner, Side::Mouse);
        let mut game = Game::new(start);
        let (ply, bad, good) = loop {
            let p = *game.position();
            assert!(game.outcome().is_none(), "the mouse never had a losing move");
            let moves = judged(&tb, &p);
            let losing = moves.iter().find(|(_, r)| r.winner == Side::Cats).map(|&(mv, _)| mv);
            if let (Side::Mouse, Some(bad)) = (p.side_to_move(), losing) {
                let good: Vec<Move> =
                    moves.iter().filter(|(_, r)| r.winner == Side::Mouse).map(|&(mv, _)| mv).collect();
                break (game.moves().len(), bad, good);
            }
            game.play(perfect(&tb, &p)).unwrap();
        };
        game.play(bad).unwrap();
        let p = *game.position();
        game.play(perfect(&tb, &p)).unwrap();

        let r = review(&tb, &game).unwrap();
        assert_eq!(r.values.len(), ply + 3);
        assert!(r.values[..=ply].iter().all(|v| v.winner == Side::Mouse));
        assert_eq!((r.values[ply + 1].winner, r.values[ply + 2].winner), (Side::Cats, Side::Cats));
        assert_eq!(
            r.values[ply + 1].plies,
            r.values[ply + 2].plies + 1,
            "the cats' best move brings their win a ply nearer"
        );
        assert_eq!(r.mistakes.len(), 1, "only the mouse's throw gave the win away: {:?}", r.mistakes);
        let m = &r.mistakes[0];
        assert_eq!((m.ply, m.side, m.played), (ply, Side::Mouse, bad));
        let mut kept = m.kept.clone();
        kept.sort_by_key(ToString::to_string);
        let mut expected = good;
        expected.sort_by_key(ToString::to_string);
        assert_eq!(kept, expected);
        assert_eq!((m.before, m.after), (r.values[ply], r.values[ply + 1]));
    }

    #[test]
    fn a_perfect_start_has_no_mistakes_and_the_known_value() {
        let tb = table(4);
        let game = Game::new(Position::start(Size::new(4).unwrap(), None).unwrap());
        let r = review(&tb, &game).unwrap();
        // 4×4: the cats win in 8 plies (rules.md)
        assert_eq!(r.values, vec![ExactResult::new(Side::Cats, 8)]);
        assert!(r.mistakes.is_empty());
    }
}
