//! The original programs as named engines over the one search, and ryg's own: `ryg1-v1` and
//! `ryg1` (RYG: an explicit game tree searched by plain minimax, evaluation version 1 or
//! 2), `ryg3-v9`, `ryg3-v10` and `ryg3-v11` (RYG3, 2022: alpha-beta with iterative deepening and
//! a hash table of best moves; then move ordering by the hash move; then history tables), and
//! `ryg`. Each is a [`SearchConfig`]; an [`EngineSpec`] adds the depth ("nivel de juego").

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::eval::EvalKind;
use crate::search::{
    AlphaBetaConfig, GameEnds, GenOrder, HistoryRule, Method, NodeRule, OrderRule, SearchConfig,
};
use crate::search::{TableConfig, TableSize, MAX_DEPTH};
use crate::Level;

/// RYG3's table of best moves: 256 entries for each side to move (a one-byte hash).
pub const RYG3_TABLE_SLOTS: usize = 2 * 256;

/// RYG3's bonus for the hash table's move («#HASH_SCORE», «Ordenación de movimientos»).
pub const HASH_SCORE: u16 = 10;

/// RYG3 version 11's cap on a history entry (one byte: $ff).
pub const HISTORY_CAP: u32 = 255;

/// The size of one of RYG's boards in bytes, for the memory an explicit tree takes: the 85
/// bytes the article counts RYG's tree with («3 niveles => 85 bytes x 8 x 4 x 8»,
/// «RYG: programa principal»). The boards were later padded to 88 bytes (11 × 8, for the
/// debugger; the Learn lesson on memory tells both): the count stays the article's.
pub const RYG_BOARD_BYTES: u64 = 85;

/// The deepest level RYG itself offered: its tree had to fit in the C64's memory.
pub const RYG_MAX_DEPTH: u8 = 3;

/// The deepest explicit tree `ryg1` builds (depth 7 from the 8×8 start holds about a million
/// boards; RYG itself played 1 to 3).
pub const RYG1_MAX_DEPTH: u8 = 7;

/// The deepest search the RYG3 engines are asked for (their table never cuts the search off:
/// depth 14 takes seconds).
pub const RYG3_MAX_DEPTH: u8 = 16;

/// A named engine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Engine {
    /// ryg's own search: alpha-beta with every technique and ryg's evaluation.
    #[default]
    Ryg,
    /// RYG with evaluation version 1 (the mouse's row and mobility).
    Ryg1V1,
    /// RYG with evaluation version 2 (and the spread of the cats' rows).
    Ryg1,
    /// RYG3 version 9: alpha-beta, iterative deepening, a hash table of best moves.
    Ryg3V9,
    /// RYG3 version 10: and the hash move tried first (+HASH_SCORE, insertion sort).
    Ryg3V10,
    /// RYG3 version 11: and history tables.
    Ryg3V11,
}

/// An engine name that is not one of [`Engine::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown engine '{}': expected ryg, ryg1-v1, ryg1, ryg3-v9, ryg3-v10 or ryg3-v11", crate::echo::echo(.0))]
pub struct EngineError(pub String);

impl Engine {
    /// Every engine, ryg's own first.
    pub const ALL: [Engine; 6] =
        [Engine::Ryg, Engine::Ryg1V1, Engine::Ryg1, Engine::Ryg3V9, Engine::Ryg3V10, Engine::Ryg3V11];

    /// The articles' programs.
    pub const ORIGINALS: [Engine; 5] =
        [Engine::Ryg1V1, Engine::Ryg1, Engine::Ryg3V9, Engine::Ryg3V10, Engine::Ryg3V11];

