//! `/api/weights`: the evaluation with weights of one's own, for the Learn section — what each
//! term gives in a position, which move a search of a given depth then chooses (and every root
//! move's score), and how often such a search keeps a won game on a fixed sample judged by the
//! tablebase.

use ryg::eval::{self, EvalKind, Weights};
use ryg::search::{Limits, NoHandler, SearchConfig, Searcher, TableConfig};
use ryg::tuning::{keep_the_win_config, keep_the_win_set, keeps_the_win};
use ryg::{Position, Size, Tablebase};
use serde::Serialize;

use crate::params::{eval_kind, int_param};
use crate::{ErrorCode, Params, QueryError};

/// The deepest search `/api/weights` runs.
pub const MAX_WEIGHTS_DEPTH: u64 = 6;
/// The keep-the-win sample: this many won positions of the board's size ...
pub const KEEP_POSITIONS: usize = 500;
/// ... sampled with this seed (the same set on every request).
pub const KEEP_SEED: u64 = 3;

/// The weights parameter: one whole number per term of `kind`, separated by commas; `kind`'s
/// own weights when absent.
fn weights(params: &Params, kind: EvalKind) -> Result<Weights, QueryError> {
    let Some(text) = params.get("weights") else { return Ok(Weights::of(kind)) };
    let bad = |why: String| {
        QueryError::bad_request(format!("bad weights '{text}': {why}")).with_code(ErrorCode::BadWeights)
    };
    let values = text
        .split(',')
        .map(|w| w.trim().parse::<i32>().map_err(|_| bad(format!("'{}' is not a whole number", w.trim()))))
        .collect::<Result<Vec<i32>, QueryError>>()?;
    Weights::new(kind, &values).map_err(|e| bad(e.to_string()))
}

#[derive(Serialize)]
struct TermReport {
    name: &'static str,
    about: &'static str,
    /// The weight used here.
    weight: i32,
    /// The evaluation's own weight for this term.
    own_weight: i32,
    /// The feature measured in the position.
    feature: i32,
    /// `feature * weight`, for the mouse.
    points: i32,
}

#[derive(Serialize)]
struct MoveScore {
    #[serde(rename = "move")]
    mv: String,
    /// For the side to move, as `ryg analyze` prints scores.
    score: String,
}

#[derive(Serialize)]
struct KeepReport {
    size: u8,
    depth: u8,
    seed: u64,
    positions: usize,
    /// Positions where the search chose a move that keeps the win.
    kept: usize,
}

#[derive(Serialize)]
pub struct WeightsReport {
    fen: String,
    eval: String,
    depth: u8,
    side_to_move: &'static str,
    terms: Vec<TermReport>,
    /// The position's evaluation with these weights, for the mouse.
    total: i32,
    /// What `ryg analyze --depth D` chooses with these weights (`null` once the game is over).
    best_move: Option<String>,
    score: Option<String>,
    nodes: u64,
    /// Every legal move with its score at this depth.
    moves: Vec<MoveScore>,
    /// Keep-the-win with these weights on the board's fixed sample (6×6 and 8×8 only).
    keep: Option<KeepReport>,
}

fn report(tablebase: Option<&Tablebase>, position: &Position, depth: u8, weights: Weights) -> WeightsReport {
    let kind = weights.kind();
    let breakdown = eval::evaluate_with(&weights, position);
    let terms = breakdown
        .terms
        .iter()
        .zip(kind.terms())
        .map(|(t, own)| TermReport {
            name: t.term.name,
            about: t.term.about,
            weight: t.term.weight,
            own_weight: own.weight,
            feature: t.feature,
            points: t.points,
        })
        .collect();
    let over = position.count_moves() == 0;
    // the same search as `ryg analyze --depth D --eval KIND`, with these weights
    let config =
        SearchConfig { eval: kind, weights: Some(weights), ..SearchConfig::default() }.without_proof();
    let mut searcher = Searcher::new(config);
    let (best_move, score, nodes) = if over {
        (None, None, 0)
    } else {
        let r = searcher.search(position, &Limits::depth(depth), &mut NoHandler);
        (r.best_move.map(|m| m.to_string()), Some(r.score.to_string()), r.nodes)
    };
    // each move's search clears its table first: a small one is enough at these depths
    let moves = Searcher::new(config.with_alpha_beta(|ab| ab.table = Some(TableConfig::megabytes(1))))
        .move_scores(position, depth)
        .into_iter()
        .map(|(m, s)| MoveScore { mv: m.to_string(), score: s.to_string() })
        .collect();
    let size = position.size();
    let keep = if let Some(tablebase) = tablebase.filter(|tb| tb.size() == size && keeps(size)) {
        let set = keep_the_win_set(tablebase, KEEP_POSITIONS, KEEP_SEED);
        let config = SearchConfig { weights: Some(weights), ..keep_the_win_config(kind) };
        let kept = keeps_the_win(config, depth, &set);
        Some(KeepReport { size: size.n(), depth, seed: KEEP_SEED, positions: set.len(), kept })
    } else {
        None
    };
    WeightsReport {
        fen: position.fen(),
        eval: kind.to_string(),
        depth,
        side_to_move: position.side_to_move().name(),
        terms,
        total: breakdown.total,
        best_move,
        score,
        nodes,
        moves,
        keep,
    }
}

