//! The exact chance that a human side beats one of the articles' programs: the program is
//! deterministic, so a dynamic program over every position reachable with the human free and
//! the program answering gives, for each human model of `ryg levels`, the exact winning chance
//! (and whether an exploiter, who knows the program, wins at all).

use std::collections::HashMap;

use super::{distribution, Opponent};
use crate::search::{Limits, NoHandler, Searcher};
use crate::{EngineSpec, Level, Position, Side, Tablebase};

/// The human's winning chance against a program from one start, for each opponent model.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineChances {
    /// `(model, chance)`, in the order asked.
    pub chances: Vec<(Opponent, f64)>,
    /// Positions the dynamic program visited (each computer one searched once).
    pub positions: usize,
}

/// The human's (the side other than `computer`'s) chance of winning from `start` against
/// `spec`, for each of `models`; the tablebase gives the human model's moves and the results.
pub fn engine_chances(
    spec: EngineSpec,
    start: &Position,
    computer: Side,
    tablebase: &Tablebase,
    models: &[Opponent],
) -> EngineChances {
    let mut dp = Dp {
        spec,
        searcher: Searcher::new(spec.engine.config()),
        computer,
        tablebase,
        models,
        memo: HashMap::new(),
    };
    let chances = dp.value(start);
    EngineChances { chances: models.iter().copied().zip(chances).collect(), positions: dp.memo.len() }
}

struct Dp<'a> {
    spec: EngineSpec,
    searcher: Searcher,
    computer: Side,
    tablebase: &'a Tablebase,
    models: &'a [Opponent],
    memo: HashMap<Position, Vec<f64>>,
}

impl Dp<'_> {
    fn value(&mut self, position: &Position) -> Vec<f64> {
        if let Some(v) = self.memo.get(position) {
            return v.clone();
        }
        let v = match position.outcome() {
            Some(outcome) => vec![if outcome.winner == self.computer { 0.0 } else { 1.0 }; self.models.len()],
            None if position.side_to_move() == self.computer => {
                let r = self.searcher.search(position, &Limits::depth(self.spec.depth), &mut NoHandler);
                let mv = r.best_move.expect("a position that is not over has a move");
                self.value(&position.play(mv).expect("the search plays legal moves"))
            }
            None => {
                let children: Vec<(crate::Move, Vec<f64>)> = position
                    .legal_moves()
                    .iter()
                    .map(|&mv| (mv, self.value(&position.play(mv).expect("legal"))))
                    .collect();
                self.models
                    .iter()
                    .enumerate()
                    .map(|(i, model)| match model {
                        Opponent::Exploiter => children.iter().map(|(_, v)| v[i]).fold(0.0, f64::max),
                        Opponent::Err(rate) => distribution(Level::Err(*rate), position, self.tablebase)
                            .iter()
                            .map(|&(mv, p)| {
                                p * children.iter().find(|(m, _)| *m == mv).map_or(0.0, |(_, v)| v[i])
                            })
                            .sum(),
                    })
                    .collect()
            }
        };
        self.memo.insert(*position, v.clone());
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, Size, Square};

    /// What `ryg levels --size 6 --engine ryg1@2 --json` prints (crates/ryg-cli/tests/
    /// levels_engine.rs pins the same): per start, the exploiter's and err 0.02…0.3's chances
    /// and the positions visited.
    #[rustfmt::skip]
    const RYG1_AT_2: [(&str, [f64; 6], usize); 3] = [
        ("a1", [1.0, 0.9991296589010067, 0.9946463031295926, 0.9791890507610357, 0.9219684399297705, 0.8369738160306246], 240),
        ("c1", [1.0, 0.9991420813295147, 0.9947319698658446, 0.9795751284485915, 0.923726497888229, 0.8410799456171871], 250),
        ("e1", [1.0, 0.9991547393026662, 0.9948214404382879, 0.979992771100501, 0.925742079305619, 0.8460254964264996], 246),
    ];

    /// The same for careful cats against `ryg3-v10@4` playing the mouse, from a1 and c1:
    /// keeping the first of equal moves, version 10 never loses the mouse's side on 6×6 at
    /// depth 4, whatever the cats play.
    #[rustfmt::skip]
    const RYG3_V10_AT_4_AS_MOUSE: [(&str, [f64; 6], usize); 2] = [
        ("a1", [0.0; 6], 1358),
        ("c1", [0.0; 6], 1362),
    ];

    /// Each start square's chances against `spec` with the computer on `computer`, 6×6.
    fn on_6x6(spec: EngineSpec, computer: Side) -> Vec<(Square, EngineChances)> {
        let size = Size::new(6).unwrap();
        let tb = Tablebase::build(size, 1, &mut ());
        size.rank(0)
            .map(|sq| {
                let start = Position::start(size, Some(sq)).unwrap();
                (sq, engine_chances(spec, &start, computer, &tb, &Opponent::columns()))
            })
            .collect()
    }

    fn assert_row(seen: &(Square, EngineChances), (start, want, positions): &(&str, [f64; 6], usize)) {
        let (sq, c) = seen;
        assert_eq!((sq.to_string().as_str(), c.positions), (*start, *positions));
        assert_eq!(c.chances.iter().map(|&(o, _)| o).collect::<Vec<_>>(), Opponent::columns());
        for (&(o, p), w) in c.chances.iter().zip(want) {
            assert!((p - w).abs() < 1e-12, "from {start}, {o}: {p}, pinned {w}");
        }
    }

    #[test]
    fn a_careful_mouse_against_ryg1_on_6x6() {
        let rows = on_6x6(EngineSpec::new(Engine::Ryg1, Some(2)).unwrap(), Side::Cats);
        // The mouse wins 6x6 with perfect play, so the exploiter wins with certainty from every
        // start; the careful models win less often the more they err.
        assert_eq!(rows.len(), RYG1_AT_2.len());
        for (seen, want) in rows.iter().zip(&RYG1_AT_2) {
            assert_row(seen, want);
            assert!(want.1.windows(2).all(|w| w[0] > w[1]));
        }
    }

    #[test]
    fn careful_cats_against_ryg3_v10_playing_the_mouse_on_6x6() {
        let rows = on_6x6(EngineSpec::new(Engine::Ryg3V10, Some(4)).unwrap(), Side::Mouse);
        for (seen, want) in rows.iter().zip(&RYG3_V10_AT_4_AS_MOUSE) {
            assert_row(seen, want);
        }
        // The program answers both c1 and e1 with d2: the same game from there on.
        assert_eq!(rows[2].1, rows[1].1);
    }
}
