//! The search thread: a `go` runs on a thread of its own, reporting `info` lines and its
//! `bestmove`, while the main thread goes on reading (`stop`, `isready`); and the tablebases,
//! each obtained on a thread of its own so that a search waiting for one can be stopped.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ryg::search::{Iteration, Limits, SearchHandler, Searcher};
use ryg::{Level, Move, Player, Position, Score, SearchConfig, Size, Tablebase};

use super::options::Options;
use super::protocol::{score_text, Go, Out};
use crate::tablebase::CacheArgs;

/// A stop flag that is never raised.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Sends `info` lines and stops on the clock, the node budget or `stop`.
struct Reporter<'a> {
    out: &'a Out,
    stop: &'a AtomicBool,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The first move of the last `info … pv` line sent.
    reported: Option<Move>,
}

impl Reporter<'_> {
    fn info(&mut self, depth: u8, score: Score, nodes: u64, pv: &[Move]) {
        let ms = self.started.elapsed().as_millis() as u64;
        let nps = nodes * 1000 / ms.max(1);
        let line: Vec<String> = pv.iter().map(ToString::to_string).collect();
        self.out.say(&format!(
            "info depth {depth} score {} nodes {nodes} nps {nps} time {ms} pv {}",
            score_text(score),
            line.join(" ")
        ));
        self.reported = pv.first().copied();
    }
}

impl SearchHandler for Reporter<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        if self.node_limit.is_some_and(|n| nodes >= n) || self.stop.load(Ordering::Relaxed) {
            return true;
        }
        nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn on_iteration(&mut self, it: &Iteration) {
        self.info(it.depth, it.score, it.nodes, &it.pv);
    }
}

/// One size's tablebase: set once, by the thread that obtains it.
type Slot = Arc<OnceLock<Arc<Tablebase>>>;

/// The tablebases obtained so far (from the cache or built), shared with the search thread.
/// Each is obtained on a thread of its own, so that a search waiting for one can still be
/// stopped.
pub(super) struct Tablebases {
    cache: CacheArgs,
    by_size: Mutex<HashMap<Size, Slot>>,
    /// The threads obtaining them, joined before the engine ends.
    builders: Mutex<Vec<JoinHandle<()>>>,
}

impl Tablebases {
    /// None obtained yet; each will come from `cache` (or be built).
    pub(super) fn new(cache: CacheArgs) -> Tablebases {
        Tablebases { cache, by_size: Mutex::new(HashMap::new()), builders: Mutex::new(Vec::new()) }
    }

    /// The slot of `size`'s tablebase, starting to obtain it unless that has begun.
    pub(super) fn start(self: &Arc<Self>, size: Size) -> Slot {
        let mut by_size = self.by_size.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = by_size.get(&size) {
            return Arc::clone(slot);
        }
        let slot = Slot::default();
        by_size.insert(size, Arc::clone(&slot));
        let (tablebases, building) = (Arc::clone(self), Arc::clone(&slot));
        let builder = std::thread::spawn(move || {
            building.get_or_init(|| Arc::new(tablebases.cache.obtain(size).tablebase));
        });
        self.builders.lock().unwrap_or_else(|e| e.into_inner()).push(builder);
        slot
    }

    /// Waits for the builds under way, so that none ends halfway through writing its cache
    /// file (as the engine ends).
    pub(super) fn finish(&self) {
        let builders = std::mem::take(&mut *self.builders.lock().unwrap_or_else(|e| e.into_inner()));
        for builder in builders {
            let _ = builder.join();
        }
    }

    /// The tablebase of `size`, waiting for it.
    pub(super) fn get(self: &Arc<Self>, size: Size) -> Arc<Tablebase> {
        Arc::clone(self.start(size).wait())
    }
}

