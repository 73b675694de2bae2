//! The computer side of a terminal game: a library `Player` at some level, the tablebase it
//! and the `hint`/`eval` commands consult, and the spinner shown while it thinks.
//!
//! The game itself is kept in the wide engine's types (`ryg-wide`, any board up to 14×14). On
//! boards up to 10×10 the computer is the default engine's player, the faster one, with the
//! tablebase: the position goes to it by its FEN and its move comes back by its notation. On
//! 12×12 and 14×14 a wide player searches — or, on 12×12 once `ryg solve --size 12` has built
//! the table in the cache directory, reads it from the layer files (a lookup per move).

use std::time::{Duration, Instant};

use anyhow::Result;
use ryg_wide::eval::{self, EvalKind};
use ryg_wide::{narrow, Level, Position};

use super::setup::Setup;
use super::text::ended;
use crate::layers::{ExactLayers, LayerStore};
use crate::tablebase::{CacheArgs, Tablebases};
use crate::ui::spinner::Spinner;
use ryg_wide::tablebase::ExactSource;

/// A computer move and a one-line account of how it was found.
pub struct Report {
    pub mv: ryg_wide::Move,
    pub detail: String,
}

pub struct Engine {
    /// The player of boards up to 10×10 (the default engine).
    player: ryg::Player,
    /// The player of 12×12 and 14×14 (the wide engine), with the same level, depth and seed.
    wide: ryg_wide::Player,
    /// Whether the last move was the wide player's: `history` and `table` report its search.
    wide_last: bool,
    /// One of the articles' programs playing instead of the level.
    opponent: Option<ryg::Engine>,
    time: Option<Duration>,
    tablebases: Tablebases,
    /// Where the layer files of 12×12 are looked for.
    cache: CacheArgs,
    /// The layer files last found: their size and store.
    files: Option<std::sync::Arc<ExactLayers>>,
    interactive: bool,
}

/// The exact table of `size` beyond 10×10 read from its layer files in the cache directory,
/// if `ryg solve --size N` has built it whole.
pub fn table_files(cache: &CacheArgs, size: ryg_wide::Size) -> Option<ExactLayers> {
    let dir = narrow::size(size).is_none().then(|| cache.dir()).flatten()?;
    LayerStore::complete(&dir, size)
}

/// The plies a `hint` searches on a board without a tablebase (12×12, 14×14).
const HINT_DEPTH: u8 = 8;

/// Why `level` cannot play on `size` (14×14, or 12×12 whose table is not built: `files` says
/// whether it is), or `None` when it can.
pub fn refusal(level: Level, size: ryg_wide::Size, files: bool) -> Option<String> {
    (narrow::size(size).is_none() && level.only_with_tablebase() && !files).then(|| {
        let build = if size.n() == 12 { " and for 12x12 once `ryg solve --size 12` has built it" } else { "" };
        format!(
            "level {level} plays from the tablebase, which ryg has for boards up to 10x10{build}; on {size} the computer plays levels 1-9 (a search of that many plies, or of --depth plies) or random"
        )
    })
}

/// What a level means, in words: for `help`, the start of a game and the README.
fn level_settings(level: Level, depth: Option<u32>, size: ryg_wide::Size) -> String {
    let searched = |d: u32| crate::ui::count(d, "ply", "plies");
    match (level, depth) {
        (Level::Perfect, _) => "perfect play from the tablebase".to_string(),
        (Level::Random, _) => "random moves".to_string(),
        (Level::Search(_), Some(d)) => {
            format!("searches exactly {}, without the level's randomness", searched(d))
        }
        (Level::Search(n), None) if narrow::size(size).is_none() => {
            format!("searches {} (no tablebase on {size})", searched(u32::from(n)))
        }
        (Level::Search(_), None) => {
            "mostly perfect moves, more often plausible or random ones at low levels; see `ryg levels`"
                .to_string()
        }
        (Level::Err(rate), _) => {
            format!("plays a best move, or with probability {rate} a random move")
        }
    }
}

