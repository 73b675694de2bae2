//! `ryg match`: two UGI engines play a series of games. The runner trusts neither: it checks
//! every move with the library, ends games by its own rules (or early from the tablebase),
//! and an engine that crashes, hangs, runs out of time or says something illegal loses.

pub(crate) mod engine;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use ryg::rating::{self, Decision, Sprt};
use ryg::report::{MatchGame, MatchReport};
use ryg::{Game, Move, Position, Record, Side, Size, Tablebase};

use crate::args::{InvalidValue, JsonArg, UsageError};
use crate::out::outln;
use crate::tablebase::CacheArgs;
use engine::{Engine, EngineSpec, Failure};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// An engine: "cmd=COMMAND name=NAME option.NAME=VALUE …" (give exactly two)
    #[arg(long = "engine", value_name = "SPEC", required = true, value_parser = |s: &str| s.parse::<EngineSpec>())]
    pub engines: Vec<EngineSpec>,
    /// Games to play (rounded up to an even number: each opening twice, sides swapped)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Games played at the same time
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Clock per game: SECONDS+INCREMENT, e.g. 10+0.1
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "depth"], value_parser = parse_tc)]
    pub tc: Option<Control>,
    /// Time per move in milliseconds
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    pub movetime: Option<u64>,
    /// Fixed search depth per move
    #[arg(long, value_name = "PLIES")]
    pub depth: Option<u32>,
    /// Board size of the start positions: 4, 6, 8 or 10
    #[arg(long, value_name = "N", default_value_t = Size::STANDARD)]
    pub size: Size,
    /// Openings: `starts` (every mouse start square) or a file with one FEN per line
    /// [default: the standard start]
    #[arg(long, value_name = "starts|FILE")]
    pub openings: Option<String>,
    /// End a game early once the tablebase says it ends within PLIES plies (perfect play)
    #[arg(long, value_name = "PLIES", num_args = 0..=1, default_missing_value = "10")]
    pub adjudicate: Option<u32>,
    /// Stop early on a decision: "elo0=0 elo1=50 alpha=0.05 beta=0.05"
    #[arg(long, value_name = "SETTINGS", value_parser = |s: &str| s.parse::<Sprt>())]
    pub sprt: Option<Sprt>,
    /// Write every game to this file (PGN-style records, `ryg record check` reads it)
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Seconds an engine may take to answer when no clock runs (start-up, depth searches)
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub timeout: f64,
    /// Milliseconds an engine may take over its clock (--tc) or --movetime before it loses on
    /// time (the pipe and the scheduler's share)
    #[arg(long, value_name = "MS", default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub margin: u64,
    /// Refuse an option.NAME that an engine does not offer (else a warning)
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Clone, Copy, Debug)]
pub enum Control {
    Clock { base: Duration, inc: Duration },
    MoveTime(u64),
    Depth(u32),
    Unlimited,
}

fn parse_tc(text: &str) -> Result<Control, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| -> Result<Duration, String> {
        let v: f64 = s.parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
        if !(0.0..1e7).contains(&v) {
            return Err(format!("'{s}' is out of range"));
        }
        Ok(Duration::from_secs_f64(v))
    };
    Ok(Control::Clock { base: secs(base)?, inc: secs(inc)? })
}

/// How one game went, and its record.
#[derive(Clone, Debug)]
struct GameResult {
    game: MatchGame,
    record: Record,
}

struct Setup {
    engines: Vec<EngineSpec>,
    control: Control,
    timeout: Duration,
    /// Time allowed over the clock or the move time before a move is a loss on time.
    margin: Duration,
    adjudicate: Option<(u32, Arc<Tablebase>)>,
}

/// The `go` command for the side to move, the time it has for its move (`None`: no clock or
/// move time, `--timeout` applies) and the clock's increment.
fn go_command(control: Control, clocks: [Duration; 2], side: usize) -> (String, Option<Duration>, Duration) {
    match control {
        Control::Clock { inc, .. } => {
            let ms = |d: Duration| d.as_millis();
            let cmd = format!(
                "go p1time {} p2time {} p1inc {} p2inc {}",
                ms(clocks[0]),
                ms(clocks[1]),
                ms(inc),
                ms(inc)
            );
            (cmd, Some(clocks[side]), inc)
        }
        Control::MoveTime(ms) => {
            (format!("go movetime {ms}"), Some(Duration::from_millis(ms)), Duration::ZERO)
        }
        Control::Depth(d) => (format!("go depth {d}"), None, Duration::ZERO),
        Control::Unlimited => ("go".to_string(), None, Duration::ZERO),
    }
}

