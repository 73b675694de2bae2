//! Exact calibration: the probability that the human side wins against a level, by dynamic
//! programming over every position reachable from the start squares. At the computer's
//! positions the value is the expectation over the level's move distribution; at the human's,
//! the maximum over its moves (the best exploiter of that level) or the expectation over the
//! human model's distribution (`err:F`). The game has no cycles (every cat move goes down a
//! rank), so one pass over the positions in post-order (children first) is exact.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::policy::{distribution_from_facts, MoveFacts, Policy};
use super::ErrRate;
use crate::{ExactResult, Level, Position, Side, Square, Tablebase};

/// The human side's strategy against a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// Maximises its winning chance against the level (knows the level's distribution).
    Exploiter,
    /// The human model with this error rate.
    Err(ErrRate),
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Exploiter => f.write_str("exploiter"),
            Opponent::Err(rate) => write!(f, "err:{rate}"),
        }
    }
}

impl Opponent {
    /// The columns of `ryg levels`: the exploiter and err 0.02, 0.05, 0.1, 0.2, 0.3.
    pub fn columns() -> Vec<Opponent> {
        let mut columns = vec![Opponent::Exploiter];
        columns.extend(ErrRate::MODELS.iter().map(|&r| Opponent::Err(r)));
        columns
    }
}

/// A hasher for positions: they carry their own Zobrist hash, which is all it keeps.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

/// Every position reachable from the start squares, as a graph in post-order.
pub struct GameGraph {
    computer: Side,
    /// Node `i`'s children are `children[first[i]..first[i + 1]]`, in move-generation order.
    first: Vec<u32>,
    children: Vec<u32>,
    side: Vec<Side>,
    result: Vec<ExactResult>,
    /// The static evaluation for the mouse (±1000 for a finished game).
    eval: Vec<i32>,
    /// How many of the node's moves win for its side to move.
    winning_moves: Vec<u8>,
    /// The start squares and their nodes.
    roots: Vec<(Square, u32)>,
}

impl GameGraph {
    /// The positions reachable from every start square of the tablebase's board size, with
    /// `computer` the side a level plays.
    pub fn build(tablebase: &Tablebase, computer: Side) -> GameGraph {
        let size = tablebase.size();
        let mut graph = GameGraph {
            computer,
            first: vec![0],
            children: Vec::new(),
            side: Vec::new(),
            result: Vec::new(),
            eval: Vec::new(),
            winning_moves: Vec::new(),
            roots: Vec::new(),
        };
        let mut ids: HashMap<Position, u32, BuildHasherDefault<ZobristHasher>> = HashMap::default();
        for square in size.rank(0) {
            let start = Position::start(size, Some(square)).expect("rank 1 dark squares are starts");
            let id = graph.visit(start, tablebase, &mut ids);
            graph.roots.push((square, id));
        }
        graph
    }

    fn visit(
        &mut self,
        position: Position,
        tablebase: &Tablebase,
        ids: &mut HashMap<Position, u32, BuildHasherDefault<ZobristHasher>>,
    ) -> u32 {
        if let Some(&id) = ids.get(&position) {
            return id;
        }
        let mut kids = Vec::with_capacity(crate::MAX_MOVES);
        for mv in position.legal_moves().iter() {
            let mut child = position;
            child.play_unchecked(*mv);
            kids.push(self.visit(child, tablebase, ids));
        }
        let id = self.side.len() as u32;
        let side = position.side_to_move();
        let winning = kids.iter().filter(|&&k| self.result[k as usize].winner == side).count();
        self.children.extend_from_slice(&kids);
        self.first.push(self.children.len() as u32);
        self.side.push(side);
        self.result.push(tablebase.result(&position));
        self.eval.push(super::policy::eval_for(Side::Mouse, &position));
        self.winning_moves.push(winning as u8);
        ids.insert(position, id);
        id
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.side.len()
    }

    /// Whether the graph is empty (never: it holds the starts).
    pub fn is_empty(&self) -> bool {
        self.side.is_empty()
    }

    /// The start squares, in file order.
    pub fn starts(&self) -> Vec<Square> {
        self.roots.iter().map(|&(sq, _)| sq).collect()
    }

    /// The node of the start with the mouse on `square`, if it is a start square.
    pub(super) fn root(&self, square: Square) -> Option<usize> {
        self.roots.iter().find(|&&(sq, _)| sq == square).map(|&(_, id)| id as usize)
    }

