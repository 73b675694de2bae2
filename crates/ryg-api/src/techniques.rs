//! `/api/techniques`: what each search technique is worth — the same position searched to
//! every depth from 1 up, with the transposition table, move ordering, the history heuristic
//! and iterative deepening each switched on or off; nodes and time per depth, and the table
//! and history afterwards.

use ryg::search::{Score, SearchConfig, Searcher};
use ryg::techniques::{measure, DepthMeasure, Measurement};
use ryg::{Engine, Move, Position, Side};
use serde::Serialize;

use crate::params::{eval_kind, int_param, switch};
use crate::think::{HistoryCell, TableReport};
use crate::{Clock, Params, QueryError};

/// The deepest search `/api/techniques` runs.
pub const MAX_TECHNIQUES_DEPTH: u64 = 12;
/// The node budget of each depth's search: past it, the depth is reported unfinished.
pub const TECHNIQUES_NODE_BUDGET: u64 = 3_000_000;

#[derive(Serialize)]
struct Techniques {
    tt: bool,
    ordering: bool,
    history: bool,
    iterative_deepening: bool,
}

#[derive(Serialize)]
struct DepthReport {
    depth: u8,
    /// Every board the search entered (ryg's count).
    nodes: u64,
    /// The boards searched with depth left: RYG3's count, the articles' figures' basis.
    interior_nodes: u64,
    seconds: f64,
    best_move: Option<String>,
    score: Option<String>,
    /// False when the node budget ran out first.
    finished: bool,
}

/// One root move of the deepest depth with its exact score there, for the mouse (as the
/// lessons' trees give every value).
#[derive(Serialize)]
struct RootMove {
    #[serde(rename = "move")]
    mv: String,
    score: String,
}

#[derive(Serialize)]
pub struct TechniquesReport {
    fen: String,
    eval: String,
    /// The articles' program measured (`engine=`), if one was.
    engine: Option<&'static str>,
    depth: u8,
    techniques: Techniques,
    node_budget: u64,
    depths: Vec<DepthReport>,
    /// The transposition table after the deepest search (`null` with the table off).
    table: Option<TableReport>,
    /// The history table after the deepest search (empty with history off).
    history: Vec<HistoryCell>,
    /// With `engine=`: every root move and its score at the deepest depth, in the program's
    /// generation order, so that equal scores (the ties its rule breaks) show.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    root_moves: Vec<RootMove>,
    /// With `engine=`: what the articles measured for that program, where they give figures
    /// (the engine's own record of them, `ryg::techniques`), else `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    article: Option<Option<ArticleFigures>>,
}

/// The articles' figures for one of their programs: at the position after e1f2 (`fen`), depth
/// `depth`, RYG3's count of its search routine's calls, the move it played, and the time the
/// article gives for the search (at most that many seconds), where it gives one.
#[derive(Serialize)]
struct ArticleFigures {
    fen: &'static str,
    depth: u8,
    interior_nodes: u64,
    best_move: &'static str,
    seconds_at_most: Option<f64>,
}

impl ArticleFigures {
    fn of(engine: Engine) -> Option<ArticleFigures> {
        use ryg::techniques::{
            ARTICLES_DEPTH, ARTICLES_FEN, ARTICLES_MOVES, ARTICLES_NODES, ARTICLES_SECONDS,
        };
        let nodes = ARTICLES_NODES.iter().find(|(e, _)| *e == engine)?.1;
        let best_move = ARTICLES_MOVES.iter().find(|(e, _)| *e == engine)?.1;
        let seconds_at_most = (ARTICLES_SECONDS.0 == engine).then_some(ARTICLES_SECONDS.1);
        Some(ArticleFigures {
            fen: ARTICLES_FEN,
            depth: ARTICLES_DEPTH,
            interior_nodes: nodes,
            best_move,
            seconds_at_most,
        })
    }
}

/// The configuration the parameters ask for: `engine=` one of the articles' programs (its
/// own evaluation and techniques: `eval` and the switches, read all the same, are then
/// ignored), or ryg's search with `eval` and the four switches. A bad value is refused either
/// way (before, beside `engine=` it was ignored unread).
fn config_of(params: &Params) -> Result<(SearchConfig, Option<Engine>), QueryError> {
    let (table, ordering, history) =
        (switch(params, "tt")?, switch(params, "ordering")?, switch(params, "history")?);
    let config = SearchConfig {
        eval: eval_kind(params)?,
        iterative_deepening: switch(params, "id")?,
        ..SearchConfig::default()
    }
    .with_alpha_beta(|ab| {
        ab.proof = None;
        ab.table = ab.table.filter(|_| table);
        ab.ordering = ab.ordering.filter(|_| ordering);
        ab.history = ab.history.filter(|_| history);
    });
    if let Some(name) = params.get("engine") {
        let engine: Engine =
            name.parse().map_err(|e: ryg::EngineError| QueryError::bad_request(e.to_string()))?;
        return Ok((engine.config(), Some(engine)));
    }
    Ok((config, None))
}

