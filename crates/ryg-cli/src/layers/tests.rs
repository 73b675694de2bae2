//! The build's layer files read back through the lookups (the library's, `ryg-layers`).

use super::*;
use ryg_wide::Size;

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
    let cache = probe.cache_stats();
    assert!(cache.blocks <= 16, "the cache keeps {} blocks", cache.blocks);
    assert!(cache.hits > cache.misses, "{} hits, {} misses", cache.hits, cache.misses);
    // a missing layer: the table is absent again
    fs::remove_file(probe.path(3)).unwrap();
    assert!(LayerStore::complete(dir.path(), size).is_none());
}