/// The history table of a searcher of either engine, as text.
macro_rules! history_text {
    ($searcher:expr, $rule:path) => {{
        use $rule as HistoryRule;
        let Some(searcher) = $searcher else { return not_searched() };
        let Some(rule) = searcher.config().alpha_beta().and_then(|ab| ab.history) else {
            return "History table: this engine's search does not use one.\n".to_string();
        };
        let rule = match rule {
            HistoryRule::CutOffs => "bumped by the depth left by each node's best move".to_string(),
            HistoryRule::OnStore { cap } => {
                format!("bumped by the depth left each time a move is stored in the hash table, capped at {cap}, as RYG3 v11")
            }
        };
        let mut cells: Vec<_> = searcher.history().cells().collect();
        cells.sort_by(|a, b| b.2.cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
        if cells.is_empty() {
            return format!("History table: empty (the last search recorded no move; {rule}).\n");
        }
        let mut text =
            format!("History table after the last search ({} moves scored; from -> to: score, {rule}):\n", cells.len());
        for row in cells.chunks(5) {
            let line: Vec<String> = row.iter().map(|(f, t, s)| format!("{f}{t} {s:>6}")).collect();
            text.push_str(&format!("  {}\n", line.join("   ")));
        }
        text
    }};
}

/// How the searcher of either engine used its transposition table, as text.
macro_rules! table_text {
    ($searcher:expr) => {{
        let Some(searcher) = $searcher else { return not_searched() };
        let s = searcher.table().stats();
        let percent =
            |part: u64, whole: u64| if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 };
        format!(
            "Transposition table after the last search: {} slots, {} filled ({:.1}%); {} look-ups, {} hits ({:.1}%); {} stores, {} overwrote another position.\n",
            s.capacity,
            s.filled,
            percent(s.filled as u64, s.capacity as u64),
            s.probes,
            s.hits,
            percent(s.hits, s.probes),
            s.stores,
            s.overwrites
        )
    }};
}

impl Engine {
    pub fn new(setup: &Setup, interactive: bool) -> Engine {
        let mut player = ryg::Player::new(setup.level, setup.seed);
        player.set_depth(setup.depth);
        let mut wide = ryg_wide::Player::new(setup.level, setup.seed);
        wide.set_depth(setup.depth);
        let mut engine = Engine {
            player,
            wide,
            opponent: None,
            wide_last: false,
            time: setup.time,
            tablebases: Tablebases::new(setup.cache.clone()),
            cache: setup.cache.clone(),
            files: None,
            interactive,
        };
        if let (Some(opponent), Some(depth)) = (setup.opponent, setup.depth) {
            engine.set_opponent(opponent, depth, setup.seed);
        }
        engine
    }

    /// Plays as `opponent` (one of the articles' programs) searching `depth` plies.
    fn set_opponent(&mut self, opponent: ryg::Engine, depth: u32, seed: u64) {
        let depth = depth.min(u32::from(opponent.max_depth())) as u8;
        let spec = ryg::EngineSpec { engine: opponent, depth };
        self.player = ryg::Player::engine(spec, seed);
        self.wide = ryg_wide::Player::engine(spec, seed);
        self.opponent = Some(opponent);
    }

    /// Whether one of the articles' programs plays instead of a level.
    pub fn has_opponent(&self) -> bool {
        self.opponent.is_some()
    }

    /// The exact table of `size` read from its layer files (12×12 once built), looked for
    /// again while it is absent.
    pub fn files(&mut self, size: ryg_wide::Size) -> Option<std::sync::Arc<ExactLayers>> {
        if self.files.as_ref().is_none_or(|f| f.layers().size() != size) {
            self.files = table_files(&self.cache, size).map(std::sync::Arc::new);
        }
        self.files.clone()
    }

    /// Why `level` cannot play on `size`, or `None` when it can (see [`refusal`]).
    pub fn refusal(&mut self, level: Level, size: ryg_wide::Size) -> Option<String> {
        let files = level.only_with_tablebase() && self.files(size).is_some();
        refusal(level, size, files)
    }

