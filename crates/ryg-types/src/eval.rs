//! Evaluations by name and their terms: RYG's two versions (`seed-v1`, `seed`) and ryg's own
//! (`classic`, hand-set; `default`, fitted to the tablebase), each a table of named terms with
//! weights from the mouse's point of view, and weights of one's own for them. Measuring the
//! terms in a position is the engine's (`ryg::eval`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Which evaluation to use.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EvalKind {
    /// RYG's first evaluation (article "RYG: función de evaluación – primera versión"): the
    /// mouse's row and its mobility.
    SeedV1,
    /// RYG's second evaluation ("– segunda versión"): the first one and the spread of the
    /// cats' rows, scaled to the board size.
    Seed,
    /// ryg's own terms with their first, hand-set weights (see [`CLASSIC_TERMS`]).
    Classic,
    /// ryg's own terms with weights fitted to the tablebase (see [`DEFAULT_TERMS`]).
    #[default]
    Default,
}

/// An evaluation name that is not `seed-v1`, `seed`, `classic` or `default`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown evaluation '{}': expected 'seed-v1', 'seed', 'classic' or 'default'", crate::echo::echo(.0))]
pub struct EvalKindError(pub String);

impl EvalKind {
    /// Every evaluation.
    pub const ALL: [EvalKind; 4] = [EvalKind::SeedV1, EvalKind::Seed, EvalKind::Classic, EvalKind::Default];

    /// The lower-case name (`seed-v1`, `seed`, `classic`, `default`).
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::SeedV1 => "seed-v1",
            EvalKind::Seed => "seed",
            EvalKind::Classic => "classic",
            EvalKind::Default => "default",
        }
    }

    /// The terms and weights of this evaluation.
    #[inline]
    pub const fn terms(self) -> &'static [Term] {
        match self {
            EvalKind::SeedV1 => &SEED_V1_TERMS,
            EvalKind::Seed => &SEED_TERMS,
            EvalKind::Classic => &CLASSIC_TERMS,
            EvalKind::Default => &DEFAULT_TERMS,
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalKind {
    type Err = EvalKindError;

    /// Reads a name; `ryg1-v1` and `ryg1` (the program's names) are accepted for `seed-v1`
    /// and `seed`.
    fn from_str(s: &str) -> Result<EvalKind, EvalKindError> {
        match s.to_ascii_lowercase().as_str() {
            "seed-v1" | "ryg1-v1" => Ok(EvalKind::SeedV1),
            "seed" | "seed-v2" | "ryg1" | "ryg1-v2" => Ok(EvalKind::Seed),
            "classic" => Ok(EvalKind::Classic),
            "default" => Ok(EvalKind::Default),
            _ => Err(EvalKindError(s.to_string())),
        }
    }
}

/// One evaluation term: a feature of the position and its weight (points per unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Short snake_case name, as `ryg eval` prints it.
    pub name: &'static str,
    /// Points for the mouse per unit of the feature.
    pub weight: i32,
    /// What the feature measures.
    pub about: &'static str,
}

/// RYG's terms (the first two are version 1, all three version 2). Each feature already
/// carries the articles' values, counted from the neutral $80; the cats' spread penalty (16 and
/// 8 on 8×8) is scaled by N/8 (2N and N on an N×N board).
pub const SEED_TERMS: [Term; 3] = [
    Term {
        name: "mouse_row",
        weight: 1,
        about: "rows the mouse has advanced (0 on rank 1); +32 on the top rank (the mouse has won)",
    },
    Term {
        name: "mouse_mobility",
        weight: 1,
        about: "0, -1, -2, -3 for 4, 3, 2, 1 free diagonal squares around the mouse; -32 for none",
    },
    Term {
        name: "cats_spread",
        weight: 1,
        about: "cats' rows max - min: 0 gives -2N (-16 on 8x8), 1 gives -N (-8), more gives 0",
    },
];

/// RYG's first version: the mouse's row and mobility.
pub const SEED_V1_TERMS: [Term; 2] = [SEED_TERMS[0], SEED_TERMS[1]];

/// ryg's own terms with their first, hand-set weights.
pub const CLASSIC_TERMS: [Term; 7] = [
    Term { name: "mouse_row", weight: 4, about: "rows the mouse has advanced (0 on rank 1)" },
    Term { name: "mouse_mobility", weight: 2, about: "free diagonal squares around the mouse" },
    Term { name: "cats_spread", weight: 3, about: "cats' rows max - min (a ragged line has holes)" },
    Term {
        name: "cats_passed",
        weight: 40,
        about: "cats on or below the mouse's row (they can no longer block it)",
    },
    Term {
        name: "open_path",
        weight: 30,
        about: "1 when the mouse can walk to the top row through empty squares as things stand",
    },
    Term { name: "path_length", weight: -3, about: "steps of that walk when it exists (0 otherwise)" },
    Term {
        name: "mouse_room",
        weight: 1,
        about: "squares the mouse can reach through empty squares as things stand",
    },
];

