//! `ryg ugi`: the engine side of UGI (Universal Game Interface, UCI with `query`) over
//! stdin/stdout. The text commands become library calls; the search runs on its own thread,
//! so `stop` and `isready` are answered while it thinks. p1 is the mouse (it moves first).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::Result;
use ryg::eval::EvalKind;
use ryg::search::{Iteration, Limits, SearchHandler, Searcher, SplitMix64};
use ryg::{Level, Move, Player, Position, Score, SearchConfig, Side, Size, Tablebase};

use crate::tablebase::CacheArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// Time kept back from every clock allocation for the pipe and the runner (ms).
const MOVE_OVERHEAD_MS: u64 = 15;
/// The largest `Hash` option (MiB).
const MAX_HASH: usize = 1024;

/// The engine's options, as `setoption` leaves them.
#[derive(Clone, Debug)]
struct Options {
    level: Level,
    /// Whether `setoption` chose the level: the engine then plays that level, from the
    /// tablebase, and `isready` does not allocate a search's table it may never use.
    level_chosen: bool,
    /// Transposition table MiB; `None`: as the level's player (1 up to depth 8, else 16).
    hash: Option<usize>,
    size: Size,
    eval: EvalKind,
    tt: bool,
    ordering: bool,
    history: bool,
    iterative_deepening: bool,
    /// Seed of the random choices; 0: a new one each time the engine starts.
    seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        let config = SearchConfig::default();
        Options {
            level: Level::Search(9),
            level_chosen: false,
            hash: None,
            size: Size::STANDARD,
            eval: config.eval,
            tt: config.tt,
            ordering: config.ordering,
            history: config.history,
            iterative_deepening: config.iterative_deepening,
            seed: 0,
        }
    }
}

/// The `option` lines printed after `ugi`.
fn option_lines(o: &Options) -> Vec<String> {
    let check = |name: &str, value: bool| format!("option name {name} type check default {value}");
    vec![
        format!(
            "option name Level type combo default {} var random var 1 var 2 var 3 var 4 var 5 var 6 var 7 var 8 var 9 var perfect",
            o.level
        ),
        format!("option name Hash type spin default {} min 1 max {MAX_HASH}", SearchConfig::default().tt_megabytes),
        format!("option name Size type combo default {} var 4 var 6 var 8 var 10", o.size.n()),
        format!("option name Eval type combo default {} var seed var classic var default", eval_name(o.eval)),
        check("Table", o.tt),
        check("Ordering", o.ordering),
        check("History", o.history),
        check("IterativeDeepening", o.iterative_deepening),
        format!("option name Seed type spin default 0 min 0 max {}", i64::MAX),
    ]
}

fn eval_name(eval: EvalKind) -> &'static str {
    match eval {
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
    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
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
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn search_config(&self, depth: u32, margin: i32, seed: u64) -> SearchConfig {
        SearchConfig {
            eval: self.eval,
            tt: self.tt,
            ordering: self.ordering,
            history: self.history,
            iterative_deepening: self.iterative_deepening,
            tt_megabytes: self.hash.unwrap_or(if depth <= 8 { 1 } else { 16 }),
            random_ties: Some(seed),
            tie_margin: margin as i16,
            // A `go` may be stopped at any moment (clock, nodes, `stop`): the heuristic search
            // deepens and keeps the best move of its last iteration, where a stopped proof has
            // none (and allocates a table of up to 512 MiB for every search).
            prove: false,
            ..SearchConfig::default()
        }
    }
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Go {
    depth: Option<u8>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    p1time: Option<u64>,
    p2time: Option<u64>,
    p1inc: u64,
    p2inc: u64,
    infinite: bool,
}

impl Go {
    fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words.get(i + 1).ok_or_else(|| format!("go {key}: a number is missing"))?;
            let number: u64 =
                value.parse().map_err(|_| format!("go {key}: '{value}' is not a whole number"))?;
            match key {
                "depth" => go.depth = Some(number.clamp(1, u64::from(ryg::search::MAX_DEPTH)) as u8),
                "nodes" => go.nodes = Some(number.max(1)),
                "movetime" => go.movetime = Some(number),
                "p1time" | "wtime" => go.p1time = Some(number),
                "p2time" | "btime" => go.p2time = Some(number),
                "p1inc" | "winc" => go.p1inc = number,
                "p2inc" | "binc" => go.p2inc = number,
                "movestogo" => {}
                _ => return Err(format!("go: unknown limit '{key}'")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// Whether this `go` asks for a search (a depth, node or time limit, or `infinite`) rather
    /// than the level's own move.
    fn searches(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.infinite
    }

    /// How long this move may take, from `movetime` or the mover's clock.
    fn budget(&self, mover: Side) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.saturating_sub(MOVE_OVERHEAD_MS / 3).max(1)));
        }
        let (time, inc) = match mover {
            Side::Mouse => (self.p1time?, self.p1inc),
            Side::Cats => (self.p2time?, self.p2inc),
        };
        // A twentieth of the clock plus most of the increment, never more than a third of
        // what is left after the overhead.
        let left = time.saturating_sub(MOVE_OVERHEAD_MS);
        let share = (time / 20 + inc * 3 / 4).min(left / 3).max(1);
        Some(Duration::from_millis(share))
    }
}

