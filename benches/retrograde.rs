//! The baseline the tablebase build is measured against: the plain, single-threaded,
//! queue-based retrograde analysis over a byte array (CITE: retrograde analysis, Thompson
//! 1986; Bellman 1965): every game end queued, then positions solved in order of distance by
//! walking moves backwards, a counter of unsolved moves per position for the loser's side.
//! It prints the CPU time of this baseline and of ryg's build of the same table, and their
//! ratio (the target for 10×10 on two cores is 0.06). Run: `cargo bench -p ryg-benches --bench
//! retrograde` (`-- 8` for 8×8 only).

use std::collections::VecDeque;
use std::time::Instant;

use ryg::{Position, Side, Size, Square, SquareSet, Tablebase};

/// CPU seconds of this process (user + system), from /proc (Linux), else 0.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // the fields after the command name (in parentheses, which may hold spaces)
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    (ticks(11) + ticks(12)) / 100.0
}

/// n choose k.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The plain table: one byte a position (0 unsolved, 1 + plies for a loss of the side to
/// move, 129 + plies for a win), the same index as ryg's (cats' colex rank, side, mouse).
/// Plain, but not naive: a configuration's cats are read from a table of them by rank, a
/// square's dense index from a table by square, and the positions one move before are made
/// with bit operations, so that the baseline's cost is the algorithm's, not decoding's.
struct Plain {
    size: Size,
    squares: usize,
    binom: Vec<Vec<usize>>,
    /// The cats of every configuration, by colex rank.
    configs: Vec<SquareSet>,
    /// The dense index of each square (by bit index).
    dense: Vec<usize>,
    /// The square of each dense index.
    square: Vec<Square>,
}

impl Plain {
    fn new(size: Size) -> Plain {
        let squares = size.dark_squares();
        let binom = (0..=squares).map(|n| (0..=size.cats()).map(|k| binomial(n, k)).collect()).collect();
        let square: Vec<Square> = (0..squares).map(|d| size.from_dense_index(d)).collect();
        let mut dense = vec![usize::MAX; usize::from(Square::LIMIT)];
        for (d, sq) in square.iter().enumerate() {
            dense[usize::from(sq.index())] = d;
        }
        let mut plain = Plain { size, squares, binom, configs: Vec::new(), dense, square };
        plain.configs = (0..binomial(squares, size.cats())).map(|rank| plain.cats_of(rank)).collect();
        plain
    }

    /// The cats of the configuration of colex rank `config` (the table's construction).
    fn cats_of(&self, mut config: usize) -> SquareSet {
        let mut cats = SquareSet::EMPTY;
        for k in (1..=self.size.cats()).rev() {
            let mut d = k - 1;
            while self.binom[d + 1][k] <= config {
                d += 1;
            }
            config -= self.binom[d][k];
            cats |= SquareSet::from_square(self.square[d]);
        }
        cats
    }

    fn entry(&self, mouse: Square, cats: SquareSet, side: Side) -> usize {
        let config: usize =
            cats.enumerate().map(|(i, sq)| self.binom[self.dense[usize::from(sq.index())]][i + 1]).sum();
        let side = if side == Side::Mouse { 0 } else { self.squares };
        config * 2 * self.squares + side + self.dense[usize::from(mouse.index())]
    }

    /// The mouse, the cats and the side to move of `entry`; `None` when the mouse stands on
    /// a cat.
    fn parts(&self, entry: usize) -> Option<(Square, SquareSet, Side)> {
        let block = 2 * self.squares;
        let (config, rest) = (entry / block, entry % block);
        let (cats, mouse) = (self.configs[config], self.square[rest % self.squares]);
        let side = if rest < self.squares { Side::Mouse } else { Side::Cats };
        (!cats.contains(mouse)).then_some((mouse, cats, side))
    }

