//! Static evaluation: the C64 program RYG's two versions (`seed-v1`: the mouse's row and
//! mobility; `seed`: and the spread of the cats' rows) and ryg's own, with their first hand-set
//! weights (`classic`) or fitted to the tablebase (`default`, see [`crate::tuning`]); each a
//! table of named terms with weights, from the mouse's point of view. ryg's search scores game
//! ends exactly; the articles' engines ([`crate::engines`]) let the evaluation score them, as
//! RYG did (the mouse on row 0 scores +32, a mouse with no free square −32).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Position, SquareSet};

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
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::SeedV1 => "seed-v1",
            EvalKind::Seed => "seed",
            EvalKind::Classic => "classic",
            EvalKind::Default => "default",
        }
    }

    /// The terms and weights of this evaluation.
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

/// One term's part of an evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermValue {
    pub term: Term,
    /// The feature measured in the position.
    pub feature: i32,
    /// `feature * weight`: the points this term gives the mouse.
    pub points: i32,
}

/// An evaluation taken apart: each term and the total, from the mouse's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub kind: EvalKind,
    pub terms: Vec<TermValue>,
    /// The sum of the terms' points (positive favours the mouse).
    pub total: i32,
}

/// Evaluates `position` term by term, for the mouse.
pub fn evaluate(kind: EvalKind, position: &Position) -> Breakdown {
    let (features, n) = features(kind, position);
    let terms: Vec<TermValue> = kind
        .terms()
        .iter()
        .zip(&features[..n])
        .map(|(&term, &feature)| TermValue { term, feature, points: feature * term.weight })
        .collect();
    let total = terms.iter().map(|t| t.points).sum();
    Breakdown { kind, terms, total }
}

/// The total of [`evaluate`] without the breakdown (for the search), for the mouse.
#[inline]
pub fn score_for_mouse(kind: EvalKind, position: &Position) -> i32 {
    let (features, n) = features(kind, position);
    kind.terms().iter().zip(&features[..n]).map(|(t, f)| t.weight * f).sum()
}

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
    pub fn kind(&self) -> EvalKind {
        self.kind
    }

    /// One weight per term.
    pub fn values(&self) -> &[i32] {
        &self.values[..self.kind.terms().len()]
    }

    /// The evaluation of `position` with these weights, for the mouse.
    #[inline]
    pub fn score_for_mouse(&self, position: &Position) -> i32 {
        let (features, n) = features(self.kind, position);
        self.values[..n].iter().zip(&features[..n]).map(|(w, f)| w * f).sum()
    }

    /// [`evaluate`] with these weights.
    pub fn evaluate(&self, position: &Position) -> Breakdown {
        let mut b = evaluate(self.kind, position);
        for (t, &w) in b.terms.iter_mut().zip(self.values()) {
            t.term.weight = w;
            t.points = t.feature * w;
        }
        b.total = b.terms.iter().map(|t| t.points).sum();
        b
    }
}

/// The features of `kind`'s terms in `position` (the first `n` of the array, in the order of
/// [`EvalKind::terms`]), and `n`.
pub fn features(kind: EvalKind, position: &Position) -> ([i32; MAX_TERMS], usize) {
    let mut out = [0; MAX_TERMS];
    match kind {
        EvalKind::SeedV1 => {
            out[..2].copy_from_slice(&seed_features(position)[..2]);
            (out, 2)
        }
        EvalKind::Seed => {
            out[..3].copy_from_slice(&seed_features(position));
            (out, 3)
        }
        EvalKind::Classic => {
            out[..7].copy_from_slice(&default_features(position)[..7]);
            (out, 7)
        }
        EvalKind::Default => {
            out[..9].copy_from_slice(&default_features(position));
            (out, 9)
        }
    }
}

/// The free squares diagonally around the mouse (off-board squares are not free).
fn mouse_free(position: &Position) -> i32 {
    let m = SquareSet::from_square(position.mouse());
    ((m.up() | m.down()) & position.empty()).len() as i32
}

/// Highest and lowest rank among the cats.
fn cat_ranks(position: &Position) -> (i32, i32) {
    position.cats().fold((0, i32::MAX), |(hi, lo), sq| {
        let r = i32::from(sq.rank());
        (hi.max(r), lo.min(r))
    })
}

/// The articles' values («RYG: función de evaluación – primera versión»): +32 for the mouse on
/// the top rank («Ratón en fila 0 (gana el ratón) => +32 puntos») and −32 for a mouse without a
/// free square («Ratón con 0 movimientos (ganan los gatos) => -32 puntos = $e0»), whoever is to
/// move.
const SEED_GAME_END: i32 = 32;

fn seed_features(position: &Position) -> [i32; 3] {
    let n = i32::from(position.size().n());
    let row = if position.mouse_escaped() { SEED_GAME_END } else { i32::from(position.mouse().rank()) };
    let mobility = match mouse_free(position) {
        0 => -SEED_GAME_END,
        free => free - 4,
    };
    let (hi, lo) = cat_ranks(position);
    let spread = match hi - lo {
        0 => -2 * n,
        1 => -n,
        _ => 0,
    };
    [row, mobility, spread]
}

