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
