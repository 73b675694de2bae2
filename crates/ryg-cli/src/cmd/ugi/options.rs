//! The engine's options: what `setoption` may change, the `option` lines that announce them,
//! and the search configuration they make.

use ryg::eval::EvalKind;
use ryg::search::{TableConfig, DEFAULT_TABLE_MEGABYTES};
use ryg::{Engine, EngineSpec, Level, SearchConfig, Size};

/// The largest `Hash` option (MiB).
pub(super) const MAX_HASH: usize = 1024;

/// The engine's options, as `setoption` leaves them.
#[derive(Clone, Debug)]
pub(super) struct Options {
    pub(super) level: Level,
    /// Whether `setoption` chose the level: the engine then plays that level, from the
    /// tablebase, and `isready` does not allocate a search's table it may never use.
    pub(super) level_chosen: bool,
    /// Transposition table MiB; `None`: as the level's player (1 up to depth 8, else 16).
    pub(super) hash: Option<usize>,
    pub(super) size: Size,
    pub(super) eval: EvalKind,
    pub(super) tt: bool,
    pub(super) ordering: bool,
    pub(super) history: bool,
    pub(super) iterative_deepening: bool,
    /// Seed of the random choices; 0: a new one each time the engine starts.
    pub(super) seed: u64,
    /// One of the articles' programs in place of the level (`ryg`: none).
    pub(super) engine: Engine,
    /// The depth a plain `go` searches with `engine` (0: the engine's own default).
    pub(super) depth: u8,
}

impl Default for Options {
    fn default() -> Options {
        let config = SearchConfig::default();
        let techniques = config.alpha_beta().expect("ryg's search is alpha-beta");
        Options {
            level: Level::Search(9),
            level_chosen: false,
            hash: None,
            size: Size::STANDARD,
            eval: config.eval,
            tt: techniques.table.is_some(),
            ordering: techniques.ordering.is_some(),
            history: techniques.history.is_some(),
            iterative_deepening: config.iterative_deepening,
            seed: 0,
            engine: Engine::Ryg,
            depth: 0,
        }
    }
}

/// The `option` lines printed after `ugi`.
pub(super) fn option_lines(o: &Options) -> Vec<String> {
    let check = |name: &str, value: bool| format!("option name {name} type check default {value}");
    vec![
        format!(
            "option name Level type combo default {} var random var 1 var 2 var 3 var 4 var 5 var 6 var 7 var 8 var 9 var perfect",
            o.level
        ),
        format!("option name Hash type spin default {} min 1 max {MAX_HASH}", DEFAULT_TABLE_MEGABYTES),
        format!("option name Size type combo default {} var 4 var 6 var 8 var 10", o.size.n()),
        format!(
            "option name Eval type combo default {} var seed-v1 var seed var classic var default",
            eval_name(o.eval)
        ),
        check("Table", o.tt),
        check("Ordering", o.ordering),
        check("History", o.history),
        check("IterativeDeepening", o.iterative_deepening),
        format!("option name Seed type spin default 0 min 0 max {}", i64::MAX),
        format!(
            "option name Engine type combo default {} {}",
            o.engine,
            Engine::ALL.map(|e| format!("var {e}")).join(" ")
        ),
        format!("option name Depth type spin default {} min 0 max {}", o.depth, ryg::engines::RYG3_MAX_DEPTH),
    ]
}

fn eval_name(eval: EvalKind) -> &'static str {
    match eval {
        EvalKind::SeedV1 => "seed-v1",
        EvalKind::Seed => "seed",
        EvalKind::Classic => "classic",
        EvalKind::Default => "default",
    }
}

fn parse_bool(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!("'{value}' is not true or false")),
    }
}

impl Options {
    /// Applies `setoption name NAME value VALUE`; an error leaves the options unchanged.
    pub(super) fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = value.parse().map_err(|e: ryg::LevelError| e.to_string())?;
                self.level_chosen = true;
            }
            "hash" => {
                self.hash = value
                    .parse::<usize>()
                    .ok()
                    .filter(|h| (1..=MAX_HASH).contains(h))
                    .map(Some)
                    .ok_or_else(|| format!("Hash must be 1 to {MAX_HASH} (MiB), not '{value}'"))?
            }
            "size" => self.size = value.parse().map_err(|e: ryg::SizeError| e.to_string())?,
            "eval" => self.eval = value.parse().map_err(|e: ryg::eval::EvalKindError| e.to_string())?,
            "table" => self.tt = parse_bool(value)?,
            "ordering" => self.ordering = parse_bool(value)?,
            "history" => self.history = parse_bool(value)?,
            "iterativedeepening" => self.iterative_deepening = parse_bool(value)?,
            "seed" => {
                self.seed = value.parse().map_err(|_| format!("Seed must be a number, not '{value}'"))?
            }
            "engine" => {
                let engine: Engine = value.parse().map_err(|e: ryg::EngineError| e.to_string())?;
                if self.depth > 0 {
                    EngineSpec::new(engine, Some(i64::from(self.depth))).map_err(|e| e.to_string())?;
                }
                self.engine = engine;
            }
            "depth" => {
                let depth: i64 =
                    value.parse().map_err(|_| format!("Depth must be a number, not '{value}'"))?;
                if depth != 0 {
                    EngineSpec::new(self.engine, Some(depth)).map_err(|e| e.to_string())?;
                }
                self.depth = depth as u8;
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    /// The articles' program chosen with `setoption name Engine`, at the depth of `Depth` (or
    /// `go_depth`, or its own default).
    pub(super) fn original(&self, go_depth: Option<u8>) -> Option<EngineSpec> {
        if !self.engine.is_original() {
            return None;
        }
        let depth =
            go_depth.or((self.depth > 0).then_some(self.depth)).unwrap_or(self.engine.default_depth());
        Some(EngineSpec { engine: self.engine, depth: depth.min(self.engine.max_depth()) })
    }

    pub(super) fn search_config(&self, depth: u32, margin: i32, seed: u64) -> SearchConfig {
        if self.engine.is_original() {
            return self.engine.config();
        }
        let megabytes = self.hash.unwrap_or(if depth <= 8 { 1 } else { 16 });
        SearchConfig {
            eval: self.eval,
            iterative_deepening: self.iterative_deepening,
            random_ties: Some(seed),
            tie_margin: margin as i16,
            ..SearchConfig::default()
        }
        .with_alpha_beta(|ab| {
            ab.table = self.tt.then(|| TableConfig::megabytes(megabytes));
            ab.ordering = ab.ordering.filter(|_| self.ordering);
            ab.history = ab.history.filter(|_| self.history);
            // A `go` may be stopped at any moment (clock, nodes, `stop`): the heuristic search
            // deepens and keeps the best move of its last iteration, where a stopped proof has
            // none (and allocates a table of up to 512 MiB for every search).
            ab.proof = None;
        })
    }
}
