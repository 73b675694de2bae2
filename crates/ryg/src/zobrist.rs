//! Zobrist hash keys, made at compile time by SplitMix64 so every build hashes alike.

use crate::random::SplitMix64;
use crate::{Side, Square};

struct Keys {
    mouse: [u64; 64],
    cat: [u64; 64],
    cats_to_move: u64,
}

const fn keys() -> Keys {
    let mut rng = SplitMix64::new(0x5259_4720_4336_3421); // "RYG C64!"
    let mut keys = Keys { mouse: [0; 64], cat: [0; 64], cats_to_move: 0 };
    let mut i = 0;
    while i < 64 {
        let (next, k) = rng.step();
        keys.mouse[i] = k;
        let (next, k) = next.step();
        keys.cat[i] = k;
        rng = next;
        i += 1;
    }
    keys.cats_to_move = rng.step().1;
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
