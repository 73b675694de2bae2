//! The layered build, for boards too large to hold whole (12×12 and up).
//!
//! A cat move takes one cat one rank further from the top and a mouse move moves no cat, so
//! the sum of the cats' advances (ranks below the top rank) splits the positions into
//! layers: a cat move leads from layer `s` to layer `s + 1`, a mouse move stays in its layer.
//! Solved from the last layer (every cat on rank 1) back to the first (the start), each layer
//! needs only itself and the mouse-to-move rows of the layer after it, so a build holds
//! about one and a half layers in memory and can write each finished layer away.
//!
//! Inside a layer the configurations of cats are ranked in colex order among those of the
//! same advance sum (a combinatorial number system restricted to one sum), and each has the
//! same block as in the whole table: the mouse's dense square, mouse to move, then cats to
//! move. The bytes are those of [`super::value`], so a layer of a 10×10 build holds exactly
//! the bytes of the in-memory table for the same positions.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use thiserror::Error;

use super::build::{Geometry, MAX_CATS, MAX_DENSE};
use super::value::decode;
use crate::{ExactResult, Position, Side, Size};

/// The one byte no layer may hold: it would read both as a win in 127 plies and as a loss in
/// 127 (see `value.rs`), so a distance that long cannot be stored in one byte.
const OVERFLOW: u8 = 127;

/// Why a layer could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayerError {
    /// A forced win takes more plies than one byte holds.
    #[error(
        "layer {layer}: a forced win there takes more than 126 plies, more than one byte per position holds"
    )]
    Overflow {
        /// The layer.
        layer: usize,
    },
    /// The next layer's rows do not have the length that layer has.
    #[error("layer {layer}: the next layer's rows hold {found} bytes, expected {expected}")]
    NextLength {
        /// The layer being solved.
        layer: usize,
        /// The length given.
        found: usize,
        /// The length expected.
        expected: usize,
    },
}

/// The layers of one board size: their sizes and where each position lies in them.
pub struct Layers {
    size: Size,
    geo: Geometry,
    /// How far a cat on each dense square has come from the top rank.
    advance: [u8; MAX_DENSE],
    /// The last layer: every cat on rank 1.
    last: usize,
    /// `count[(t · (M + 1) + i) · (last + 1) + s]`: the sets of `t` dense squares below `i`
    /// whose advances sum to `s`.
    count: Vec<u64>,
}

impl Layers {
    /// The layers of `size` (any size, 4×4 to 14×14).
    pub fn new(size: Size) -> Layers {
        let geo = Geometry::new(size);
        let (m, k) = (geo.squares, geo.cats);
        let half = usize::from(size.n() / 2);
        let mut advance = [0u8; MAX_DENSE];
        for (d, a) in advance[..m].iter_mut().enumerate() {
            *a = size.n() - 1 - (d / half) as u8;
        }
        let last = k * usize::from(size.n() - 1);
        let sums = last + 1;
        let mut count = vec![0u64; (k + 1) * (m + 1) * sums];
        let at = |t: usize, i: usize, s: usize| (t * (m + 1) + i) * sums + s;
        for i in 0..=m {
            count[at(0, i, 0)] = 1;
        }
        for t in 1..=k {
            for i in 0..m {
                let a = usize::from(advance[i]);
                for s in 0..sums {
                    let with = if s >= a { count[at(t - 1, i, s - a)] } else { 0 };
                    count[at(t, i + 1, s)] = count[at(t, i, s)] + with;
                }
            }
        }
        Layers { size, geo, advance, last, count }
    }

