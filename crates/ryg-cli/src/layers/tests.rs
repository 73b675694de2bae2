//! The layer files' compressed blocks.

use super::*;

#[test]
fn compressed_blocks_give_back_the_bytes_whatever_the_threads() {
    // 3.5 blocks of bytes that compress somewhat (runs and a counter)
    let table: Vec<u8> = (0..BLOCK * 7 / 2).map(|i| if i % 1000 < 600 { 0 } else { (i / 7) as u8 }).collect();
    let (one, data_one) = compress(&table, 1).unwrap();
    let (three, data_three) = compress(&table, 3).unwrap();
    assert_eq!((&one, &data_one), (&three, &data_three), "the same file on any number of threads");
    assert_eq!(one.len(), blocks(table.len() as u64) + 1);
    assert_eq!(*one.last().unwrap(), data_one.len() as u64);
    assert!(data_one.len() < table.len() / 2, "{} bytes packed into {}", table.len(), data_one.len());
    let mut back = Vec::new();
    for w in one.windows(2) {
        let block = &data_one[w[0] as usize..w[1] as usize];
        back.extend(zstd::bulk::decompress(block, BLOCK).unwrap());
    }
    assert_eq!(back, table);
}

/// Every entry of an 8×8 layered table read through [`LayerStore::complete`] (its cache made to evict)
/// equals the in-memory tablebase's, and so does every position's list of move results.
#[test]
fn the_layer_files_answer_as_the_in_memory_tablebase() {
    use ryg_wide::tablebase::ExactSource;
    let dir = tempfile::tempdir().unwrap();
    let size = Size::new(8).unwrap();
    assert!(LayerStore::complete(dir.path(), size).is_none(), "no table yet");
    let store = LayerStore::new(dir.path(), size);
    store.build(store.to_solve(), 2).unwrap();
    let probe = LayerStore::complete(dir.path(), size).expect("every layer is on disk").with_cache(16);
    let table = ryg_wide::Tablebase::build(size, 2, &mut ());
    let layers = probe.layers();
    let mut checked = 0;
    for layer in 0..layers.len() {
        for offset in 0..layers.layer_len(layer) {
            let Some(position) = layers.position(layer, offset) else { continue };
            assert_eq!(ExactSource::probe(&probe, &position), table.probe(&position), "{}", position.fen());
            if offset % 97 == 0 {
                let from_disk = probe.try_move_results(&position).unwrap();
                assert_eq!(from_disk, table.move_results(&position), "{}", position.fen());
            }
            checked += 1;
        }
    }
    assert!(checked > 1_000_000, "{checked} positions");
    let cache = probe.cache.lock().unwrap();
    assert!(cache.len() <= 16, "the cache keeps {} blocks", cache.len());
    assert!(cache.hits > cache.misses, "{} hits, {} misses", cache.hits, cache.misses);
    drop(cache);
    // a missing layer: the table is absent again
    fs::remove_file(probe.path(3)).unwrap();
    assert!(LayerStore::complete(dir.path(), size).is_none());
}