/// Whether keep-the-win is measured on `size` (6×6 and 8×8).
fn keeps(size: Size) -> bool {
    matches!(size.n(), 6 | 8)
}

/// Weights tried: the position, the depth (1 to [`MAX_WEIGHTS_DEPTH`], 3 when absent) and the
/// weights (`weights=`, else the evaluation's own).
pub struct WeightsQuery {
    position: Position,
    depth: u8,
    weights: Weights,
}

impl WeightsQuery {
    /// The weights `params` ask to try in `position`.
    ///
    /// # Errors
    /// A bad depth, evaluation or weights.
    pub fn parse(position: Position, params: &Params) -> Result<WeightsQuery, QueryError> {
        let depth = int_param(params, "depth", 1..=MAX_WEIGHTS_DEPTH)?.unwrap_or(3) as u8;
        let weights = weights(params, eval_kind(params)?)?;
        Ok(WeightsQuery { position, depth, weights })
    }

    /// The board whose tablebase the answer needs (keep-the-win on 6×6 and 8×8), if any.
    #[must_use]
    pub fn table_size(&self) -> Option<Size> {
        Some(self.position.size()).filter(|&s| keeps(s))
    }

    /// The report, with keep-the-win where `tablebase` is [`WeightsQuery::table_size`]'s.
    #[must_use]
    pub fn answer(&self, tablebase: Option<&Tablebase>) -> WeightsReport {
        report(tablebase, &self.position, self.depth, self.weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params, table};

    fn query(fen: &str, pairs: &[(&str, &str)]) -> WeightsQuery {
        WeightsQuery::parse(fen.parse().unwrap(), &params(pairs)).unwrap()
    }

    /// Zeros for every term of `kind`, as the parameter writes them.
    fn zeros(kind: EvalKind) -> String {
        vec!["0"; kind.terms().len()].join(",")
    }

    const START_8: &str = "1c1c1c1c/8/8/8/8/8/8/4m3 m";
    const START_6: &str = "1c1c1c/6/6/6/6/2m3 m";

    #[test]
    fn each_term_gives_its_weight_times_its_feature() {
        for kind in EvalKind::ALL {
            let r = json(&query(START_8, &[("eval", kind.name())]).answer(None));
            assert_eq!((r["eval"].as_str(), r["depth"].as_u64()), (Some(kind.name()), Some(3)));
            assert_eq!(r["side_to_move"], "mouse");
            let terms = r["terms"].as_array().unwrap();
            assert_eq!(terms.len(), kind.terms().len());
            let mut total = 0;
            for (t, own) in terms.iter().zip(kind.terms()) {
                assert_eq!(
                    (t["name"].as_str(), t["own_weight"].as_i64()),
                    (Some(own.name), Some(i64::from(own.weight)))
                );
                assert_eq!(t["weight"], t["own_weight"]);
                assert_eq!(
                    t["points"].as_i64(),
                    Some(t["feature"].as_i64().unwrap() * t["weight"].as_i64().unwrap())
                );
                total += t["points"].as_i64().unwrap();
            }
            assert_eq!(r["total"], total, "{kind}");
        }
    }

    /// With every weight zero, every position is level: the search and each move score 0.
    #[test]
    fn the_search_uses_the_weights_given() {
        let own = json(&query(START_8, &[]).answer(None));
        assert_ne!(own["score"], "0", "{own}");
        let kind = EvalKind::Default;
        let r = json(&query(START_8, &[("weights", &zeros(kind))]).answer(None));
        assert_eq!(r["total"], 0);
        for t in r["terms"].as_array().unwrap() {
            assert_eq!((t["weight"].as_i64(), t["points"].as_i64()), (Some(0), Some(0)), "{t}");
            assert_ne!(t["own_weight"], 0, "{t}");
        }
        assert_eq!(r["score"], "0");
        let moves = r["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2);
        assert!(moves.iter().all(|m| m["score"] == "0"), "{r}");
        assert!(r["nodes"].as_u64() > Some(0) && r["best_move"].is_string(), "{r}");
    }

    /// `ryg analyze --depth 3 --eval seed`: the same move and score.
    #[test]
    fn the_search_is_ryg_analyzes() {
        let position: Position = START_8.parse().unwrap();
        for kind in EvalKind::ALL {
            let r = json(&query(START_8, &[("eval", kind.name())]).answer(None));
            let config = SearchConfig { eval: kind, ..SearchConfig::default() }.without_proof();
            let found = Searcher::new(config).search(&position, &Limits::depth(3), &mut NoHandler);
            assert_eq!(r["best_move"], found.best_move.unwrap().to_string(), "{kind}");
            assert_eq!(r["score"], found.score.to_string(), "{kind}");
        }
    }

    #[test]
    fn a_finished_game_has_no_search() {
        // the mouse on a1, boxed in by the cat on b2
        let r = json(&query("1c1c1c2/8/8/8/8/8/1c6/m7 m", &[]).answer(None));
        assert!(r["best_move"].is_null() && r["score"].is_null(), "{r}");
        assert_eq!((r["nodes"].as_u64(), r["moves"].as_array().map(Vec::len)), (Some(0), Some(0)));
    }

    #[test]
    fn keep_the_win_is_measured_with_the_boards_own_tablebase() {
        let six = query(START_6, &[("depth", "1")]);
        assert_eq!(six.table_size().map(Size::n), Some(6));
        let keep = &json(&six.answer(Some(table(6))))["keep"];
        assert_eq!((keep["size"].as_u64(), keep["depth"].as_u64()), (Some(6), Some(1)));
        assert_eq!(
            (keep["seed"].as_u64(), keep["positions"].as_u64()),
            (Some(KEEP_SEED), Some(KEEP_POSITIONS as u64))
        );
        let kept = keep["kept"].as_u64().unwrap();
        assert!(kept > 0 && kept <= KEEP_POSITIONS as u64, "{keep}");
        // with no evaluation to go by, the search keeps fewer wins
        let blind = query(START_6, &[("depth", "1"), ("weights", &zeros(EvalKind::Default))]);
        let blind_kept = json(&blind.answer(Some(table(6))))["keep"]["kept"].as_u64().unwrap();
        assert!(blind_kept < kept, "{blind_kept} of {kept}");
        // no tablebase, another board's, or a board without the measure: none
        assert!(json(&six.answer(None))["keep"].is_null());
        let eight = query(START_8, &[("depth", "1")]);
        assert_eq!(eight.table_size().map(Size::n), Some(8));
        assert!(json(&eight.answer(Some(table(6))))["keep"].is_null());
        let four = query("1c1c/4/4/m3 m", &[("depth", "1")]);
        assert_eq!(four.table_size(), None);
        assert!(json(&four.answer(Some(table(4))))["keep"].is_null());
        let ten = query("1c1c1c1c1c/10/10/10/10/10/10/10/10/m9 m", &[("depth", "1")]);
        assert_eq!(ten.table_size(), None);
    }

    #[test]
    fn bad_weights_and_depths_are_refused() {
        let position: Position = START_8.parse().unwrap();
        let n = EvalKind::Default.terms().len();
        for (weights, why) in [
            ("1,x", "'x' is not a whole number".to_string()),
            ("", "'' is not a whole number".to_string()),
            ("1,2", Weights::new(EvalKind::Default, &[1, 2]).unwrap_err().to_string()),
        ] {
            let e = WeightsQuery::parse(position, &params(&[("weights", weights)])).err().unwrap();
            assert_eq!(e.code, ErrorCode::BadWeights, "{weights}");
            assert_eq!(e.message, format!("bad weights '{weights}': {why}"));
        }
        assert!(WeightsQuery::parse(position, &params(&[("weights", &vec!["7"; n].join(", "))])).is_ok());
        for bad in [&[("depth", "7")][..], &[("depth", "0")][..], &[("eval", "x")][..]] {
            let e = WeightsQuery::parse(position, &params(bad)).err().unwrap();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad:?}");
        }
    }
}
