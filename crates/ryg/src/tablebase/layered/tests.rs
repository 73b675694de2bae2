use super::win_loss::{WinLossCounts, WIN_LOSS_ALIGN};
use super::*;
use crate::tablebase::index::{binomial, Index};
use crate::tablebase::value::IMPOSSIBLE;
use crate::tablebase::Tablebase;
use crate::Position;

/// Every layer of `size`, solved from the last to the first, whole.
fn build_all(layers: &Layers, threads: usize) -> Vec<Vec<u8>> {
    let mut tables = vec![Vec::new(); layers.len()];
    let mut next = Vec::new();
    for layer in (0..layers.len()).rev() {
        let mut table = vec![IMPOSSIBLE; layers.layer_len(layer) as usize];
        layers.solve_layer(layer, &next, &mut table, threads, &|_| {}).unwrap();
        layers.layer_stats(layer, &table).unwrap();
        next = layers.mouse_rows(table.clone());
        tables[layer] = table;
    }
    tables
}

#[test]
fn every_configuration_has_one_place_in_its_layer() {
    for n in [4, 6, 8, 12] {
        // 12×12 only in `ryg-wide`
        let Some(size) = Size::new(n) else { continue };
        let layers = Layers::new(size);
        let (m, k) = (size.dark_squares(), size.cats());
        let total: u64 = (0..layers.len()).map(|l| layers.configs(l)).sum();
        if n <= 10 {
            assert_eq!(total, binomial(m, k) as u64, "{size}");
        }
        if n == 12 {
            // 72 choose 6, and the largest layer the issue counted (7.45 million)
            assert_eq!(total, 156_238_908);
            let largest = (0..layers.len()).map(|l| layers.configs(l)).max().unwrap();
            assert_eq!(largest / 10_000, 745, "{largest}");
            continue;
        }
        let index = Index::new(size);
        let mut seen: Vec<Vec<bool>> =
            (0..layers.len()).map(|l| vec![false; layers.configs(l) as usize]).collect();
        let mut squares = [0u8; 5];
        for config in 0..binomial(m, k) {
            index.unrank(config, &mut squares);
            let (layer, rank) = layers.rank(&squares[..k]);
            assert!(!seen[layer][rank as usize], "{size}: {squares:?} twice");
            seen[layer][rank as usize] = true;
        }
        assert!(seen.iter().flatten().all(|&s| s));
    }
}

#[test]
fn the_layered_build_holds_the_bytes_of_the_in_memory_table() {
    for (n, threads) in [(4, 1), (6, 2), (8, 2), (10, 2)] {
        let size = Size::new(n).unwrap();
        let layers = Layers::new(size);
        let tables = build_all(&layers, threads);
        let tb = Tablebase::build(size, 2, &mut ());
        let index = Index::new(size);
        let block = index.block();
        let mut squares = [0u8; 5];
        for (config, bytes) in tb.entries.chunks_exact(block).enumerate() {
            index.unrank(config, &mut squares);
            let (layer, rank) = layers.rank(&squares[..index.cats()]);
            let at = rank as usize * block;
            assert_eq!(&tables[layer][at..at + block], bytes, "{size} configuration {config}");
        }
        // and `locate` finds a position's entry
        let start = Position::start(size, None).unwrap();
        let (layer, at) = layers.locate(&start);
        assert_eq!(layer, 0);
        assert_eq!(Layers::decode(tables[0][at as usize], start.side_to_move()), Some(tb.result(&start)));
    }
}

/// 12×12 (the `ryg-wide` build only).
#[cfg(wide)]
mod wide {
    use super::*;
    use crate::search::{NoHandler, ProofConfig, Prover};
    use crate::SquareSet;