/// A search running on its thread.
pub(super) struct Running {
    pub(super) stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` goes out: the thread is ending.
    pub(super) answered: Arc<AtomicBool>,
    pub(super) thread: JoinHandle<()>,
}

/// A search to run: what `go` (read at `received`) asked for in `position`, with the options
/// of the moment and the seed of its random choices.
pub(super) struct Job {
    pub(super) position: Position,
    pub(super) go: Go,
    pub(super) received: Instant,
    pub(super) options: Options,
    pub(super) seed: u64,
    /// The level plays from its tablebase (no depth, node or time limit asked for a search).
    pub(super) needs_tablebase: bool,
}

impl Running {
    /// Starts `job` on a thread of its own: it says `bestmove` when it ends.
    pub(super) fn start(
        job: Job,
        tablebases: Arc<Tablebases>,
        searcher: Arc<Mutex<Option<Searcher>>>,
        out: Out,
    ) -> Running {
        let Job { position, go, received, options, seed, needs_tablebase } = job;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let deadline = go.budget(position.side_to_move()).map(|d| received + d);
        let thread = std::thread::spawn(move || {
            let mut searcher = searcher.lock().unwrap_or_else(|e| e.into_inner());
            let tablebase = if needs_tablebase {
                // Obtained on a thread of its own: `stop` or the clock ends the wait (the level
                // then searches without it) while it goes on being built for the next move.
                let slot = tablebases.start(position.size());
                while slot.get().is_none()
                    && !flag.load(Ordering::Relaxed)
                    && deadline.is_none_or(|d| Instant::now() < d)
                {
                    std::thread::sleep(Duration::from_millis(2));
                }
                let tablebase = slot.get().cloned();
                if tablebase.is_none() {
                    out.say(&format!(
                        "info string the {} tablebase is still being built: the level searches without it",
                        position.size()
                    ));
                }
                Some(tablebase)
            } else {
                None
            };
            let mv = think(
                &position,
                go,
                received,
                &options,
                seed,
                tablebase.as_ref().map(|t| t.as_deref()),
                &mut searcher,
                &out,
                &flag,
            );
            if go.infinite {
                // UCI: after `go infinite` the move waits for `stop`.
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            // Raised before the answer, so a `go` right after `bestmove` finds the thread ending.
            done.store(true, Ordering::SeqCst);
            out.say(&format!("bestmove {mv}"));
            // Off the clock: the next search need not clear the tables within its time.
            if let Some(searcher) = searcher.as_mut() {
                searcher.clear_tables();
            }
        });
        Running { stop, answered, thread }
    }
}

/// The move to play: the level decides how, `go` (read at `received`) decides how long.
/// `tablebase` is `Some` when the level plays from it: `Some(None)` when it was not ready in
/// time (the level then searches its own depth to the end, without heeding `stop`).
#[allow(clippy::too_many_arguments)]
fn think(
    position: &Position,
    go: Go,
    received: Instant,
    options: &Options,
    seed: u64,
    tablebase: Option<Option<&Tablebase>>,
    searcher: &mut Option<Searcher>,
    out: &Out,
    stop: &AtomicBool,
) -> Move {
    let mut reporter = Reporter {
        out,
        stop,
        started: received,
        deadline: go.budget(position.side_to_move()).map(|d| received + d),
        node_limit: go.nodes,
        reported: None,
    };
    // One of the articles' programs plays at its depth (its "nivel"), whatever the `go`.
    let original = options.original(go.depth);
    // A plain `go` (or one with clocks) plays the level; a depth, node or time limit, or
    // `infinite`, asks for a search with the engine's technique switches instead.
    if original.is_none() && !go.searches() {
        let (level, tablebase) = match tablebase {
            // Too late to wait for (stop, or the clock): a short search of the level's depth
            // (perfect play without its tablebase searches as level 9 does), to its end.
            Some(None) => {
                reporter.stop = &NEVER;
                reporter.deadline = None;
                let level = if options.level == Level::Perfect { Level::Search(9) } else { options.level };
                (level, None)
            }
            Some(tablebase) => (options.level, tablebase),
            None => (options.level, None),
        };
        let mut player = Player::new(level, seed);
        return match player.choose(position, tablebase, &mut reporter) {
            Ok(choice) => {
                out.say(&format!("info string {}", choice.basis));
                choice.mv
            }
            Err(e) => {
                out.say(&format!("info string error: {e}"));
                position.legal_moves()[0]
            }
        };
    }
    let depth = original.map(|spec| spec.depth).or(go.depth);
    let config = options.search_config(u32::from(depth.unwrap_or(ryg::search::MAX_DEPTH)), 0, seed);
    let searcher = searcher_for(searcher, config);
    let limits = Limits { depth, nodes: go.nodes };
    let result = searcher.search(position, &limits, &mut reporter);
    let best = result.best_move.unwrap_or_else(|| position.legal_moves()[0]);
    if reporter.reported != Some(best) {
        // The move played is another of the equally good ones (a random tie), or the search
        // stopped before its first line: the last line shows the move that is played.
        let pv = if result.pv.first() == Some(&best) { result.pv.clone() } else { vec![best] };
        reporter.info(result.depth, result.score, result.nodes, &pv);
    }
    best
}

/// The kept searcher if it has `config` (but for the seed of its random choices), else a new
/// one: the transposition table is allocated only when the configuration changes.
pub(super) fn searcher_for(searcher: &mut Option<Searcher>, config: SearchConfig) -> &mut Searcher {
    let same = |s: &Searcher| *s.config() == SearchConfig { random_ties: s.config().random_ties, ..config };
    if !searcher.as_ref().is_some_and(same) {
        // The old table goes before the new one is allocated.
        *searcher = None;
    }
    searcher.get_or_insert_with(|| Searcher::new(config))
}