impl TechniquesReport {
    fn of(
        position: &Position,
        depth: u8,
        config: SearchConfig,
        engine: Option<Engine>,
        m: Measurement,
        root_moves: Vec<(Move, Score)>,
    ) -> Self {
        let depths = m.depths.into_iter().map(DepthReport::from).collect();
        TechniquesReport {
            fen: position.fen(),
            eval: config.eval.to_string(),
            engine: engine.map(|e| e.name()),
            depth,
            techniques: Techniques {
                tt: config.uses_table(),
                ordering: config.alpha_beta().is_some_and(|ab| ab.ordering.is_some()),
                history: config.alpha_beta().is_some_and(|ab| ab.history.is_some()),
                iterative_deepening: config.iterative_deepening,
            },
            node_budget: TECHNIQUES_NODE_BUDGET,
            depths,
            table: config.uses_table().then(|| TableReport::of(&m.searcher)),
            history: HistoryCell::all(&m.searcher),
            root_moves: root_moves
                .into_iter()
                .map(|(mv, score)| RootMove { mv: mv.to_string(), score: score.to_string() })
                .collect(),
            article: engine.map(ArticleFigures::of),
        }
    }
}

impl From<DepthMeasure> for DepthReport {
    fn from(d: DepthMeasure) -> DepthReport {
        DepthReport {
            depth: d.depth,
            nodes: d.nodes,
            interior_nodes: d.interior_nodes,
            seconds: d.seconds,
            best_move: d.best_move.map(|m| m.to_string()),
            score: d.score.map(|s| s.to_string()),
            finished: d.finished,
        }
    }
}

/// A measurement asked for: the position, the deepest depth (8 when absent) and the search.
pub struct TechniquesQuery {
    position: Position,
    depth: u8,
    config: SearchConfig,
    engine: Option<Engine>,
}

impl TechniquesQuery {
    /// The measurement `params` ask for in `position`.
    ///
    /// # Errors
    /// A bad depth, engine, evaluation or switch.
    pub fn parse(position: Position, params: &Params) -> Result<TechniquesQuery, QueryError> {
        let depth = int_param(params, "depth", 1..=MAX_TECHNIQUES_DEPTH)?.unwrap_or(8) as u8;
        let (config, engine) = config_of(params)?;
        Ok(TechniquesQuery { position, depth, config, engine })
    }

