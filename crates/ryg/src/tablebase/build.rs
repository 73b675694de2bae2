//! Retrograde analysis by layers. Every cat move lowers the sum of the cats' ranks by one and
//! a mouse move leaves the cats where they are, so solving the configurations of cats in
//! increasing rank sum needs no iteration to a fixed point: a configuration's cats-to-move
//! entries come from the lower layer, then its mouse-to-move entries from those.

use std::sync::Mutex;
use std::thread;

use super::index::{rank_sorted, Index};
use super::value::{from_best_child, IMPOSSIBLE, LOSS_IN_0, WIN_IN_0};
use super::Tablebase;
use crate::{Size, SquareSet};

/// How a long build reports progress to its caller (a progress bar, a log, nothing).
pub trait BuildProgress {
    /// Called on the building thread after each batch: configurations of cats solved so far,
    /// and in all.
    fn solved(&mut self, done: u64, total: u64);
}

/// No progress reports.
impl BuildProgress for () {
    fn solved(&mut self, _done: u64, _total: u64) {}
}

/// Configurations handed out at a time; progress is reported after each batch.
const BATCH: usize = 1 << 14;
/// Configurations a thread takes at a time from a batch.
const CHUNK: usize = 256;
/// Below this many configurations a batch is solved on the calling thread.
const MIN_PARALLEL: usize = 1 << 11;
/// "No such square" in the neighbour tables.
const NONE: u8 = u8::MAX;

/// Dense-square neighbour tables of one board size.
struct Geometry {
    squares: usize,
    /// Squares of the top rank (the last `half` dense indices).
    half: usize,
    cats: usize,
    block: usize,
    /// The down-left and down-right neighbours (cat moves), `NONE` when off the board.
    down: [[u8; 2]; 64],
    /// All four neighbours (mouse moves); missing ones point at `squares`, a padding slot.
    around: [[u8; 4]; 64],
}

impl Geometry {
    fn new(index: &Index) -> Geometry {
        let size = index.size();
        let squares = index.squares();
        let mut down = [[NONE; 2]; 64];
        let mut around = [[squares as u8; 4]; 64];
        for sq in size.board() {
            let d = size.dense_index(sq);
            let one = SquareSet::from_square(sq);
            for (slot, to) in (one.down() & size.board()).enumerate() {
                down[d][slot] = size.dense_index(to) as u8;
            }
            for (slot, to) in ((one.down() | one.up()) & size.board()).enumerate() {
                around[d][slot] = size.dense_index(to) as u8;
            }
        }
        Geometry {
            squares,
            half: size.n() as usize / 2,
            cats: index.cats(),
            block: index.block(),
            down,
            around,
        }
    }

    /// Every configuration of cats (dense squares packed 6 bits each, increasing), grouped by
    /// layer (the sum of the cats' ranks), and where each layer starts.
    fn configs_by_layer(&self) -> (Vec<u32>, Vec<usize>) {
        let layers = self.cats * (self.squares / self.half - 1) + 1;
        let mut all = Vec::new();
        let mut squares = [0u8; 5];
        self.each_config(0, 0, &mut squares, &mut all);
        let layer_of = |packed: u32| -> usize {
            (0..self.cats).map(|i| (packed >> (6 * i) & 63) as usize / self.half).sum()
        };
        let mut starts = vec![0usize; layers + 1];
        for &packed in &all {
            starts[layer_of(packed) + 1] += 1;
        }
        for l in 0..layers {
            starts[l + 1] += starts[l];
        }
        let mut next = starts.clone();
        let mut order = vec![0u32; all.len()];
        for &packed in &all {
            let l = layer_of(packed);
            order[next[l]] = packed;
            next[l] += 1;
        }
        (order, starts)
    }

    fn each_config(&self, first: usize, depth: usize, squares: &mut [u8; 5], out: &mut Vec<u32>) {
        if depth == self.cats {
            out.push(squares[..depth].iter().enumerate().map(|(i, &d)| u32::from(d) << (6 * i)).sum());
            return;
        }
        for d in first..self.squares {
            squares[depth] = d as u8;
            self.each_config(d + 1, depth + 1, squares, out);
        }
    }

    fn unpack(&self, packed: u32) -> [u8; 5] {
        let mut squares = [0u8; 5];
        for (i, sq) in squares[..self.cats].iter_mut().enumerate() {
            *sq = (packed >> (6 * i) & 63) as u8;
        }
        squares
    }

