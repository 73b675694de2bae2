//! Win/loss layers: one bit per position instead of one byte, for boards whose distances do not
//! fit a byte or whose layers do not fit memory at a byte each (14×14).
//!
//! A layer's bits lie where its bytes would (bit `e` for the byte at offset `e`, see
//! [`Layers::locate`]), word by word, least significant bit first: 1 when the side to move wins,
//! and 1 in an impossible slot (the mouse on a cat), so that, as the byte encoding's 255 drops
//! out of a `min`, an impossible child drops out of the parent's `and`. A configuration's rows are
//! whole machine words of squares (at most 98 of 128 bits): a cat move's children are `and`ed
//! together, and the mouse's steps are four shifts of its row.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{LayerError, Layers, MAX_CATS};

/// The configurations of a run of a win/loss layer start at a multiple of this, so that every
/// run's bits start on a word (a configuration takes `2 M` bits, its mouse row `M`).
pub const WIN_LOSS_ALIGN: u64 = 64;

/// Positions of a win/loss layer (or a run of one) by side to move and winner:
/// `[side to move][winner]`, mouse = 0, cats = 1, impossible slots left out.
pub type WinLossCounts = [[u64; 2]; 2];

/// The masks of one board size that turn a cats-to-move row into the mouse-to-move row.
struct Steps {
    /// The board's squares.
    board: u128,
    /// The top rank's squares (the mouse there has won).
    top: u128,
    /// Each distinct step of the mouse (`to − from`, in dense squares) and the squares it
    /// leaves from.
    steps: Vec<(i32, u128)>,
}

/// The bits `at..at + len` of `words` (`len` ≤ 128), low bit first; bits past the end read 0.
#[inline]
pub fn read_bits(words: &[u64], at: u64, len: usize) -> u128 {
    let w = (at / 64) as usize;
    let sh = (at % 64) as u32;
    let word = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
    let low = (word(w) | word(w + 1) << 64) >> sh;
    let high = if sh == 0 { 0 } else { word(w + 2) << (128 - sh) };
    let bits = low | high;
    if len == 128 {
        bits
    } else {
        bits & ((1u128 << len) - 1)
    }
}

/// Writes `bits` (`len` ≤ 128 of them) at bit `at` of `words`, whose bits there are 0.
#[inline]
fn or_bits(words: &mut [u64], at: u64, bits: u128) {
    let w = (at / 64) as usize;
    let sh = (at % 64) as u32;
    words[w] |= (bits << sh) as u64;
    let rest = if sh == 0 { bits >> 64 } else { bits >> (64 - sh) };
    if rest != 0 {
        words[w + 1] |= rest as u64;
        let more = rest >> 64;
        if more != 0 {
            words[w + 2] |= more as u64;
        }
    }
}

impl Layers {
    fn steps(&self) -> Steps {
        let m = self.geo.squares;
        let board = if m == 128 { u128::MAX } else { (1u128 << m) - 1 };
        let top = board & !((1u128 << (m - self.geo.half)) - 1);
        let mut steps: Vec<(i32, u128)> = Vec::new();
        for (d, around) in self.geo.around[..m].iter().enumerate() {
            for &to in around.iter().filter(|&&to| usize::from(to) < m) {
                let delta = i32::from(to) - d as i32;
                match steps.iter_mut().find(|(s, _)| *s == delta) {
                    Some((_, mask)) => *mask |= 1 << d,
                    None => steps.push((delta, 1 << d)),
                }
            }
        }
        Steps { board, top, steps }
    }

    /// Words of `configs` configurations of a win/loss layer (both sides to move).
    pub fn win_loss_words(&self, configs: u64) -> usize {
        (configs * 2 * self.geo.squares as u64).div_ceil(64) as usize
    }

    /// Words of the mouse-to-move rows of `configs` configurations (what the layer before reads).
    pub fn win_loss_row_words(&self, configs: u64) -> usize {
        (configs * self.geo.squares as u64).div_ceil(64) as usize
    }

    /// The bits of one configuration of a win/loss layer: (mouse to move, cats to move), each a
    /// row of mouse squares, from `row(child)`, the mouse-to-move row of each child
    /// configuration (dense squares, increasing) in the next layer.
    #[inline]
    fn solve_win_loss_block(
        &self,
        steps: &Steps,
        row: impl Fn(&[u8]) -> u128,
        squares: &[u8],
    ) -> (u128, u128) {
        let k = self.geo.cats;
        let occupied = squares.iter().fold(0u128, |set, &d| set | 1 << d);
        // Cats to move win when some move leaves the mouse (to move) lost.
        let mut all_won = u128::MAX;
        self.geo.for_each_cat_child(&squares[..k], occupied, |child| all_won &= row(child));
        let cats = (!all_won & steps.board & !steps.top) | occupied;
        // Mouse to move wins when a step leaves the cats (to move) lost.
        let lost = !cats & steps.board;
        let mut mouse = steps.top;
        for &(delta, from) in &steps.steps {
            let there = if delta > 0 { lost >> delta } else { lost << -delta };
            mouse |= there & from;
        }
        ((mouse & steps.board) | occupied, cats)
    }

