//! A level's move distribution: the probability of each legal move in a position, a pure
//! function of the position and the level (no search state, no history), so that
//! [`crate::levels::calibrate`] can compute exactly how strong each level is.
//!
//! Every level except `random` reads the tablebase:
//! - **perfect**: uniformly among its *chosen* moves: when it wins, the fastest wins, and among
//!   them those that leave the opponent the fewest replies; when it loses, the longest
//!   resistances, and among them those where the smallest share of the opponent's replies
//!   keeps the opponent's win (the most chances for a human to go wrong);
//! - **1–9**: with probability `1 − noise` the perfect choice, otherwise a *plausible* move: a
//!   softmax over what the static evaluation (`classic`) thinks of each move (temperature
//!   [`SOFTMAX_POINTS`] points), mixed with uniformly random moves when the noise exceeds 1.
//!   The noise of each level is tuned per board size and side ([`crate::levels::noise`]);
//! - **err:F**, the human model: with probability `1 − F` uniformly among the tablebase's best
//!   moves (fastest win, longest loss), with probability `F` uniformly among all legal moves.

use crate::eval::{score_for_mouse, EvalKind};
use crate::tablebase::ExactSource;
use crate::{ExactResult, Level, Position, Side, Size};

/// The softmax temperature of a level's plausible moves, in evaluation points: a move this
/// many points worse than another is e (2.718…) times less likely.
pub const SOFTMAX_POINTS: f64 = 8.0;

/// The evaluation of a move that ends the game, for the mover (won or lost).
const GAME_END_POINTS: i32 = 1000;

/// What a level knows about one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The exact result of the position after the move.
    pub result: ExactResult,
    /// The static evaluation after the move, for the side that moved (±1000 for a game end).
    pub eval: i32,
    /// The opponent's legal replies after the move.
    pub replies: u32,
    /// How many of those replies win for the opponent.
    pub winning_replies: u32,
}

/// The evaluation behind the plausible moves: the classic weights, on whose point scale
/// [`SOFTMAX_POINTS`] and the levels' noise were tuned.
const PLAUSIBLE_EVAL: EvalKind = EvalKind::Classic;

/// The static evaluation of `child` for `mover` (the side that just moved).
pub(crate) fn eval_for(mover: Side, child: &Position) -> i32 {
    if let Some(outcome) = child.outcome() {
        return if outcome.winner == mover { GAME_END_POINTS } else { -GAME_END_POINTS };
    }
    let mouse = score_for_mouse(PLAUSIBLE_EVAL, child);
    if mover == Side::Mouse {
        mouse
    } else {
        -mouse
    }
}

/// The facts of every legal move of `position`, in move-generation order.
///
/// # Panics
/// When the tablebase is of another board size.
pub fn move_facts<S: ExactSource + ?Sized>(position: &Position, tablebase: &S) -> Vec<MoveFacts> {
    let mover = position.side_to_move();
    let mut facts = Vec::with_capacity(position.count_moves());
    position.for_each_move(|mv| {
        let mut child = *position;
        child.play_unchecked(mv);
        let mut replies = 0;
        let mut winning_replies = 0;
        child.for_each_move(|reply| {
            let mut grandchild = child;
            grandchild.play_unchecked(reply);
            replies += 1;
            if tablebase.result(&grandchild).winner != mover {
                winning_replies += 1;
            }
        });
        facts.push(MoveFacts {
            result: tablebase.result(&child),
            eval: eval_for(mover, &child),
            replies,
            winning_replies,
        });
    });
    facts
}

/// How a level chooses, once its board size and side are known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// Uniformly random legal moves.
    Random,
    /// The perfect level's chosen moves.
    Perfect,
    /// The human model: tablebase-best moves, a random move with this probability.
    Err(f64),
    /// A search level: the perfect choice, a plausible or random move with this noise
    /// (0 to 2: up to 1 the chance of a plausible move, above 1 the share of random moves).
    Noisy(f64),
}

impl Policy {
    /// The policy of `level` for `mover` on a board of `size`.
    pub fn of(level: Level, size: Size, mover: Side) -> Policy {
        match level {
            Level::Random => Policy::Random,
            Level::Perfect => Policy::Perfect,
            Level::Err(rate) => Policy::Err(rate.fraction()),
            Level::Search(n) => Policy::Noisy(crate::levels::noise(size, mover, n)),
        }
    }
}

/// The probability of each move (in the order of `facts`) under `policy`, with `mover` to
/// move. The probabilities sum to 1; empty when there is no move.
pub fn distribution_from_facts(policy: Policy, mover: Side, facts: &[MoveFacts]) -> Vec<f64> {
    let n = facts.len();
    if n == 0 {
        return Vec::new();
    }
    let uniform = 1.0 / n as f64;
    match policy {
        Policy::Random => vec![uniform; n],
        Policy::Perfect => spread(&chosen(mover, facts)),
        Policy::Err(f) => {
            let best = best(mover, facts);
            let share = best.iter().filter(|&&b| b).count() as f64;
            best.iter().map(|&b| f * uniform + if b { (1.0 - f) / share } else { 0.0 }).collect()
        }
        Policy::Noisy(_) => {
            let [perfect, plausible, random] = policy.mixture().expect("a noisy level is a mixture");
            let bases = Bases::of(mover, facts);
            let mix = |(&p, &s): (&f64, &f64)| p * perfect + s * plausible + uniform * random;
            bases.perfect.iter().zip(&bases.plausible).map(mix).collect()
        }
    }
}