    /// Who plays the computer's moves: "ryg", or the program ("RYG3 v10").
    pub fn who(&self) -> &'static str {
        self.opponent.map_or("ryg", |o| o.title())
    }

    /// "RYG3 v10, depth 8" while one of the articles' programs plays.
    fn opponent_words(&self) -> Option<String> {
        let opponent = self.opponent?;
        let depth = self.wide.depth()?;
        Some(format!("{}, depth {depth}", opponent.title()))
    }

    /// "level 3: mostly perfect moves …", "level 2, at most 1.0 s a move: searches exactly …"
    /// for a game on `size`.
    pub fn describe(&self, size: ryg_wide::Size) -> String {
        let time =
            self.time.map(|t| format!(", at most {:.1} s a move", t.as_secs_f64())).unwrap_or_default();
        if let (Some(words), Some(opponent)) = (self.opponent_words(), self.opponent) {
            let note = self
                .wide
                .depth()
                .and_then(|depth| ryg::EngineSpec::new(opponent, Some(i64::from(depth))).ok()?.memory_note());
            let note = note.map(|n| format!(". {n}")).unwrap_or_default();
            return format!("{words}{time}: {}{note}", opponent.about());
        }
        format!("level {}{time}: {}", self.level(), level_settings(self.level(), self.wide.depth(), size))
    }

    /// The name written into records: "ryg level 3", "RYG3 v10, depth 8".
    pub fn player_name(&self) -> String {
        match self.opponent_words() {
            Some(words) => words,
            None => format!("ryg level {}", self.level()),
        }
    }

    pub fn level(&self) -> Level {
        self.wide.level()
    }

    pub fn set_level(&mut self, level: Level) {
        self.opponent = None;
        self.player.set_level(level);
        self.player.set_depth(None);
        self.wide.set_level(level);
        self.wide.set_depth(None);
    }

    pub fn set_depth(&mut self, depth: u32) {
        if let Some(opponent) = self.opponent {
            let seed = 0; // the articles' programs choose without randomness
            self.set_opponent(opponent, depth, seed);
            return;
        }
        self.player.set_depth(Some(depth));
        self.wide.set_depth(Some(depth));
    }

    pub fn set_time(&mut self, time: Option<Duration>) {
        self.time = time;
    }

    /// The computer's move, or `None` when Ctrl-C interrupted it.
    pub fn choose(&mut self, position: &Position) -> Result<Option<Report>> {
        let Some(narrow) = narrow::position(position) else { return self.choose_wide(position) };
        self.wide_last = false;
        let Some((mv, detail)) = self.choose_narrow(&narrow)? else { return Ok(None) };
        Ok(Some(Report { mv: narrow::wide_move(mv), detail }))
    }

    /// The default engine's move on a board up to 10×10, with the tablebase the level reads.
    fn choose_narrow(&mut self, position: &ryg::Position) -> Result<Option<(ryg::Move, String)>> {
        use ryg::Basis;
        let tablebase = self.player.needs_tablebase().then(|| self.tablebases.get(position.size()));
        let _busy = crate::interrupt::Busy::start();
        let mut handler = Thinking::new(self.time, self.interactive);
        let started = Instant::now();
        let choice = self.player.choose(position, tablebase.as_deref(), &mut handler)?;
        handler.finish();
        if crate::interrupt::take() {
            return Ok(None);
        }
        let seconds = started.elapsed().as_secs_f64();
        let after = position.play(choice.mv).expect("the player chooses legal moves");
        let how = match &choice.basis {
            Basis::Search { depth, nodes, .. } if position.size().n() <= 8 => {
                // The heuristic score can say "-44 for the cats" where the cats win by force:
                // on boards whose tablebase is quick to build, say the exact result instead.
                let exact = self.tablebases.get(position.size()).result(&after);
                format!("depth {depth}, {nodes} nodes; now {}", result_words(exact, &after))
            }
            Basis::Search { score, depth, nodes, .. } => {
                format!("depth {depth}, {nodes} nodes, score {score} for the {}", position.side_to_move())
            }
            Basis::Tablebase(exact) => format!("perfect play: {}", result_words(*exact, &after)),
            Basis::Drawn { permille } => {
                // The level read the tablebase: say where its choice leaves the game.
                let chance = f64::from(*permille) / 10.0;
                match &tablebase {
                    Some(tb) => format!("a {chance:.1}% choice; {}", result_words(tb.result(&after), &after)),
                    None => format!("a {chance:.1}% choice"),
                }
            }
            other => other.to_string(),
        };
        Ok(Some((choice.mv, format!("{how}; {seconds:.2} s"))))
    }

    /// The wide engine's move on 12×12 or 14×14: a search (or a random move), or for the levels
    /// that read the tablebase, the 12×12 table's layer files.
    fn choose_wide(&mut self, position: &Position) -> Result<Option<Report>> {
        if let Some(why) = self.refusal(self.level(), position.size()) {
            anyhow::bail!(why);
        }
        self.wide_last = true;
        let files = self.wide.level().only_with_tablebase().then(|| self.files(position.size())).flatten();
        if let Some(files) = &files {
            // every move's result read first: a damaged file is an error, not a panic
            files.try_move_results(position)?;
        }
        let _busy = crate::interrupt::Busy::start();
        let mut handler = Thinking::new(self.time, self.interactive);
        let started = Instant::now();
        let source = files.as_deref().map(|f| f as &dyn ExactSource);
        let choice = self.wide.choose_from(position, source, &mut handler)?;
        handler.finish();
        if crate::interrupt::take() {
            return Ok(None);
        }
        let seconds = started.elapsed().as_secs_f64();
        let how = match &choice.basis {
            ryg_wide::Basis::Search { score, depth, nodes, .. } => {
                format!("depth {depth}, {nodes} nodes, score {score} for the {}", position.side_to_move())
            }
            ryg_wide::Basis::Drawn { permille } => {
                let after = position.play(choice.mv)?;
                let exact = files.as_ref().map(|f| f.probe(&after)).transpose()?;
                let chance = f64::from(*permille) / 10.0;
                exact.map_or(format!("a {chance:.1}% choice"), |e| format!("a {chance:.1}% choice; {e}"))
            }
            other => other.to_string(),
        };
        Ok(Some(Report { mv: choice.mv, detail: format!("{how}; {seconds:.2} s") }))
    }

    /// `hint`: the best move and the exact result it keeps (up to 10×10), or the best move a
    /// search finds (12×12, 14×14).
    pub fn hint(&mut self, position: &Position) -> Result<String> {
        if let Some(outcome) = position.outcome() {
            return Ok(format!("No hint: the game is over: {}.", ended(outcome)));
        }
        let Some(position) = narrow::position(position) else {
            if let Some(files) = self.files(position.size()) {
                return files_hint(&*files, position);
            }
            if let Some(store) = super::winloss::table(&self.cache, position.size()) {
                return super::winloss::hint(&store, position);
            }
            return Ok(self.searched_hint(position));
        };
        let tablebase = self.tablebases.get(position.size());
        let best = tablebase.best_moves(&position);
        let mover = position.side_to_move();
        // What the best move leads to: the exact result of the position after it.
        let next = position.play(best[0]).expect("best moves are legal");
        let after = tablebase.result(&next);
        let verdict = result_words(after, &next);
        let verdict = if after.winner == mover { verdict } else { verdict.replacen(" win", " still win", 1) };
        let moves: Vec<String> = best.iter().map(|m| m.to_string()).collect();
        let also = if moves.len() > 1 {
            format!(" (equally good: {})", moves[1..].join(" "))
        } else {
            String::new()
        };
        Ok(format!("Hint: {} — {}{}", moves[0], verdict, also))
    }

    /// `hint` on a board without a tablebase: a search of [`HINT_DEPTH`] plies (Ctrl-C or the
    /// time limit stop it after its first iteration).
    fn searched_hint(&mut self, position: &Position) -> String {
        use ryg_wide::search::{Limits, SearchConfig, Searcher};
        let mut searcher = Searcher::new(SearchConfig::default());
        let _busy = crate::interrupt::Busy::start();
        let mut handler = Thinking::new(self.time, self.interactive);
        let result = searcher.search(position, &Limits::depth(HINT_DEPTH), &mut handler);
        handler.finish();
        crate::interrupt::take();
        let best = result.best_move.unwrap_or(position.legal_moves()[0]);
        format!(
            "Hint: {best} — a search of {} scores it {} for the {} ({}).",
            crate::ui::count(u32::from(result.depth), "ply", "plies"),
            result.score,
            position.side_to_move(),
            no_table(position.size())
        )
    }

    /// `eval`: the evaluation terms and the exact result (up to 10×10).
    pub fn eval_report(&mut self, position: &Position) -> Result<String> {
        let breakdown = eval::evaluate(EvalKind::Default, position);
        let mut text = format!("Evaluation ({}; positive is good for the mouse):\n", EvalKind::Default);
        for term in &breakdown.terms {
            text.push_str(&format!("  {:<16} {:>6}\n", term.term.name, term.points));
        }
        text.push_str(&format!("  {:<16} {:>6}\n", "total", breakdown.total));
        match narrow::position(position) {
            Some(position) => {
                let tablebase = self.tablebases.get(position.size());
                let exact = result_words(tablebase.result(&position), &position);
                text.push_str(&format!("Exact result: {exact}.\n"));
            }
            None => match self.files(position.size()) {
                Some(files) => text.push_str(&format!("Exact result: {}.\n", files.probe(position)?)),
                None => match super::winloss::table(&self.cache, position.size()) {
                    Some(store) => text.push_str(&super::winloss::result_line(&store, position)?),
                    None => text.push_str(&format!(
                        "Exact result: unknown on {} ({}).\n",
                        position.size(),
                        no_table(position.size())
                    )),
                },
            },
        }
        Ok(text)
    }

    /// `history`: the history table the last search left, best first.
    pub fn history_report(&self) -> String {
        if self.wide_last {
            history_text!(self.wide.searcher(), ryg_wide::search::HistoryRule)
        } else {
            history_text!(self.player.searcher(), ryg::search::HistoryRule)
        }
    }

    /// `table`: how the last search used the transposition table.
    pub fn table_report(&self) -> String {
        if self.wide_last {
            table_text!(self.wide.searcher())
        } else {
            table_text!(self.player.searcher())
        }
    }

    /// `tree DEPTH`: the explicit minimax tree from here, as text (up to 10×10).
    pub fn tree(&mut self, position: &Position, depth: u32) -> Result<String> {
        match narrow::position(position) {
            Some(position) => crate::cmd::tree::render_text(
                &position,
                depth as u8,
                ryg::eval::EvalKind::Default,
                self.opponent,
            ),
            None => Ok(format!(
                "The tree is drawn on boards up to 10x10; on {} try 'hint' or 'eval'.\n",
                position.size()
            )),
        }
    }
}

