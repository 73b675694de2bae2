//! A game judged by perfect play: the exact result after every ply; every move that handed
//! the win to the other side, with the moves that would have kept it; and, for the side that
//! was already lost, every move that shortened its resistance by [`SHORTENED_BY`] plies or
//! more, with the moves that resisted longest; and each side's [`Accuracy`] against perfect
//! play. Only a tablebase makes this possible: each value is exact, not an engine's guess.

use crate::tablebase::{ExactSource, ProbeError};
use crate::{ExactResult, Game, Move, Side};

/// A lost side's move is marked when it brings the end this many plies (or more) nearer than
/// the longest resistance would have: two moves of each side.
pub const SHORTENED_BY: u32 = 4;

/// What a marked move did wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It turned a won position into a lost one (`?`).
    GaveWinAway,
    /// The side was lost already, and the move brought the end `by` plies nearer than the
    /// longest resistance (`?!`).
    Shortened { by: u32 },
}

impl Verdict {
    /// The move-list mark: `?` or `?!`.
    pub const fn mark(self) -> &'static str {
        match self {
            Verdict::GaveWinAway => "?",
            Verdict::Shortened { .. } => "?!",
        }
    }
}

/// A move that lost ground: it gave the win away, or shortened a lost side's resistance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The ply of the position the move was made from (0: the start).
    pub ply: usize,
    /// The side that made the move.
    pub side: Side,
    pub played: Move,
    pub verdict: Verdict,
    /// The better moves from the same position: those that kept the win, best (fastest win)
    /// first; or, for a shortened resistance, those that resisted longest.
    pub kept: Vec<Move>,
    pub before: ExactResult,
    pub after: ExactResult,
}

/// A side's accuracy against perfect play: of its `moves`, the `exact` ones kept the exact
/// value of the position they were made from (the same winner, one ply nearer the end: the
/// fastest win, or the longest resistance, as [`ExactResult::kept_by`] says). A move that
/// gives the win away is not exact, nor is a lost side's that shortens its resistance by any
/// number of plies, nor a winning side's that keeps the win but not the fastest. Over several
/// games the counts add up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accuracy {
    pub exact: usize,
    pub moves: usize,
}

impl Accuracy {
    /// The share of exact moves in whole percent, rounded down (100 only when every move was
    /// exact); `None` without moves.
    pub fn percent(self) -> Option<u8> {
        let share = self.exact.min(self.moves).checked_mul(100)?.checked_div(self.moves)?;
        u8::try_from(share).ok()
    }
}

impl std::ops::Add for Accuracy {
    type Output = Accuracy;

    fn add(self, other: Accuracy) -> Accuracy {
        Accuracy { exact: self.exact + other.exact, moves: self.moves + other.moves }
    }
}

impl std::iter::Sum for Accuracy {
    fn sum<I: Iterator<Item = Accuracy>>(iter: I) -> Accuracy {
        iter.fold(Accuracy::default(), std::ops::Add::add)
    }
}

/// One side's part of a review, for its one-line summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    /// The moves the side made.
    pub moves: usize,
    /// Its moves that kept the position's exact value (see [`Accuracy`]).
    pub exact: usize,
    /// Its moves that gave the win away.
    pub gave_away: usize,
    /// Its moves that shortened its resistance by [`SHORTENED_BY`] plies or more.
    pub shortened: usize,
    /// The plies those moves brought the end nearer, in all.
    pub plies_lost: u32,
}

impl SideSummary {
    /// The side's accuracy against perfect play in this game.
    pub fn accuracy(&self) -> Accuracy {
        Accuracy { exact: self.exact, moves: self.moves }
    }
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The exact result of every position of the game: `values[i]` after `i` plies.
    pub values: Vec<ExactResult>,
    /// The moves that lost ground, in the order they were played.
    pub mistakes: Vec<Mistake>,
    /// The mouse's part and the cats' part.
    pub mouse: SideSummary,
    pub cats: SideSummary,
}

impl Review {
    /// The summary of `side`'s moves.
    pub fn summary(&self, side: Side) -> SideSummary {
        match side {
            Side::Mouse => self.mouse,
            Side::Cats => self.cats,
        }
    }
}