    #[test]
    fn the_last_layers_of_12x12_agree_with_the_proving_search() {
        let size = Size::new(12).unwrap();
        let layers = Layers::new(size);
        let (m, k) = (size.dark_squares(), size.cats());
        let mut next = Vec::new();
        let mut checked = 0;
        for layer in (layers.len() - 3..layers.len()).rev() {
            let mut table = vec![IMPOSSIBLE; layers.layer_len(layer) as usize];
            layers.solve_layer(layer, &next, &mut table, 2, &|_| {}).unwrap();
            let mut configs = Vec::new();
            let mut buf = [0u8; MAX_CATS];
            for top in k - 1..m {
                let a = usize::from(layers.advance[top]);
                if a <= layer {
                    buf[k - 1] = top as u8;
                    layers
                        .each(k - 1, top, layer - a, &mut buf, &mut |s: &[u8]| configs.push(s[..k].to_vec()));
                }
            }
            assert_eq!(configs.len() as u64, layers.configs(layer));
            for (i, config) in configs.iter().enumerate().step_by(5) {
                let cats: SquareSet = config.iter().map(|&d| size.from_dense_index(usize::from(d))).collect();
                let mouse = size.from_dense_index((i * 7 + layer) % m);
                for side in [Side::Mouse, Side::Cats] {
                    let Ok(position) = Position::from_parts(size, mouse, cats, side) else { continue };
                    if position.outcome().is_some() {
                        continue;
                    }
                    let (l, at) = layers.locate(&position);
                    assert_eq!(l, layer);
                    let stored = Layers::decode(table[at as usize], side).unwrap();
                    let mut handler = NoHandler;
                    let proof = Prover::new(ProofConfig::default(), size, u64::MAX, &mut handler)
                        .prove(&position)
                        .unwrap();
                    assert_eq!(stored, proof.result, "{}", position.fen());
                    checked += 1;
                }
            }
            next = layers.mouse_rows(table);
        }
        assert!(checked >= 20, "{checked}");
    }

    #[test]
    fn the_last_win_loss_layers_of_12x12_agree_with_the_exact_layers() {
        let size = Size::new(12).unwrap();
        let layers = Layers::new(size);
        let (mut next, mut next_rows) = (Vec::new(), Vec::new());
        let mut checked = 0u64;
        for layer in (layers.len() - 8..layers.len()).rev() {
            let configs = layers.configs(layer);
            let mut table = vec![IMPOSSIBLE; layers.layer_len(layer) as usize];
            layers.solve_layer(layer, &next, &mut table, 2, &|_| {}).unwrap();
            let mut bits = vec![0u64; layers.win_loss_words(configs)];
            let mut rows = vec![0u64; layers.win_loss_row_words(configs)];
            layers.solve_win_loss(layer, &next_rows, 0, configs, &mut bits, &mut rows, 2, &|_| {}).unwrap();
            let m = size.dark_squares();
            for (at, &byte) in table.iter().enumerate() {
                let side = if at % (2 * m) < m { Side::Mouse } else { Side::Cats };
                let wins = Layers::decode(byte, side).is_none_or(|r| r.winner == side);
                assert_eq!(Layers::win_loss_bit(&bits, at as u64), wins, "layer {layer} entry {at}");
                checked += 1;
            }
            next = layers.mouse_rows(table);
            next_rows = rows;
        }
        assert_eq!(checked, 7_154_064);
    }
}

#[test]
fn next_rows_of_the_wrong_length_are_an_error() {
    let layers = Layers::new(Size::new(6).unwrap());
    let mut table = vec![IMPOSSIBLE; layers.layer_len(3) as usize];
    let err = layers.solve_layer(3, &[0; 5], &mut table, 1, &|_| {}).unwrap_err();
    assert!(matches!(err, LayerError::NextLength { layer: 3, found: 5, .. }), "{err}");
    let mut overflowing = vec![IMPOSSIBLE; layers.block()];
    overflowing[3] = 127;
    assert_eq!(
        layers.layer_stats(7, &overflowing).unwrap_err().to_string(),
        "layer 7: a forced win there takes more than 126 plies, more than one byte per position holds"
    );
}

