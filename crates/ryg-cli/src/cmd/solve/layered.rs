//! `ryg solve` on a board whose tablebase is built layer by layer on disk (12×12, or any size
//! with `--layered`): the build (or its resumption) once, then answers from the layer files.

use std::fmt::Write as _;

use anyhow::{bail, Context, Result};
use ryg_layers::Format;
use ryg_wide::report::SolveReport;
use ryg_wide::tablebase::LayerStats;
use ryg_wide::{Position, Side, Size};
use serde::Serialize;

use super::{emit, stats_text, words, Args, Longest, StartReport, StatsReport, WinCounts};
use crate::layers::{check_room, Build, BuildFormat, ExactLayers, LayerStore, WinLossStore};

/// 14×14 and larger: what an exact build would take, as an error.
pub fn too_large(size: Size) -> Result<()> {
    let layers = ryg_wide::tablebase::Layers::new(size);
    let tib = |b: u64| b as f64 / (1u64 << 40) as f64;
    let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
    bail!(
        "solving {size} exactly would take {:.1} trillion entries: {:.1} TiB of disk at one byte each, \
         and {:.0} GiB of memory for its largest layer; ryg solves boards up to 12x12 exactly, \
         and {size} by win/loss only with --win-loss",
        layers.entries() as f64 / 1e12,
        tib(layers.entries()),
        gib(layers.largest_layer() * 3 / 2)
    )
}

pub fn run(args: &Args, position: &Position) -> Result<()> {
    let size = position.size();
    let dir =
        args.cache.dir().context("the layered tablebase lives in the cache directory: drop --no-cache")?;
    if args.win_loss {
        let store = LayerStore::win_loss(&dir, size);
        let seconds = prepare(&store, args)?;
        return match args.lookups {
            Some(count) => lookups(&store, count, args.json.json),
            None if args.stats => win_loss_stats(&store, seconds, args.json.json),
            None => win_loss_solve(&store, position, args.json.json),
        };
    }
    let seconds = prepare(&LayerStore::new(&dir, size), args)?;
    // every exact layer is on disk now: the table answers exact results
    let exact = LayerStore::complete(&dir, size).context("the layer files are not all on disk")?;
    match args.lookups {
        Some(count) => lookups(&*exact, count, args.json.json),
        None if args.stats => stats(&exact, seconds, args.json.json),
        None => solve(&exact, position, args.json.json),
    }
}

/// `--verify`, when asked, then the build of the layers not on disk (or its resumption): the
/// seconds the build took (0 when every layer was there).
fn prepare<F: BuildFormat>(store: &LayerStore<F>, args: &Args) -> Result<f64> {
    let layers = store.layers();
    let size = layers.size();
    if args.verify {
        let started = std::time::Instant::now();
        let damaged = store.verify(args.cache.threads())?;
        for (_, why) in &damaged {
            eprintln!("ryg: {why}; it is built again, with every layer before it");
        }
        if damaged.is_empty() {
            eprintln!(
                "ryg: every finished layer of {size} decompresses and its checksum matches ({:.1} s)",
                started.elapsed().as_secs_f64()
            );
        }
    }
    let todo = store.to_solve();
    let mut seconds = 0.0;
    if !todo.is_empty() {
        let (disk, memory) = store.needs(todo.clone());
        check_room(store, (disk, memory))?;
        eprintln!(
            "ryg: building the {size} {}tablebase in {} layer by layer ({} of {} layers to go, {:.1} GiB of disk at most, \
             {:.1} GiB of memory at most); if stopped, it resumes where it was",
            F::NAME,
            store.dir().display(),
            todo.len(),
            layers.len(),
            disk as f64 / (1u64 << 30) as f64,
            memory as f64 / (1u64 << 30) as f64
        );
        let built = store.build(todo, args.cache.threads())?;
        if let Some(from) = built.resumed_from {
            eprintln!("ryg: resumed after layer {from}, which was on disk");
        }
        seconds = built.seconds;
    }
    Ok(seconds)
}

fn solve(store: &ExactLayers, position: &Position, json: bool) -> Result<()> {
    let report = SolveReport::of(store, position)?;
    if json {
        return emit(&format!("{}\n", serde_json::to_string(&report)?));
    }
    let moves: Vec<(&str, String)> =
        report.moves.iter().map(|m| (m.mv.as_str(), words(m.winner, m.plies))).collect();
    let result = words(report.winner, report.plies);
    emit(&report_text(position, (&result, ""), ("best", &report.best_moves), &moves)?)
}