fn default_features(position: &Position) -> [i32; 9] {
    let row = i32::from(position.mouse().rank());
    let (hi, lo) = cat_ranks(position);
    let passed = position.cats().filter(|c| i32::from(c.rank()) <= row).count() as i32;
    // Flood fill from the mouse through empty squares: reachable room and walk to the top.
    let empty = position.empty();
    let top = position.size().top_rank();
    let mut reach = SquareSet::from_square(position.mouse());
    let mut steps = 0;
    let mut path = None;
    loop {
        if path.is_none() && !(reach & top).is_empty() {
            path = Some(steps);
        }
        let next = reach | ((reach.up() | reach.down()) & empty);
        if next == reach {
            break;
        }
        reach = next;
        steps += 1;
    }
    let room = reach.len() as i32 - 1;
    let (left, right) = position.cats().down_each();
    let cat_moves = (left & empty).len() as i32 + (right & empty).len() as i32;
    [
        row,
        mouse_free(position),
        hi - lo,
        passed,
        i32::from(path.is_some()),
        path.unwrap_or(0),
        room,
        cat_moves,
        row - lo,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features_of(kind: EvalKind, fen: &str) -> Vec<(&'static str, i32)> {
        let b = evaluate(kind, &fen.parse().unwrap());
        assert_eq!(b.total, b.terms.iter().map(|t| t.points).sum::<i32>());
        assert_eq!(b.total, score_for_mouse(kind, &fen.parse().unwrap()));
        b.terms.iter().map(|t| (t.term.name, t.feature)).collect()
    }

    #[test]
    fn seed_terms_of_the_start() {
        // e1: two free squares (d2, f2) -> -2; cats all on rank 8 -> -16.
        let f = features_of(EvalKind::Seed, "1c1c1c1c/8/8/8/8/8/8/4m3 m");
        assert_eq!(f, [("mouse_row", 0), ("mouse_mobility", -2), ("cats_spread", -16)]);
        let b = evaluate(EvalKind::Seed, &Position::standard());
        assert_eq!(b.total, -18);
        // 10x10 scales the spread: -20; 4x4: -8.
        let f = features_of(EvalKind::Seed, "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m");
        assert_eq!(f[2], ("cats_spread", -20));
        let f = features_of(EvalKind::Seed, "1c1c/4/4/2m1 m");
        assert_eq!(f[2], ("cats_spread", -8));
    }

    #[test]
    fn seed_spread_of_one_row_and_open_middle() {
        // Cats on ranks 8 and 7 (spread 1 -> -8); mouse on d4 with all 4 squares free.
        let f = features_of(EvalKind::Seed, "1c1c4/c1c5/8/8/3m4/8/8/8 m");
        assert_eq!(f, [("mouse_row", 3), ("mouse_mobility", 0), ("cats_spread", -8)]);
        let f = features_of(EvalKind::Seed, "1c1c4/8/8/c1c5/3m4/8/8/8 m");
        assert_eq!(f[2], ("cats_spread", 0));
    }

    #[test]
    fn default_terms_see_the_closed_line() {
        let f = features_of(EvalKind::Default, "1c1c1c1c/8/8/8/8/8/8/4m3 m");
        assert_eq!(
            f,
            [
                ("mouse_row", 0),
                ("mouse_mobility", 2),
                ("cats_spread", 0),
                ("cats_passed", 0),
                ("open_path", 0),
                ("path_length", 0),
                ("mouse_room", 27),
                ("cats_mobility", 7),
                ("mouse_lead", -7)
            ]
        );
        // Classic: the same first seven terms.
        assert_eq!(features_of(EvalKind::Classic, "1c1c1c1c/8/8/8/8/8/8/4m3 m"), f[..7]);
        // -82*0 + 35*2 + 27*4 - 66*7 + 62*(-7) and 4*0 + 2*2 + 27*1.
        assert_eq!(score_for_mouse(EvalKind::Default, &Position::standard()), 70 + 108 - 462 - 434);
        assert_eq!(score_for_mouse(EvalKind::Classic, &Position::standard()), 4 + 27);
        // Cats c7 e7 g7 h8 leave b8 open: d4 c5 b6 a7 b8 is a walk of 4 steps.
        let f = features_of(EvalKind::Default, "7c/2c1c1c1/8/8/3m4/8/8/8 m");
        assert_eq!(f[4], ("open_path", 1));
        assert_eq!(f[5], ("path_length", 4));
        assert_eq!(f[3], ("cats_passed", 0));
        // h8 is blocked by g7, the three cats on rank 7 have two moves each; the mouse is
        // three rows below the lowest cats.
        assert_eq!(f[7..], [("cats_mobility", 6), ("mouse_lead", -3)]);
    }

    #[test]
    fn weights_of_their_own() {
        let start = Position::standard();
        let own = Weights::of(EvalKind::Default);
        assert_eq!(own.values(), DEFAULT_TERMS.map(|t| t.weight));
        assert_eq!(own.score_for_mouse(&start), score_for_mouse(EvalKind::Default, &start));
        assert_eq!(own.evaluate(&start), evaluate(EvalKind::Default, &start));
        // Seed features at the start are 0, -2, -16: weights 3, 2, 1 give -4 - 16.
        let w = Weights::new(EvalKind::Seed, &[3, 2, 1]).unwrap();
        assert_eq!(w.score_for_mouse(&start), -20);
        let b = w.evaluate(&start);
        assert_eq!((b.total, b.terms[1].points, b.terms[1].term.weight), (-20, -4, 2));
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
