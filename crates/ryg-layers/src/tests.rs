//! The layer files: their compressed blocks, and a table written here (as the command line
//! writes it, without its atomic writes) read back through the lookups.

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

/// Writes every exact layer of `size` under `cache` as `ryg solve --layered` does (header,
/// block index, blocks), without the command line's atomic writes and progress.
fn write_exact_layers(cache: &Path, size: Size) -> LayerStore {
    let store = LayerStore::new(cache, size);
    let layers = store.layers();
    fs::create_dir_all(store.dir()).unwrap();
    let mut next = Vec::new();
    for layer in (0..layers.len()).rev() {
        let mut table = vec![0u8; layers.layer_len(layer) as usize];
        layers.solve_layer(layer, &next, &mut table, 2, &|_| ()).unwrap();
        let stats = layers.layer_stats(layer, &table).unwrap();
        let (index, data) = compress(&table, 2).unwrap();
        let mut bytes = store.header(layer, table.len() as u64, checksum(&table), &stats);
        bytes.extend(index.iter().flat_map(|at| at.to_le_bytes()));
        bytes.extend(data);
        fs::write(store.path(layer), bytes).unwrap();
        next = layers.mouse_rows(table);
    }
    store
}

fn temp_cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-layers-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// Every position of a 6×6 layered table, read through [`LayerStore::complete`] with a cache
/// small enough to evict, answers as the in-memory tablebase; a cut layer makes the table
/// incomplete, and its lookups say which file is wrong.
#[test]
fn lookups_answer_as_the_in_memory_tablebase() {
    use ryg_wide::tablebase::ExactSource;
    let cache = temp_cache("exact");
    let size = Size::new(6).unwrap();
    assert!(LayerStore::complete(&cache, size).is_none(), "no table yet");
    let store = write_exact_layers(&cache, size);
    assert!(store.to_solve().is_empty());
    let probe = LayerStore::complete(&cache, size).expect("every layer is on disk").with_cache(4);
    let table = ryg_wide::Tablebase::build(size, 2, &mut ());
    let layers = probe.layers();
    let mut checked = 0;
    for layer in 0..layers.len() {
        for offset in 0..layers.layer_len(layer) {
            let Some(position) = layers.position(layer, offset) else { continue };
            assert_eq!(ExactSource::probe(&probe, &position), table.probe(&position), "{}", position.fen());
            assert_eq!(probe.winner(&position).unwrap(), table.result(&position).winner);
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} positions");
    let stats = probe.cache_stats();
    assert!(stats.blocks <= 4 && stats.hits > 0 && stats.misses > 0, "{stats:?}");
    // every layer's statistics are in its header; the whole layer reads back, its checksum sound
    assert_eq!(probe.stats().map(|s| s.len()), Some(layers.len()));
    assert_eq!(probe.read_layer(0, 2).unwrap().len() as u64, layers.layer_len(0));

    // a layer cut short: the table is not complete, and a lookup there names the file
    let path = probe.path(1);
    let len = fs::metadata(&path).unwrap().len();
    fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 1).unwrap();
    assert!(LayerStore::complete(&cache, size).is_none());
    let fresh = LayerStore::new(&cache, size);
    assert_eq!(fresh.to_solve(), 0..2, "layer 1 and every one before it are to build again");
    let in_layer_1 = (0..layers.layer_len(1)).find_map(|o| layers.position(1, o)).unwrap();
    let err = fresh.result(&in_layer_1).unwrap_err();
    assert_eq!(format!("{err:#}"), format!("'{}' is cut short", path.display()));
    // another store's file is not taken for this one's
    fs::copy(probe.path(0), &path).unwrap();
    assert_eq!(
        format!("{:#}", LayerStore::new(&cache, size).result(&in_layer_1).unwrap_err()),
        format!("'{}' holds another size or layer", path.display())
    );
    let win_loss = LayerStore::win_loss(&cache, size);
    assert!(!win_loss.finished(0));
    assert_eq!(win_loss.dir(), cache.join(format!("tablebase-{size}-win-loss")));
    let _ = fs::remove_dir_all(&cache);
}

#[test]
fn the_default_cache_dir_is_the_command_lines() {
    // only read here: the variables are the process's (set by none of this crate's tests)
    let dir = default_cache_dir();
    if let Some(explicit) = std::env::var_os("RYG_CACHE_DIR").filter(|v| !v.is_empty()) {
        assert_eq!(dir, Some(PathBuf::from(explicit)));
    } else if let Some(home) =
        std::env::var_os("HOME").filter(|_| std::env::var_os("XDG_CACHE_HOME").is_none())
    {
        assert_eq!(dir, Some(PathBuf::from(home).join(".cache").join("ryg")));
    }
}