/// An exact result in words; a finished game says how it ended ("the mouse is trapped")
/// rather than "won in 0 plies".
fn result_words(result: ryg::ExactResult, position: &ryg::Position) -> String {
    match position.outcome() {
        Some(outcome) => format!("{}, {}", outcome.reason, outcome.winner.wins()),
        None => result.to_string(),
    }
}

/// Why a board beyond 10×10 has no exact result, in a few words: how to build 12×12's table.
fn no_table(size: ryg_wide::Size) -> &'static str {
    if size.n() == 12 {
        "no 12x12 tablebase in the cache directory: `ryg solve --size 12` builds it"
    } else {
        "the exact result is known only up to 10x10; `ryg solve --size 14 --win-loss` builds 14x14's winners"
    }
}

/// `hint` from a table's layer files (or any exact source): a best move and the result it keeps.
fn files_hint(files: &(impl ExactSource + ?Sized), position: &Position) -> Result<String> {
    let best = files.try_best_moves(position)?;
    let next = position.play(best[0])?;
    let after = files.probe(&next)?;
    let verdict = match next.outcome() {
        Some(outcome) => ended(outcome),
        None if after.winner == position.side_to_move() => after.to_string(),
        None => after.to_string().replacen(" win", " still win", 1),
    };
    let moves: Vec<String> = best.iter().map(|m| m.to_string()).collect();
    let also =
        if moves.len() > 1 { format!(" (equally good: {})", moves[1..].join(" ")) } else { String::new() };
    Ok(format!("Hint: {} — {}{}", moves[0], verdict, also))
}