/// The text of a solve report: the position; its `result` (with how the game ended, else
/// `note`); the moves `best` names under its label (when there are moves); and each move with
/// what it leads to.
fn report_text(
    position: &Position,
    (result, note): (&str, &str),
    (label, best): (&str, &[String]),
    moves: &[(&str, String)],
) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "position  {}", position.fen())?;
    match position.outcome() {
        Some(outcome) => writeln!(out, "result    {result} (the game is over: {})", outcome.reason)?,
        None => writeln!(out, "result    {result}{note}")?,
    }
    if !moves.is_empty() {
        writeln!(out, "{label:<9} {}", best.join(" "))?;
    }
    for (i, (mv, after)) in moves.iter().enumerate() {
        writeln!(out, "{:<9} {mv:<7} {after}", if i == 0 { "moves" } else { "" })?;
    }
    Ok(out)
}

fn stats(store: &ExactLayers, seconds: f64, json: bool) -> Result<()> {
    let layers = store.layers();
    let size = layers.size();
    let per_layer = store.stats().context("a layer file is missing or damaged")?;
    let mut all = LayerStats::default();
    let mut longest = (0u8, 0usize, 0u64);
    for (layer, s) in per_layer.iter().enumerate() {
        for (a, b) in all.counts.iter_mut().flatten().zip(s.counts.iter().flatten()) {
            *a += b;
        }
        if s.longest.0 > longest.0 {
            longest = (s.longest.0, layer, s.longest.1);
        }
    }
    let longest_position = layers.position(longest.1, longest.2).context("the longest win's entry")?;
    let longest_result = store.result(&longest_position)?;
    let counts = |side: Side| WinCounts {
        mouse_wins: all.counts[side as usize][Side::Mouse as usize],
        cats_wins: all.counts[side as usize][Side::Cats as usize],
    };
    let mut starts = Vec::new();
    for square in size.rank(0) {
        let start = Position::start(size, Some(square))?;
        let r = store.result(&start)?;
        starts.push(StartReport { square: square.to_string(), winner: r.winner.name(), plies: r.plies });
    }
    let report = StatsReport {
        size: size.to_string(),
        source: if seconds > 0.0 { "built" } else { "cache" },
        seconds,
        memory_bytes: 0,
        entries: layers.entries() as usize,
        positions: all.positions(),
        mouse_to_move: counts(Side::Mouse),
        cats_to_move: counts(Side::Cats),
        longest_win: Longest {
            fen: longest_position.fen(),
            winner: longest_result.winner.name(),
            plies: longest_result.plies,
        },
        starts,
    };
    let mut out = String::new();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return emit(&out);
    }
    writeln!(out, "tablebase {size}: {} layers in {}", layers.len(), store.dir().display())?;
    stats_text(out, &report, 12)
}

/// `--lookups N`: the rate of lookups of random positions (random games from the start, a
/// fixed seed) from the layer files, each a read of one compressed block.
fn lookups<F: Format>(store: &LayerStore<F>, count: u64, json: bool) -> Result<()> {
    let size = store.layers().size();
    let mut rng = ryg_wide::search::SplitMix64::new(7);
    let mut positions = Vec::with_capacity(count as usize);
    while positions.len() < count as usize {
        let mut p = Position::start(size, None)?;
        for _ in 0..rng.below(usize::from(size.n()) * 10) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())])?;
        }
        positions.push(p);
    }
    let started = std::time::Instant::now();
    let mut mouse = 0u64;
    for p in &positions {
        mouse += u64::from(store.winner(p)? == Side::Mouse);
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = count as f64 / seconds;
    if json {
        crate::out::outln!(
            "{}",
            serde_json::json!({"size": size.to_string(), "lookups": count, "seconds": seconds, "per_second": rate, "mouse_wins": mouse})
        )?;
    } else {
        crate::out::outln!(
            "{count} lookups in {seconds:.3} s: {rate:.0} a second ({mouse} won by the mouse)"
        )?;
    }
    Ok(())
}

/// A position's winner and each move's, from the win/loss layers.
#[derive(Serialize)]
struct WinLossSolveReport {
    fen: String,
    winner: &'static str,
    /// The moves that keep the win for the side to move (none when it loses).
    winning_moves: Vec<String>,
    /// The moves that keep the best result there is: the winning ones, or every move when the
    /// side to move loses (the layers hold no distance, so none is known to resist longer).
    best_moves: Vec<String>,
    moves: Vec<WinLossMove>,
}

