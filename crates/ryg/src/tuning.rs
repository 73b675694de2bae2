//! Fitting the evaluation to the tablebase, and measuring it. The fit is Texel tuning: a
//! logistic regression of the exact winner on the evaluation's features over sampled
//! positions. The measurement is keep-the-win: where some moves win and some lose, how often a
//! search of a given depth picks a winning move.

use crate::eval::{self, EvalKind, MAX_TERMS};
use crate::search::{Limits, NoHandler, SearchConfig, Searcher, SplitMix64, TableConfig};
use crate::{Move, Position, Side, Square, Tablebase};

/// Evaluation points per unit of log-odds: an evaluation of +100 says the mouse wins with odds
/// e:1 (73%), +200 with odds e²:1 (88%).
pub const POINTS_PER_NAT: f64 = 100.0;

/// The training sample of the default evaluation: this many 8×8 positions ...
pub const TRAINING_POSITIONS: usize = 100_000;
/// ... sampled with this seed.
pub const TRAINING_SEED: u64 = 1;
/// Newton steps of the fit (it converges in far fewer).
pub const FIT_ITERATIONS: usize = 50;

/// The fit behind [`crate::eval::DEFAULT_TERMS`]: every default term's weight and the tempo,
/// fitted from zero on the training sample of `tablebase` (8×8 for the shipped weights).
pub fn fit_default(tablebase: &Tablebase) -> Model {
    let train = samples(
        EvalKind::Default,
        &sample_positions(tablebase, TRAINING_POSITIONS, TRAINING_SEED),
        tablebase,
    );
    fit(&Model::new(vec![0.0; EvalKind::Default.terms().len()]), &train, FIT_ITERATIONS)
}

/// Random positions of the tablebase's board size, reached by playouts from a random start
/// square (the mouse on any dark square of rank 1) of a random length below 5N plies, where
/// each ply is with probability 1/2 one of the tablebase's best moves and otherwise a
/// uniformly random legal move. Finished positions are skipped. The same seed gives the same
/// positions.
pub fn sample_positions(tablebase: &Tablebase, count: usize, seed: u64) -> Vec<Position> {
    let size = tablebase.size();
    let starts: Vec<Square> = size.rank(0).into_iter().collect();
    let max_plies = 5 * usize::from(size.n());
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let start = starts[rng.below(starts.len())];
        let mut position = Position::start(size, Some(start)).expect("a dark square of rank 1");
        let plies = rng.below(max_plies);
        for _ in 0..plies {
            let moves = if rng.below(2) == 0 {
                tablebase.best_moves(&position)
            } else {
                position.legal_moves().to_vec()
            };
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
        if position.count_moves() > 0 {
            out.push(position);
        }
    }
    out
}

/// One training position: its features, side to move and exact winner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub features: [f64; MAX_TERMS],
    pub side_to_move: Side,
    pub mouse_wins: bool,
}

/// The training samples of `positions` for the terms of `kind`, labelled by the tablebase.
pub fn samples(kind: EvalKind, positions: &[Position], tablebase: &Tablebase) -> Vec<Sample> {
    positions
        .iter()
        .map(|p| {
            let (raw, n) = eval::features(kind, p);
            let mut features = [0.0; MAX_TERMS];
            for (f, &r) in features.iter_mut().zip(&raw[..n]) {
                *f = f64::from(r);
            }
            Sample {
                features,
                side_to_move: p.side_to_move(),
                mouse_wins: tablebase.result(p).winner == Side::Mouse,
            }
        })
        .collect()
}

/// A logistic model of the mouse's winning chance: `σ((Σ weight·feature + bias) / 100)`, the
/// weights in evaluation points per unit of each feature, a bias per side to move (the tempo,
/// which a fixed-depth search never compares, so the evaluation leaves it out).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub weights: Vec<f64>,
    /// Points added with the mouse to move, then with the cats to move.
    pub bias: [f64; 2],
}

impl Model {
    /// A model with these weights and no bias.
    pub fn new(weights: Vec<f64>) -> Model {
        Model { weights, bias: [0.0; 2] }
    }

    /// The model of an evaluation's weights.
    pub fn of(kind: EvalKind) -> Model {
        Model::new(kind.terms().iter().map(|t| f64::from(t.weight)).collect())
    }

