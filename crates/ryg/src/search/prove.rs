//! The proving search: the exact result of a position (winner, plies, best move) without a
//! depth limit and without an evaluation.
//!
//! The game has no draws and its graph is acyclic (every cat move lowers the cats' rank sum),
//! so a value found anywhere holds for that position from any path. The search is a fail-soft
//! negamax over exact game-end values only (a win in `d` plies scores `WIN - d` from the root),
//! driven by null-window tests:
//!
//! 1. **win/loss first**: one test at 0 settles who wins (no position scores 0);
//! 2. **the distance** by null-window tests on the winner's plies (bisection, or MTD-style
//!    steps from the fastest possible end), each narrowing the root's bounds;
//!
//! with a table of exact-keyed lower *and* upper bounds that every test reuses, enhanced
//! transposition cut-offs (a child's stored bound that already refutes the window), a bound
//! for a mouse that has passed every cat (its way up is free), mate-distance pruning and move
//! ordering that knows the game: the mouse tries upward moves toward open squares first, the
//! cats the moves that leave the mouse the fewest moves and keep the rear cats moving. Every
//! technique is a switch of [`ProofConfig`]. Correctness does not depend on any of them, nor
//! on the heuristic evaluation (which is not used).

use crate::{ExactResult, Move, Position, Side, Size, Square, SquareSet};

use super::SearchHandler;

/// A win at once; a win in `d` plies scores `WIN - d`.
const WIN: i16 = 1_000;
/// Above every value.
const INF: i16 = WIN + 1;

/// How the distance is found once the winner is known (or at once, without `win_first`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DistanceSearch {
    /// Null-window tests halving the interval of possible plies.
    Bisect,
    /// Null-window tests stepping from the winner's fastest possible end (MTD(f)-like: each
    /// failed test returns a bound that skips ahead).
    Step,
    /// One search with the whole remaining window.
    Window,
}

/// A distance-search name that is not `bisect`, `step` or `window`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown distance search '{}': expected 'bisect', 'step' or 'window'", crate::echo::echo(.0))]
pub struct DistanceSearchError(pub String);

impl std::str::FromStr for DistanceSearch {
    type Err = DistanceSearchError;

    fn from_str(s: &str) -> Result<DistanceSearch, DistanceSearchError> {
        match s.to_ascii_lowercase().as_str() {
            "bisect" => Ok(DistanceSearch::Bisect),
            "step" => Ok(DistanceSearch::Step),
            "window" => Ok(DistanceSearch::Window),
            _ => Err(DistanceSearchError(s.to_string())),
        }
    }
}

impl std::fmt::Display for DistanceSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DistanceSearch::Bisect => "bisect",
            DistanceSearch::Step => "step",
            DistanceSearch::Window => "window",
        })
    }
}

/// The proving search's switches and table size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ProofConfig {
    /// Settle the winner with a null-window test at 0 before searching for the distance.
    pub win_first: bool,
    /// How the distance is searched.
    pub distance: DistanceSearch,
    /// The bound table (lower and upper bounds per position, and the best move for ordering).
    pub table: bool,
    /// Enhanced transposition cut-offs: before searching the moves, a child whose stored
    /// bound already refutes the window ends the node.
    pub etc: bool,
    /// Game-knowledge move ordering (table move first, then the mouse upward toward open
    /// squares, the cats keeping the mouse hemmed in); off = generation order (table move
    /// still first).
    pub ordering: bool,
    /// A mouse that has passed every cat wins within a known number of plies: a bound that
    /// ends the node when it refutes the window.
    pub free_mouse: bool,
    /// Mate-distance pruning: a node `p` plies deep cannot end the game before ply `p + 1`.
    pub mate_distance: bool,
    /// Table size in MiB; `None` picks by board size (1 MiB on 4×4 and 6×6, 4 MiB on 8×8,
    /// 512 MiB on 10×10).
    pub table_megabytes: Option<usize>,
}

impl Default for ProofConfig {
    fn default() -> ProofConfig {
        ProofConfig {
            win_first: true,
            distance: DistanceSearch::Window,
            table: true,
            etc: true,
            ordering: true,
            free_mouse: true,
            mate_distance: true,
            table_megabytes: None,
        }
    }
}

