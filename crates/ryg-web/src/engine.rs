//! Engine work for the server: the tablebases (built once per size and shared; the 10×10 one
//! in the background, with its progress), the computer's moves and their live progress.
//! Everything here blocks: handlers call it through `spawn_blocking`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use ryg::{BuildProgress, Size, Tablebase};
use serde::Serialize;

use crate::error::ApiError;

/// Board sizes from this one up are built in the background (10×10: about a second of CPU and
/// 212 MB); smaller ones build in milliseconds when first asked for.
const BACKGROUND_FROM: u8 = 10;

/// The state of one size's tablebase, as `GET /api/tablebase` reports it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TablebaseStatus {
    pub size: u8,
    /// `absent`, `building` or `ready`.
    pub state: &'static str,
    /// Share of the build done, 0 to 1.
    pub progress: f64,
    /// For a table read from files (12×12): the command that builds them; the server cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build: Option<String>,
}

/// The exact results of one board size, read by whoever can (the `ryg` command reads the
/// layer files `ryg solve --size 12` writes); the server only asks.
pub type ExactSource = Arc<dyn ryg_wide::tablebase::ExactSource>;

/// Finds the exact table of a size on disk, if it is there (whole) now.
pub type FindExact = Arc<dyn Fn(ryg_wide::Size) -> Option<ExactSource> + Send + Sync>;

/// How the server finds tables on disk (see [`crate::Config::exact_files`]).
#[derive(Clone)]
pub struct ExactFiles(pub FindExact);

impl std::fmt::Debug for ExactFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExactFiles")
    }
}

/// The sizes whose exact table is read from files, not built by the server.
pub const FROM_FILES: [u8; 1] = [12];

/// How often the server looks again for a table that was absent (built meanwhile).
const LOOK_AGAIN: std::time::Duration = std::time::Duration::from_secs(5);

/// The tables on disk: how to find them, and those found.
#[derive(Default)]
struct OnDisk {
    find: Option<FindExact>,
    /// Per size: the table found, or when it was last looked for in vain.
    found: Mutex<HashMap<u8, Result<ExactSource, std::time::Instant>>>,
}

#[derive(Default)]
struct Slot {
    table: OnceLock<Arc<Tablebase>>,
    started: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
}

impl BuildProgress for &Slot {
    fn solved(&mut self, done: u64, total: u64) {
        self.done.store(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }
}

/// The 403 of a server that builds no tablebase on request (`--no-table-builds`).
pub fn build_refused(size: Size) -> ApiError {
    ApiError::forbidden(format!(
        "this server builds no tablebase on request (ryg serve --no-table-builds): exact results \
         on {size} come from tables its operator built"
    ))
}

/// Every size's tablebase, each built at most once.
#[derive(Default)]
pub struct Tablebases {
    slots: [Slot; 4],
    disk: OnDisk,
    /// Whether only the tables built in milliseconds are built (`--no-table-builds`): a table
    /// built in the background (10×10) is read once there, never built.
    no_builds: bool,
}

fn slot_index(size: Size) -> usize {
    usize::from(size.n() / 2 - 2)
}

impl Tablebases {
    /// Tablebases that also read the tables `find` finds on disk (12×12).
    pub fn with_files(find: Option<FindExact>) -> Tablebases {
        Tablebases { disk: OnDisk { find, found: Mutex::default() }, ..Tablebases::default() }
    }

    /// These tablebases, building none that takes more than a moment (`--no-table-builds`).
    #[must_use]
    pub fn without_builds(self) -> Tablebases {
        Tablebases { no_builds: true, ..self }
    }

    /// 403 when the table of `size` is not there and may not be built (`--no-table-builds`):
    /// whatever asked for it, the server never starts that build.
    ///
    /// # Errors
    /// The 403 that says so.
    pub fn refuse_build(&self, size: Size) -> Result<(), ApiError> {
        if self.no_builds && size.n() >= BACKGROUND_FROM && self.ready(size).is_none() {
            return Err(build_refused(size));
        }
        Ok(())
    }

    /// The exact table of `size` read from files, if it is there (looked for again every few
    /// seconds while it is absent, so that a table built meanwhile is found).
    pub fn on_disk(&self, size: ryg_wide::Size) -> Option<ExactSource> {
        let find = self.disk.find.as_ref()?;
        let mut found = self.disk.found.lock().unwrap_or_else(|e| e.into_inner());
        match found.get(&size.n()) {
            Some(Ok(source)) => return Some(Arc::clone(source)),
            Some(Err(when)) if when.elapsed() < LOOK_AGAIN => return None,
            _ => {}
        }
        let source = find(size);
        found.insert(size.n(), source.clone().ok_or_else(std::time::Instant::now));
        source
    }

