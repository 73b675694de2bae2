//! The tuned noise of levels 1–9, per board size and side (see [`super::policy::Policy::Noisy`]).
//! Tuned so that against the human model with error rate 0.1 the human's exact winning chance
//! falls in even steps from about 90% at level 1 to under 2% at level 9, where the side can
//! reach it (`cargo run --release -p ryg --example tune_levels` reproduces the table).

use crate::{Side, Size};

/// `NOISE[size][side][level - 1]`: size 4, 6, 8, 10; side cats then mouse. 10×10 is too big
/// for the exact tuning: its rows are tuned on 3,000 sampled games per chance (common random
/// numbers, `tune_levels 10 --games 3000`), good to about ±1.5 points.
pub const NOISE: [[[f64; 9]; 2]; 4] = [
    [
        [1.7298, 0.9655, 0.8302, 0.6952, 0.5602, 0.4251, 0.2899, 0.1544, 0.0185],
        [2.0000, 1.4968, 1.0354, 0.7334, 0.5318, 0.3702, 0.2322, 0.1103, 0.0000],
    ],
    [
        [0.9019, 0.7023, 0.5450, 0.4164, 0.3083, 0.2157, 0.1349, 0.0636, 0.0000],
        [2.0000, 1.3809, 0.7691, 0.5414, 0.3855, 0.2655, 0.1670, 0.0830, 0.0096],
    ],
    [NOISE_8X8_CATS, NOISE_8X8_MOUSE],
    [
        [0.2620, 0.1824, 0.1340, 0.1023, 0.0745, 0.0525, 0.0339, 0.0173, 0.0018],
        [2.0000, 1.7761, 1.5549, 1.2727, 0.9617, 0.7468, 0.5813, 0.3645, 0.0000],
    ],
];

const NOISE_8X8_CATS: [f64; 9] = [0.5284, 0.3389, 0.2420, 0.1769, 0.1279, 0.0886, 0.0558, 0.0277, 0.0031];
const NOISE_8X8_MOUSE: [f64; 9] = [2.0000, 1.7238, 1.4441, 1.0724, 0.8070, 0.6051, 0.4178, 0.2281, 0.0000];

/// The noise of search level `level` (1–9) for `side` on a board of `size`.
pub fn noise(size: Size, side: Side, level: u8) -> f64 {
    let s = usize::from(size.n() / 2 - 2);
    let d = usize::from(side == Side::Mouse);
    NOISE[s][d][usize::from(level.clamp(1, 9) - 1)]
}