    /// Solves one configuration's block (mouse to move, then cats to move) into `out`, reading
    /// only the mouse-to-move entries of lower layers from `table`.
    fn solve(&self, table: &[u8], squares: &[u8], out: &mut [u8]) {
        let m = self.squares;
        let k = self.cats;
        let mut occupied = 0u64;
        for &d in squares {
            occupied |= 1 << d;
        }

        // Cats to move: the best over the child configurations, for every mouse square at once.
        // A child whose moved cat lands on the mouse holds IMPOSSIBLE there and drops out.
        let mut best = [IMPOSSIBLE; 64];
        for i in 0..k {
            for &to in &self.down[squares[i] as usize] {
                if to == NONE || occupied >> to & 1 != 0 {
                    continue;
                }
                let mut child = [0u8; 5];
                child[..k].copy_from_slice(squares);
                child[i] = to;
                let mut j = i;
                while j > 0 && child[j - 1] > child[j] {
                    child.swap(j - 1, j);
                    j -= 1;
                }
                let start = rank_sorted(&child[..k]) * self.block;
                for (b, &v) in best[..m].iter_mut().zip(&table[start..start + m]) {
                    *b = (*b).min(v);
                }
            }
        }
        // One padding slot past the board stays IMPOSSIBLE for the mouse's missing neighbours.
        let mut cats_row = [IMPOSSIBLE; 65];
        for (c, &b) in cats_row[..m].iter_mut().zip(&best[..m]) {
            *c = from_best_child(b);
        }
        // The mouse on the top rank has won, whoever is to move.
        cats_row[m - self.half..m].fill(LOSS_IN_0);
        for &d in squares {
            cats_row[d as usize] = IMPOSSIBLE;
        }

        // Mouse to move: the best over its (up to four) steps, all within this configuration.
        let (mouse_out, cats_out) = out.split_at_mut(m);
        for (o, around) in mouse_out.iter_mut().zip(&self.around[..m]) {
            let b = cats_row[around[0] as usize]
                .min(cats_row[around[1] as usize])
                .min(cats_row[around[2] as usize].min(cats_row[around[3] as usize]));
            *o = from_best_child(b);
        }
        mouse_out[m - self.half..].fill(WIN_IN_0);
        for &d in squares {
            mouse_out[d as usize] = IMPOSSIBLE;
        }
        cats_out.copy_from_slice(&cats_row[..m]);
    }

    fn rank(&self, packed: u32) -> usize {
        rank_sorted(&self.unpack(packed)[..self.cats])
    }
}

/// The most threads a build uses: more only add start-up cost on this work.
pub const MAX_BUILD_THREADS: usize = 64;

impl Tablebase {
    /// Solves every position of `size` (both sides to move) on `threads` threads (1 to
    /// [`MAX_BUILD_THREADS`]; other values are brought into that range), reporting progress
    /// to `progress`.
    pub fn build(size: Size, threads: usize, progress: &mut impl BuildProgress) -> Tablebase {
        let index = Index::new(size);
        let geo = Geometry::new(&index);
        let block = geo.block;
        let threads = threads.clamp(1, MAX_BUILD_THREADS);
        let (order, starts) = geo.configs_by_layer();
        let total = order.len() as u64;
        let mut table = vec![IMPOSSIBLE; index.entries()];
        let mut done = 0u64;
        let mut out = vec![0u8; BATCH * block];
        for layer in starts.windows(2) {
            for batch in order[layer[0]..layer[1]].chunks(BATCH) {
                let out = &mut out[..batch.len() * block];
                if threads == 1 || batch.len() < MIN_PARALLEL {
                    for (&packed, out) in batch.iter().zip(out.chunks_exact_mut(block)) {
                        geo.solve(&table, &geo.unpack(packed)[..geo.cats], out);
                    }
                } else {
                    // Threads take chunks as they free up, so a thread slowed down by other
                    // work on the machine does not hold up the layer.
                    let work = Mutex::new(batch.chunks(CHUNK).zip(out.chunks_mut(CHUNK * block)));
                    let (table, geo) = (&table, &geo);
                    let worker = || loop {
                        let next = work.lock().unwrap_or_else(|e| e.into_inner()).next();
                        let Some((part, out)) = next else { break };
                        for (&packed, out) in part.iter().zip(out.chunks_exact_mut(block)) {
                            geo.solve(table, &geo.unpack(packed)[..geo.cats], out);
                        }
                    };
                    thread::scope(|scope| {
                        for _ in 1..threads {
                            scope.spawn(worker);
                        }
                        worker();
                    });
                }
                for (&packed, solved) in batch.iter().zip(out.chunks_exact(block)) {
                    let start = geo.rank(packed) * block;
                    table[start..start + block].copy_from_slice(solved);
                }
                done += batch.len() as u64;
                progress.solved(done, total);
            }
        }
        Tablebase::from_parts(index, table)
    }
}
