//! The computer side of a terminal game: a library `Player` at some level, the tablebase it
//! and the `hint`/`eval` commands consult, and the spinner shown while it thinks.

use std::time::{Duration, Instant};

use anyhow::Result;
use ryg::eval::{self, EvalKind};
use ryg::search::{Iteration, SearchHandler};
use ryg::{Basis, Level, Player, Position};

use super::setup::Setup;
use crate::tablebase::Tablebases;
use crate::ui::spinner::Spinner;

/// A computer move and a one-line account of how it was found.
pub struct Report {
    pub mv: ryg::Move,
    pub detail: String,
}

pub struct Engine {
    player: Player,
    time: Option<Duration>,
    tablebases: Tablebases,
    interactive: bool,
}

/// What a level means, in words: for `help`, the start of a game and the README.
fn level_settings(level: Level, depth: Option<u32>) -> String {
    match (level, depth) {
        (Level::Perfect, _) => "perfect play from the tablebase".to_string(),
        (Level::Random, _) => "random moves".to_string(),
        (Level::Search(_), Some(d)) => format!(
            "searches exactly {}, without the level's randomness",
            crate::ui::count(d, "ply", "plies")
        ),
        (Level::Search(_), None) => {
            "mostly perfect moves, more often plausible or random ones at low levels; see `ryg levels`"
                .to_string()
        }
        (Level::Err(rate), _) => {
            format!("plays a best move, or with probability {rate} a random move")
        }
    }
}

impl Engine {
    pub fn new(setup: &Setup, interactive: bool) -> Engine {
        let mut player = Player::new(setup.level, setup.seed);
        player.set_depth(setup.depth);
        Engine { player, time: setup.time, tablebases: Tablebases::new(setup.cache.clone()), interactive }
    }

    /// "level 3: mostly perfect moves …", "level 2, at most 1.0 s a move: searches exactly …".
    pub fn describe(&self) -> String {
        let time =
            self.time.map(|t| format!(", at most {:.1} s a move", t.as_secs_f64())).unwrap_or_default();
        format!(
            "level {}{time}: {}",
            self.player.level(),
            level_settings(self.player.level(), self.player.depth())
        )
    }

    /// The name written into records: "ryg level 3".
    pub fn player_name(&self) -> String {
        format!("ryg level {}", self.player.level())
    }

    pub fn level(&self) -> Level {
        self.player.level()
    }

    pub fn set_level(&mut self, level: Level) {
        self.player.set_level(level);
        self.player.set_depth(None);
    }

    pub fn set_depth(&mut self, depth: u32) {
        self.player.set_depth(Some(depth));
    }

    pub fn set_time(&mut self, time: Option<Duration>) {
        self.time = time;
    }

    /// The computer's move, or `None` when Ctrl-C interrupted it.
    pub fn choose(&mut self, position: &Position) -> Result<Option<Report>> {
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
        Ok(Some(Report { mv: choice.mv, detail: format!("{how}; {seconds:.2} s") }))
    }

    /// `hint`: the best move and the exact result it keeps.
    pub fn hint(&mut self, position: &Position) -> Result<String> {
        if let Some(outcome) = position.outcome() {
            return Ok(format!("No hint: the game is over: {}.", ended(outcome)));
        }
        let tablebase = self.tablebases.get(position.size());
        let best = tablebase.best_moves(position);
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

    /// `eval`: the evaluation terms and the exact result.
    pub fn eval_report(&mut self, position: &Position) -> Result<String> {
        let breakdown = eval::evaluate(EvalKind::Default, position);
        let mut text = format!("Evaluation ({}; positive is good for the mouse):\n", EvalKind::Default);
        for term in &breakdown.terms {
            text.push_str(&format!("  {:<16} {:>6}\n", term.term.name, term.points));
        }
        text.push_str(&format!("  {:<16} {:>6}\n", "total", breakdown.total));
        let tablebase = self.tablebases.get(position.size());
        let exact = result_words(tablebase.result(position), position);
        text.push_str(&format!("Exact result: {exact}.\n"));
        Ok(text)
    }

    /// `history` (the original's `.f`): the history table the last search left, best first.
    pub fn history_report(&self) -> String {
        let Some(searcher) = self.player.searcher() else { return not_searched() };
        let mut cells: Vec<_> = searcher.history().cells().collect();
        cells.sort_by(|a, b| b.2.cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
        if cells.is_empty() {
            return "History table: empty (the last search had no cut-offs to record).\n".to_string();
        }
        let mut text = format!(
            "History table after the last search ({} moves scored; from -> to: score, bumped by the depth left at each cut-off):\n",
            cells.len()
        );
        for row in cells.chunks(6) {
            let line: Vec<String> = row.iter().map(|(f, t, s)| format!("{f}{t} {s:>6}")).collect();
            text.push_str(&format!("  {}\n", line.join("   ")));
        }
        text
    }

    /// `table` (the original's `.e`): how the last search used the transposition table.
    pub fn table_report(&self) -> String {
        let Some(searcher) = self.player.searcher() else { return not_searched() };
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
    }

    /// `tree DEPTH`: the explicit minimax tree from here, as text.
    pub fn tree(&mut self, position: &Position, depth: u32) -> Result<String> {
        crate::cmd::tree::render_text(position, depth as u8, EvalKind::Default)
    }
}

/// An exact result in words; a finished game says how it ended ("the mouse is trapped")
/// rather than "won in 0 plies".
fn result_words(result: ryg::ExactResult, position: &Position) -> String {
    match position.outcome() {
        Some(outcome) => ended(outcome),
        None => result.to_string(),
    }
}

/// How a game ended, without parentheses: "the mouse is trapped, the cats win".
pub fn ended(outcome: ryg::Outcome) -> String {
    let who = if outcome.winner == ryg::Side::Mouse { "the mouse wins" } else { "the cats win" };
    format!("{}, {who}", outcome.reason)
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
}

impl SearchHandler for Thinking {
    fn should_stop(&mut self, nodes: u64) -> bool {
        if !nodes.is_multiple_of(4096) {
            return false;
        }
        let out_of_time = self.iterations > 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
        crate::interrupt::interrupted() || out_of_time
    }

    fn on_iteration(&mut self, info: &Iteration) {
        self.iterations += 1;
        if let Some(spinner) = &self.spinner {
            spinner.set_message(format!("thinking: depth {}, {} nodes", info.depth, info.nodes));
        }
    }
}

fn not_searched() -> String {
    "The computer has not searched yet: it searches when given a fixed depth (`depth N`); the levels play from the tablebase.\n".to_string()
}