/// ryg's own terms with weights fitted to the 8×8 tablebase (Texel-style logistic fit, 100
/// points = odds of e:1; `cargo run --release -p ryg --example tune_eval` prints them), and two
/// terms the classic evaluation does not have.
pub const DEFAULT_TERMS: [Term; 9] = [
    Term { name: "mouse_row", weight: -82, about: CLASSIC_TERMS[0].about },
    Term { name: "mouse_mobility", weight: 35, about: CLASSIC_TERMS[1].about },
    Term { name: "cats_spread", weight: 65, about: CLASSIC_TERMS[2].about },
    Term { name: "cats_passed", weight: 69, about: CLASSIC_TERMS[3].about },
    Term { name: "open_path", weight: 1185, about: CLASSIC_TERMS[4].about },
    Term { name: "path_length", weight: -93, about: CLASSIC_TERMS[5].about },
    Term { name: "mouse_room", weight: 4, about: CLASSIC_TERMS[6].about },
    Term { name: "cats_mobility", weight: -66, about: "the cats' legal moves (as if they were to move)" },
    Term { name: "mouse_lead", weight: 62, about: "the mouse's row minus the lowest cat's row" },
];

/// The most terms an evaluation has.
pub const MAX_TERMS: usize = 12;

/// The largest weight, in absolute value, that [`Weights::new`] accepts: features stay below a
/// few hundred, so no sum can overflow.
pub const MAX_WEIGHT: i32 = 100_000;

/// Weights of their own for an evaluation's terms (one per term, in the order of
/// [`EvalKind::terms`]): what-ifs, such as the Learn section's sliders.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    kind: EvalKind,
    values: [i32; MAX_TERMS],
}

/// Weights that do not fit an evaluation's terms.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightsError {
    #[error("the {kind} evaluation has {expected} terms ({names}), not {given} weights")]
    Count { kind: EvalKind, expected: usize, given: usize, names: String },
    #[error("weight {value} of {term} is out of range: weights lie within ±{max}", max = MAX_WEIGHT)]
    Range { term: &'static str, value: i32 },
}
impl Weights {
    /// `kind`'s own weights.
    pub fn of(kind: EvalKind) -> Weights {
        let mut values = [0; MAX_TERMS];
        for (v, t) in values.iter_mut().zip(kind.terms()) {
            *v = t.weight;
        }
        Weights { kind, values }
    }

    /// `values` as the weights of `kind`'s terms.
    ///
    /// # Errors
    /// When there is not one weight per term, or a weight lies beyond ±[`MAX_WEIGHT`].
    pub fn new(kind: EvalKind, values: &[i32]) -> Result<Weights, WeightsError> {
        let terms = kind.terms();
        if values.len() != terms.len() {
            let names = terms.iter().map(|t| t.name).collect::<Vec<_>>().join(", ");
            return Err(WeightsError::Count { kind, expected: terms.len(), given: values.len(), names });
        }
        let mut out = [0; MAX_TERMS];
        for ((o, &v), t) in out.iter_mut().zip(values).zip(terms) {
            if v.abs() > MAX_WEIGHT {
                return Err(WeightsError::Range { term: t.name, value: v });
            }
            *o = v;
        }
        Ok(Weights { kind, values: out })
    }

    /// The evaluation whose terms these weigh.
    #[inline]
    pub fn kind(&self) -> EvalKind {
        self.kind
    }

    /// One weight per term.
    #[inline]
    pub fn values(&self) -> &[i32] {
        &self.values[..self.kind.terms().len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_fit_their_evaluation() {
        assert_eq!(Weights::of(EvalKind::Default).values(), DEFAULT_TERMS.map(|t| t.weight));
        assert_eq!(Weights::new(EvalKind::Seed, &[3, 2, 1]).unwrap().values(), [3, 2, 1]);
        assert_eq!(
            Weights::new(EvalKind::Seed, &[1, 1]).unwrap_err().to_string(),
            "the seed evaluation has 3 terms (mouse_row, mouse_mobility, cats_spread), not 2 weights"
        );
        assert_eq!(
            Weights::new(EvalKind::Seed, &[1, 100_001, 1]).unwrap_err().to_string(),
            "weight 100001 of mouse_mobility is out of range: weights lie within ±100000"
        );
    }

    #[test]
    fn names_parse() {
        assert_eq!("SEED".parse::<EvalKind>(), Ok(EvalKind::Seed));
        assert_eq!("ryg1-v1".parse::<EvalKind>(), Ok(EvalKind::SeedV1));
        assert_eq!("ryg1".parse::<EvalKind>(), Ok(EvalKind::Seed));
        for kind in EvalKind::ALL {
            assert_eq!(kind.name().parse::<EvalKind>(), Ok(kind));
        }
        assert_eq!(
            "best".parse::<EvalKind>().unwrap_err().to_string(),
            "unknown evaluation 'best': expected 'seed-v1', 'seed', 'classic' or 'default'"
        );
    }
}
