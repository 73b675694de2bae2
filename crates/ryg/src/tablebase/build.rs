//! Retrograde analysis in one pass in index order. Every cat move lowers the colex rank of the
//! cats' configuration and a mouse move leaves the cats where they are, so solving the
//! configurations in index order needs no iteration to a fixed point: a configuration's
//! cats-to-move entries come from its children, which lie before it (most of them close
//! behind, where the cache still holds them), then its mouse-to-move entries from those. The
//! table is written front to back, once; threads share it out by groups of configurations.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;

use super::index::{binomial, rank_sorted, Index};
use super::value::{from_best_child, IMPOSSIBLE, LOSS_IN_0, WIN_IN_0};
use super::Tablebase;
use crate::square::MAX_N;
use crate::squares::Bits;
use crate::{Size, SquareSet};

/// How a long build reports progress to its caller (a progress bar, a log, nothing).
pub trait BuildProgress {
    /// Called on the building thread now and then: configurations of cats solved so far,
    /// and in all (increasing, ending with `total`).
    fn solved(&mut self, done: u64, total: u64);
}

/// No progress reports.
impl BuildProgress for () {
    fn solved(&mut self, _done: u64, _total: u64) {}
}

/// A single-threaded build reports progress after this many configurations.
const BATCH: usize = 1 << 14;
/// Tables of fewer configurations are built on the calling thread (4×4, 6×6).
const MIN_PARALLEL: usize = 1 << 11;
/// "No such square" in the neighbour tables.
pub(crate) const NONE: u8 = u8::MAX;

/// The most dark squares of a board.
pub(crate) const MAX_DENSE: usize = MAX_N as usize * MAX_N as usize / 2;
/// The most cats of a board.
pub(crate) const MAX_CATS: usize = MAX_N as usize / 2;

/// Dense-square neighbour tables of one board size.
pub(crate) struct Geometry {
    pub(crate) squares: usize,
    /// Squares of the top rank (the last `half` dense indices).
    pub(crate) half: usize,
    pub(crate) cats: usize,
    pub(crate) block: usize,
    /// The down-left and down-right neighbours (cat moves), `NONE` when off the board.
    pub(crate) down: [[u8; 2]; MAX_DENSE],
    /// All four neighbours (mouse moves); missing ones point at `squares`, a padding slot.
    pub(crate) around: [[u8; 4]; MAX_DENSE],
}

impl Geometry {
    pub(crate) fn new(size: Size) -> Geometry {
        let squares = size.dark_squares();
        let mut down = [[NONE; 2]; MAX_DENSE];
        let mut around = [[squares as u8; 4]; MAX_DENSE];
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
        Geometry { squares, half: size.n() as usize / 2, cats: size.cats(), block: 2 * squares, down, around }
    }

    /// Calls `f` with each configuration a cat's step makes from `squares` (dense,
    /// increasing; `occupied` their set), its squares sorted again: one cat moved down to a
    /// free square, the others where they were.
    #[inline(always)]
    pub(crate) fn for_each_cat_child(&self, squares: &[u8], occupied: u128, mut f: impl FnMut(&[u8])) {
        let k = squares.len();
        for i in 0..k {
            for &to in &self.down[usize::from(squares[i])] {
                if to == NONE || occupied >> to & 1 != 0 {
                    continue;
                }
                let mut child = [0u8; MAX_CATS];
                child[..k].copy_from_slice(squares);
                child[i] = to;
                let mut j = i;
                while j > 0 && child[j - 1] > child[j] {
                    child.swap(j - 1, j);
                    j -= 1;
                }
                f(&child[..k]);
            }
        }
    }

    /// Solves one configuration's block (mouse to move, then cats to move) into `out`, reading
    /// only the mouse-to-move rows of its children, `row(child)` for the child configuration
    /// whose dense squares (increasing) are `child`.
    pub(crate) fn solve<'t>(&self, row: impl Fn(&[u8]) -> &'t [u8], squares: &[u8], out: &mut [u8]) {
        let m = self.squares;
        let k = self.cats;
        let mut occupied: Bits = 0;
        for &d in squares {
            occupied |= 1 << d;
        }

        // Cats to move: the best over the child configurations, for every mouse square at once.
        // A child whose moved cat lands on the mouse holds IMPOSSIBLE there and drops out.
        let mut best = [IMPOSSIBLE; MAX_DENSE];
        #[allow(clippy::unnecessary_cast)] // u128 already on the widest board
        self.for_each_cat_child(&squares[..k], occupied as u128, |child| {
            for (b, &v) in best[..m].iter_mut().zip(row(child)) {
                *b = (*b).min(v);
            }
        });
        // One padding slot past the board stays IMPOSSIBLE for the mouse's missing neighbours.
        let mut cats_row = [IMPOSSIBLE; MAX_DENSE + 1];
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
}