/// Plays game `index` from `start` with engine `mouse` as the mouse.
fn play_game(setup: &Setup, index: usize, start: Position, mouse: usize) -> GameResult {
    let mut game = Game::new(start);
    let mut nodes: [Option<u64>; 2] = [None; 2];
    let mut moves_made = [0u32; 2];
    let engine_of = |side: Side| if side == Side::Mouse { mouse } else { 1 - mouse };
    let (mut engines, mut failure) = start_engines(setup, &start);
    let mut adjudicated = None;
    let mut clocks = match setup.control {
        Control::Clock { base, .. } => [base; 2],
        _ => [Duration::ZERO; 2],
    };
    let moves_text = |game: &Game| game.moves().iter().map(Move::to_string).collect::<Vec<_>>().join(" ");
    while failure.is_none() && game.outcome().is_none() {
        if let Some((plies, tb)) = &setup.adjudicate {
            let result = tb.result(game.position());
            if result.plies <= *plies {
                adjudicated = Some(result);
                break;
            }
        }
        let side = game.position().side_to_move();
        let who = engine_of(side);
        let clock_index = usize::from(side == Side::Cats);
        let engine = engines[who].as_mut().expect("both engines started");
        let moves = moves_text(&game);
        let position = if moves.is_empty() {
            format!("position fen {}", start.fen())
        } else {
            format!("position fen {} moves {moves}", start.fen())
        };
        let (go, time, inc) = go_command(setup.control, clocks, clock_index);
        // With a clock or a move time, an answer later than that plus the margin loses on time.
        let allowed = time.map_or(setup.timeout, |t| t + setup.margin);
        let answer = engine.send(&position).and_then(|()| engine.go(&go, allowed, time.is_some()));
        let answer = match answer {
            Ok(a) if time.is_some() && a.elapsed > allowed => Err(Failure::OutOfTime(allowed)),
            answer => answer,
        };
        let answer = match answer {
            Ok(a) => a,
            Err(f) => {
                failure = Some((who, f));
                break;
            }
        };
        if let (Control::Clock { .. }, Some(time)) = (setup.control, time) {
            // Time spent within the margin is not taken from the clock.
            clocks[clock_index] = time.saturating_sub(answer.elapsed) + inc;
        }
        let played = answer.mv.parse::<Move>().map_err(|e| format!("'{}': {e}", answer.mv));
        match played.and_then(|mv| game.play(mv).map_err(|e| e.to_string())) {
            Ok(()) => {
                // Only moves played count (and their nodes), not an illegal one.
                if let Some(n) = answer.nodes {
                    nodes[who] = Some(nodes[who].unwrap_or(0) + n);
                }
                moves_made[who] += 1;
            }
            Err(why) => {
                failure = Some((who, Failure::Illegal(why)));
                break;
            }
        }
    }
    drop(engines);
    let (winner, reason, failed) = match (failure, adjudicated, game.outcome()) {
        (Some((who, f)), _, _) => {
            let side = if who == mouse { Side::Mouse } else { Side::Cats };
            (!side, format!("{} ({}) {f}", setup.engines[who].name, side), Some(who))
        }
        (None, Some(result), _) => (result.winner, format!("adjudicated: {result}"), None),
        (None, None, Some(outcome)) => (outcome.winner, outcome.reason.to_string(), None),
        (None, None, None) => unreachable!("the loop ends on a failure, an adjudication or the game's end"),
    };
    let record = record_of(setup, index, mouse, game, winner, &reason);
    let game = MatchGame { number: index + 1, mouse, winner, failed, reason, nodes, moves: moves_made };
    GameResult { game, record }
}

/// Both engines started on `start`: those that started, and the first that failed to.
fn start_engines(setup: &Setup, start: &Position) -> (Vec<Option<Engine>>, Option<(usize, Failure)>) {
    let mut failure = None;
    let mut engines = Vec::new();
    for (i, spec) in setup.engines.iter().enumerate() {
        match Engine::start(spec, &format!("position fen {}", start.fen()), setup.timeout) {
            Ok(e) => engines.push(Some(e)),
            Err(f) => {
                failure.get_or_insert((i, f));
                engines.push(None);
            }
        }
    }
    (engines, failure)
}