    #[inline]
    fn count(&self, t: usize, below: usize, sum: usize) -> u64 {
        self.count[(t * (self.geo.squares + 1) + below) * (self.last + 1) + sum]
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// How many layers there are (advance sums 0 to the last).
    pub fn len(&self) -> usize {
        self.last + 1
    }

    /// Never: every size has layers.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The configurations of cats in `layer`.
    pub fn configs(&self, layer: usize) -> u64 {
        self.count(self.geo.cats, self.geo.squares, layer)
    }

    /// Bytes of one configuration's block (mouse squares × 2 sides).
    pub fn block(&self) -> usize {
        self.geo.block
    }

    /// Bytes of `layer`'s table.
    pub fn layer_len(&self, layer: usize) -> u64 {
        self.configs(layer) * self.block() as u64
    }

    /// Every position of the board: all layers' entries, impossible slots included.
    pub fn entries(&self) -> u64 {
        (0..self.len()).map(|l| self.layer_len(l)).sum()
    }

    /// The largest layer's bytes.
    pub fn largest_layer(&self) -> u64 {
        (0..self.len()).map(|l| self.layer_len(l)).max().unwrap_or(0)
    }

    /// The rank of a configuration (dense squares, increasing) among those of its layer, and
    /// that layer.
    #[inline]
    fn rank(&self, squares: &[u8]) -> (usize, u64) {
        let mut sum = 0;
        let mut rank = 0;
        for (t, &d) in squares.iter().enumerate() {
            sum += usize::from(self.advance[usize::from(d)]);
            rank += self.count(t + 1, usize::from(d), sum);
        }
        (sum, rank)
    }

    /// Where the entry of `position` lies: its layer and its offset in that layer's table.
    ///
    /// # Panics
    /// When `position` is on another board size.
    pub fn locate(&self, position: &Position) -> (usize, u64) {
        assert_eq!(position.size(), self.size, "a position of another board size");
        let mut squares = [0u8; MAX_CATS];
        for (slot, sq) in squares.iter_mut().zip(position.cats()) {
            *slot = self.size.dense_index(sq) as u8;
        }
        let (layer, rank) = self.rank(&squares[..self.geo.cats]);
        let side = match position.side_to_move() {
            Side::Mouse => 0,
            Side::Cats => self.geo.squares,
        };
        let mouse = self.size.dense_index(position.mouse());
        (layer, rank * self.block() as u64 + (side + mouse) as u64)
    }

    /// The exact result a layer's byte holds for a position with `side` to move (`None` for
    /// an impossible slot or a damaged byte).
    pub fn decode(byte: u8, side: Side) -> Option<ExactResult> {
        decode(byte, side)
    }

    /// Calls `f` with every set of `t` dense squares below `below` whose advances sum to `sum`,
    /// in colex order, put in `buf[..t]` (`buf[t..]`, the squares above, stays as it is).
    fn each(&self, t: usize, below: usize, sum: usize, buf: &mut [u8; MAX_CATS], f: &mut dyn FnMut(&[u8])) {
        if t == 0 {
            if sum == 0 {
                f(&buf[..]);
            }
            return;
        }
        for top in t - 1..below {
            let a = usize::from(self.advance[top]);
            if a > sum || self.count(t - 1, top, sum - a) == 0 {
                continue;
            }
            buf[t - 1] = top as u8;
            self.each(t - 1, top, sum - a, buf, f);
        }
    }

    /// Solves `layer` into `out` (its whole table, [`Layers::layer_len`] bytes), reading the
    /// mouse-to-move rows of the next layer from `next` ([`Layers::mouse_rows`] of it; empty
    /// for the last layer), on `threads` threads, calling `progress` with configurations
    /// solved so far.
    ///
    /// # Errors
    /// When a distance outgrows one byte, or `next` has the wrong length.
    ///
    /// # Panics
    /// When `out` is not the layer's length.
    pub fn solve_layer(
        &self,
        layer: usize,
        next: &[u8],
        out: &mut [u8],
        threads: usize,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<(), LayerError> {
        let (m, k, block) = (self.geo.squares, self.geo.cats, self.block());
        assert_eq!(out.len() as u64, self.layer_len(layer), "layer {layer}'s table");
        let expected = if layer < self.last { self.configs(layer + 1) as usize * m } else { 0 };
        if next.len() != expected {
            return Err(LayerError::NextLength { layer, found: next.len(), expected });
        }
        // A group: every configuration with its top cat on one square, a run of the layer.
        let mut groups = Vec::new();
        let mut rest = out;
        for top in k - 1..m {
            let a = usize::from(self.advance[top]);
            let n = if a > layer { 0 } else { self.count(k - 1, top, layer - a) as usize };
            let (group, tail) = rest.split_at_mut(n * block);
            rest = tail;
            if n > 0 {
                groups.push((top, group));
            }
        }
        // the largest groups first (taken from the end), so that the threads end together
        groups.sort_by_key(|(_, g)| g.len());
        let groups = Mutex::new(groups);
        let done = AtomicU64::new(0);
        let row = |child: &[u8]| {
            let (_, rank) = self.rank(child);
            let at = rank as usize * m;
            &next[at..at + m]
        };
        let worker = || loop {
            let Some((top, group)) = groups.lock().unwrap_or_else(|e| e.into_inner()).pop() else {
                break;
            };
            let a = usize::from(self.advance[top]);
            let mut buf = [0u8; MAX_CATS];
            buf[k - 1] = top as u8;
            let mut blocks = group.chunks_exact_mut(block);
            let mut solve = |squares: &[u8]| {
                let out = blocks.next().expect("one block per configuration");
                self.geo.solve(row, &squares[..k], out);
            };
            self.each(k - 1, top, layer - a, &mut buf, &mut solve);
            progress(
                done.fetch_add((group.len() / block) as u64, Ordering::Relaxed)
                    + (group.len() / block) as u64,
            );
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.max(1) {
                scope.spawn(worker);
            }
            worker();
        });
        Ok(())
    }

    /// The mouse-to-move rows of a solved layer, which the layer before it reads: the table
    /// is cut down to them in place (half its length).
    pub fn mouse_rows(&self, mut table: Vec<u8>) -> Vec<u8> {
        let (m, block) = (self.geo.squares, self.block());
        let configs = table.len() / block;
        for c in 0..configs {
            table.copy_within(c * block..c * block + m, c * m);
        }
        table.truncate(configs * m);
        table.shrink_to_fit();
        table
    }
}

/// What one solved layer holds: its positions by side to move and winner, and its longest
/// forced win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    /// `[side to move][winner]` (mouse = 0, cats = 1), impossible slots left out.
    pub counts: [[u64; 2]; 2],
    /// The most plies to the end of any position of the layer, and that position's offset.
    pub longest: (u8, u64),
}