impl ProofConfig {
    /// Every technique off (plain exact-distance alpha-beta with a full window, still with
    /// the table off): the baseline each technique is measured against.
    pub fn plain() -> ProofConfig {
        ProofConfig {
            win_first: false,
            distance: DistanceSearch::Window,
            table: false,
            etc: false,
            ordering: false,
            free_mouse: false,
            mate_distance: false,
            table_megabytes: None,
        }
    }

    /// The table size used on `size`.
    pub fn megabytes_for(&self, size: Size) -> usize {
        self.table_megabytes.unwrap_or(match size.n() {
            4 | 6 => 1,
            8 => 4,
            _ => 512,
        })
    }
}

/// What a proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The exact result.
    pub result: ExactResult,
    /// A best move (fastest win, or longest resistance); `None` when the game is over.
    pub best_move: Option<Move>,
    /// Nodes visited (every call of the search, table cut-offs included).
    pub nodes: u64,
    /// Null-window (or window) searches from the root.
    pub tests: u32,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    /// The exact position: cats in bits 0..55, the mouse in 56..62, cats to move in 63; 0 = empty.
    key: u64,
    lower: i16,
    upper: i16,
    /// Best move: from and to square indexes (0, 0 = none).
    from: u8,
    to: u8,
    /// log2 of the nodes spent on it (the replacement priority).
    work: u8,
    _pad: u8,
}

const WAYS: usize = 4;

/// The bound table: buckets of four exact-keyed entries (64 bytes), indexed by the Zobrist hash.
#[derive(Clone)]
struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (WAYS * std::mem::size_of::<Entry>())).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        Table { entries: vec![Entry::default(); buckets * WAYS], mask: buckets - 1 }
    }

    fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn bucket(&self, position: &Position) -> usize {
        (position.hash() as usize & self.mask) * WAYS
    }

    #[inline]
    fn get(&self, position: &Position, key: u64) -> Option<&Entry> {
        let b = self.bucket(position);
        self.entries[b..b + WAYS].iter().find(|e| e.key == key)
    }

    #[inline]
    fn store(&mut self, position: &Position, key: u64, lower: i16, upper: i16, mv: Option<Move>, work: u8) {
        let b = self.bucket(position);
        let bucket = &mut self.entries[b..b + WAYS];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                let i = (0..WAYS).min_by_key(|&i| bucket[i].work).unwrap_or(0);
                bucket[i] = Entry { key, lower: -INF, upper: INF, ..Entry::default() };
                i
            }
        };
        let e = &mut bucket[slot];
        e.lower = e.lower.max(lower);
        e.upper = e.upper.min(upper);
        e.work = e.work.max(work);
        if let Some(mv) = mv {
            e.from = mv.from.index();
            e.to = mv.to.index();
        }
    }
}

#[inline]
fn key(position: &Position) -> u64 {
    let side = match position.side_to_move() {
        Side::Mouse => 0,
        Side::Cats => 1u64 << 63,
    };
    // Bit 55 is never a square, so a real key is never 0.
    position.cats().0 | u64::from(position.mouse().index()) << 56 | side | 1 << 55
}

/// Node-relative table value to root-relative at `ply`.
#[inline]
fn from_table(v: i16, ply: i16) -> i16 {
    if v >= INF || v <= -INF {
        v
    } else if v > 0 {
        v - ply
    } else {
        v + ply
    }
}

/// Root-relative value at `ply` to node-relative for the table.
#[inline]
fn to_table(v: i16, ply: i16) -> i16 {
    if v >= INF || v <= -INF {
        v
    } else if v > 0 {
        v + ply
    } else {
        v - ply
    }
}

/// The proving search. Its table persists between proofs (bounds hold from any root), so
/// proving many positions with one prover is cheaper; [`Prover::clear`] empties it.
pub struct Prover<'h, H: SearchHandler> {
    config: ProofConfig,
    table: Table,
    handler: &'h mut H,
    node_limit: u64,
    /// Nodes visited since the prover was made.
    pub nodes: u64,
    /// Whether a node limit or the handler stopped the search.
    pub stopped: bool,
    /// What the last proof had established about its root when it was stopped.
    pub partial: Option<ProofBounds>,
}

/// What a stopped proof had established: the winner, and the range of plies in which the
/// game then ends with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofBounds {
    /// The side that wins.
    pub winner: Side,
    /// The fewest and the most plies the game can last.
    pub plies: (u32, u32),
}