/// The search handler of a terminal game: time limit, Ctrl-C, and a spinner on stderr. The
/// time limit lets the first iteration finish, so the move played was searched.
struct Thinking {
    deadline: Option<Instant>,
    spinner: Option<Spinner>,
    iterations: usize,
}

impl Thinking {
    fn new(time: Option<Duration>, interactive: bool) -> Thinking {
        let deadline = time.map(|t| Instant::now() + t);
        let spinner = interactive.then(|| Spinner::new("thinking"));
        Thinking { deadline, spinner, iterations: 0 }
    }

    fn finish(&mut self) {
        if let Some(spinner) = self.spinner.take() {
            spinner.finish();
        }
    }

    fn stop_now(&self, nodes: u64) -> bool {
        if !nodes.is_multiple_of(4096) {
            return false;
        }
        let out_of_time = self.iterations > 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
        crate::interrupt::interrupted() || out_of_time
    }

    fn iteration_done(&mut self, depth: u8, nodes: u64) {
        self.iterations += 1;
        if let Some(spinner) = &self.spinner {
            spinner.set_message(format!("thinking: depth {depth}, {nodes} nodes"));
        }
    }
}

/// The same handler for the searches of either engine.
macro_rules! thinking_handler {
    ($engine:ident) => {
        impl $engine::search::SearchHandler for Thinking {
            fn should_stop(&mut self, nodes: u64) -> bool {
                self.stop_now(nodes)
            }

            fn on_iteration(&mut self, info: &$engine::search::Iteration) {
                self.iteration_done(info.depth, info.nodes);
            }
        }
    };
}
thinking_handler!(ryg);
thinking_handler!(ryg_wide);