/// Lines to stdout, whole lines at a time from either thread.
#[derive(Clone)]
struct Out(Arc<Mutex<()>>);

impl Out {
    fn say(&self, line: &str) {
        let _guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
    }
}

/// The score in UGI terms: `cp N`, or `mate M` counted in moves of the side to move.
fn score_text(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let moves = (i32::from(plies) + 1) / 2;
            format!("mate {}", if score.is_win() { moves } else { -moves })
        }
        None => format!("cp {}", score.value()),
    }
}

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
struct Tablebases {
    cache: CacheArgs,
    by_size: Mutex<HashMap<Size, Slot>>,
    /// The threads obtaining them, joined before the engine ends.
    builders: Mutex<Vec<JoinHandle<()>>>,
}

impl Tablebases {
    /// The slot of `size`'s tablebase, starting to obtain it unless that has begun.
    fn start(self: &Arc<Self>, size: Size) -> Slot {
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
    fn finish(&self) {
        let builders = std::mem::take(&mut *self.builders.lock().unwrap_or_else(|e| e.into_inner()));
        for builder in builders {
            let _ = builder.join();
        }
    }

    /// The tablebase of `size`, waiting for it.
    fn get(self: &Arc<Self>, size: Size) -> Arc<Tablebase> {
        Arc::clone(self.start(size).wait())
    }
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` goes out: the thread is ending.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The engine: options, the current position, tablebases, and the search if one runs.
struct Engine {
    options: Options,
    position: Position,
    out: Out,
    tablebases: Arc<Tablebases>,
    running: Option<Running>,
    /// The searcher, kept between moves (its table is allocated once per configuration).
    searcher: Arc<Mutex<Option<Searcher>>>,
    games: u64,
    /// The seed used while the `Seed` option is 0: from the clock and the process id.
    fresh_seed: u64,
}

impl Engine {
    fn new(cache: CacheArgs) -> Engine {
        let options = Options::default();
        Engine {
            position: Position::start(options.size, None).expect("default start"),
            options,
            out: Out(Arc::new(Mutex::new(()))),
            tablebases: Arc::new(Tablebases {
                cache,
                by_size: Mutex::new(HashMap::new()),
                builders: Mutex::new(Vec::new()),
            }),
            running: None,
            searcher: Arc::new(Mutex::new(None)),
            games: 0,
            fresh_seed: {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64);
                SplitMix64::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64()
            },
        }
    }

    fn error(&self, message: &str) {
        self.out.say(&format!("info string error: {message}"));
    }

    /// Stops the search if one runs and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            let _ = running.thread.join();
        }
    }

    /// Forgets a search that ended by itself.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.answered.load(Ordering::SeqCst)) {
            self.stop();
        }
    }

    /// Handles one line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        // A `go`'s clock runs from here, before waiting for a search that just answered to end.
        let read = Instant::now();
        self.reap();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else { return true };
        match command {
            "ugi" | "uci" => {
                self.out.say(&format!("id name ryg {}", env!("CARGO_PKG_VERSION")));
                self.out.say("id author the ryg developers");
                for line in option_lines(&self.options) {
                    self.out.say(&line);
                }
                self.out.say(if command == "ugi" { "ugiok" } else { "uciok" });
            }
            "isready" => {
                // Not searching: get ready to play in the current position (the level's
                // tablebase, up to a second to build on 10x10) so that no clock pays for it.
                if self.running.is_none() {
                    if self.options.level.needs_tablebase() {
                        self.tablebases.get(self.position.size());
                    }
                    // The search's table too, unless a level was chosen: a match of levels
                    // (which play from the tablebase) starts two engines a game, and faulting
                    // in 16 MiB made an engine start 2.5 times slower here.
                    if !self.options.level_chosen {
                        self.prepare_search();
                    }
                }
                self.out.say("readyok");
            }
            "uginewgame" | "ucinewgame" => {
                self.stop();
                self.games += 1;
            }
            "setoption" => self.setoption(rest),
            "position" => match parse_position(rest, self.options.size) {
                Ok(position) => self.position = position,
                Err(e) => self.error(&e),
            },
            "go" => match Go::parse(rest) {
                Ok(go) => self.go(go, read),
                Err(e) => self.error(&e),
            },
            "stop" => self.stop(),
            "query" => self.query(rest),
            "quit" => return false,
            _ => {}
        }
        true
    }

    /// Makes the searcher of a `go movetime`/`nodes`/`infinite` search with its transposition
    /// table allocated (16 MiB by default: milliseconds), so that the first such `go` does not
    /// pay for it within its time. Called only while no search runs.
    fn prepare_search(&mut self) {
        let config = self.options.search_config(u32::from(ryg::search::MAX_DEPTH), 0, 0);
        let mut searcher = self.searcher.lock().unwrap_or_else(|e| e.into_inner());
        searcher_for(&mut searcher, config).allocate_table();
    }

    fn setoption(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let parsed = text
            .strip_prefix("name ")
            .map(|rest| match rest.split_once(" value ") {
                Some((name, value)) => (name.trim(), value.trim()),
                None => (rest.trim(), ""),
            })
            .ok_or_else(|| "setoption: expected 'setoption name NAME value VALUE'".to_string());
        let result = parsed.and_then(|(name, value)| {
            if self.running.is_some() {
                return Err("setoption during a search: send stop first".to_string());
            }
            let size_before = self.options.size;
            self.options.set(name, value)?;
            if self.options.size != size_before {
                self.position = Position::start(self.options.size, None).expect("start of a valid size");
            }
            Ok(())
        });
        if let Err(e) = result {
            self.error(&e);
        }
    }

    fn query(&self, words: &[&str]) {
        let position = &self.position;
        let answer = match words.first().copied() {
            Some("gameover") => position.outcome().is_some().to_string(),
            Some("p1turn") => (position.side_to_move() == Side::Mouse).to_string(),
            Some("result") => match position.outcome() {
                Some(o) if o.winner == Side::Mouse => "p1win".to_string(),
                Some(_) => "p2win".to_string(),
                None => "none".to_string(),
            },
            other => {
                self.error(&format!(
                    "query: unknown question '{}': expected gameover, p1turn or result",
                    other.unwrap_or("")
                ));
                return;
            }
        };
        self.out.say(&format!("response {answer}"));
    }

    /// Starts the search of `go`, read at `received` (the clock runs from then, not from when
    /// the thread starts).
    fn go(&mut self, go: Go, received: Instant) {
        if self.running.is_some() {
            self.error("go during a search: send stop first");
            return;
        }
        let position = self.position;
        if position.outcome().is_some() {
            self.error("the game is over: there is no move to search");
            self.out.say("bestmove (none)");
            return;
        }
        let needs_tablebase = self.options.level.needs_tablebase() && !go.searches();
        let tablebases = Arc::clone(&self.tablebases);
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let options = self.options.clone();
        let base = if options.seed == 0 { self.fresh_seed } else { options.seed };
        let seed = SplitMix64::new(base ^ self.games.wrapping_mul(0x9e37_79b9)).next_u64() ^ position.hash();
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let searcher = Arc::clone(&self.searcher);
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
        self.running = Some(Running { stop, answered, thread });
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
    // A plain `go` (or one with clocks) plays the level; a depth, node or time limit, or
    // `infinite`, asks for a search with the engine's technique switches instead.
    if !go.searches() {
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
    let depth = go.depth;
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
fn searcher_for(searcher: &mut Option<Searcher>, config: SearchConfig) -> &mut Searcher {
    let same = |s: &Searcher| *s.config() == SearchConfig { random_ties: s.config().random_ties, ..config };
    if !searcher.as_ref().is_some_and(same) {
        // The old table goes before the new one is allocated.
        *searcher = None;
    }
    searcher.get_or_insert_with(|| Searcher::new(config))
}

/// `startpos | fen FEN [moves m1 m2 …]` → the position, every move checked.
fn parse_position(words: &[&str], size: Size) -> Result<Position, String> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut position = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(size, None).expect("start of a valid size"),
        Some((&"fen", fen)) if !fen.is_empty() => {
            fen.join(" ").parse::<Position>().map_err(|e| format!("position fen: {e}"))?
        }
        _ => return Err("position: expected 'startpos' or 'fen FEN', then optionally 'moves …'".into()),
    };
    for (i, text) in moves.iter().skip(1).enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("position: move {} '{text}': {e}", i + 1))?;
        position = position.play(mv).map_err(|e| format!("position: move {}: {e}", i + 1))?;
    }
    Ok(position)
}

pub fn run(args: Args) -> Result<()> {
    let mut engine = Engine::new(args.cache);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        // Bytes that are not UTF-8 make an unknown command, not the end.
        if input.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buffer);
        if !engine.handle(line.trim()) {
            break;
        }
    }
    engine.stop();
    engine.tablebases.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_of_the_side_to_move() {
        assert_eq!(score_text(Score::win_in(1)), "mate 1");
        assert_eq!(score_text(Score::win_in(43)), "mate 22");
        assert_eq!(score_text(Score::loss_in(44)), "mate -22");
        assert_eq!(score_text(Score::loss_in(2)), "mate -1");
        assert_eq!(score_text(Score::eval(-37)), "cp -37");
    }

    #[test]
    fn isready_allocates_the_table_of_a_timed_search_before_any_go() {
        let mut engine = Engine::new(CacheArgs { no_cache: true, ..CacheArgs::default() });
        assert!(engine.handle("setoption name Size value 4"));
        assert!(engine.searcher.lock().unwrap().is_none());
        assert!(engine.handle("isready"));
        let kept = engine.searcher.lock().unwrap();
        let table = kept.as_ref().expect("isready makes the searcher").table();
        // The default of a search without a depth: 16 MiB of 16-byte entries, allocated.
        assert_eq!((table.len(), table.is_allocated()), (1 << 20, true));
        // It is the searcher `go movetime` uses (the same configuration but for the seed).
        let config = engine.options.search_config(u32::from(ryg::search::MAX_DEPTH), 0, 1);
        assert_eq!(*kept.as_ref().unwrap().config(), SearchConfig { random_ties: Some(0), ..config });
        drop(kept);

        // An engine told to play a level plays it from the tablebase: no table is made.
        let mut level = Engine::new(CacheArgs { no_cache: true, ..CacheArgs::default() });
        assert!(level.handle("setoption name Level value 3"));
        assert!(level.handle("setoption name Size value 4"));
        assert!(level.handle("isready"));
        assert!(level.searcher.lock().unwrap().is_none());
    }

    #[test]
    fn the_tables_are_cleared_after_the_answer_not_within_the_next_search() {
        let mut engine = Engine::new(CacheArgs { no_cache: true, ..CacheArgs::default() });
        assert!(engine.handle("isready"));
        assert!(engine.handle("go depth 10"));
        // Let the search end by itself (`stop` now would end it before it stored anything).
        while !engine.running.as_ref().unwrap().answered.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        engine.stop();
        let kept = engine.searcher.lock().unwrap();
        let stats = kept.as_ref().expect("go depth 10 made a searcher").table().stats();
        assert_eq!((stats.filled, stats.stores, stats.probes), (0, 0, 0));
        assert_eq!(kept.as_ref().unwrap().history().cells().count(), 0);
    }

    #[test]
    fn clock_budgets_never_spend_the_clock() {
        let go = Go::parse(&["p1time", "1000", "p2time", "40", "p1inc", "10", "p2inc", "10"]).unwrap();
        assert_eq!(go.budget(Side::Mouse), Some(Duration::from_millis(57)));
        assert_eq!(go.budget(Side::Cats), Some(Duration::from_millis(8)));
        let low = Go::parse(&["p1time", "10", "p2time", "0"]).unwrap();
        assert_eq!(low.budget(Side::Mouse), Some(Duration::from_millis(1)));
        assert_eq!(Go::parse(&["depth"]), Err("go depth: a number is missing".into()));
        assert_eq!(Go::parse(&["nodes", "x"]), Err("go nodes: 'x' is not a whole number".into()));
    }
}
