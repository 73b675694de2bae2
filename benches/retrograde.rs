//! The baseline the tablebase build is measured against: the plain, single-threaded,
//! queue-based retrograde analysis over a byte array (CITE: retrograde analysis, Thompson
//! 1986; Bellman 1965): every game end queued, then positions solved in order of distance by
//! walking moves backwards, a counter of unsolved moves per position for the loser's side.
//! It prints the CPU time of this baseline and of ryg's build of the same table, and their
//! ratio (the target for 10×10 on two cores is 0.06). Run: `cargo bench -p ryg-benches --bench
//! retrograde` (`-- 8` for 8×8 only).

use std::collections::VecDeque;
use std::time::Instant;

use ryg::{Position, Side, Size, SquareSet, Tablebase};

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
struct Plain {
    size: Size,
    squares: usize,
    binom: Vec<Vec<usize>>,
}

impl Plain {
    fn new(size: Size) -> Plain {
        let squares = size.dark_squares();
        let binom = (0..=squares).map(|n| (0..=size.cats()).map(|k| binomial(n, k)).collect()).collect();
        Plain { size, squares, binom }
    }

    fn entry(&self, p: &Position) -> usize {
        let config: usize =
            p.cats().enumerate().map(|(i, sq)| self.binom[self.size.dense_index(sq)][i + 1]).sum();
        let side = if p.side_to_move() == Side::Mouse { 0 } else { self.squares };
        config * 2 * self.squares + side + self.size.dense_index(p.mouse())
    }

    fn position(&self, entry: usize) -> Option<Position> {
        let block = 2 * self.squares;
        let (mut config, rest) = (entry / block, entry % block);
        let mut cats = SquareSet::EMPTY;
        for k in (1..=self.size.cats()).rev() {
            let mut d = k - 1;
            while self.binom[d + 1][k] <= config {
                d += 1;
            }
            config -= self.binom[d][k];
            cats |= SquareSet::from_square(self.size.from_dense_index(d));
        }
        let side = if rest < self.squares { Side::Mouse } else { Side::Cats };
        Position::from_parts(self.size, self.size.from_dense_index(rest % self.squares), cats, side).ok()
    }

    /// Solves every position; the bytes.
    fn solve(&self) -> Vec<u8> {
        let entries = binomial(self.squares, self.size.cats()) * 2 * self.squares;
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
                None => unsolved[e] = p.legal_moves().len() as u8,
            }
        }
        let board = self.size.board();
        while let Some(e) = queue.pop_front() {
            let e = e as usize;
            let p = self.position(e).expect("a solved position");
            let v = value[e];
            // the positions one move before: the other side moved into this one
            let mut before = Vec::with_capacity(16);
            let empty = board & !p.cats() & !SquareSet::from_square(p.mouse());
            match p.side_to_move() {
                Side::Cats => {
                    let mouse = SquareSet::from_square(p.mouse());
                    for from in (mouse.up() | mouse.down()) & empty {
                        before.push(Position::from_parts(self.size, from, p.cats(), Side::Mouse));
                    }
                }
                Side::Mouse => {
                    for cat in p.cats() {
                        for from in SquareSet::from_square(cat).up() & empty {
                            let cats = p.cats() & !SquareSet::from_square(cat) | SquareSet::from_square(from);
                            before.push(Position::from_parts(self.size, p.mouse(), cats, Side::Cats));
                        }
                    }
                }
            }
            for q in before.into_iter().flatten() {
                let f = self.entry(&q);
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
