//! `ryg bench --tablebase-scaling`: the in-memory tablebase builds at 1, 2, 4, … threads up to
//! the machine's cores, best of three, with wall time, CPU time and the speed-up over one thread.

use std::time::Instant;

use anyhow::Result;
use ryg::{Size, Tablebase};
use serde::Serialize;

use crate::out::outln;

/// Builds per size and thread count; the best is kept.
const RUNS: usize = 3;

#[derive(Serialize)]
struct Row {
    size: String,
    threads: usize,
    wall_seconds: f64,
    cpu_seconds: f64,
    speed_up: f64,
}

#[derive(Serialize)]
struct Report {
    cores: usize,
    runs: usize,
    rows: Vec<Row>,
}

/// The CPU time of this process so far (every thread), in seconds.
fn cpu_seconds() -> f64 {
    use nix::sys::resource::{getrusage, UsageWho};
    getrusage(UsageWho::RUSAGE_SELF).map_or(0.0, |u| {
        let t = |tv: nix::sys::time::TimeVal| tv.tv_sec() as f64 + tv.tv_usec() as f64 * 1e-6;
        t(u.user_time()) + t(u.system_time())
    })
}

/// 1, 2, 4, … up to `cores`, and `cores` itself.
fn thread_counts(cores: usize) -> Vec<usize> {
    let mut counts: Vec<usize> =
        std::iter::successors(Some(1), |&t| Some(t * 2)).take_while(|&t| t < cores).collect();
    counts.push(cores.max(1));
    counts
}

pub fn run(sizes: &[u8], json: bool) -> Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut rows: Vec<Row> = Vec::new();
    for &n in sizes {
        let size = Size::new(n).filter(|s| s.in_memory_tablebase()).ok_or_else(|| {
            crate::args::UsageError(format!("--tablebase-scaling builds 4x4 to 10x10 in memory, not {n}x{n}"))
        })?;
        let mut one = None;
        for threads in thread_counts(cores) {
            let (mut wall, mut cpu) = (f64::INFINITY, f64::INFINITY);
            for _ in 0..RUNS {
                let (cpu0, started) = (cpu_seconds(), Instant::now());
                let tb = Tablebase::build(size, threads, &mut ());
                let w = started.elapsed().as_secs_f64();
                let c = cpu_seconds() - cpu0;
                drop(std::hint::black_box(tb));
                if w < wall {
                    (wall, cpu) = (w, c);
                }
            }
            let base = *one.get_or_insert(wall);
            rows.push(Row {
                size: size.to_string(),
                threads,
                wall_seconds: wall,
                cpu_seconds: cpu,
                speed_up: base / wall,
            });
        }
    }
    let report = Report { cores, runs: RUNS, rows };
    if json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    outln!("tablebase builds in memory, best of {RUNS}, on {cores} cores")?;
    outln!("{:<6} {:>7} {:>10} {:>10} {:>8}", "size", "threads", "wall", "CPU", "speed-up")?;
    for r in &report.rows {
        outln!(
            "{:<6} {:>7} {:>8.1}ms {:>8.1}ms {:>7.2}x",
            r.size,
            r.threads,
            r.wall_seconds * 1e3,
            r.cpu_seconds * 1e3,
            r.speed_up
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_double_up_to_the_cores() {
        assert_eq!(thread_counts(1), [1]);
        assert_eq!(thread_counts(2), [1, 2]);
        assert_eq!(thread_counts(6), [1, 2, 4, 6]);
        assert_eq!(thread_counts(16), [1, 2, 4, 8, 16]);
    }
}