    /// The name used on every command line and in the API (`ryg3-v10`).
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Ryg => "ryg",
            Engine::Ryg1V1 => "ryg1-v1",
            Engine::Ryg1 => "ryg1",
            Engine::Ryg3V9 => "ryg3-v9",
            Engine::Ryg3V10 => "ryg3-v10",
            Engine::Ryg3V11 => "ryg3-v11",
        }
    }

    /// The program and version as the articles name them (`RYG3 v10`).
    pub const fn title(self) -> &'static str {
        match self {
            Engine::Ryg => "ryg",
            Engine::Ryg1V1 => "RYG (evaluation v1)",
            Engine::Ryg1 => "RYG (evaluation v2)",
            Engine::Ryg3V9 => "RYG3 v9",
            Engine::Ryg3V10 => "RYG3 v10",
            Engine::Ryg3V11 => "RYG3 v11",
        }
    }

    /// One line on what the engine is.
    pub const fn about(self) -> &'static str {
        match self {
            Engine::Ryg => "ryg's own search: alpha-beta, every technique, ryg's evaluation",
            Engine::Ryg1V1 => "RYG: explicit game tree, plain minimax, evaluation v1 (mouse row and mobility)",
            Engine::Ryg1 => "RYG: explicit game tree, plain minimax, evaluation v2 (+ the cats' row spread)",
            Engine::Ryg3V9 => {
                "RYG3 v9 (2022): alpha-beta, iterative deepening, a hash table of best moves; RYG's evaluation v2"
            }
            Engine::Ryg3V10 => {
                "RYG3 v10 (2022): v9 + the hash move first (+HASH_SCORE 10, insertion sort); RYG's evaluation v2"
            }
            Engine::Ryg3V11 => {
                "RYG3 v11 (2022): v10 + 64x64 history tables (bumped by depth on each table store, capped at 255); RYG's evaluation v2"
            }
        }
    }

    /// Whether this is one of the articles' programs.
    pub const fn is_original(self) -> bool {
        !matches!(self, Engine::Ryg)
    }

    /// Whether the engine builds RYG's explicit tree (plain minimax).
    pub const fn is_ryg1(self) -> bool {
        matches!(self, Engine::Ryg1V1 | Engine::Ryg1)
    }

    /// The depth played when none is given: RYG's deepest level ([`RYG_MAX_DEPTH`]), RYG3's usual 8.
    pub const fn default_depth(self) -> u8 {
        match self {
            Engine::Ryg1V1 | Engine::Ryg1 => RYG_MAX_DEPTH,
            _ => 8,
        }
    }

    /// The deepest search this engine accepts.
    pub const fn max_depth(self) -> u8 {
        match self {
            Engine::Ryg => MAX_DEPTH,
            Engine::Ryg1V1 | Engine::Ryg1 => RYG1_MAX_DEPTH,
            _ => RYG3_MAX_DEPTH,
        }
    }

    /// The evaluation. RYG3's own is not given in the articles this reproduces: its engines
    /// use RYG's version 2.
    pub const fn eval(self) -> EvalKind {
        match self {
            Engine::Ryg => EvalKind::Default,
            Engine::Ryg1V1 => EvalKind::SeedV1,
            _ => EvalKind::Seed,
        }
    }

    /// The search configuration (a depth limit comes with the search's limits).
    pub fn config(self) -> SearchConfig {
        let original = SearchConfig {
            eval: self.eval(),
            gen_order: GenOrder::Articles,
            game_ends: GameEnds::Evaluated,
            random_ties: None,
            tie_margin: 0,
            ..SearchConfig::default()
        };
        match self {
            Engine::Ryg => SearchConfig::default(),
            Engine::Ryg1V1 | Engine::Ryg1 => SearchConfig {
                gen_order: GenOrder::Ryg,
                iterative_deepening: false,
                method: Method::Minimax,
                ..original
            },
            Engine::Ryg3V9 | Engine::Ryg3V10 | Engine::Ryg3V11 => SearchConfig {
                iterative_deepening: true,
                method: Method::AlphaBeta(AlphaBetaConfig {
                    table: Some(TableConfig { size: TableSize::Slots(RYG3_TABLE_SLOTS), cutoffs: false }),
                    node_rule: if self == Engine::Ryg3V9 {
                        NodeRule::Ryg3
                    } else {
                        NodeRule::Ryg3FirstOfEqual
                    },
                    ordering: (self != Engine::Ryg3V9).then_some(OrderRule::HashScore(HASH_SCORE)),
                    history: (self == Engine::Ryg3V11).then_some(HistoryRule::OnStore { cap: HISTORY_CAP }),
                    ..AlphaBetaConfig::plain()
                }),
                ..original
            },
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = EngineError;

    /// Reads a name (case ignored); `ryg1-v2` is accepted for `ryg1`.
    fn from_str(s: &str) -> Result<Engine, EngineError> {
        let lower = s.trim().to_ascii_lowercase();
        let name = if lower == "ryg1-v2" { "ryg1" } else { lower.as_str() };
        Engine::ALL.into_iter().find(|e| e.name() == name).ok_or_else(|| EngineError(s.to_string()))
    }
}

/// An engine and the depth it searches: a seat such as "RYG3 v10 at depth 8".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EngineSpec {
    pub engine: Engine,
    pub depth: u8,
}

/// An engine asked for at a depth it does not play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineSpecError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("{engine} searches depths 1 to {max}, not {depth}", max = .engine.max_depth())]
    Depth { engine: Engine, depth: i64 },
    #[error("bad engine '{}': expected a name such as ryg3-v10, or ryg3-v10@8 with a depth", crate::echo::echo(.0))]
    Syntax(String),
}