/// The most threads a build accepts (it puts at most four to work).
pub const MAX_BUILD_THREADS: usize = 64;

/// At most this many threads work on a build at once: each group of configurations waits for
/// the groups just below it, so more threads would mostly wait.
const MAX_WORKERS: usize = 4;

/// The table shared by the threads of a build: each writes only the blocks of its own group
/// and reads only blocks of its own group or of finished groups.
struct Shared {
    ptr: *mut u8,
    len: usize,
}

// SAFETY: threads write disjoint blocks (their own groups) and read only what they wrote or
// finished groups (see `Tablebase::build_groups`); the scope ends before the table is used
// again.
unsafe impl Sync for Shared {}

impl Geometry {
    /// The configuration after `squares` in colex order (the order of the index), or `false`
    /// after the last one.
    fn next_config(&self, squares: &mut [u8]) -> bool {
        let k = squares.len();
        for i in 0..k {
            let limit = if i + 1 < k { squares[i + 1] } else { self.squares as u8 };
            if squares[i] + 1 < limit {
                squares[i] += 1;
                for (j, sq) in squares[..i].iter_mut().enumerate() {
                    *sq = j as u8;
                }
                return true;
            }
        }
        false
    }
}

impl Tablebase {
    /// Solves every position of `size` (both sides to move) on `threads` threads (1 to
    /// [`MAX_BUILD_THREADS`]; other values are brought into that range), reporting progress
    /// to `progress`.
    ///
    /// # Panics
    /// On a board above 10×10 ([`Size::in_memory_tablebase`]): those are built layer by layer
    /// ([`super::Layers`]).
    pub fn build(size: Size, threads: usize, progress: &mut impl BuildProgress) -> Tablebase {
        Self::build_reporting(size, threads, progress)
    }

    /// [`Tablebase::build`], not generic: the build is compiled here, with the engine's
    /// optimisation, whatever crate calls it (a generic one would be compiled with the
    /// caller's; the test profile builds the command line and the server at level 1).
    fn build_reporting(size: Size, threads: usize, progress: &mut dyn BuildProgress) -> Tablebase {
        assert!(size.in_memory_tablebase(), "the {size} tablebase is built layer by layer");
        let index = Index::new(size);
        let geo = Geometry::new(size);
        let threads = threads.clamp(1, MAX_BUILD_THREADS);
        let mut table = vec![IMPOSSIBLE; index.entries()];
        if threads == 1 || index.entries() / geo.block < MIN_PARALLEL {
            Self::build_in_order(&geo, &mut table, progress);
        } else {
            Self::build_groups(&geo, &mut table, threads, progress);
        }
        Tablebase::from_parts(index, table)
    }

    /// One pass in index order: every cat move lowers the configuration's colex rank, so the
    /// children of a block always lie before it, mostly close behind (the prefetcher follows).
    fn build_in_order(geo: &Geometry, table: &mut [u8], progress: &mut dyn BuildProgress) {
        let block = geo.block;
        let total = (table.len() / block) as u64;
        let mut squares: Vec<u8> = (0..geo.cats as u8).collect();
        let mut start = 0;
        loop {
            let (solved, rest) = table.split_at_mut(start);
            let row = |child: &[u8]| {
                let at = rank_sorted(child) * block;
                &solved[at..at + geo.squares]
            };
            geo.solve(row, &squares, &mut rest[..block]);
            start += block;
            let done = (start / block) as u64;
            if done.is_multiple_of(BATCH as u64) || done == total {
                progress.solved(done, total);
            }
            if !geo.next_config(&mut squares) {
                break;
            }
        }
    }