/// The record of game `index`, its tags saying who played, who won and why.
fn record_of(setup: &Setup, index: usize, mouse: usize, game: Game, winner: Side, reason: &str) -> Record {
    let mut record = Record::new(game);
    let token = if winner == Side::Mouse { "1-0" } else { "0-1" };
    let tags = [
        ("Event", "ryg match".to_string()),
        ("Round", (index + 1).to_string()),
        ("Mouse", setup.engines[mouse].name.clone()),
        ("Cats", setup.engines[1 - mouse].name.clone()),
        ("MatchResult", token.to_string()),
        ("Termination", reason.to_string()),
    ];
    for (name, value) in tags {
        // Tag values from engine names may hold quotes; the record refuses those.
        let _ = record.set_tag(name, &value.replace('"', "'"));
    }
    record
}

/// The openings: `starts`, a file of FENs, or the standard start of `size`.
fn openings(args: &Args) -> Result<Vec<Position>> {
    match args.openings.as_deref() {
        None => Ok(vec![Position::start(args.size, None)?]),
        Some("starts") => Ok(args
            .size
            .rank(0)
            .map(|sq| Position::start(args.size, Some(sq)).expect("dark squares of rank 1"))
            .collect()),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read openings '{path}'"))?;
            let mut list = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let position: Position =
                    line.parse().with_context(|| format!("openings '{path}' line {}", i + 1))?;
                if position.outcome().is_some() {
                    bail!("openings '{path}' line {}: the game is already over", i + 1);
                }
                list.push(position);
            }
            if list.is_empty() {
                bail!("openings '{path}' holds no position");
            }
            Ok(list)
        }
    }
}

/// An engine that dies while the runner writes to it must not end the runner: a write to
/// its closed pipe is an error (the engine crashed), not SIGPIPE.
fn ignore_sigpipe() {
    crate::pipe::survive_closed_pipe();
}

pub fn run(args: Args) -> Result<()> {
    ignore_sigpipe();
    let (setup, openings) = setup_of(&args)?;
    let games = (args.games as usize).div_ceil(2) * 2;
    let setup = Arc::new(setup);
    let mut pgn = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?)
        }
        None => None,
    };
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let halt = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let openings = Arc::new(openings);
    let mut workers = Vec::new();
    for _ in 0..args.concurrency.min(games as u32) {
        let (setup, next, halt, tx, openings) =
            (Arc::clone(&setup), Arc::clone(&next), Arc::clone(&halt), tx.clone(), Arc::clone(&openings));
        workers.push(std::thread::spawn(move || loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= games || halt.load(Ordering::Relaxed) {
                break;
            }
            let start = openings[(index / 2) % openings.len()];
            let result = play_game(&setup, index, start, index % 2);
            if tx.send(result).is_err() {
                break;
            }
        }));
    }
    drop(tx);
    let live = std::io::stderr().is_terminal();
    let mut results: Vec<GameResult> = Vec::new();
    let mut decision = Decision::Continue;
    while let Ok(result) = rx.recv() {
        if let Some(file) = &mut pgn {
            writeln!(file, "{}", result.record.to_pgn()).context("cannot write the PGN file")?;
        }
        results.push(result);
        let wins = results.iter().filter(|r| r.game.winning_engine() == 0).count() as u32;
        let losses = results.len() as u32 - wins;
        if let Some(sprt) = &args.sprt {
            decision = sprt.decide(wins, losses);
        }
        if live {
            let e = rating::elo(wins, wins + losses);
            eprint!(
                "\r{} {}-{} {} after {}/{games} games, Elo {}   ",
                setup.engines[0].name,
                wins,
                losses,
                setup.engines[1].name,
                results.len(),
                fmt_elo(e.diff)
            );
        }
        if decision != Decision::Continue {
            halt.store(true, Ordering::Relaxed);
            break;
        }
    }
    if live {
        eprintln!();
    }
    // Games still being played after a decision are not counted; the workers end with them.
    drop(rx);
    for w in workers {
        let _ = w.join();
    }
    results.sort_by_key(|r| r.game.number);
    let games: Vec<MatchGame> = results.into_iter().map(|r| r.game).collect();
    let names = [setup.engines[0].name.as_str(), setup.engines[1].name.as_str()];
    let report =
        MatchReport::of(names, args.size, &games, args.sprt.as_ref(), started.elapsed().as_secs_f64());
    if args.json.json {
        outln!("{}", serde_json::to_string(&report)?)?;
    } else {
        print_report(&report)?;
    }
    Ok(())
}