#[derive(Serialize)]
struct WinLossMove {
    #[serde(rename = "move")]
    mv: String,
    winner: &'static str,
}

fn win_loss_solve(store: &WinLossStore, position: &Position, json: bool) -> Result<()> {
    let winner = store.winner(position)?;
    let mut moves = Vec::new();
    for mv in position.legal_moves().iter() {
        let after = position.play(*mv)?;
        moves.push(WinLossMove { mv: mv.to_string(), winner: store.winner(&after)?.name() });
    }
    let wins = winner == position.side_to_move();
    let best: Vec<String> =
        moves.iter().filter(|m| m.winner == winner.name()).map(|m| m.mv.clone()).collect();
    let report = WinLossSolveReport {
        fen: position.fen(),
        winner: winner.name(),
        winning_moves: if wins { best.clone() } else { Vec::new() },
        best_moves: best,
        moves,
    };
    if json {
        return emit(&format!("{}\n", serde_json::to_string(&report)?));
    }
    let verb = |winner: &str| if winner == Side::Mouse.name() { "wins" } else { "win" };
    let moves: Vec<(&str, String)> =
        report.moves.iter().map(|m| (m.mv.as_str(), format!("{} {}", m.winner, verb(m.winner)))).collect();
    let result = format!("{} {}", report.winner, verb(report.winner));
    // a side that loses has no winning move: every move is as good as any (no distance to
    // tell the longest resistance)
    let label = if wins { "winning" } else { "best" };
    emit(&report_text(
        position,
        (&result, " (win/loss only: no distance)"),
        (label, &report.best_moves),
        &moves,
    )?)
}

#[derive(Serialize)]
struct WinLossStart {
    square: String,
    winner: &'static str,
}

#[derive(Serialize)]
struct WinLossStatsReport {
    size: String,
    kind: &'static str,
    source: &'static str,
    seconds: f64,
    entries: u64,
    positions: u64,
    mouse_to_move: WinCounts,
    cats_to_move: WinCounts,
    starts: Vec<WinLossStart>,
    layers: usize,
    disk_bytes: u64,
}

fn win_loss_stats(store: &WinLossStore, seconds: f64, json: bool) -> Result<()> {
    let layers = store.layers();
    let size = layers.size();
    let per_layer = store.stats().context("a layer file is missing or damaged")?;
    let mut all = LayerStats::default();
    for s in &per_layer {
        for (a, b) in all.counts.iter_mut().flatten().zip(s.counts.iter().flatten()) {
            *a += b;
        }
    }
    let counts = |side: Side| WinCounts {
        mouse_wins: all.counts[side as usize][Side::Mouse as usize],
        cats_wins: all.counts[side as usize][Side::Cats as usize],
    };
    let mut starts = Vec::new();
    for square in size.rank(0) {
        let start = Position::start(size, Some(square))?;
        starts.push(WinLossStart { square: square.to_string(), winner: store.winner(&start)?.name() });
    }
    let report = WinLossStatsReport {
        size: size.to_string(),
        kind: "win/loss",
        source: if seconds > 0.0 { "built" } else { "cache" },
        seconds,
        entries: layers.entries(),
        positions: all.positions(),
        mouse_to_move: counts(Side::Mouse),
        cats_to_move: counts(Side::Cats),
        starts,
        layers: layers.len(),
        disk_bytes: store.disk_bytes(),
    };
    let mut out = String::new();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return emit(&out);
    }
    writeln!(
        out,
        "tablebase {size} (win/loss, one bit a position): {} layers, {:.1} MiB in {}",
        layers.len(),
        report.disk_bytes as f64 / (1u64 << 20) as f64,
        store.dir().display()
    )?;
    writeln!(out, "positions {} ({} entries)", report.positions, report.entries)?;
    for (side, c) in [("mouse", &report.mouse_to_move), ("cats", &report.cats_to_move)] {
        writeln!(out, "  {side:<5} to move: mouse wins {:>14}, cats win {:>14}", c.mouse_wins, c.cats_wins)?;
    }
    writeln!(out, "from each start square:")?;
    for s in &report.starts {
        let verb = if s.winner == Side::Mouse.name() { "wins" } else { "win" };
        writeln!(out, "  {:<4} {} {verb}", s.square, s.winner)?;
    }
    emit(&out)
}