    /// The weights rounded to whole points (as the evaluation needs them).
    pub fn rounded(&self) -> Model {
        Model { weights: self.weights.iter().map(|w| w.round()).collect(), bias: self.bias.map(f64::round) }
    }

    /// The predicted score in points (mouse's view) of `sample`.
    pub fn points(&self, sample: &Sample) -> f64 {
        let side = usize::from(sample.side_to_move == Side::Cats);
        self.weights.iter().zip(&sample.features).map(|(w, f)| w * f).sum::<f64>() + self.bias[side]
    }

    /// The mean cross-entropy (in nats) of the model's predictions against the exact winners.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let total: f64 = samples.iter().map(|s| log_loss(self.points(s), s.mouse_wins)).sum();
        total / samples.len().max(1) as f64
    }
}

/// Fits all weights and both biases by Newton's method with a halving line search (the loss
/// never rises), starting from `start`, for at most `iterations` steps. The loss is convex, so
/// this finds its minimum; a tiny ridge keeps the steps finite when a feature nearly decides
/// the winner by itself.
pub fn fit(start: &Model, samples: &[Sample], iterations: usize) -> Model {
    let k = start.weights.len();
    let mut theta = start.weights.clone();
    theta.extend_from_slice(&start.bias);
    let theta = fit_parameters(&theta, samples, iterations, |s, x| {
        x[..k].copy_from_slice(&s.features[..k]);
        x[k] = f64::from(u8::from(s.side_to_move == Side::Mouse));
        x[k + 1] = f64::from(u8::from(s.side_to_move == Side::Cats));
        0.0
    });
    Model { weights: theta[..k].to_vec(), bias: [theta[k], theta[k + 1]] }
}

/// Fits only the scale of `start`'s weights (one factor for all of them) and the biases: how
/// well an evaluation predicts the winner once its point scale is matched to the model's.
pub fn fit_scale(start: &Model, samples: &[Sample], iterations: usize) -> Model {
    // Parameters: the factor, then the biases; the factor's feature is the evaluation.
    let base = Model::new(start.weights.clone());
    let scaled = fit_parameters(&[1.0, start.bias[0], start.bias[1]], samples, iterations, |s, x| {
        x[0] = base.points(s);
        x[1] = f64::from(u8::from(s.side_to_move == Side::Mouse));
        x[2] = f64::from(u8::from(s.side_to_move == Side::Cats));
        0.0
    });
    Model { weights: start.weights.iter().map(|w| w * scaled[0]).collect(), bias: [scaled[1], scaled[2]] }
}

/// Fits only the biases (the tempo) to `start`'s weights.
pub fn fit_tempo(start: &Model, samples: &[Sample], iterations: usize) -> Model {
    let base = Model::new(start.weights.clone());
    let bias = fit_parameters(&start.bias, samples, iterations, |s, x| {
        x[0] = f64::from(u8::from(s.side_to_move == Side::Mouse));
        x[1] = f64::from(u8::from(s.side_to_move == Side::Cats));
        base.points(s)
    });
    Model { weights: start.weights.clone(), bias: [bias[0], bias[1]] }
}

/// The cross-entropy of a prediction of `points` (mouse's view) when the mouse does or does not
/// win: −ln σ(z) or −ln σ(−z), z = points / 100, computed without overflow.
fn log_loss(points: f64, mouse_wins: bool) -> f64 {
    let z = if mouse_wins { points } else { -points } / POINTS_PER_NAT;
    if z > 0.0 {
        (-z).exp().ln_1p()
    } else {
        -z + z.exp().ln_1p()
    }
}