    /// Whether the computer can read exact results on `size` (a table in memory or on disk).
    pub fn exact_on(&self, size: ryg_wide::Size) -> bool {
        ryg_wide::narrow::size(size).is_some_and(|narrow| self.refuse_build(narrow).is_ok())
            || self.on_disk(size).is_some()
    }

    /// The exact table of `size` read from files, or the error that says it is absent and how
    /// to build it (`what` is what needed it).
    pub fn files(&self, size: ryg_wide::Size, what: &str) -> Result<ExactSource, ApiError> {
        if let Some(source) = self.on_disk(size) {
            return Ok(source);
        }
        if FROM_FILES.contains(&size.n()) {
            return Err(ApiError::tablebase_absent(what, size));
        }
        Err(ApiError::board_too_big(what, size))
    }

    /// Where the table of `size` read from files stands (`ready` or `absent`).
    pub fn file_status(&self, size: ryg_wide::Size) -> TablebaseStatus {
        let ready = self.on_disk(size).is_some();
        TablebaseStatus {
            size: size.n(),
            state: if ready { "ready" } else { "absent" },
            progress: if ready { 1.0 } else { 0.0 },
            build: Some(format!("ryg solve --size {}", size.n())),
        }
    }

    fn slot(&self, size: Size) -> &Slot {
        &self.slots[slot_index(size)]
    }

    /// The tablebase of `size` if it is ready; builds a small one now; starts building a large
    /// one in the background and answers 503 with its progress meanwhile.
    pub fn get(self: &Arc<Self>, size: Size) -> Result<Arc<Tablebase>, ApiError> {
        if size.n() < BACKGROUND_FROM {
            return Ok(self.wait(size));
        }
        if let Some(tb) = self.slot(size).table.get() {
            return Ok(tb.clone());
        }
        self.refuse_build(size)?;
        self.start(size);
        let status = self.status(size);
        Err(ApiError::unavailable(format!(
            "the {size} tablebase is being built ({:.0}% done); try again in a moment",
            status.progress * 100.0
        )))
    }

    /// Starts building the tablebase of `size` in the background (once).
    pub fn start(self: &Arc<Self>, size: Size) {
        let slot = self.slot(size);
        if slot.table.get().is_some() || slot.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = Arc::clone(self);
        std::thread::spawn(move || {
            me.wait(size);
        });
    }

    /// The tablebase of `size`, building it on this thread if nobody has (others wait for it).
    pub fn wait(&self, size: Size) -> Arc<Tablebase> {
        let slot = self.slot(size);
        slot.started.store(true, Ordering::SeqCst);
        slot.table
            .get_or_init(|| {
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                Arc::new(Tablebase::build(size, threads, &mut &*slot))
            })
            .clone()
    }

    /// The tablebase of `size` if it is already built (never waits).
    pub fn ready(&self, size: Size) -> Option<Arc<Tablebase>> {
        self.slot(size).table.get().cloned()
    }

    /// Where the tablebase of `size` stands.
    pub fn status(&self, size: Size) -> TablebaseStatus {
        let slot = self.slot(size);
        let (state, progress) = if slot.table.get().is_some() {
            ("ready", 1.0)
        } else if slot.started.load(Ordering::SeqCst) {
            let total = slot.total.load(Ordering::Relaxed).max(1);
            ("building", slot.done.load(Ordering::Relaxed) as f64 / total as f64)
        } else {
            ("absent", 0.0)
        };
        TablebaseStatus { size: size.n(), state, progress, build: None }
    }
}

/// When a computer move's search stops: at its deadline (the time limit of a move), or at
/// once when `stop` is raised (the server shuts down).
#[derive(Clone, Debug, Default)]
pub struct Limit {
    pub deadline: Option<std::time::Instant>,
    pub stop: Option<Arc<AtomicBool>>,
    /// Raised when the game's reply is given up (its player resigned).
    pub abandon: Option<Arc<AtomicBool>>,
}

/// A computer move in progress: the depth finished and the nodes searched so far.
#[derive(Default, Debug)]
pub struct Thinking {
    pub depth: AtomicU8,
    pub nodes: AtomicU64,
    limit: Limit,
    /// Whether the search was stopped by its limit (its move the best found so far).
    pub cut: AtomicBool,
}

impl Thinking {
    /// Whether the search must stop now (looked at every 1,024 nodes).
    fn over(&self) -> bool {
        let stop = self.shut_down() || self.abandoned();
        let late = self.limit.deadline.is_some_and(|d| std::time::Instant::now() >= d);
        if stop || late {
            self.cut.store(true, Ordering::Relaxed);
        }
        stop || late
    }