#[test]
fn a_layers_statistics_and_positions_match_its_bytes() {
    let size = Size::new(6).unwrap();
    let layers = Layers::new(size);
    let tables = build_all(&layers, 1);
    let tb = Tablebase::build(size, 1, &mut ());
    let mut positions = 0;
    for (layer, table) in tables.iter().enumerate() {
        let stats = layers.layer_stats(layer, table).unwrap();
        positions += stats.positions();
        let (plies, at) = stats.longest;
        let longest = layers.position(layer, at).unwrap();
        assert_eq!(layers.locate(&longest), (layer, at));
        assert_eq!(tb.result(&longest).plies, u32::from(plies));
        for offset in (0..table.len() as u64).step_by(37) {
            match layers.position(layer, offset) {
                Some(p) => assert_eq!(layers.locate(&p), (layer, offset)),
                None => assert_eq!(table[offset as usize], IMPOSSIBLE),
            }
        }
    }
    assert_eq!(positions, tb.stats().positions);
}

/// Every win/loss layer of `size`, solved from the last to the first in runs of `run`
/// configurations (a multiple of [`WIN_LOSS_ALIGN`]), and the positions counted.
fn build_win_loss(layers: &Layers, threads: usize, run: u64) -> (Vec<Vec<u64>>, WinLossCounts) {
    assert!(run.is_multiple_of(WIN_LOSS_ALIGN));
    let mut tables = vec![Vec::new(); layers.len()];
    let mut next = Vec::new();
    let mut all = [[0u64; 2]; 2];
    for layer in (0..layers.len()).rev() {
        let configs = layers.configs(layer);
        let mut bits = vec![0u64; layers.win_loss_words(configs)];
        let mut rows = vec![0u64; layers.win_loss_row_words(configs)];
        let mut first = 0;
        while first < configs {
            let n = run.min(configs - first);
            let words = layers.win_loss_words(first);
            let row_words = layers.win_loss_row_words(first);
            let counts = layers
                .solve_win_loss(
                    layer,
                    &next,
                    first,
                    n,
                    &mut bits[words..],
                    &mut rows[row_words..],
                    threads,
                    &|_| {},
                )
                .unwrap();
            for (a, b) in all.iter_mut().flatten().zip(counts.iter().flatten()) {
                *a += b;
            }
            first += n;
        }
        // the rows are those of the bits
        let mut again = vec![0u64; rows.len()];
        layers.win_loss_mouse_rows(&bits, configs, &mut again);
        assert_eq!(again, rows, "layer {layer}");
        next = rows;
        tables[layer] = bits;
    }
    (tables, all)
}

#[test]
fn the_win_loss_layers_agree_with_the_exact_table_on_every_position() {
    for (n, threads, run) in [(4, 1, 64), (6, 2, 128), (8, 2, 64 * 5), (10, 2, 1 << 20)] {
        let size = Size::new(n).unwrap();
        let layers = Layers::new(size);
        let (tables, counts) = build_win_loss(&layers, threads, run);
        let tb = Tablebase::build(size, 2, &mut ());
        let index = Index::new(size);
        let (m, block) = (index.squares(), index.block());
        let mut squares = [0u8; 5];
        let mut checked = 0u64;
        for (config, bytes) in tb.entries.chunks_exact(block).enumerate() {
            index.unrank(config, &mut squares);
            let (layer, rank) = layers.rank(&squares[..index.cats()]);
            let at = rank * block as u64;
            for (slot, &byte) in bytes.iter().enumerate() {
                let side = if slot < m { Side::Mouse } else { Side::Cats };
                let wins = Layers::decode(byte, side).is_none_or(|r| r.winner == side);
                let bit = Layers::win_loss_bit(&tables[layer], at + slot as u64);
                if bit != wins {
                    panic!("{size} configuration {config} slot {slot}: bit {bit}, byte {byte}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, index.entries() as u64);
        let stats = tb.stats();
        for side in [Side::Mouse, Side::Cats] {
            let c = stats.by_side[side as usize];
            assert_eq!(counts[side as usize], [c.mouse_wins, c.cats_wins], "{size} {side:?} to move");
        }
    }
}