    fn position(&self, entry: usize) -> Option<Position> {
        let (mouse, cats, side) = self.parts(entry)?;
        Position::from_parts(self.size, mouse, cats, side).ok()
    }

    /// Solves every position; the bytes.
    fn solve(&self) -> Vec<u8> {
        let entries = self.configs.len() * 2 * self.squares;
        let mut value = vec![0u8; entries];
        let mut unsolved = vec![0u8; entries];
        let mut queue = VecDeque::new();
        for e in 0..entries {
            let Some(p) = self.position(e) else { continue };
            match p.outcome() {
                Some(o) => {
                    value[e] = if o.winner == p.side_to_move() { 129 } else { 1 };
                    queue.push_back(e as u32);
                }
                None => unsolved[e] = p.count_moves() as u8,
            }
        }
        let board = self.size.board();
        let mut before = Vec::with_capacity(16);
        while let Some(e) = queue.pop_front() {
            let e = e as usize;
            let (mouse, cats, side) = self.parts(e).expect("a solved position");
            let v = value[e];
            // the positions one move before: the other side moved into this one
            before.clear();
            let empty = board & !cats & !SquareSet::from_square(mouse);
            match side {
                Side::Cats => {
                    let m = SquareSet::from_square(mouse);
                    for from in (m.up() | m.down()) & empty {
                        before.push(self.entry(from, cats, Side::Mouse));
                    }
                }
                Side::Mouse => {
                    for cat in cats {
                        for from in SquareSet::from_square(cat).up() & empty {
                            let moved = cats ^ SquareSet::from_square(cat) ^ SquareSet::from_square(from);
                            before.push(self.entry(mouse, moved, Side::Cats));
                        }
                    }
                }
            }
            for &f in &before {
                if value[f] != 0 {
                    continue;
                }
                if v < 129 {
                    // this position loses for its mover: the one before wins in one more
                    value[f] = 129 + (v - 1) + 1;
                    queue.push_back(f as u32);
                } else {
                    unsolved[f] -= 1;
                    if unsolved[f] == 0 {
                        value[f] = 1 + (v - 129) + 1;
                        queue.push_back(f as u32);
                    }
                }
            }
        }
        value
    }
}

fn main() {
    let sizes: Vec<u8> = match std::env::args().nth(1).and_then(|a| a.parse().ok()) {
        Some(n) => vec![n],
        None => vec![8, 10],
    };
    for n in sizes {
        let size = Size::new(n).expect("4, 6, 8 or 10");
        let plain = Plain::new(size);
        let (cpu, wall) = (cpu_seconds(), Instant::now());
        let value = plain.solve();
        let (plain_cpu, plain_wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
        // the same results as ryg's table, everywhere
        let tb = Tablebase::build(size, 2, &mut ());
        for (e, &v) in value.iter().enumerate() {
            let Some(p) = plain.position(e) else { continue };
            let r = tb.result(&p);
            let (wins, plies) = if v >= 129 { (true, v - 129) } else { (false, v - 1) };
            assert!(v != 0, "{} unsolved", p.fen());
            assert_eq!((r.winner == p.side_to_move(), r.plies), (wins, u32::from(plies)), "{}", p.fen());
        }
        println!("{size}: plain retrograde (1 thread) {plain_cpu:.2} s CPU, {plain_wall:.2} s wall");
        for threads in [1, 2] {
            let mut best = f64::INFINITY;
            let mut best_wall = f64::INFINITY;
            for _ in 0..3 {
                let (cpu, wall) = (cpu_seconds(), Instant::now());
                std::hint::black_box(Tablebase::build(size, threads, &mut ()));
                best = best.min(cpu_seconds() - cpu);
                best_wall = best_wall.min(wall.elapsed().as_secs_f64());
            }
            println!(
                "{size}: ryg's build on {threads} thread(s) {best:.3} s CPU, {best_wall:.3} s wall: {:.3}x the baseline's CPU",
                best / plain_cpu
            );
        }
    }
}
