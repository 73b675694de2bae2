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
    use crate::{Engine, Size};

    #[test]
    fn a_careful_mouse_against_ryg1_on_6x6() {
        let tb = Tablebase::build(Size::new(6).unwrap(), 1, &mut ());
        let start = Position::start(Size::new(6).unwrap(), None).unwrap();
        let spec = EngineSpec::new(Engine::Ryg1, Some(2)).unwrap();
        let models = Opponent::columns();
        let c = engine_chances(spec, &start, Side::Cats, &tb, &models);
        // The mouse wins 6x6 with perfect play: the exploiter (who knows the program) too, and
        // every careful model wins more often than not.
        assert_eq!(c.chances[0], (Opponent::Exploiter, 1.0));
        assert!(c.chances.iter().all(|&(_, p)| (0.0..=1.0).contains(&p)));
        assert!(c.positions > 10);
    }
}