/// Newton's method on the logistic loss of `σ((offset + θ·x) / 100)`, where `design` fills `x`
/// and returns the offset.
fn fit_parameters(
    start: &[f64],
    samples: &[Sample],
    iterations: usize,
    design: impl Fn(&Sample, &mut [f64]) -> f64,
) -> Vec<f64> {
    const RIDGE: f64 = 1e-9;
    let dim = start.len();
    let n = samples.len().max(1) as f64;
    let mut x = vec![0.0; dim];
    let loss = |theta: &[f64], x: &mut [f64]| -> f64 {
        samples
            .iter()
            .map(|s| {
                let offset = design(s, x);
                log_loss(offset + theta.iter().zip(x.iter()).map(|(t, v)| t * v).sum::<f64>(), s.mouse_wins)
            })
            .sum::<f64>()
            / n
    };
    let mut theta = start.to_vec();
    let mut current = loss(&theta, &mut x);
    for _ in 0..iterations {
        let mut gradient = vec![0.0; dim];
        let mut hessian = vec![vec![0.0; dim]; dim];
        for s in samples {
            let offset = design(s, &mut x);
            let z = (offset + theta.iter().zip(&x).map(|(t, v)| t * v).sum::<f64>()) / POINTS_PER_NAT;
            let p = 1.0 / (1.0 + (-z).exp());
            let y = f64::from(u8::from(s.mouse_wins));
            for ((g, row), &xi) in gradient.iter_mut().zip(hessian.iter_mut()).zip(&x) {
                *g += (p - y) * xi / POINTS_PER_NAT;
                for (h, &xj) in row.iter_mut().zip(&x) {
                    *h += p * (1.0 - p) * xi * xj / (POINTS_PER_NAT * POINTS_PER_NAT);
                }
            }
        }
        for (i, row) in hessian.iter_mut().enumerate() {
            for v in row.iter_mut() {
                *v /= n;
            }
            row[i] += RIDGE;
            gradient[i] /= n;
        }
        let Some(step) = solve(hessian, gradient) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        while scale > 1e-6 {
            let next: Vec<f64> = theta.iter().zip(&step).map(|(t, d)| t - scale * d).collect();
            let l = loss(&next, &mut x);
            if l < current {
                theta = next;
                current = l;
                improved = true;
                break;
            }
            scale /= 2.0;
        }
        if !improved {
            break;
        }
    }
    theta
}

/// Solves `a · x = b` by Gaussian elimination with partial pivoting; `None` when singular.
pub(crate) fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let factor = a[row][col] / pivot_row[col];
            for (v, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *v -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

/// A position where the side to move wins, some moves keep the win and some throw it away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub position: Position,
    /// The legal moves that keep the win (at least one, not all).
    pub winning: Vec<Move>,
}

/// `count` positions sampled as [`sample_positions`] does (same seed, same set) where the side
/// to move wins and some but not all of its moves keep the win.
pub fn keep_the_win_set(tablebase: &Tablebase, count: usize, seed: u64) -> Vec<Choice> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        for position in sample_positions(tablebase, count, rng.next_u64()) {
            let mover = position.side_to_move();
            if tablebase.result(&position).winner != mover {
                continue;
            }
            let results = tablebase.move_results(&position);
            let winning: Vec<Move> =
                results.iter().filter(|(_, r)| r.winner == mover).map(|&(m, _)| m).collect();
            if winning.len() < results.len() {
                out.push(Choice { position, winning });
                if out.len() == count {
                    break;
                }
            }
        }
    }
    out
}

/// The search configuration of the measurement: the default techniques with `eval`, and a
/// 1 MiB transposition table (cleared before every search; plenty at depths up to 8).
pub fn keep_the_win_config(eval: EvalKind) -> SearchConfig {
    SearchConfig { eval, ..SearchConfig::default() }
        .with_alpha_beta(|ab| ab.table = Some(TableConfig::megabytes(1)))
}

/// How many of `choices` a search of `depth` plies with `config` answers with a winning move.
pub fn keeps_the_win(config: SearchConfig, depth: u8, choices: &[Choice]) -> usize {
    let mut searcher = Searcher::new(config);
    choices
        .iter()
        .filter(|c| {
            let found = searcher.search(&c.position, &Limits::depth(depth), &mut NoHandler).best_move;
            found.is_some_and(|m| c.winning.contains(&m))
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

    #[test]
    fn solve_solves_a_small_system() {
        let x = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12, "{x:?}");
        assert_eq!(solve(vec![vec![0.0, 0.0], vec![0.0, 0.0]], vec![1.0, 1.0]), None);
    }

    #[test]
    fn sampling_is_seeded_and_skips_finished_positions() {
        let tb = Tablebase::build(Size::new(6).unwrap(), 1, &mut ());
        let a = sample_positions(&tb, 200, 7);
        assert_eq!(a, sample_positions(&tb, 200, 7));
        assert_ne!(a, sample_positions(&tb, 200, 8));
        assert!(a.iter().all(|p| p.outcome().is_none()));
    }
}