impl ProofBounds {
    /// From root-relative bounds `lo..=hi` on the value for `mover`; `None` while they do not
    /// tell the winner.
    fn of(lo: i16, hi: i16, mover: Side) -> Option<ProofBounds> {
        if lo > 0 {
            Some(ProofBounds { winner: mover, plies: ((WIN - hi) as u32, (WIN - lo) as u32) })
        } else if hi < 0 {
            Some(ProofBounds { winner: !mover, plies: ((WIN + lo) as u32, (WIN + hi) as u32) })
        } else {
            None
        }
    }
}

impl std::fmt::Display for ProofBounds {
    /// `cats win in 40 to 52 plies`, `cats win in at most 84 plies`, `cats win in 44 plies`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (fewest, most) = self.plies;
        if fewest == most {
            return write!(f, "{}", ExactResult::new(self.winner, fewest));
        }
        let verb = if self.winner == Side::Mouse { "wins" } else { "win" };
        match fewest {
            0 if most == 1 => write!(f, "{} {verb} in at most 1 ply", self.winner),
            0 => write!(f, "{} {verb} in at most {most} plies", self.winner),
            _ => write!(f, "{} {verb} in {fewest} to {most} plies", self.winner),
        }
    }
}

impl<'h, H: SearchHandler> Prover<'h, H> {
    /// A prover for positions of `size`, stopping at `node_limit` nodes or when `handler` says.
    pub fn new(config: ProofConfig, size: Size, node_limit: u64, handler: &'h mut H) -> Self {
        let megabytes = if config.table { config.megabytes_for(size) } else { 0 };
        let table = if config.table { Table::new(megabytes) } else { Table { entries: Vec::new(), mask: 0 } };
        Prover { config, table, handler, node_limit, nodes: 0, stopped: false, partial: None }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Proves `position`: its exact result and a best move. `None` when a limit stopped it.
    pub fn prove(&mut self, position: &Position) -> Option<Proof> {
        let start_nodes = self.nodes;
        self.partial = None;
        let (value, tests) = self.root_value(position)?;
        let result = to_result(value, position.side_to_move());
        let Some(best_move) = self.best_move(position, value) else {
            self.partial = ProofBounds::of(value, value, position.side_to_move());
            return None;
        };
        Some(Proof { result, best_move, nodes: self.nodes - start_nodes, tests })
    }

    /// Each legal move with the exact result of the position it leads to, in move order.
    /// `None` when a limit stopped it.
    pub fn move_results(&mut self, position: &Position) -> Option<Vec<(Move, ExactResult)>> {
        let mut out = Vec::new();
        for &mv in &position.legal_moves() {
            let mut child = *position;
            child.play_unchecked(mv);
            let (value, _) = self.root_value(&child)?;
            out.push((mv, to_result(value, child.side_to_move())));
        }
        Some(out)
    }

    /// Every move that keeps the position's exact result (the winner's fastest wins, the
    /// loser's longest resistance), in move order; the set the tablebase's `best_moves` gives.
    pub fn best_moves(&mut self, position: &Position) -> Option<Vec<Move>> {
        let (value, _) = self.root_value(position)?;
        let target = to_result(value, position.side_to_move());
        Some(
            self.move_results(position)?
                .into_iter()
                .filter(|(_, r)| r.winner == target.winner && r.plies + 1 == target.plies)
                .map(|(mv, _)| mv)
                .collect(),
        )
    }

    /// A principal variation of the proved `position`: best moves until the game's end.
    pub fn pv(&mut self, position: &Position) -> Option<Vec<Move>> {
        let mut pv = Vec::new();
        let mut pos = *position;
        loop {
            let (value, _) = self.root_value(&pos)?;
            let Some(mv) = self.best_move(&pos, value)? else { break };
            pv.push(mv);
            pos.play_unchecked(mv);
        }
        Some(pv)
    }

    /// The exact root value (root-relative at ply 0) and the number of root searches.
    fn root_value(&mut self, position: &Position) -> Option<(i16, u32)> {
        // Every game ends within this many plies: each cat move lowers the rank sum by one
        // and the mouse cannot make two moves in a row.
        let n = i16::from(position.size().n());
        let longest = n * n + 2;
        let (mut lo, mut hi) = (-WIN, WIN);
        if self.config.table {
            if let Some(e) = self.table.get(position, key(position)) {
                lo = lo.max(e.lower);
                hi = hi.min(e.upper);
            }
        }
        let mut tests = 0;
        if self.config.win_first && lo < 0 && hi > 0 {
            let v = self.search(position, -1, 1, 0);
            tests += 1;
            if self.stopped {
                self.partial = ProofBounds::of(lo, hi, position.side_to_move());
                return None;
            }
            if v > 0 {
                lo = lo.max(v);
            } else {
                hi = hi.min(v);
            }
        }
        // The value lies among the game ends within `longest` plies.
        if lo > 0 {
            lo = lo.max(WIN - longest);
        }
        if hi < 0 {
            hi = hi.min(-(WIN - longest));
        }
        while lo < hi {
            let (alpha, beta) = match self.config.distance {
                DistanceSearch::Window => (lo - 1, hi + 1),
                DistanceSearch::Bisect => {
                    let t = lo + (hi - lo + 1) / 2;
                    (t - 1, t)
                }
                DistanceSearch::Step => {
                    // Test the winner's fastest remaining end first.
                    if lo > 0 || (hi > 0 && !self.config.win_first) {
                        (hi - 1, hi)
                    } else {
                        (lo, lo + 1)
                    }
                }
            };
            let v = self.search(position, alpha, beta, 0);
            tests += 1;
            if self.stopped {
                self.partial = ProofBounds::of(lo, hi, position.side_to_move());
                return None;
            }
            if v <= alpha {
                hi = hi.min(v);
            } else if v >= beta {
                lo = lo.max(v);
            } else {
                lo = v;
                hi = v;
            }
        }
        Some((lo, tests))
    }

    /// A move reaching `value` (root-relative), the first found in search order.
    fn best_move(&mut self, position: &Position, value: i16) -> Option<Option<Move>> {
        let moves = self.ordered(position, None);
        for &mv in &moves {
            let mut child = *position;
            child.play_unchecked(mv);
            // The child reaches -value (one ply deeper) exactly when it is at most -value.
            let v = -self.search(&child, -value, -value + 1, 1);
            if self.stopped {
                return None;
            }
            if v >= value {
                return Some(Some(mv));
            }
        }
        Some(None)
    }

    /// The moves of `position`, the table move first, then by game knowledge.
    fn ordered(&self, position: &Position, table_move: Option<Move>) -> crate::MoveList {
        let mut moves = position.legal_moves();
        if self.config.ordering {
            let mut keys = [0i32; crate::MAX_MOVES];
            for (i, mv) in moves.iter().enumerate() {
                keys[i] = order_key(position, *mv);
            }
            // Insertion sort, highest key first (stable).
            for i in 1..moves.len() {
                let (mv, k) = (moves[i], keys[i]);
                let mut j = i;
                while j > 0 && keys[j - 1] < k {
                    moves[j] = moves[j - 1];
                    keys[j] = keys[j - 1];
                    j -= 1;
                }
                moves[j] = mv;
                keys[j] = k;
            }
        }
        if let Some(tm) = table_move {
            if let Some(i) = moves.iter().position(|&m| m == tm) {
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit || self.handler.should_stop(self.nodes) {
            self.stopped = true;
        }
    }

    /// Fail-soft alpha-beta over exact values, root-relative at `ply`.
    fn search(&mut self, position: &Position, mut alpha: i16, mut beta: i16, ply: i16) -> i16 {
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        // The game is over: a mouse on the top rank has won (inside the search the cats are
        // then to move); otherwise the side to move has no move and has lost.
        if position.mouse_escaped() {
            return if position.side_to_move() == Side::Mouse { WIN - ply } else { -(WIN - ply) };
        }
        if position.count_moves() == 0 {
            return -(WIN - ply);
        }
        if self.config.mate_distance {
            let best = WIN - ply - 1;
            if best <= alpha {
                return best;
            }
            if -best >= beta {
                return -best;
            }
        }
        if self.config.free_mouse {
            if let Some(bound) = free_mouse_bound(position, ply) {
                match position.side_to_move() {
                    Side::Mouse if bound >= beta => return bound,
                    Side::Cats if bound <= alpha => return bound,
                    _ => {}
                }
            }
        }
        let k = key(position);
        let mut table_move = None;
        if self.config.table {
            if let Some(e) = self.table.get(position, k) {
                let lower = from_table(e.lower, ply);
                let upper = from_table(e.upper, ply);
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                if e.from != e.to {
                    table_move = Some(Move::new(Square::new(e.from), Square::new(e.to)));
                }
            }
        }
        let moves = self.ordered(position, table_move);
        if self.config.table && self.config.etc {
            for &mv in &moves {
                let mut child = *position;
                child.play_unchecked(mv);
                if let Some(e) = self.table.get(&child, key(&child)) {
                    let v = -from_table(e.upper, ply + 1);
                    if v >= beta {
                        self.table.store(position, k, to_table(v, ply), INF, Some(mv), 0);
                        return v;
                    }
                }
            }
        }
        let nodes_before = self.nodes;
        let mut best = -INF;
        let mut best_move = None;
        for &mv in &moves {
            let mut child = *position;
            child.play_unchecked(mv);
            let v = -self.search(&child, -beta, -alpha.max(best), ply + 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v >= beta {
                    break;
                }
            }
        }
        if self.config.table {
            let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
            let (lower, upper) = if best <= alpha {
                (-INF, to_table(best, ply))
            } else if best >= beta {
                (to_table(best, ply), INF)
            } else {
                (to_table(best, ply), to_table(best, ply))
            };
            let mv = if best > alpha { best_move } else { None };
            self.table.store(position, k, lower, upper, mv, work);
        }
        best
    }
}

/// The result a root-relative value at ply 0 means for `side` to move.
fn to_result(value: i16, side: Side) -> ExactResult {
    if value > 0 {
        ExactResult::new(side, (WIN - value) as u32)
    } else {
        ExactResult::new(!side, (WIN + value) as u32)
    }
}

/// When every cat stands on or below the mouse's rank, nothing can block its way up: it wins
/// within `2k - 1` plies with the mouse to move (`2k` with the cats to move), `k` its distance
/// to the top rank — or sooner, if the cats run out of moves. The bound for the side to move
/// (a lower bound for the mouse, an upper bound for the cats), root-relative at `ply`.
#[inline]
fn free_mouse_bound(position: &Position, ply: i16) -> Option<i16> {
    let size = position.size();
    let rank = position.mouse().rank();
    let above = SquareSet(!0u64 << ((11 * u32::from(rank) + 11) / 2).min(63));
    // Squares of ranks above the mouse's: a cat there may block.
    if !(position.cats() & above & size.board()).is_empty() {
        return None;
    }
    let k = i16::from(size.n() - 1 - rank);
    Some(match position.side_to_move() {
        Side::Mouse => WIN - ply - (2 * k - 1),
        Side::Cats => -(WIN - ply - 2 * k),
    })
}

/// Game knowledge for ordering: higher first.
#[inline]
fn order_key(position: &Position, mv: Move) -> i32 {
    let to = SquareSet::from_square(mv.to);
    match position.side_to_move() {
        Side::Mouse => {
            // Upward first; then toward squares with room above.
            let up = i32::from(mv.to.rank() > mv.from.rank());
            let room = (to.up() & position.size().board() & !position.cats()).len() as i32;
            up * 16 + room * 4
        }
        Side::Cats => {
            // Leave the mouse the fewest moves (upward ones count most); then move the rear
            // cats (keep the line closed).
            let empty = position.empty() ^ SquareSet::from_square(mv.from) ^ to;
            let mouse = SquareSet::from_square(position.mouse());
            let up = (mouse.up() & empty).len() as i32;
            let down = (mouse.down() & empty).len() as i32;
            -(up * 80 + down * 16) + i32::from(mv.from.rank())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_a_stopped_proof_in_words() {
        // The mouse to move: a value at most -(WIN - 84) is a cats' win within 84 plies.
        let lost = ProofBounds::of(-WIN, -(WIN - 84), Side::Mouse).unwrap();
        assert_eq!(lost, ProofBounds { winner: Side::Cats, plies: (0, 84) });
        assert_eq!(lost.to_string(), "cats win in at most 84 plies");
        let won = ProofBounds::of(WIN - 52, WIN - 40, Side::Mouse).unwrap();
        assert_eq!(won.to_string(), "mouse wins in 40 to 52 plies");
        assert_eq!(
            ProofBounds::of(WIN - 44, WIN - 44, Side::Cats).unwrap().to_string(),
            "cats win in 44 plies"
        );
        let soon = ProofBounds { winner: Side::Mouse, plies: (0, 1) };
        assert_eq!(soon.to_string(), "mouse wins in at most 1 ply");
        assert_eq!(ProofBounds::of(-1, 1, Side::Mouse), None);
    }
}