impl LayerStats {
    /// Every position counted.
    pub fn positions(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }
}

impl Layers {
    /// The statistics of `layer`'s solved table (a histogram of its bytes per side to move),
    /// which also finds any distance too long for one byte.
    ///
    /// # Errors
    /// [`LayerError::Overflow`] when the table holds one.
    pub fn layer_stats(&self, layer: usize, table: &[u8]) -> Result<LayerStats, LayerError> {
        let (m, block) = (self.geo.squares, self.block());
        // Two histograms a side, filled alternately, so that runs of one byte do not wait on
        // the same counter.
        let mut hist = [[[0u64; 256]; 2]; 2];
        for chunk in table.chunks_exact(block) {
            for (half, row) in [&chunk[..m], &chunk[m..]].into_iter().enumerate() {
                let mut pairs = row.chunks_exact(2);
                for pair in &mut pairs {
                    hist[half][0][usize::from(pair[0])] += 1;
                    hist[half][1][usize::from(pair[1])] += 1;
                }
                for &b in pairs.remainder() {
                    hist[half][0][usize::from(b)] += 1;
                }
            }
        }
        if hist.iter().flatten().any(|h| h[usize::from(OVERFLOW)] > 0) {
            return Err(LayerError::Overflow { layer });
        }
        let mut stats = LayerStats::default();
        let mut longest: Option<(u32, u8)> = None;
        for (half, side) in [(0, Side::Mouse), (1, Side::Cats)] {
            for byte in 0..=u8::MAX {
                let n = hist[half][0][usize::from(byte)] + hist[half][1][usize::from(byte)];
                let Some(result) = decode(byte, side).filter(|_| n > 0) else { continue };
                stats.counts[side as usize][result.winner as usize] += n;
                if longest.is_none_or(|(plies, _)| result.plies > plies) {
                    longest = Some((result.plies, byte));
                }
            }
        }
        if let Some((plies, byte)) = longest {
            let at = table.iter().position(|&b| b == byte).expect("the byte was counted");
            stats.longest = (plies as u8, at as u64);
        }
        Ok(stats)
    }

    /// The position whose entry is at `offset` of `layer`, or `None` for an impossible slot.
    pub fn position(&self, layer: usize, offset: u64) -> Option<Position> {
        let (m, k, block) = (self.geo.squares, self.geo.cats, self.block() as u64);
        let (mut rank, rest) = (offset / block, (offset % block) as usize);
        let mut squares = [0u8; MAX_CATS];
        let mut sum = layer;
        for t in (1..=k).rev() {
            // the top square d of these t: count(t, d, sum) <= rank < count(t, d + 1, sum)
            let d = (t - 1..m).find(|&d| self.count(t, d + 1, sum) > rank)?;
            rank -= self.count(t, d, sum);
            squares[t - 1] = d as u8;
            sum -= usize::from(self.advance[d]);
        }
        let cats = squares[..k].iter().map(|&d| self.size.from_dense_index(usize::from(d))).collect();
        let side = if rest < m { Side::Mouse } else { Side::Cats };
        let mouse = self.size.from_dense_index(rest % m);
        Position::from_parts(self.size, mouse, cats, side).ok()
    }
}

mod win_loss;
pub use win_loss::{read_bits, WinLossCounts, WIN_LOSS_ALIGN};

#[cfg(test)]
mod tests;