/// The match `args` describe, checked (two engines that start, a timeout, openings of one size
/// when adjudicating), and its openings.
fn setup_of(args: &Args) -> Result<(Setup, Vec<Position>)> {
    if args.engines.len() != 2 {
        return Err(
            InvalidValue(format!("a match needs exactly two --engine, not {}", args.engines.len())).into()
        );
    }
    if !(args.timeout > 0.0 && args.timeout < 1e6) {
        return Err(InvalidValue("--timeout must be a positive number of seconds".to_string()).into());
    }
    probe(&args.engines, Duration::from_secs_f64(args.timeout), args.strict)?;
    let control = match (&args.tc, args.movetime, args.depth) {
        (Some(tc), _, _) => *tc,
        (_, Some(ms), _) => Control::MoveTime(ms),
        (_, _, Some(d)) => Control::Depth(d),
        _ => Control::Unlimited,
    };
    let openings = openings(args)?;
    let adjudicate = args.adjudicate.map(|plies| {
        let size = openings[0].size();
        (plies, Arc::new(args.cache.obtain(size).tablebase))
    });
    if adjudicate.is_some() && openings.iter().any(|p| p.size() != openings[0].size()) {
        bail!("--adjudicate needs openings of one board size");
    }
    let setup = Setup {
        engines: args.engines.clone(),
        control,
        timeout: Duration::from_secs_f64(args.timeout),
        margin: Duration::from_millis(args.margin),
        adjudicate,
    };
    Ok((setup, openings))
}

/// Starts each engine once before any game: one that does not start is a mistake of the
/// command line (exit status 2, one line naming it), not a series of lost games; an
/// `option.NAME` it does not offer is a warning, or with `--strict` such a mistake.
fn probe(engines: &[EngineSpec], timeout: Duration, strict: bool) -> Result<()> {
    for spec in engines {
        let offered = Engine::probe(spec, timeout)
            .map_err(|why| UsageError(format!("engine '{}' did not start: {why}", spec.name)))?;
        for (name, _) in &spec.options {
            if offered.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                continue;
            }
            let offers = if offered.is_empty() { "none".to_string() } else { offered.join(", ") };
            let message = format!("engine '{}' has no option '{name}' (it offers {offers})", spec.name);
            if strict {
                return Err(UsageError(message).into());
            }
            eprintln!("ryg: warning: {}", ryg::echo::escape_controls(&message));
        }
    }
    Ok(())
}

fn fmt_elo(v: Option<f64>) -> String {
    // `+ 0.0` turns -0 into 0.
    v.map_or("n/a".to_string(), |v| format!("{:+.0}", v.round() + 0.0))
}

fn print_report(r: &MatchReport) -> Result<(), crate::out::StdoutError> {
    outln!("{} games in {:.1} s", r.games, r.seconds)?;
    for e in &r.engines {
        outln!(
            "{:<12} {:>5}/{:<5} as mouse {}/{}, as cats {}/{}, failures {}, {} moves, {} nodes",
            e.name,
            e.score,
            e.games,
            e.as_mouse.wins,
            e.as_mouse.games,
            e.as_cats.wins,
            e.as_cats.games,
            e.failures,
            e.moves,
            e.nodes.map_or("—".to_string(), |n| n.to_string())
        )?;
    }
    if r.engines.iter().any(|e| e.nodes.is_none()) {
        outln!("— nodes: the engine reported none (a level playing from the tablebase searches no nodes)")?;
    }
    outln!(
        "Elo {} - {}: {} [{}, {}] ({})",
        r.engines[0].name,
        r.engines[1].name,
        fmt_elo(r.elo),
        fmt_elo(r.elo_low),
        fmt_elo(r.elo_high),
        r.elo_method
    )?;
    if let Some(s) = &r.sprt {
        outln!("SPRT: llr {:.2} (bounds {:.2}, {:.2}): {}", s.llr, s.lower, s.upper, s.decision)?;
    }
    for f in &r.failures {
        outln!("game {}: {}", f.game, f.reason)?;
    }
    Ok(())
}
