//! Zobrist hash keys, made at compile time by SplitMix64 so every build hashes alike.

use crate::random::SplitMix64;
use crate::{Side, Square};

struct Keys {
    mouse: [u64; SLOTS],
    cat: [u64; SLOTS],
    cats_to_move: u64,
}

const SLOTS: usize = Square::LIMIT as usize;

/// The keys of the squares of boards up to 10×10 are those ryg drew before its layout widened
/// to 14×14 (drawn in the order of the old 11-wide layout), so hashes, and the searches that
/// rest on them, are what they were; the squares beyond get keys drawn after.
const fn keys() -> Keys {
    let mut rng = SplitMix64::new(0x5259_4720_4336_3421); // "RYG C64!"
    let (mut mouse, mut cat) = ([0; 64], [0; 64]);
    let mut i = 0;
    while i < 64 {
        let (next, k) = rng.step();
        mouse[i] = k;
        let (next, k) = next.step();
        cat[i] = k;
        rng = next;
        i += 1;
    }
    let (mut rng, cats_to_move) = rng.step();
    let mut keys = Keys { mouse: [0; SLOTS], cat: [0; SLOTS], cats_to_move };
    let mut i = 0;
    while i < SLOTS {
        let (file, rank) = ((2 * i) % Square::STRIDE as usize, (2 * i) / Square::STRIDE as usize);
        if file < 10 && rank < 10 {
            let old = (11 * rank + file) / 2;
            keys.mouse[i] = mouse[old];
            keys.cat[i] = cat[old];
        } else {
            let (next, k) = rng.step();
            keys.mouse[i] = k;
            let (next, k) = next.step();
            keys.cat[i] = k;
            rng = next;
        }
        i += 1;
    }
    keys
}

static KEYS: Keys = keys();

/// The key of the mouse on `sq`.
#[inline]
pub fn mouse(sq: Square) -> u64 {
    KEYS.mouse[sq.index() as usize]
}

/// The key of a cat on `sq`.
#[inline]
pub fn cat(sq: Square) -> u64 {
    KEYS.cat[sq.index() as usize]
}

/// The key of the side to move (zero for the mouse).
#[inline]
pub fn side(side: Side) -> u64 {
    match side {
        Side::Mouse => 0,
        Side::Cats => KEYS.cats_to_move,
    }
}
