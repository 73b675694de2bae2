//! `ryg analyze`: search a position (iterative deepening, one line per iteration) and give
//! the best move. Also home of the search switches and limits other commands share.

use crate::out::outln;
use std::time::{Duration, Instant};

use anyhow::Result;
use ryg::search::{
    Algo, AlphaBetaConfig, DistanceSearch, HistoryRule, Method, OrderRule, ProofConfig, ProofTable,
};
use ryg::search::{SearchConfig, TableConfig, MAX_DEPTH};
use ryg::Engine;

use crate::args::{EvalArg, JsonArg, PositionArgs};

/// How to search: an engine (ryg's own or one of the articles' programs), or the method,
/// evaluation and a switch per technique.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// Search as this engine: ryg, or the articles' programs ryg1-v1, ryg1 (RYG, minimax on
    /// an explicit tree; default depth 3), ryg3-v9, ryg3-v10, ryg3-v11 (RYG3, alpha-beta;
    /// default depth 8). Replaces --algo, --eval and the technique switches
    #[arg(long, value_name = "NAME", conflicts_with_all = ["algo", "eval", "no_tt", "no_ordering", "no_history", "no_id", "no_mdp", "pvs", "no_prove"])]
    pub engine: Option<Engine>,
    /// Search method
    #[arg(long, value_name = "minimax|alphabeta", default_value = "alphabeta")]
    pub algo: Algo,
    #[command(flatten)]
    pub eval: EvalArg,
    /// Turn off the transposition table
    #[arg(long)]
    pub no_tt: bool,
    /// Turn off move ordering (search moves in generation order)
    #[arg(long)]
    pub no_ordering: bool,
    /// Turn off the history heuristic
    #[arg(long)]
    pub no_history: bool,
    /// Turn off iterative deepening (one search at the full depth)
    #[arg(long)]
    pub no_id: bool,
    /// Turn off mate distance pruning
    #[arg(long)]
    pub no_mdp: bool,
    /// Turn on principal variation search (null windows after the first move; off by default)
    #[arg(long)]
    pub pvs: bool,
    /// Transposition table size in MiB
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub hash: u16,
    /// Choose uniformly among equally good moves, with this seed (default: the first found)
    #[arg(long, value_name = "SEED")]
    pub random_ties: Option<u64>,
    /// Without any limit (--depth, --movetime, --nodes), deepen the heuristic search until it
    /// proves instead of running the proving search (--no-tt, --no-ordering and --no-mdp also switch the proving search's
    /// bound table, ordering and mate-distance pruning)
    #[arg(long)]
    pub no_prove: bool,
    /// Proving search: no win/loss test before the distance
    #[arg(long)]
    pub no_win_first: bool,
    /// Proving search: how the distance is found
    #[arg(long, value_name = "bisect|step|window", default_value = "window")]
    pub distance: DistanceSearch,
    /// Proving search: no enhanced transposition cut-offs
    #[arg(long)]
    pub no_etc: bool,
    /// Proving search: no bound for a mouse that has passed every cat
    #[arg(long)]
    pub no_free_mouse: bool,
    /// Proving search: bound table size in MiB (default by board: 1, 1, 4, 512)
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u16).range(1..=4096))]
    pub proof_hash: Option<u16>,
}

impl SearchArgs {
    /// The depth to search: for the articles' engines, `depth` checked against what the engine
    /// plays, or its default depth when no limit is given (their searches prove nothing, so
    /// they need a depth).
    ///
    /// # Errors
    /// A [`UsageError`](crate::args::UsageError) for a depth the engine does not play.
    pub fn engine_depth(&self, depth: Option<u8>, other_limit: bool) -> Result<Option<u8>> {
        match self.engine.filter(|e| e.is_original()) {
            None => Ok(depth),
            Some(_) if depth.is_none() && other_limit => Ok(None),
            Some(engine) => {
                let spec = ryg::EngineSpec::new(engine, depth.map(i64::from))
                    .map_err(|err| crate::args::UsageError(err.to_string()))?;
                Ok(Some(spec.depth))
            }
        }
    }

    /// The library configuration these switches describe.
    pub fn config(&self) -> SearchConfig {
        if let Some(engine) = self.engine {
            return SearchConfig { random_ties: self.random_ties, ..engine.config() };
        }
        let proof = ProofConfig {
            win_first: !self.no_win_first,
            distance: self.distance,
            table: (!self.no_tt)
                .then_some(ProofTable { etc: !self.no_etc, megabytes: self.proof_hash.map(usize::from) }),
            ordering: !self.no_ordering,
            free_mouse: !self.no_free_mouse,
            mate_distance: !self.no_mdp,
        };
        let techniques = AlphaBetaConfig {
            table: (!self.no_tt).then(|| TableConfig::megabytes(usize::from(self.hash))),
            ordering: (!self.no_ordering).then_some(OrderRule::TableFirst),
            history: (!self.no_history).then_some(HistoryRule::CutOffs),
            mate_distance: !self.no_mdp,
            pvs: self.pvs,
            proof: (!self.no_prove).then_some(proof),
            ..AlphaBetaConfig::default()
        };
        SearchConfig {
            eval: self.eval.eval,
            weights: None,
            iterative_deepening: !self.no_id,
            random_ties: self.random_ties,
            tie_margin: 0,
            method: match self.algo {
                Algo::Minimax => Method::Minimax,
                Algo::AlphaBeta => Method::AlphaBeta(techniques),
            },
            ..SearchConfig::default()
        }
    }
}

