//! The node search: fail-soft negamax over exact game-end values with the bound table,
//! enhanced transposition cut-offs, the free-mouse bound, mate-distance pruning and move
//! ordering by game knowledge.

use crate::search::{ProofConfig, SearchHandler};
use crate::{Move, MoveList, Position, Side, Size, Square, SquareSet, MAX_MOVES};

use super::bounds::{self, key, Table};
use super::value::{from_table, to_table, ProofBounds, INF, WIN};

/// The proving search. Its table persists between proofs (bounds hold from any root), so
/// proving many positions with one prover is cheaper; [`Prover::clear`] empties it.
pub struct Prover<'h, H: SearchHandler> {
    pub(super) config: ProofConfig,
    pub(super) table: Table,
    pub(super) handler: &'h mut H,
    pub(super) node_limit: u64,
    /// Nodes visited since the prover was made.
    pub nodes: u64,
    /// Whether a node limit or the handler stopped the search.
    pub stopped: bool,
    /// What the last proof had established about its root when it was stopped.
    pub partial: Option<ProofBounds>,
}

impl<'h, H: SearchHandler> Prover<'h, H> {
    /// A prover for positions of `size`, stopping at `node_limit` nodes or when `handler` says.
    pub fn new(config: ProofConfig, size: Size, node_limit: u64, handler: &'h mut H) -> Self {
        let table = config.table.map_or_else(Table::empty, |t| Table::new(bounds::megabytes(t, size)));
        Prover { config, table, handler, node_limit, nodes: 0, stopped: false, partial: None }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The moves of `position`, the table move first, then by game knowledge.
    pub(super) fn ordered(&self, position: &Position, table_move: Option<Move>) -> MoveList {
        let mut moves = position.legal_moves();
        if self.config.ordering {
            let mut keys = [0i32; MAX_MOVES];
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
    pub(super) fn search(&mut self, position: &Position, mut alpha: i16, mut beta: i16, ply: i16) -> i16 {
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
        if self.config.table.is_some() {
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
        if self.config.table.is_some_and(|t| t.etc) {
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
        if self.config.table.is_some() {
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

/// When every cat stands on or below the mouse's rank, nothing can block its way up: it wins
/// within `2k - 1` plies with the mouse to move (`2k` with the cats to move), `k` its distance
/// to the top rank — or sooner, if the cats run out of moves. The bound for the side to move
/// (a lower bound for the mouse, an upper bound for the cats), root-relative at `ply`.
#[inline]
fn free_mouse_bound(position: &Position, ply: i16) -> Option<i16> {
    let size = position.size();
    let rank = position.mouse().rank();
    let stride = u32::from(Square::STRIDE);
    let above =
        SquareSet(!0 << ((stride * u32::from(rank) + stride) / 2).min(crate::squares::Bits::BITS - 1));
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