/// Reviews `game` with `tb` (of the game's board size: a [`Tablebase`](crate::Tablebase) or any [`ExactSource`]).
///
/// # Errors
/// When a position of the game is not in `tb` (another board size).
pub fn review<S: ExactSource + ?Sized>(tb: &S, game: &Game) -> Result<Review, ProbeError> {
    let positions = game.positions();
    let values = positions.iter().map(|p| tb.probe(p)).collect::<Result<Vec<_>, _>>()?;
    let mut mistakes = Vec::new();
    let (mut mouse, mut cats) = (SideSummary::default(), SideSummary::default());
    for (ply, (&played, pair)) in game.moves().iter().zip(values.windows(2)).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        let side = positions[ply].side_to_move();
        let summary = match side {
            Side::Mouse => &mut mouse,
            Side::Cats => &mut cats,
        };
        summary.moves += 1;
        if before.kept_by(after) {
            summary.exact += 1;
        }
        let verdict = if before.winner == side && after.winner != side {
            Verdict::GaveWinAway
        } else if before.winner != side && after.plies + 1 + SHORTENED_BY <= before.plies {
            // the longest resistance ends `before.plies` plies on; this move ends it sooner
            Verdict::Shortened { by: before.plies - 1 - after.plies }
        } else {
            continue;
        };
        let mut kept: Vec<(u32, Move)> = Vec::new();
        for &mv in positions[ply].legal_moves().iter() {
            // a legal move always plays
            let Ok(next) = positions[ply].play(mv) else { continue };
            let result = tb.probe(&next)?;
            match verdict {
                Verdict::GaveWinAway if result.winner == side => kept.push((result.plies, mv)),
                Verdict::Shortened { .. } if before.kept_by(result) => {
                    kept.push((0, mv));
                }
                _ => {}
            }
        }
        kept.sort_by_key(|&(plies, mv)| (plies, mv.to_string()));
        match verdict {
            Verdict::GaveWinAway => summary.gave_away += 1,
            Verdict::Shortened { by } => {
                summary.shortened += 1;
                summary.plies_lost += by;
            }
        }
        mistakes.push(Mistake {
            ply,
            side,
            played,
            verdict,
            kept: kept.into_iter().map(|(_, mv)| mv).collect(),
            before,
            after,
        });
    }
    Ok(Review { values, mistakes, mouse, cats })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Size, Tablebase};

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
        assert_eq!((m.ply, m.side, m.played, m.verdict), (ply, Side::Mouse, bad, Verdict::GaveWinAway));
        assert_eq!(m.verdict.mark(), "?");
        assert_eq!((r.mouse.gave_away, r.mouse.shortened, r.cats.gave_away, r.cats.shortened), (1, 0, 0, 0));
        assert_eq!(r.mouse.exact, r.mouse.moves - 1, "every mouse move but the throw was perfect play");
        assert_eq!(r.cats.exact, r.cats.moves);
        let mut kept = m.kept.clone();
        kept.sort_by_key(ToString::to_string);
        let mut expected = good;
        expected.sort_by_key(ToString::to_string);
        assert_eq!(kept, expected);
        assert_eq!((m.before, m.after), (r.values[ply], r.values[ply + 1]));
    }

    #[test]
    fn a_lost_mouse_that_hurries_its_loss_is_marked_with_the_longest_resistance() {
        let tb = table(8);
        let start = Position::standard();
        // 8×8: the cats win in 44 plies (rules.md); the mouse plays its quickest loss every
        // time, the cats answer perfectly
        assert_eq!(tb.probe(&start).unwrap(), ExactResult::new(Side::Cats, 44));
        let mut game = Game::new(start);
        let mut shortenings = Vec::new();
        while game.outcome().is_none() {
            let p = *game.position();
            let mv = if p.side_to_move() == Side::Mouse {
                let moves = judged(&tb, &p);
                let longest = moves.iter().map(|(_, r)| r.plies).max().unwrap();
                let &(mv, r) = moves.iter().min_by_key(|(mv, r)| (r.plies, mv.to_string())).unwrap();
                let best: Vec<Move> =
                    moves.iter().filter(|(_, r)| r.plies == longest).map(|&(m, _)| m).collect();
                shortenings.push((game.moves().len(), mv, longest - r.plies, best));
                mv
            } else {
                perfect(&tb, &p)
            };
            game.play(mv).unwrap();
        }
        let r = review(&tb, &game).unwrap();
        let total: u32 = shortenings.iter().map(|s| s.2).sum();
        assert_eq!(
            game.moves().len() as u32 + total,
            44,
            "each ply the mouse gave up is a ply the game lost"
        );
        assert!(total >= SHORTENED_BY, "the quickest losses lose ground: {shortenings:?}");
        let marked: Vec<_> = shortenings.iter().filter(|s| s.2 >= SHORTENED_BY).collect();
        assert!(!marked.is_empty());
        assert_eq!(r.mistakes.len(), marked.len(), "the cats played perfectly: {:?}", r.mistakes);
        for (m, (ply, mv, by, best)) in r.mistakes.iter().zip(&marked) {
            assert_eq!(
                (m.ply, m.side, m.played, m.verdict),
                (*ply, Side::Mouse, *mv, Verdict::Shortened { by: *by })
            );
            assert_eq!(m.verdict.mark(), "?!");
            let mut kept = m.kept.clone();
            kept.sort();
            let mut best = best.clone();
            best.sort();
            assert_eq!(kept, best);
            assert_eq!(m.before.plies - 1 - m.after.plies, *by);
        }
        assert_eq!(
            r.mouse,
            SideSummary {
                moves: shortenings.len(),
                exact: shortenings.iter().filter(|s| s.2 == 0).count(),
                gave_away: 0,
                shortened: marked.len(),
                plies_lost: marked.iter().map(|s| s.2).sum(),
            }
        );
        assert_eq!(
            r.cats,
            SideSummary {
                moves: game.moves().len() - shortenings.len(),
                exact: game.moves().len() - shortenings.len(),
                ..SideSummary::default()
            }
        );
        assert_eq!(r.cats.accuracy().percent(), Some(100), "perfect play is exact");
    }

    #[test]
    fn accuracy_is_the_share_of_moves_that_kept_the_exact_value_in_a_hand_checked_game() {
        let tb = table(4);
        // 4×4; each line: the move, the exact result before → after it (ryg solve --fen), and
        // whether it kept the exact value (the same winner, one ply nearer the end)
        let line = [
            "c1b2", // mouse: cats win in 8 → cats in 7: exact
            "b4a3", // cats: cats in 7 → mouse in 3: gave the win away
            "b2c1", // mouse: mouse in 3 → cats in 5: gave the win away
            "d4c3", // cats: cats in 5 → mouse in 5: gave the win away
            "c1b2", // mouse: mouse in 5 → mouse in 4: exact
            "c3d2", // cats: mouse in 4 → mouse in 3: exact (their only move)
            "b2c3", // mouse: mouse in 3 → mouse in 2: exact
            "d2c1", // cats: mouse in 2 → mouse in 1: exact
            "c3d2", // mouse: mouse in 1 → mouse in 4: still won, but not the fastest: not exact
            "a3b2", // cats: mouse in 4 → mouse in 3: exact (their only move)
            "d2c3", // mouse: mouse in 3 → mouse in 2: exact (its only move)
            "b2a1", // cats: mouse in 2 → mouse in 1: exact (their only move)
            "c3b4", // mouse: mouse in 1 → the mouse has won: exact
        ];
        let mut game = Game::new(Position::start(Size::new(4).unwrap(), None).unwrap());
        for mv in line {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(game.outcome().map(|o| o.winner), Some(Side::Mouse));
        let r = review(&tb, &game).unwrap();
        assert_eq!(r.mouse.accuracy(), Accuracy { exact: 5, moves: 7 });
        assert_eq!(r.cats.accuracy(), Accuracy { exact: 4, moves: 6 });
        // rounded down: 71.4 and 66.7
        assert_eq!((r.mouse.accuracy().percent(), r.cats.accuracy().percent()), (Some(71), Some(66)));
        // the slower win marks nothing in the review, but costs accuracy
        assert_eq!(r.mistakes.iter().map(|m| m.ply).collect::<Vec<_>>(), vec![1, 2, 3]);
        // the same count another way: a move is exact when no other move was better for its side
        let positions = game.positions();
        for side in [Side::Mouse, Side::Cats] {
            let best = positions
                .iter()
                .zip(game.moves())
                .filter(|(p, _)| p.side_to_move() == side)
                .filter(|(p, &mv)| {
                    let moves = judged(&tb, p);
                    let played = moves.iter().find(|(m, _)| *m == mv).unwrap().1;
                    let better = |r: &ExactResult| match (r.winner == side, played.winner == side) {
                        (true, false) => true,
                        (true, true) => r.plies < played.plies,
                        (false, false) => r.plies > played.plies,
                        (false, true) => false,
                    };
                    !moves.iter().any(|(_, r)| better(r))
                })
                .count();
            assert_eq!(best, r.summary(side).exact, "{side:?}");
        }
        let two = r.mouse.accuracy() + r.cats.accuracy();
        assert_eq!((two, two.percent()), (Accuracy { exact: 9, moves: 13 }, Some(69)));
        assert_eq!(Accuracy::default().percent(), None, "no moves, no accuracy");
        assert_eq!([r.mouse.accuracy(), r.cats.accuracy()].into_iter().sum::<Accuracy>(), two);
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
