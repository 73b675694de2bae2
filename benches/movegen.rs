//! Move generation and perft speed (criterion). Throughput is in leaf nodes (perft) or
//! positions (movegen) per second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ryg::{perft, Position, Size};

/// Positions along a fixed game on `size` (always the middle legal move), for movegen.
fn sample_positions(size: Size) -> Vec<Position> {
    let mut position = Position::start(size, None).unwrap();
    let mut positions = vec![position];
    while let Some(&mv) = position.legal_moves().get(position.count_moves() / 2) {
        position = position.play(mv).unwrap();
        positions.push(position);
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for size in [Size::STANDARD, Size::MAX] {
        let positions = sample_positions(size);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("legal_moves {size}"), |b| {
            b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
        });
        group.bench_function(format!("count_moves {size}"), |b| {
            b.iter(|| positions.iter().map(|p| black_box(p).count_moves()).sum::<usize>())
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (size, depth) in [(Size::STANDARD, 8), (Size::STANDARD, 10), (Size::MAX, 9)] {
        let start = Position::start(size, None).unwrap();
        let nodes = perft(&start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft {depth} {size}"), |b| {
            b.iter(|| perft(black_box(&start), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
