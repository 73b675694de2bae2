//! Criterion benchmarks for the search: the original's experiment under each technique set,
//! a deeper middle-game search, the proof of the 8x8 start (heuristic deepening and the proving
//! search under its switches), the proof of the 10x10 start, and the evaluations.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ryg::eval::{self, EvalKind};
use ryg::search::{
    AlphaBetaConfig, DistanceSearch, HistoryRule, Limits, NoHandler, OrderRule, ProofConfig, ProofTable,
    Prover,
};
use ryg::search::{SearchConfig, Searcher, TableConfig};
use ryg::Position;

fn search(config: SearchConfig, position: &Position, limits: Limits) -> u64 {
    Searcher::new(config).search(position, &limits, &mut NoHandler).nodes
}

fn techniques(c: &mut Criterion) {
    let after_e1f2: Position = "1c1c1c1c/8/8/8/8/8/5m2/8 c".parse().unwrap();
    let off = SearchConfig::plain(EvalKind::Seed);
    let ordered = |ab: &mut AlphaBetaConfig| {
        ab.ordering = Some(OrderRule::TableFirst);
        ab.history = Some(HistoryRule::CutOffs);
    };
    let sets = [
        ("minimax", off.minimax()),
        ("alphabeta", off),
        ("alphabeta+ordering+history", off.with_alpha_beta(ordered)),
        (
            "alphabeta+tt+ordering+history",
            off.with_alpha_beta(ordered).with_alpha_beta(|ab| ab.table = Some(TableConfig::default())),
        ),
        ("all", SearchConfig { eval: EvalKind::Seed, ..SearchConfig::default() }),
    ];
    let mut group = c.benchmark_group("e1f2_depth8_seed");
    for (name, config) in sets {
        group.bench_function(name, |b| b.iter(|| search(config, black_box(&after_e1f2), Limits::depth(8))));
    }
    group.finish();
}

fn deep(c: &mut Criterion) {
    let middle: Position = "8/c3c1c1/3c1m2/8/8/8/8/8 m".parse().unwrap();
    c.bench_function("middle_game_depth20", |b| {
        b.iter(|| search(SearchConfig::default(), black_box(&middle), Limits::depth(20)))
    });
    let mut group = c.benchmark_group("prove_8x8_start");
    group.sample_size(10);
    group.bench_function("default", |b| {
        b.iter(|| search(SearchConfig::default(), black_box(&Position::standard()), Limits::default()))
    });
    let deepening = SearchConfig::default().without_proof();
    group.bench_function("iterative_deepening", |b| {
        b.iter(|| search(deepening, black_box(&Position::standard()), Limits::default()))
    });
    group.finish();
}

/// Nodes of a proof from scratch (the table allocated inside, as `ryg analyze` does).
fn prove(config: ProofConfig, position: &Position) -> u64 {
    let mut handler = NoHandler;
    let mut prover = Prover::new(config, position.size(), u64::MAX, &mut handler);
    prover.prove(position).expect("no limit").nodes
}

fn proofs(c: &mut Criterion) {
    let start = Position::standard();
    let mut group = c.benchmark_group("proof_8x8_start");
    let default = ProofConfig::default();
    let sets = [
        ("default", default),
        ("bisect", ProofConfig { distance: DistanceSearch::Bisect, ..default }),
        ("no_win_first", ProofConfig { win_first: false, ..default }),
        ("no_etc", ProofConfig { table: Some(ProofTable::PLAIN), ..default }),
        ("no_ordering", ProofConfig { ordering: false, ..default }),
    ];
    for (name, config) in sets {
        group.bench_function(name, |b| b.iter(|| prove(config, black_box(&start))));
    }
    group.finish();
    // About 8 s of CPU per proof: ten samples take minutes.
    let ten = Position::start(ryg::Size::new(10).unwrap(), None).unwrap();
    let mut group = c.benchmark_group("proof_10x10_start");
    group.sample_size(10);
    group.bench_function("default", |b| b.iter(|| prove(default, black_box(&ten))));
    group.finish();
}

fn evaluation(c: &mut Criterion) {
    let middle: Position = "8/c3c1c1/3c1m2/8/8/8/8/8 m".parse().unwrap();
    for kind in EvalKind::ALL {
        c.bench_function(&format!("eval_{kind}"), |b| {
            b.iter(|| eval::score_for_mouse(kind, black_box(&middle)))
        });
    }
}

criterion_group!(benches, techniques, deep, proofs, evaluation);
criterion_main!(benches);
