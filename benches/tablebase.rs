//! Tablebase benchmarks: full builds per board size and thread count, statistics, probes,
//! cache decoding.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use ryg::{Position, Size, Tablebase};

fn builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("tablebase_build");
    for (n, threads) in [(4, 1), (6, 1), (8, 1), (8, 2)] {
        let size = Size::new(n).unwrap();
        group.bench_function(format!("{size}_threads_{threads}"), |b| {
            b.iter(|| Tablebase::build(black_box(size), threads, &mut ()))
        });
    }
    group.sample_size(10);
    let size = Size::new(10).unwrap();
    for threads in [1, 2] {
        group.bench_function(format!("10x10_threads_{threads}"), |b| {
            b.iter(|| Tablebase::build(black_box(size), threads, &mut ()))
        });
    }
    group.finish();
}

fn stats(c: &mut Criterion) {
    let mut group = c.benchmark_group("tablebase_stats");
    group.sample_size(10);
    for n in [8, 10] {
        let tb = Tablebase::build(Size::new(n).unwrap(), 2, &mut ());
        group.bench_function(format!("{}", tb.size()), |b| b.iter(|| black_box(&tb).stats()));
    }
    group.finish();
}

fn probes(c: &mut Criterion) {
    let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
    // Positions from a perfect game, so probes touch different parts of the table.
    let mut positions = vec![Position::standard()];
    while let Some(&mv) = tb.best_moves(positions.last().unwrap()).first() {
        positions.push(positions.last().unwrap().play(mv).unwrap());
    }
    let mut i = 0;
    c.bench_function("tablebase_probe_8x8", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            tb.result(black_box(&positions[i]))
        })
    });
    c.bench_function("tablebase_best_moves_8x8", |b| b.iter(|| tb.best_moves(black_box(&positions[0]))));
}

fn cache(c: &mut Criterion) {
    let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
    let bytes = tb.to_cache_bytes();
    c.bench_function("tablebase_cache_decode_8x8", |b| {
        b.iter(|| Tablebase::from_cache_bytes(black_box(bytes.clone()), Size::STANDARD).unwrap())
    });
}

criterion_group!(benches, builds, stats, probes, cache);
criterion_main!(benches);
