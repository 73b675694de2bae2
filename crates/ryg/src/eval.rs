//! Static evaluation: the C64 program RYG's two versions (`seed-v1`: the mouse's row and
//! mobility; `seed`: and the spread of the cats' rows) and ryg's own, with their first hand-set
//! weights (`classic`) or fitted to the tablebase (`default`, see [`crate::tuning`]); each a
//! table of named terms with weights, from the mouse's point of view. ryg's search scores game
//! ends exactly; the articles' engines ([`crate::engines`]) let the evaluation score them, as
//! RYG did (the mouse on row 0 scores +32, a mouse with no free square −32).

use crate::{Position, SquareSet};

// The evaluations' names, terms and weights: the same types in both builds.
pub use ryg_types::eval::{
    EvalKind, EvalKindError, Term, Weights, WeightsError, CLASSIC_TERMS, DEFAULT_TERMS, MAX_TERMS, MAX_WEIGHT,
    SEED_TERMS, SEED_V1_TERMS,
};

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

/// The evaluation of `position` with `weights`, for the mouse (the total of
/// [`evaluate_with`], for the search).
#[inline]
pub fn score_with(weights: &Weights, position: &Position) -> i32 {
    let (features, n) = features(weights.kind(), position);
    weights.values().iter().zip(&features[..n]).map(|(w, f)| w * f).sum()
}

/// [`evaluate`] with `weights`.
pub fn evaluate_with(weights: &Weights, position: &Position) -> Breakdown {
    let mut b = evaluate(weights.kind(), position);
    for (t, &w) in b.terms.iter_mut().zip(weights.values()) {
        t.term.weight = w;
        t.points = t.feature * w;
    }
    b.total = b.terms.iter().map(|t| t.points).sum();
    b
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
        assert_eq!(score_with(&own, &start), score_for_mouse(EvalKind::Default, &start));
        assert_eq!(evaluate_with(&own, &start), evaluate(EvalKind::Default, &start));
        // Seed features at the start are 0, -2, -16: weights 3, 2, 1 give -4 - 16.
        let w = Weights::new(EvalKind::Seed, &[3, 2, 1]).unwrap();
        assert_eq!(score_with(&w, &start), -20);
        let b = evaluate_with(&w, &start);
        assert_eq!((b.total, b.terms[1].points, b.terms[1].term.weight), (-20, -4, 2));
    }
}