impl EngineSpec {
    /// `engine` at `depth` (its default depth when `None`).
    ///
    /// # Errors
    /// When the depth lies outside 1 to the engine's [`Engine::max_depth`].
    pub fn new(engine: Engine, depth: Option<i64>) -> Result<EngineSpec, EngineSpecError> {
        let depth = depth.unwrap_or(i64::from(engine.default_depth()));
        if depth < 1 || depth > i64::from(engine.max_depth()) {
            return Err(EngineSpecError::Depth { engine, depth });
        }
        Ok(EngineSpec { engine, depth: depth as u8 })
    }

    /// The memory RYG's explicit tree of `boards` boards would take on the C64, in bytes.
    pub fn ryg_tree_bytes(boards: u64) -> u64 {
        boards * RYG_BOARD_BYTES
    }

    /// What the articles say of this depth, where RYG could not play it: its tree lived in the
    /// C64's memory, and 4 levels or more did not fit. `None` for RYG3 and depths 1 to 3.
    pub fn memory_note(self) -> Option<&'static str> {
        (self.engine.is_ryg1() && self.depth > RYG_MAX_DEPTH).then_some(
            "RYG itself played depths 1 to 3: its tree lived in the C64's memory, 85 bytes a board \
             (\"RYG: programa principal\": «3 niveles => 85 bytes x 8 x 4 x 8 = 21760 bytes»; four levels \
             «harían falta casi 87 KB»), and «para tres niveles hacían falta 22 KB y para cuatro 90 KB» \
             (\"RYG: ampliar la RAM disponible\")",
        )
    }
}

impl fmt::Display for EngineSpec {
    /// `ryg3-v10@8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.engine, self.depth)
    }
}

impl FromStr for EngineSpec {
    type Err = EngineSpecError;

    /// Reads `ryg3-v10` (its default depth) or `ryg3-v10@8`.
    fn from_str(s: &str) -> Result<EngineSpec, EngineSpecError> {
        let (name, depth) = match s.split_once('@') {
            None => (s, None),
            Some((name, depth)) => {
                let depth =
                    depth.trim().parse::<i64>().map_err(|_| EngineSpecError::Syntax(s.to_string()))?;
                (name, Some(depth))
            }
        };
        EngineSpec::new(name.parse()?, depth)
    }
}

/// A computer seat anywhere (terminal, API, UGI, Python): a level of ryg's, or an engine at
/// a depth. Written `3`, `perfect`, … or `ryg3-v10@8`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlayerSpec {
    Level(Level),
    Engine(EngineSpec),
}

impl PlayerSpec {
    /// Whether it reads the tablebase (levels but `random`; no engine does).
    pub fn needs_tablebase(self) -> bool {
        matches!(self, PlayerSpec::Level(level) if level.needs_tablebase())
    }

    /// Whether it cannot play without the tablebase (`perfect`, `err:F`).
    pub fn only_with_tablebase(self) -> bool {
        matches!(self, PlayerSpec::Level(level) if level.only_with_tablebase())
    }