impl Policy {
    /// The weights of the perfect choice, the plausible moves and uniformly random moves whose
    /// mixture this policy is; `None` for the human model, which mixes other moves.
    pub(crate) fn mixture(self) -> Option<[f64; 3]> {
        match self {
            Policy::Random => Some([0.0, 0.0, 1.0]),
            Policy::Perfect => Some([1.0, 0.0, 0.0]),
            Policy::Noisy(noise) => {
                let (wrong, random) = (noise.min(1.0), (noise - 1.0).clamp(0.0, 1.0));
                Some([1.0 - wrong, wrong * (1.0 - random), wrong * random])
            }
            Policy::Err(_) => None,
        }
    }
}

/// The distributions every level mixes in a position: the perfect choice and the plausible
/// moves (the third, uniformly random moves, needs no list).
pub(crate) struct Bases {
    pub perfect: Vec<f64>,
    pub plausible: Vec<f64>,
}

impl Bases {
    /// The bases for `mover`'s moves with these facts (at least one move).
    pub(crate) fn of(mover: Side, facts: &[MoveFacts]) -> Bases {
        Bases { perfect: spread(&chosen(mover, facts)), plausible: softmax(facts) }
    }
}

/// The move distribution of `level` in `position`: each legal move (generation order) with
/// its probability. Empty when the game is over.
///
/// # Panics
/// When `level` is not random and the tablebase is of another board size.
pub fn distribution<S: ExactSource + ?Sized>(
    level: Level,
    position: &Position,
    tablebase: &S,
) -> Vec<(crate::Move, f64)> {
    let moves = position.legal_moves();
    let probabilities = match level {
        Level::Random => vec![1.0 / moves.len().max(1) as f64; moves.len()],
        _ => {
            let mover = position.side_to_move();
            let policy = Policy::of(level, position.size(), mover);
            distribution_from_facts(policy, mover, &move_facts(position, tablebase))
        }
    };
    moves.iter().copied().zip(probabilities).collect()
}

/// Whether the mover wins after a move with this result.
fn wins(mover: Side, result: ExactResult) -> bool {
    result.winner == mover
}

/// The tablebase's best moves: the fastest wins, or the longest resistances.
fn best(mover: Side, facts: &[MoveFacts]) -> Vec<bool> {
    let key = |f: &MoveFacts| outcome_key(mover, f.result);
    let top = facts.iter().map(key).max().expect("at least one move");
    facts.iter().map(|f| key(f) == top).collect()
}

/// Orders results for the mover: any win beats any loss; faster wins and slower losses first.
fn outcome_key(mover: Side, result: ExactResult) -> i64 {
    if wins(mover, result) {
        1_000 - i64::from(result.plies)
    } else {
        i64::from(result.plies) - 1_000
    }
}

/// The perfect level's moves: the best moves, and among them those leaving the opponent the
/// fewest replies (when winning) or the smallest share of winning replies (when losing).
fn chosen(mover: Side, facts: &[MoveFacts]) -> Vec<bool> {
    let best = best(mover, facts);
    // Lower is better: replies (winning), or winning replies / replies as a cross-multiplied
    // fraction compared exactly (losing).
    let better = |a: &MoveFacts, b: &MoveFacts| -> std::cmp::Ordering {
        if wins(mover, a.result) {
            a.replies.cmp(&b.replies)
        } else {
            (u64::from(a.winning_replies) * u64::from(b.replies.max(1)))
                .cmp(&(u64::from(b.winning_replies) * u64::from(a.replies.max(1))))
        }
    };
    let top = facts
        .iter()
        .zip(&best)
        .filter(|(_, &b)| b)
        .map(|(f, _)| f)
        .min_by(|a, b| better(a, b))
        .expect("at least one best move");
    facts.iter().zip(&best).map(|(f, &b)| b && better(f, top).is_eq()).collect()
}

/// Uniform over the marked moves.
fn spread(marked: &[bool]) -> Vec<f64> {
    let count = marked.iter().filter(|&&m| m).count() as f64;
    marked.iter().map(|&m| if m { 1.0 / count } else { 0.0 }).collect()
}

/// The plausible-move distribution: a softmax over the moves' evaluations.
fn softmax(facts: &[MoveFacts]) -> Vec<f64> {
    let top = facts.iter().map(|f| f.eval).max().expect("at least one move");
    let weights: Vec<f64> = facts.iter().map(|f| (f64::from(f.eval - top) / SOFTMAX_POINTS).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}
