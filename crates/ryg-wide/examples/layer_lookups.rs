//! Lookups per second from a layered tablebase on disk: random positions (random games from the
//! start) located in their layer and read with one `pread` each from the layer files that
//! `ryg solve --size N` wrote (header `HEADER` bytes long, see ryg-cli's `layers.rs`).
//!
//! `cargo run --release -p ryg-wide --example layer_lookups -- DIR [SIZE] [COUNT]`
//! (DIR: the cache's `tablebase-12x12` folder)

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::time::Instant;

use ryg_wide::search::SplitMix64;
use ryg_wide::tablebase::Layers;
use ryg_wide::{Position, Side, Size};

const HEADER: u64 = 96;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().expect("the layer folder"));
    let size = Size::new(args.get(1).map_or(12, |n| n.parse().expect("a size"))).expect("a size");
    let count: usize = args.get(2).map_or(100_000, |n| n.parse().expect("a count"));
    let layers = Layers::new(size);
    let files: Vec<File> = (0..layers.len())
        .map(|l| File::open(dir.join(format!("layer-{l:03}.ryg"))).expect("a layer file"))
        .collect();
    let mut rng = SplitMix64::new(7);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut p = Position::start(size, None).expect("a start");
        for _ in 0..rng.below(120) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())]).expect("legal");
        }
        positions.push(p);
    }
    let started = Instant::now();
    let (mut mouse, mut byte) = (0, [0u8]);
    for p in &positions {
        let (layer, offset) = layers.locate(p);
        files[layer].read_exact_at(&mut byte, HEADER + offset).expect("a read");
        let r = Layers::decode(byte[0], p.side_to_move()).expect("a result");
        mouse += usize::from(r.winner == Side::Mouse);
    }
    let s = started.elapsed().as_secs_f64();
    println!("{count} lookups in {s:.3} s: {:.0} per second ({mouse} mouse wins)", count as f64 / s);
}
