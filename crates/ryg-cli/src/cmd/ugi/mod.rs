//! `ryg ugi`: the engine side of UGI (Universal Game Interface, UCI with `query`) over
//! stdin/stdout. The text commands become library calls; the search runs on its own thread,
//! so `stop` and `isready` are answered while it thinks. p1 is the mouse (it moves first).

mod options;
mod protocol;
mod search;

use std::io::BufRead;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::Result;
use ryg::search::{Searcher, SplitMix64};
use ryg::{Position, Side};

use crate::tablebase::CacheArgs;
use options::{option_lines, Options};
use protocol::{parse_position, Go, Out};
use search::{searcher_for, Job, Running, Tablebases};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// The engine: options, the current position, tablebases, and the search if one runs.
struct Engine {
    options: Options,
    position: Position,
    /// Why the last `position` command was rejected: there is then no position to search or
    /// ask about until a valid one comes (`go` and `query` answer an error).
    no_position: Option<String>,
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
            no_position: None,
            options,
            out: Out::new(),
            tablebases: Arc::new(Tablebases::new(cache)),
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
                Ok(position) => {
                    self.position = position;
                    self.no_position = None;
                }
                Err(e) => {
                    self.error(&e);
                    self.no_position = Some(e);
                }
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
                self.no_position = None;
            }
            Ok(())
        });
        if let Err(e) = result {
            self.error(&e);
        }
    }

    fn query(&self, words: &[&str]) {
        if let Some(why) = &self.no_position {
            self.error(&format!("no position to ask about: the last 'position' was rejected ({why})"));
            return;
        }
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
        if let Some(why) = &self.no_position {
            // No search of the position before the rejected one: the GUI meant another.
            self.error(&format!("no position to search: the last 'position' was rejected ({why})"));
            self.out.say("bestmove (none)");
            return;
        }
        let position = self.position;
        if position.outcome().is_some() {
            self.error("the game is over: there is no move to search");
            self.out.say("bestmove (none)");
            return;
        }
        let needs_tablebase = self.options.level.needs_tablebase() && !go.searches();
        let options = self.options.clone();
        let base = if options.seed == 0 { self.fresh_seed } else { options.seed };
        let seed = SplitMix64::new(base ^ self.games.wrapping_mul(0x9e37_79b9)).next_u64() ^ position.hash();
        let job = Job { position, go, received, options, seed, needs_tablebase };
        let (tablebases, searcher) = (Arc::clone(&self.tablebases), Arc::clone(&self.searcher));
        self.running = Some(Running::start(job, tablebases, searcher, self.out.clone()));
    }
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
    use std::time::Duration;

    use ryg::SearchConfig;

    use super::*;

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
}