    /// The side to move at `node`.
    pub(super) fn side(&self, node: usize) -> Side {
        self.side[node]
    }

    /// The winner of the finished game at `node` (or of perfect play from it).
    pub(super) fn winner(&self, node: usize) -> Side {
        self.result[node].winner
    }

    /// The children of `node`, in move-generation order (the order of `legal_moves()`).
    pub(super) fn kids(&self, node: usize) -> &[u32] {
        &self.children[self.first[node] as usize..self.first[node + 1] as usize]
    }

    /// The facts of each move of `node`, as [`super::policy::move_facts`] gives them.
    pub(super) fn facts(&self, node: usize, out: &mut Vec<MoveFacts>) {
        out.clear();
        let mover = self.side[node];
        for &k in self.kids(node) {
            let k = k as usize;
            let eval = self.eval[k];
            out.push(MoveFacts {
                result: self.result[k],
                eval: if mover == Side::Mouse { eval } else { -eval },
                replies: self.kids(k).len() as u32,
                winning_replies: u32::from(self.winning_moves[k]),
            });
        }
    }

    /// The probability that the human side wins against `policy` (the computer's), for each
    /// opponent: one row per start square (in [`GameGraph::starts`] order), one value per
    /// opponent.
    pub fn win_chances(&self, policy: Policy, opponents: &[Opponent]) -> Vec<Vec<f64>> {
        let k = opponents.len();
        let human = !self.computer;
        let mut value = vec![0.0f64; self.len() * k];
        let mut facts = Vec::new();
        let mut dist = Vec::new();
        for node in 0..self.len() {
            let kids = self.kids(node);
            let row = node * k;
            if kids.is_empty() {
                let won = self.result[node].winner == human;
                value[row..row + k].fill(if won { 1.0 } else { 0.0 });
                continue;
            }
            self.facts(node, &mut facts);
            if self.side[node] == self.computer {
                let probabilities = distribution_from_facts(policy, self.computer, &facts);
                for c in 0..k {
                    value[row + c] = kids
                        .iter()
                        .zip(&probabilities)
                        .map(|(&kid, p)| p * value[kid as usize * k + c])
                        .sum();
                }
            } else {
                for (c, opponent) in opponents.iter().enumerate() {
                    value[row + c] = match opponent {
                        Opponent::Exploiter => {
                            kids.iter().map(|&kid| value[kid as usize * k + c]).fold(0.0, f64::max)
                        }
                        Opponent::Err(rate) => {
                            dist = distribution_from_facts(Policy::Err(rate.fraction()), human, &facts);
                            kids.iter().zip(&dist).map(|(&kid, p)| p * value[kid as usize * k + c]).sum()
                        }
                    };
                }
            }
        }
        drop(dist);
        self.roots.iter().map(|&(_, id)| value[id as usize * k..id as usize * k + k].to_vec()).collect()
    }
}

/// One row of a calibration: a level, a start square and the human's winning chances.
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrationRow {
    pub level: Level,
    pub start: Square,
    /// The probability that the human side wins, per opponent (in [`Calibration::opponents`]
    /// order).
    pub vs: Vec<f64>,
}

/// The exact strength of levels on one board size, for one computer side.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub size: crate::Size,
    pub computer: Side,
    pub opponents: Vec<Opponent>,
    pub rows: Vec<CalibrationRow>,
}

/// Calibrates `levels` (the computer plays `computer`) against `opponents` from every start
/// square. `progress(done, total)` is called after each level.
pub fn calibrate(
    tablebase: &Tablebase,
    computer: Side,
    levels: &[Level],
    opponents: &[Opponent],
    progress: &mut dyn FnMut(usize, usize),
) -> Calibration {
    let graph = GameGraph::build(tablebase, computer);
    let starts = graph.starts();
    let mut rows = Vec::new();
    progress(0, levels.len());
    for (i, &level) in levels.iter().enumerate() {
        let policy = Policy::of(level, tablebase.size(), computer);
        for (start, vs) in starts.iter().zip(graph.win_chances(policy, opponents)) {
            rows.push(CalibrationRow { level, start: *start, vs });
        }
        progress(i + 1, levels.len());
    }
    Calibration { size: tablebase.size(), computer, opponents: opponents.to_vec(), rows }
}