    /// Searches every depth, timing each with `clock`.
    #[must_use]
    pub fn answer(&self, clock: Clock<'_>) -> TechniquesReport {
        let m = measure(&self.position, self.config, self.depth, TECHNIQUES_NODE_BUDGET, clock);
        // a search of its own: the measured one's tables stay as its deepest depth left them
        let root_moves = if self.engine.is_some() {
            let cats = self.position.side_to_move() == Side::Cats;
            let scores = Searcher::new(self.config.without_proof()).move_scores(&self.position, self.depth);
            scores.into_iter().map(|(mv, s)| (mv, if cats { -s } else { s })).collect()
        } else {
            Vec::new()
        };
        TechniquesReport::of(&self.position, self.depth, self.config, self.engine, m, root_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params};
    use crate::ErrorCode;

    const CATS_TO_MOVE: &str = "1c1c1c1c/8/8/8/8/8/5m2/8 c";

    fn report(params: &[(&str, &str)]) -> serde_json::Value {
        report_in(CATS_TO_MOVE, params)
    }

    fn report_in(fen: &str, pairs: &[(&str, &str)]) -> serde_json::Value {
        let query = TechniquesQuery::parse(fen.parse().unwrap(), &params(pairs)).unwrap();
        json(&query.answer(&mut || 0.0))
    }

    /// With `engine=`, the articles' figures for that program come with the measurement:
    /// version 9's and 10's counts and moves, 10's time; none for 11, and no field without.
    #[test]
    fn an_articles_program_comes_with_the_articles_figures() {
        let v9 = report(&[("engine", "ryg3-v9"), ("depth", "2")]);
        assert_eq!(v9["article"]["interior_nodes"], 17_717);
        assert_eq!(v9["article"]["best_move"], "h8g7");
        assert_eq!(v9["article"]["depth"], 8);
        assert_eq!(v9["article"]["fen"], "1c1c1c1c/8/8/8/8/8/5m2/8 c");
        assert!(v9["article"]["seconds_at_most"].is_null());
        let v10 = report(&[("engine", "ryg3-v10"), ("depth", "2")]);
        assert_eq!(v10["article"]["interior_nodes"], 10_744);
        assert_eq!(v10["article"]["best_move"], "b8a7");
        assert_eq!(v10["article"]["seconds_at_most"], 90.0);
        let v11 = report(&[("engine", "ryg3-v11"), ("depth", "2")]);
        assert!(v11["article"].is_null() && v11.as_object().unwrap().contains_key("article"));
        assert!(!report(&[("depth", "2")]).as_object().unwrap().contains_key("article"));
    }

    /// The article's experiment: four cat moves tie at depth 8, for the mouse −13; version 9
    /// plays the last of them, version 10 the first.
    #[test]
    fn an_articles_program_answers_its_root_moves_and_their_tie() {
        for (engine, played) in [("ryg3-v9", "h8g7"), ("ryg3-v10", "b8a7")] {
            let r = report(&[("engine", engine), ("depth", "8")]);
            let moves = r["root_moves"].as_array().unwrap();
            assert_eq!(moves.len(), 7);
            let tied: Vec<&str> =
                moves.iter().filter(|m| m["score"] == "-13").map(|m| m["move"].as_str().unwrap()).collect();
            assert_eq!(tied, ["b8a7", "d8c7", "f8e7", "h8g7"]);
            assert!(moves.iter().all(|m| m["score"].as_str().unwrap().parse::<i32>().unwrap() >= -13));
            assert_eq!(r["depths"][7]["best_move"], played);
        }
        // ryg's own search: no root moves
        assert!(report(&[("depth", "3")]).get("root_moves").is_none());
    }

    /// The best root move's score is the deepest depth's, for the mouse whoever moves.
    #[test]
    fn root_moves_are_scored_for_the_mouse() {
        for (fen, mouse) in [(CATS_TO_MOVE, false), ("1c1c1c1c/8/8/8/8/8/8/4m3 m", true)] {
            let r = report_in(fen, &[("engine", "ryg3-v11"), ("depth", "5")]);
            assert_eq!(r["engine"], "ryg3-v11");
            let scores = r["root_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["score"].as_str().unwrap().parse::<i32>().unwrap());
            let best = if mouse { scores.max() } else { scores.min() };
            let deepest: i32 = r["depths"][4]["score"].as_str().unwrap().parse().unwrap();
            assert_eq!(best, Some(if mouse { deepest } else { -deepest }), "{fen}");
        }
    }

    #[test]
    fn each_technique_is_switched_on_or_off() {
        let r = report(&[
            ("depth", "3"),
            ("eval", "seed"),
            ("tt", "0"),
            ("ordering", "off"),
            ("history", "false"),
            ("id", "0"),
        ]);
        assert_eq!(
            r["techniques"],
            serde_json::json!({"tt": false, "ordering": false, "history": false, "iterative_deepening": false})
        );
        assert_eq!((r["eval"].as_str(), r["depth"].as_u64()), (Some("seed"), Some(3)));
        assert!(r["engine"].is_null() && r["table"].is_null(), "{r}");
        assert_eq!(r["history"], serde_json::json!([]));
        assert_eq!(r["node_budget"], TECHNIQUES_NODE_BUDGET);
        let r = report(&[]);
        assert_eq!(
            r["techniques"],
            serde_json::json!({"tt": true, "ordering": true, "history": true, "iterative_deepening": true})
        );
        assert_eq!((r["eval"].as_str(), r["depth"].as_u64()), (Some("default"), Some(8)));
        assert!(r["table"]["stores"].as_u64() > Some(0), "{r}");
        assert!(!r["history"].as_array().unwrap().is_empty());
        let depths = r["depths"].as_array().unwrap();
        assert_eq!(depths.len(), 8);
        for (d, depth) in depths.iter().enumerate() {
            assert_eq!(depth["depth"], d + 1);
            assert!(depth["finished"] == true && depth["best_move"].is_string(), "{depth}");
            assert!(depth["interior_nodes"].as_u64() < depth["nodes"].as_u64(), "{depth}");
        }
    }

    #[test]
    fn a_bad_value_is_refused_with_or_without_an_engine() {
        let position: Position = CATS_TO_MOVE.parse().unwrap();
        for pairs in [
            &[("depth", "13")][..],
            &[("depth", "0")][..],
            &[("engine", "ryg4")][..],
            &[("engine", "ryg3-v9"), ("tt", "maybe")][..],
            &[("engine", "ryg3-v9"), ("eval", "best")][..],
            &[("id", "2")][..],
        ] {
            let e = TechniquesQuery::parse(position, &params(pairs)).err().unwrap();
            assert_eq!(e.code, ErrorCode::BadRequest, "{pairs:?}");
        }
    }
}