fn not_searched() -> String {
    "The computer has not searched yet: it searches when given a fixed depth (`depth N`); the levels play from the tablebase.\n".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint and the perfect player read from layer files (6×6, built here) say and play
    /// what they do from the in-memory table, position after position of a game.
    #[test]
    fn hints_and_perfect_moves_from_layer_files_match_the_table_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let size = ryg_wide::Size::new(6).unwrap();
        use crate::layers::Build;
        let store = LayerStore::new(dir.path(), size);
        store.build(store.to_solve(), 1).unwrap();
        let files = LayerStore::complete(dir.path(), size).expect("built whole");
        let table = ryg_wide::Tablebase::build(size, 1, &mut ());
        let (mut from_files, mut from_table) =
            (ryg_wide::Player::new(Level::Perfect, 9), ryg_wide::Player::new(Level::Perfect, 9));
        let mut position = Position::start(size, None).unwrap();
        let mut hints = 0;
        while position.outcome().is_none() {
            let hint = files_hint(&files, &position).unwrap();
            assert_eq!(hint, files_hint(&table, &position).unwrap());
            let best = table.best_moves(&position);
            assert!(hint.starts_with(&format!("Hint: {} — ", best[0])), "{hint}");
            hints += 1;
            let handler = &mut ryg_wide::search::NoHandler;
            let a = from_files.choose_from(&position, Some(&files), handler).unwrap();
            let b = from_table.choose(&position, Some(&table), handler).unwrap();
            assert_eq!((a.mv, a.basis.to_string()), (b.mv, b.basis.to_string()));
            position = position.play(a.mv).unwrap();
        }
        assert!(hints >= 4, "{hints} positions");
    }

    #[test]
    fn levels_that_need_the_tablebase_are_refused_past_10x10() {
        for name in ["random", "1", "5", "9", "perfect", "err:0.25", "err:0.05", "err:1", "err:0"] {
            let level: Level = name.parse().unwrap();
            let twelve = "12".parse().unwrap();
            assert_eq!(
                refusal(level, twelve, false).is_some(),
                matches!(name, "perfect") || name.starts_with("err:")
            );
            assert_eq!(refusal(level, twelve, true), None, "the 12x12 table is on disk");
            assert_eq!(refusal(level, "10".parse().unwrap(), false), None);
        }
    }
}