    /// Index order on `threads` threads, one group of configurations at a time each: a group
    /// is every configuration with its top cat on one square, a contiguous run of the table.
    /// A child in the same group lies before its parent and was solved by the same thread; a
    /// child in a lower group is read once every group up to it is finished. Moving the top cat
    /// lands far below it, so only the configurations whose second cat stands just below the
    /// top one wait for the group below: two threads overlap almost completely.
    fn build_groups(geo: &Geometry, table: &mut [u8], threads: usize, progress: &mut dyn BuildProgress) {
        let (block, k) = (geo.block, geo.cats);
        let total = (table.len() / block) as u64;
        let shared = Shared { ptr: table.as_mut_ptr(), len: table.len() };
        // Every byte below this offset belongs to a finished group.
        let finished_below = AtomicUsize::new(0);
        let next_group = AtomicUsize::new(k - 1);
        let done = AtomicU64::new(0);
        let shared = &shared;
        let worker = |report: &mut dyn FnMut(u64)| loop {
            let top = next_group.fetch_add(1, Ordering::Relaxed);
            if top >= geo.squares {
                break;
            }
            let group_start = binomial(top, k) * block;
            let group_end = binomial(top + 1, k) * block;
            assert!(group_end <= shared.len);
            let mut squares: Vec<u8> = (0..k as u8 - 1).chain([top as u8]).collect();
            for start in (group_start..group_end).step_by(block) {
                // SAFETY: the block at `start` is this configuration's own, written by no other
                // thread. A row read lies before it: in this group (written by this thread) or
                // in a finished group (waited for, Acquire), which no thread writes any more.
                let out = unsafe { std::slice::from_raw_parts_mut(shared.ptr.add(start), block) };
                let row = |child: &[u8]| {
                    let at = rank_sorted(child) * block;
                    assert!(at + geo.squares <= start);
                    if at < group_start {
                        while finished_below.load(Ordering::Acquire) < at + geo.squares {
                            thread::yield_now();
                        }
                    }
                    unsafe { std::slice::from_raw_parts(shared.ptr.add(at), geo.squares) }
                };
                geo.solve(row, &squares, out);
                geo.next_config(&mut squares);
            }
            while finished_below.load(Ordering::Acquire) < group_start {
                thread::yield_now();
            }
            finished_below.store(group_end, Ordering::Release);
            let size = ((group_end - group_start) / block) as u64;
            report(done.fetch_add(size, Ordering::Relaxed) + size);
        };
        let mut reported = 0;
        thread::scope(|scope| {
            for _ in 1..threads.min(MAX_WORKERS) {
                scope.spawn(|| worker(&mut |_| {}));
            }
            worker(&mut |now| {
                reported = now;
                progress.solved(now, total);
            });
        });
        if reported < total {
            progress.solved(total, total);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    /// Every progress report of a build.
    #[derive(Default)]
    struct Record(Vec<(u64, u64)>);

    impl BuildProgress for Record {
        fn solved(&mut self, done: u64, total: u64) {
            self.0.push((done, total));
        }
    }

    #[test]
    fn the_progress_of_every_build_path_reaches_the_whole_table() {
        // 4×4 and 6×6 are built in order whatever the threads; 8×8 by groups on two or more
        for (n, threads) in [(4, 1), (4, 2), (6, 1), (6, 4), (8, 1), (8, 2), (8, 3)] {
            let size = Size::new(n).unwrap();
            let mut record = Record::default();
            let tb = Tablebase::build(size, threads, &mut record);
            let total = (tb.len() / (2 * size.dark_squares())) as u64;
            assert_eq!(record.0.last(), Some(&(total, total)), "{size} on {threads} threads");
            assert!(record.0.iter().all(|&(_, t)| t == total), "{size} on {threads} threads");
            assert!(
                record.0.windows(2).all(|w| w[0].0 < w[1].0),
                "{size} on {threads} threads: {:?}",
                record.0
            );
        }
        // one thread reports every BATCH configurations, and at the end
        let mut record = Record::default();
        Tablebase::build(Size::new(8).unwrap(), 1, &mut record);
        assert_eq!(record.0, [(16_384, 35_960), (32_768, 35_960), (35_960, 35_960)]);
    }

    #[test]
    fn the_group_build_ends_within_a_bound_on_any_number_of_threads() {
        // A deadlock between the groups fails this test instead of hanging the suite.
        for threads in [2, 3, 4, MAX_BUILD_THREADS] {
            let (send, receive) = mpsc::channel();
            std::thread::spawn(move || {
                let tb = Tablebase::build(Size::new(8).unwrap(), threads, &mut ());
                let _ = send.send(tb);
            });
            let tb = receive
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("the 8x8 build on {threads} threads did not end in 30 s"));
            let single = Tablebase::build(Size::new(8).unwrap(), 1, &mut ());
            assert!(tb.entries == single.entries, "{threads} threads");
        }
    }
}