    /// Whether the game's reply was given up.
    pub fn abandoned(&self) -> bool {
        self.limit.abandon.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the server's shutdown stopped it.
    pub fn shut_down(&self) -> bool {
        self.limit.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Both engines report to it: the default one (boards up to 10×10) and the wide one.
macro_rules! thinking_handler {
    ($engine:ident) => {
        impl $engine::search::SearchHandler for &Thinking {
            fn should_stop(&mut self, nodes: u64) -> bool {
                if nodes & 1023 == 0 {
                    self.nodes.store(nodes, Ordering::Relaxed);
                    return self.over();
                }
                false
            }

            fn on_iteration(&mut self, it: &$engine::search::Iteration) {
                self.depth.store(it.depth, Ordering::Relaxed);
                self.nodes.store(it.nodes, Ordering::Relaxed);
            }
        }
    };
}
thinking_handler!(ryg);
thinking_handler!(ryg_wide);

/// The games whose computer move is being searched now.
#[derive(Default)]
pub struct ThinkingBoard {
    games: Mutex<HashMap<i64, Arc<Thinking>>>,
}

impl ThinkingBoard {
    /// Registers a search for `game`, stopped by `limit` (until the returned guard is dropped).
    pub fn begin(&self, game: i64, limit: Limit) -> ThinkingGuard<'_> {
        let thinking = Arc::new(Thinking { limit, ..Thinking::default() });
        self.games.lock().unwrap_or_else(|e| e.into_inner()).insert(game, thinking.clone());
        ThinkingGuard { board: self, game, thinking }
    }

    /// The search for `game`, if one runs.
    pub fn get(&self, game: i64) -> Option<Arc<Thinking>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner()).get(&game).cloned()
    }
}

/// Removes a game's entry from the [`ThinkingBoard`] when dropped.
pub struct ThinkingGuard<'a> {
    board: &'a ThinkingBoard,
    game: i64,
    pub thinking: Arc<Thinking>,
}

impl Drop for ThinkingGuard<'_> {
    fn drop(&mut self) {
        self.board.games.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.game);
    }
}

/// Whether `level`'s move in `position` is light work, a millisecond: a random move, or one read
/// from a table in memory or on disk (levels up to 8×8, where the table builds in a moment, and
/// on larger boards once it is there) — not a search.
pub fn is_light(tablebases: &Tablebases, position: &ryg_wide::Position, level: ryg_wide::PlayerSpec) -> bool {
    let ryg_wide::PlayerSpec::Level(l) = level else { return false };
    if l == ryg_wide::Level::Random {
        return true;
    }
    match ryg_wide::narrow::size(position.size()) {
        Some(size) => size.n() <= 8 || tablebases.ready(size).is_some(),
        None => level.only_with_tablebase(),
    }
}

/// The move `level` plays in `position`. Its random choices are seeded by the game's seed and
/// the ply, so the same game replays the same moves. Boards up to 10×10 are played by the
/// default engine (its 64-bit square sets are the faster), 12×12 and 14×14 by the wide one,
/// which searches without a tablebase.
pub fn computer_move(
    tablebases: &Tablebases,
    position: &ryg_wide::Position,
    level: ryg_wide::PlayerSpec,
    seed: u64,
    thinking: &Thinking,
) -> Result<ryg_wide::Move, ApiError> {
    let mut handler = thinking;
    if let Some(source) = level.only_with_tablebase().then(|| tablebases.on_disk(position.size())).flatten() {
        // read every move's result first, so that a damaged file is an error, not a panic
        source.try_move_results(position).map_err(|e| ApiError::internal(e.to_string()))?;
        let mut player = ryg_wide::Player::of(level, seed);
        return player
            .choose_from(position, Some(&*source), &mut handler)
            .map(|choice| choice.mv)
            .map_err(|e| ApiError::conflict(e.to_string()));
    }
    let Some(narrow) = ryg_wide::narrow::position(position) else {
        // games check their levels when they are made (`perfect` and `err:F` need a tablebase;
        // the wide player refuses them too)
        let mut player = ryg_wide::Player::of(level, seed);
        return player
            .choose(position, None, &mut handler)
            .map(|choice| choice.mv)
            .map_err(|e| ApiError::conflict(e.to_string()));
    };
    let tb = match crate::reply::table_use(&level, narrow.size()) {
        crate::reply::TableUse::IfReady => tablebases.ready(narrow.size()),
        crate::reply::TableUse::Wait => {
            tablebases.refuse_build(narrow.size())?;
            Some(tablebases.wait(narrow.size()))
        }
        crate::reply::TableUse::None => None,
    };
    let mv = crate::reply::choose(&narrow, level, seed, tb.as_deref(), &mut handler)
        .map_err(ApiError::conflict)?;
    Ok(ryg_wide::narrow::wide_move(mv))
}
