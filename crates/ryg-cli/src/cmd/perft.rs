//! `ryg perft`: move-generation counts and speed.

use crate::out::outln;
use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use anyhow::Result;
use serde::Serialize;

use crate::args::{JsonArg, PositionArgs, UsageError};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of plies
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Also give the count under each first move
    #[arg(long)]
    pub divide: bool,
    /// Run even a depth estimated to take hours
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

#[derive(Serialize)]
struct Report {
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

/// What perft needs of a position, from either engine: the default one (up to 10×10) or the
/// wide one (`ryg-wide`, 12×12 and 14×14).
trait Counted: Copy {
    type Move: Copy + PartialEq + std::fmt::Display;
    fn perft(&self, depth: u32) -> u64;
    fn perft_divide(&self, depth: u32) -> Vec<(Self::Move, u64)>;
    fn moves(&self) -> Vec<Self::Move>;
    fn after(&self, mv: Self::Move) -> Self;
    fn fen(&self) -> String;
}

macro_rules! counted {
    ($engine:ident) => {
        impl Counted for $engine::Position {
            type Move = $engine::Move;
            fn perft(&self, depth: u32) -> u64 {
                $engine::perft(self, depth)
            }
            fn perft_divide(&self, depth: u32) -> Vec<(Self::Move, u64)> {
                $engine::perft_divide(self, depth)
            }
            fn moves(&self) -> Vec<Self::Move> {
                self.legal_moves().to_vec()
            }
            fn after(&self, mv: Self::Move) -> Self {
                let mut child = *self;
                child.play_unchecked(mv);
                child
            }
            fn fen(&self) -> String {
                $engine::Position::fen(self)
            }
        }
    };
}

counted!(ryg);
counted!(ryg_wide);

pub fn run(args: Args) -> Result<()> {
    let wide = args.position.wide_position()?;
    match ryg_wide::narrow::position(&wide) {
        Some(position) => count(&args, position),
        None => count(&args, wide),
    }
}

fn count(args: &Args, position: impl Counted) -> Result<()> {
    if !args.force {
        let estimate = estimated_leaves(&position, args.depth);
        if estimate > REFUSE_FROM_LEAVES {
            let hours = estimate / ASSUMED_NPS / 3600.0;
            return Err(UsageError(format!(
                "perft {} would count about {estimate:.1e} positions, {} at about 2 billion a second: \
                 choose a smaller depth, or give --force to run it anyway (Ctrl-C stops it)",
                args.depth,
                if hours < 48.0 { format!("{hours:.0} hours") } else { format!("{:.0e} days", hours / 24.0) }
            ))
            .into());
        }
    }
    let started = Instant::now();
    let long = args.depth >= PROGRESS_FROM_DEPTH && std::io::stderr().is_terminal();
    let (nodes, divide) = if args.divide || long {
        let split = if long {
            divide_with_progress(&position, args.depth)
        } else {
            position.perft_divide(args.depth)
        };
        let total = if args.depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
        let entries =
            split.into_iter().map(|(mv, nodes)| DivideEntry { mv: mv.to_string(), nodes }).collect();
        (total, args.divide.then_some(entries))
    } else {
        (position.perft(args.depth), None)
    };
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
    let report = Report { fen: position.fen(), depth: args.depth, nodes, seconds, nps, divide };
    if args.json.json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    if let Some(entries) = &report.divide {
        for e in entries {
            outln!("{} {}", e.mv, e.nodes)?;
        }
        outln!()?;
    }
    outln!("nodes {}", report.nodes)?;
    outln!("time  {:.3} s", report.seconds)?;
    outln!("nps   {:.0}", report.nps)?;
    Ok(())
}

/// Depths from which a run takes seconds or more, so a progress bar shows on a terminal.
const PROGRESS_FROM_DEPTH: u32 = 15;

/// A run estimated to count more positions than this (over an hour) is refused without --force.
const REFUSE_FROM_LEAVES: f64 = 1e13;
/// Counting speed assumed for the estimate of the time (positions per second).
const ASSUMED_NPS: f64 = 2e9;

/// About how many positions `perft depth` counts: exact counts a few plies deep, then the growth
/// of the last two plies (a mouse move and a cat move) carried on: right to within a small factor
/// (8×8, depth 14: 0.96 billion estimated, 1.10 billion counted).
fn estimated_leaves(position: &impl Counted, depth: u32) -> f64 {
    let mut counts = vec![1u64];
    while (counts.len() as u32) <= depth && *counts.last().unwrap_or(&0) < 1_000_000 {
        counts.push(position.perft(counts.len() as u32));
    }
    let k = counts.len() - 1;
    if k as u32 == depth || k < 2 {
        return counts[k] as f64;
    }
    let two_plies = counts[k] as f64 / counts[k - 2].max(1) as f64;
    counts[k] as f64 * two_plies.powf(f64::from(depth - k as u32) / 2.0)
}

/// `perft_divide`, counted a few plies down so a progress bar on stderr can move.
fn divide_with_progress<P: Counted>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    // Grow a frontier of (first move, position) until it is wide enough to show progress.
    let mut frontier: Vec<(Option<P::Move>, P)> = vec![(None, *position)];
    let mut plies = 0;
    while plies + 1 < depth && frontier.len() < 200 {
        let mut next = Vec::new();
        for (first, p) in &frontier {
            for mv in p.moves() {
                next.push((first.or(Some(mv)), p.after(mv)));
            }
        }
        frontier = next;
        plies += 1;
    }
    if plies == 0 {
        return position.perft_divide(depth);
    }
    let bar = ProgressBar::new(frontier.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("perft {bar:40} {percent:>3}% {elapsed} (eta {eta})")
            .expect("valid template"),
    );
    let mut split: Vec<(P::Move, u64)> = position.moves().into_iter().map(|mv| (mv, 0)).collect();
    for (first, p) in &frontier {
        let nodes = p.perft(depth - plies);
        let first = first.expect("every frontier position has a first move");
        if let Some(entry) = split.iter_mut().find(|(mv, _)| *mv == first) {
            entry.1 += nodes;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    split
}

#[cfg(test)]
mod tests {
    use super::*;
    use ryg::Position;

    #[test]
    fn the_estimate_is_exact_when_small_and_close_when_large() {
        let start = Position::standard();
        assert_eq!(estimated_leaves(&start, 8), 141_427.0);
        let at_14 = estimated_leaves(&start, 14);
        let counted = 1_095_633_578.0;
        assert!((counted / 2.0..counted * 2.0).contains(&at_14), "{at_14}");
        assert!(estimated_leaves(&start, 18) < REFUSE_FROM_LEAVES, "perft 18 runs (minutes)");
        assert!(estimated_leaves(&start, 22) > REFUSE_FROM_LEAVES, "perft 22 is refused");
        // Every 4x4 game is over long before 30 plies: counted exactly, nothing is left.
        let small = Position::start(ryg::Size::new(4).unwrap(), None).unwrap();
        assert_eq!(estimated_leaves(&small, 30), 0.0);
    }

    #[test]
    fn divide_with_progress_counts_like_perft_divide() {
        for size in ryg::Size::ALL {
            let start = Position::start(size, None).unwrap();
            for depth in 0..=7 {
                assert_eq!(
                    divide_with_progress(&start, depth),
                    ryg::perft_divide(&start, depth),
                    "{size} {depth}"
                );
            }
        }
        for n in [12, 14] {
            let start = ryg_wide::Position::start(ryg_wide::Size::new(n).unwrap(), None).unwrap();
            assert_eq!(divide_with_progress(&start, 6), ryg_wide::perft_divide(&start, 6), "{n}");
        }
    }
}
