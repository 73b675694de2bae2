//! Zobrist hash keys, made at compile time by splitmix64 so every build hashes alike.

use crate::{Side, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    mouse: [u64; 64],
    cat: [u64; 64],
    cats_to_move: u64,
}

const fn keys() -> Keys {
    let mut state = 0x5259_4720_4336_3421; // "RYG C64!"
    let mut keys = Keys { mouse: [0; 64], cat: [0; 64], cats_to_move: 0 };
    let mut i = 0;
    while i < 64 {
        let (s, k) = splitmix64(state);
        keys.mouse[i] = k;
        let (s, k) = splitmix64(s);
        keys.cat[i] = k;
        state = s;
        i += 1;
    }
    keys.cats_to_move = splitmix64(state).1;
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