    /// The name written into records: `ryg level 3`, `RYG3 v10, depth 8`.
    pub fn record_name(self) -> String {
        match self {
            PlayerSpec::Level(level) => format!("ryg level {level}"),
            PlayerSpec::Engine(spec) => format!("{}, depth {}", spec.engine.title(), spec.depth),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(level) => write!(f, "{level}"),
            PlayerSpec::Engine(spec) => write!(f, "{spec}"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// A level (`3`, `perfect`) or an engine (`ryg3-v10`, `ryg3-v10@8`).
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let level_error = match s.parse::<Level>() {
            Ok(level) => return Ok(PlayerSpec::Level(level)),
            Err(e) => e,
        };
        if !s.trim().to_ascii_lowercase().starts_with("ryg") {
            return Err(format!("{level_error}, or an engine such as ryg3-v10@8"));
        }
        s.parse::<EngineSpec>().map(PlayerSpec::Engine).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Algo;

    #[test]
    fn only_ryg_deeper_than_its_three_levels_carries_the_memory_note() {
        let note = |s: &str| s.parse::<EngineSpec>().unwrap().memory_note();
        assert_eq!(note("ryg1@3"), None);
        assert_eq!(note("ryg1-v1@2"), None);
        assert_eq!(note("ryg3-v10@8"), None);
        // The words of «RYG: ampliar la RAM disponible» and «RYG: programa principal».
        assert!(note("ryg1@4")
            .unwrap()
            .contains("«para tres niveles hacían falta 22 KB y para cuatro 90 KB»"));
        assert!(note("ryg1-v1@7").unwrap().contains("«3 niveles => 85 bytes x 8 x 4 x 8 = 21760 bytes»"));
    }

    #[test]
    fn names_round_trip() {
        for engine in Engine::ALL {
            assert_eq!(engine.name().parse::<Engine>(), Ok(engine));
        }
        assert_eq!("RYG3-V10".parse::<Engine>(), Ok(Engine::Ryg3V10));
        assert_eq!("ryg1-v2".parse::<Engine>(), Ok(Engine::Ryg1));
        assert_eq!(
            "ryg2".parse::<Engine>().unwrap_err().to_string(),
            "unknown engine 'ryg2': expected ryg, ryg1-v1, ryg1, ryg3-v9, ryg3-v10 or ryg3-v11"
        );
    }

    #[test]
    fn specs_carry_a_depth_within_range() {
        assert_eq!("ryg3-v10@8".parse(), Ok(EngineSpec { engine: Engine::Ryg3V10, depth: 8 }));
        assert_eq!("ryg1".parse(), Ok(EngineSpec { engine: Engine::Ryg1, depth: 3 }));
        assert_eq!("ryg3-v11".parse::<EngineSpec>().unwrap().to_string(), "ryg3-v11@8");
        assert_eq!(
            "ryg1@9".parse::<EngineSpec>().unwrap_err().to_string(),
            "ryg1 searches depths 1 to 7, not 9"
        );
        assert_eq!(
            "ryg3-v9@x".parse::<EngineSpec>().unwrap_err().to_string(),
            "bad engine 'ryg3-v9@x': expected a name such as ryg3-v10, or ryg3-v10@8 with a depth"
        );
        assert!(EngineSpec::new(Engine::Ryg3V10, Some(0)).is_err());
    }

    #[test]
    fn player_specs_read_levels_and_engines() {
        assert_eq!("3".parse(), Ok(PlayerSpec::Level(Level::Search(3))));
        let spec: PlayerSpec = "ryg3-v10@8".parse().unwrap();
        assert_eq!(spec, PlayerSpec::Engine(EngineSpec { engine: Engine::Ryg3V10, depth: 8 }));
        assert_eq!(spec.to_string(), "ryg3-v10@8");
        assert_eq!(spec.record_name(), "RYG3 v10, depth 8");
        assert!(!spec.needs_tablebase() && PlayerSpec::Level(Level::Perfect).only_with_tablebase());
        assert!("ryg9".parse::<PlayerSpec>().unwrap_err().starts_with("unknown engine 'ryg9'"));
        assert_eq!(
            "12".parse::<PlayerSpec>().unwrap_err(),
            "unknown level '12': expected 1 to 9, 'perfect', 'random' or 'err:F' with F from 0 to 1, or an engine such as ryg3-v10@8"
        );
        assert_eq!("ryg1@8".parse::<PlayerSpec>().unwrap_err(), "ryg1 searches depths 1 to 7, not 8");
    }

    #[test]
    fn the_versions_add_one_technique_each() {
        let [v9, v10, v11] = [Engine::Ryg3V9, Engine::Ryg3V10, Engine::Ryg3V11].map(Engine::config);
        assert_eq!(v9.gen_order, GenOrder::Articles);
        let ab9 = *v9.alpha_beta().unwrap();
        let table = ab9.table.expect("RYG3's table of best moves");
        assert!(v9.iterative_deepening && !table.cutoffs && ab9.ordering.is_none() && ab9.history.is_none());
        assert!(ab9.proof.is_none() && !ab9.mate_distance && !ab9.pvs);
        // Version 10 also keeps the first of equal moves where version 9 kept the last.
        let ab10 = *v10.alpha_beta().unwrap();
        assert_eq!((ab9.node_rule, ab10.node_rule), (NodeRule::Ryg3, NodeRule::Ryg3FirstOfEqual));
        let ordered = |ab: &mut AlphaBetaConfig| {
            ab.ordering = Some(OrderRule::HashScore(HASH_SCORE));
            ab.node_rule = NodeRule::Ryg3FirstOfEqual;
        };
        assert_eq!(v9.with_alpha_beta(ordered), v10);
        assert_eq!(
            v10.with_alpha_beta(|ab| ab.history = Some(HistoryRule::OnStore { cap: HISTORY_CAP })),
            v11
        );
        let ryg1 = Engine::Ryg1.config();
        assert_eq!((ryg1.algo(), ryg1.eval, ryg1.gen_order), (Algo::Minimax, EvalKind::Seed, GenOrder::Ryg));
        assert_eq!(Engine::Ryg.config(), SearchConfig::default());
    }
}