/// When to stop: depth, time, nodes (none given: search until the game's end is proved).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Search this many plies deep
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
    pub depth: Option<u8>,
    /// Stop after this many milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Stop after exactly this many nodes
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

/// The command line's search handler: a clock for `--movetime`, per-iteration times, and
/// (in text mode) a line per iteration as it finishes.
pub struct ClockHandler {
    started: Instant,
    deadline: Option<Duration>,
    print: bool,
    /// Seconds at the end of each iteration.
    pub seconds: Vec<f64>,
    /// A failed write of an iteration line: the search stops and the command reports it.
    pub failed: Option<crate::out::StdoutError>,
}

impl ClockHandler {
    pub fn new(movetime_ms: Option<u64>, print: bool) -> ClockHandler {
        ClockHandler {
            started: Instant::now(),
            deadline: movetime_ms.map(Duration::from_millis),
            print,
            seconds: Vec::new(),
            failed: None,
        }
    }

    pub fn elapsed(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

/// The handler serves both engines: the default one and the wide one (12×12 and 14×14).
macro_rules! clock_handler {
    ($engine:ident) => {
        impl $engine::search::SearchHandler for ClockHandler {
            fn should_stop(&mut self, nodes: u64) -> bool {
                if self.failed.is_some() || crate::interrupt::interrupted() {
                    return true;
                }
                match self.deadline {
                    Some(limit) if nodes & 1023 == 0 => self.started.elapsed() >= limit,
                    _ => false,
                }
            }

            fn on_iteration(&mut self, it: &$engine::search::Iteration) {
                let seconds = self.elapsed();
                self.seconds.push(seconds);
                if self.print && self.failed.is_none() {
                    let written = outln!(
                        "depth {:>3}  score {:>9}  nodes {:>11}  time {:>8.3} s  pv {}",
                        it.depth,
                        it.score.to_string(),
                        it.nodes,
                        seconds,
                        $engine::report::move_names(&it.pv).join(" ")
                    );
                    self.failed = written.err();
                }
            }
        }
    };
}
clock_handler!(ryg);
clock_handler!(ryg_wide);

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

/// One analysis in one engine: `$engine` is `ryg` (boards up to 10×10, the faster 64-bit
/// square sets) or `ryg_wide` (12×12 and 14×14).
macro_rules! analyze {
    ($engine:ident, $position:expr, $config:expr, $args:expr) => {{
        let args = $args;
            let mut config = $config;
            // The proving search runs without any limit; with --movetime or --nodes the heuristic
            // search deepens, so a limit still leaves the best move of the last iteration.
            if args.limits.movetime.is_some() || args.limits.nodes.is_some() {
                config = config.without_proof();
            }
            let mut searcher = $engine::search::Searcher::new(config);
            let mut handler = ClockHandler::new(args.limits.movetime, !args.json.json);
            // Ctrl-C stops the search; what it found so far is printed as for a limit.
            crate::interrupt::install();
            let busy = crate::interrupt::Busy::start();
            let result = searcher.search(&$position, &$engine::search::Limits { depth: args.limits.depth, nodes: args.limits.nodes }, &mut handler);
            drop(busy);
            let interrupted = crate::interrupt::interrupted();
            if let Some(err) = handler.failed.take() {
                return Err(err.into());
            }
            let seconds = handler.elapsed();
            let report = $engine::report::AnalyzeReport::of(&$position, &result, &handler.seconds, seconds);
            if args.json.json {
                outln!("{}", serde_json::to_string(&report)?)?;
                return Ok(());
            }
            match (&report.best_move, &report.score) {
                (Some(mv), Some(score)) => outln!(
                    "bestmove {mv}  score {score}  depth {}  nodes {}  time {:.3} s",
                    report.depth,
                    report.nodes,
                    seconds
                )?,
                _ if $position.outcome().is_some() => outln!("no move: the game is over")?,
                _ if interrupted => outln!("no move yet: interrupted after {} nodes, {seconds:.3} s", report.nodes)?,
                _ => outln!(
                    "no iteration finished within the limits ({} nodes, {seconds:.3} s): raise --movetime or --nodes",
                    report.nodes
                )?,
            }
            // The articles' programs: their count too, as RYG3 counted (its search routine's
            // calls, the leaves not counted, all iterations added up).
            if args.search.engine.is_some_and(|e| e.is_original() && !e.is_ryg1()) && report.best_move.is_some() {
                outln!("nodes as RYG3 counted them (boards searched with depth left): {}", report.interior_nodes)?;
            }
            if let Some(res) = result.proven {
                outln!("result: {res}")?;
            }
            if let Some(partial) = result.partial {
                outln!("proved so far: {partial}")?;
            }
            if result.stopped && interrupted {
                outln!("(interrupted by Ctrl-C before the search finished)")?;
            } else if result.stopped {
                outln!("(stopped by a limit before the search finished)")?;
            }
        Ok(())
    }};
}

pub fn run(mut args: Args) -> Result<()> {
    args.limits.depth = args
        .search
        .engine_depth(args.limits.depth, args.limits.movetime.is_some() || args.limits.nodes.is_some())?;
    let wide = args.position.wide_position()?;
    match ryg_wide::narrow::position(&wide) {
        Some(position) => analyze!(ryg, position, args.search.config(), &args),
        None => analyze!(ryg_wide, wide, args.search.config(), &args),
    }
}