    /// Solves the configurations `first..first + count` of win/loss `layer` (`first` a multiple
    /// of [`WIN_LOSS_ALIGN`]) on `threads` threads: their bits into `out` ([`Layers::win_loss_words`] of
    /// `count`, zeroed) and their mouse-to-move rows into `rows` ([`Layers::win_loss_row_words`],
    /// zeroed), reading the next layer's rows from `next` (empty for the last layer). Returns the
    /// positions of the run by side to move and winner. `progress` hears of configurations
    /// solved.
    ///
    /// # Errors
    /// When `next` does not hold the next layer's rows.
    ///
    /// # Panics
    /// When the run is not aligned or lies past the layer, or `out` or `rows` are too short.
    #[allow(clippy::too_many_arguments)]
    pub fn solve_win_loss(
        &self,
        layer: usize,
        next: &[u64],
        first: u64,
        count: u64,
        out: &mut [u64],
        rows: &mut [u64],
        threads: usize,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<WinLossCounts, LayerError> {
        let m = self.geo.squares;
        assert!(first.is_multiple_of(WIN_LOSS_ALIGN), "a run starts at a multiple of {WIN_LOSS_ALIGN}");
        assert!(first + count <= self.configs(layer), "a run inside layer {layer}");
        assert!(out.len() >= self.win_loss_words(count) && rows.len() >= self.win_loss_row_words(count));
        let expected = if layer < self.last { self.win_loss_row_words(self.configs(layer + 1)) } else { 0 };
        if next.len() < expected {
            return Err(LayerError::NextLength { layer, found: next.len(), expected });
        }
        let steps = self.steps();
        let counts: [AtomicU64; 4] = Default::default();
        // Each thread a run of whole words: a multiple of 64 configurations.
        let per = count.div_ceil(threads.max(1) as u64).next_multiple_of(WIN_LOSS_ALIGN).max(WIN_LOSS_ALIGN);
        let work = |start: u64, n: u64, out: &mut [u64], rows: &mut [u64]| {
            let row = |child: &[u8]| {
                let (_, rank) = self.rank(child);
                read_bits(next, rank * m as u64, m)
            };
            let mut i = 0u64;
            let mut local = [0u64; 4];
            let legal = (m - self.geo.cats) as u64;
            let mut solve = |squares: &[u8]| {
                let squares = &squares[..self.geo.cats];
                let (mouse, cats) = self.solve_win_loss_block(&steps, row, squares);
                or_bits(out, i * 2 * m as u64, mouse);
                or_bits(out, i * 2 * m as u64 + m as u64, cats);
                or_bits(rows, i * m as u64, mouse);
                let occupied = squares.iter().fold(0u128, |set, &d| set | 1 << d);
                let mouse_wins = u64::from((mouse & !occupied).count_ones());
                let cats_win = u64::from((cats & !occupied).count_ones());
                local[0] += mouse_wins;
                local[1] += legal - mouse_wins;
                local[2] += legal - cats_win;
                local[3] += cats_win;
                i += 1;
                if i.is_multiple_of(1 << 16) {
                    progress(1 << 16);
                }
            };
            self.each_from(layer, first + start, n, &mut solve);
            progress(i % (1 << 16));
            for (c, l) in counts.iter().zip(local) {
                c.fetch_add(l, Ordering::Relaxed);
            }
        };
        std::thread::scope(|scope| {
            let (mut out, mut rows) = (out, rows);
            let mut start = 0;
            while start < count {
                let n = per.min(count - start);
                let (words, row_words) =
                    (self.win_loss_words(n).min(out.len()), self.win_loss_row_words(n).min(rows.len()));
                let (o, rest_out) = std::mem::take(&mut out).split_at_mut(words);
                let (r, rest_rows) = std::mem::take(&mut rows).split_at_mut(row_words);
                out = rest_out;
                rows = rest_rows;
                if start + n == count {
                    // the last run: on this thread
                    work(start, n, o, r);
                } else {
                    let work = &work;
                    scope.spawn(move || work(start, n, o, r));
                }
                start += n;
            }
        });
        let c = counts.map(|c| c.into_inner());
        Ok([[c[0], c[1]], [c[2], c[3]]])
    }

    /// Calls `f` with the configurations `first..first + count` of `layer`, in the layer's order.
    fn each_from(&self, layer: usize, first: u64, count: u64, f: &mut dyn FnMut(&[u8])) {
        let (mut skip, mut left) = (first, count);
        let mut buf = [0u8; MAX_CATS];
        self.each_skipping(self.geo.cats, self.geo.squares, layer, &mut buf, &mut skip, &mut left, f);
    }

    #[allow(clippy::too_many_arguments)]
    fn each_skipping(
        &self,
        t: usize,
        below: usize,
        sum: usize,
        buf: &mut [u8; MAX_CATS],
        skip: &mut u64,
        left: &mut u64,
        f: &mut dyn FnMut(&[u8]),
    ) {
        if t == 0 {
            // a whole subtree is skipped or none of it: here nothing is left to skip
            f(&buf[..]);
            *left -= 1;
            return;
        }
        for top in t - 1..below {
            let a = usize::from(self.advance[top]);
            if a > sum {
                continue;
            }
            let n = self.count(t - 1, top, sum - a);
            if n == 0 {
                continue;
            }
            if *skip >= n {
                *skip -= n;
                continue;
            }
            buf[t - 1] = top as u8;
            self.each_skipping(t - 1, top, sum - a, buf, skip, left, f);
            if *left == 0 {
                return;
            }
        }
    }

    /// The mouse-to-move rows of `count` configurations whose win/loss bits are `bits` (from
    /// the first of them), `or`ed into `rows` (zeroed, [`Layers::win_loss_row_words`] of `count`).
    pub fn win_loss_mouse_rows(&self, bits: &[u64], count: u64, rows: &mut [u64]) {
        let m = self.geo.squares as u64;
        for i in 0..count {
            or_bits(rows, i * m, read_bits(bits, i * 2 * m, m as usize));
        }
    }

    /// Whether the side to move wins, from the bit at `offset` of a win/loss layer (an
    /// impossible slot reads `true`).
    pub fn win_loss_bit(bits: &[u64], offset: u64) -> bool {
        read_bits(bits, offset, 1) == 1
    }
}
