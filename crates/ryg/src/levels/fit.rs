//! One rating per computer player, fitted to their exact expected scores on the logistic
//! scale of Elo and Glicko (E = 1 / (1 + 10^(−(Ra − Rb) / 400))): the ratings that make the
//! scores most likely, as if every pair had played many games with the sides drawn at random.

// CITE: Bradley–Terry model by maximum likelihood (Zermelo 1929), with fractional results.

use super::scores::Scores;
use crate::rating::score_of;
use crate::tuning::solve;
use crate::{PlayerSpec, Size};

/// Expected scores are moved into [`CLIP`, 1 − `CLIP`] before the fit: a score of exactly 0
/// or 1 (a program that always loses to perfect play, say) would ask for an infinite gap. At
/// the ends a gap of 400 · log10(1/CLIP − 1) ≈ 1600 points is as far as one pair pulls.
pub const CLIP: f64 = 1e-4;

/// The points of the scale per factor of ten in the odds.
const SCALE: f64 = 400.0;


/// The fixed ratings of one board size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedRatings {
    /// The board size (4, 6 or 8).
    pub size: u8,
    /// Each computer player with its rating, in [`super::rated_players`] order.
    pub ratings: &'static [(PlayerSpec, f64)],
    /// `mouse_wins[a][b]`: the exact chance that player `a` as the mouse beats player `b` as
    /// the cats from the default start (what the ratings were fitted to).
    pub mouse_wins: &'static [&'static [f64]],
}

impl FixedRatings {
    /// The exact chances the ratings were fitted to.
    pub fn scores(&self) -> Scores {
        Scores {
            size: Size::new(self.size).expect("a table's size is a board size"),
            players: self.ratings.iter().map(|&(p, _)| p).collect(),
            mouse_wins: self.mouse_wins.iter().map(|row| row.to_vec()).collect(),
        }
    }
}

/// Ratings fitted to a table of expected scores.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingFit {
    /// One rating per player, in the table's order.
    pub ratings: Vec<f64>,
    /// `scores[a][b]`: the expected score of `a` against `b` that was fitted (not clipped).
    pub scores: Vec<Vec<f64>>,
}

impl RatingFit {
    /// What the fitted ratings say `a` scores against `b`.
    pub fn predicted(&self, a: usize, b: usize) -> f64 {
        score_of(self.ratings[a] - self.ratings[b])
    }

    /// The exact score less the predicted one, for `a` against `b`.
    pub fn residual(&self, a: usize, b: usize) -> f64 {
        self.scores[a][b] - self.predicted(a, b)
    }

    /// The root mean square of `a`'s residuals against every other player.
    pub fn rms(&self, a: usize) -> f64 {
        let others: Vec<f64> = (0..self.ratings.len()).filter(|&b| b != a).map(|b| self.residual(a, b)).collect();
        (others.iter().map(|r| r * r).sum::<f64>() / others.len().max(1) as f64).sqrt()
    }

    /// `a`'s largest residual in size, with the opponent; `None` with no other player.
    pub fn worst(&self, a: usize) -> Option<(usize, f64)> {
        (0..self.ratings.len())
            .filter(|&b| b != a)
            .map(|b| (b, self.residual(a, b)))
            .max_by(|x, y| x.1.abs().total_cmp(&y.1.abs()))
    }

    /// The root mean square of the residuals over every pair.
    pub fn total_rms(&self) -> f64 {
        let n = self.ratings.len();
        let squares: f64 = (0..n).map(|a| self.rms(a).powi(2)).sum();
        (squares / n.max(1) as f64).sqrt()
    }
}

/// Fits one rating per player to `scores` (`scores[a][b]`, `a`'s expected score against `b`;
/// `scores[a][b] + scores[b][a] = 1`; the diagonal is not read), with player `anchor` at
/// `anchor_rating`. Maximum likelihood: the ratings minimise the cross-entropy between each
/// pair's score (moved into [`CLIP`, 1 − `CLIP`]) and the logistic's prediction; by Newton's
/// method from equal ratings, each step halved until it lowers the cross-entropy.
///
/// # Panics
/// When `scores` is not square or `anchor` is not a player.
pub fn fit_ratings(scores: &[Vec<f64>], anchor: usize, anchor_rating: f64) -> RatingFit {
    let n = scores.len();
    assert!(scores.iter().all(|row| row.len() == n) && anchor < n, "a square table and a player");
    let clipped: Vec<Vec<f64>> =
        scores.iter().map(|row| row.iter().map(|s| s.clamp(CLIP, 1.0 - CLIP)).collect()).collect();
    let mut x = vec![0.0f64; n];
    for _ in 0..200 {
        let (gradient, hessian) = derivatives(&clipped, &x);
        // The anchor stays at 0: solve for the others.
        let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
        let a: Vec<Vec<f64>> = free.iter().map(|&i| free.iter().map(|&j| hessian[i][j]).collect()).collect();
        let b: Vec<f64> = free.iter().map(|&i| -gradient[i]).collect();
        let Some(step) = solve(a, b) else { break };
        let before = cross_entropy(&clipped, &x);
        let mut t = 1.0;
        let moved = loop {
            let mut y = x.clone();
            for (&i, d) in free.iter().zip(&step) {
                y[i] += t * d;
            }
            if cross_entropy(&clipped, &y) <= before || t < 1e-12 {
                break y;
            }
            t /= 2.0;
        };
        let change = x.iter().zip(&moved).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        x = moved;
        if change < 1e-10 {
            break;
        }
    }
    let shift = anchor_rating - x[anchor];
    RatingFit { ratings: x.iter().map(|r| r + shift).collect(), scores: scores.to_vec() }
}

/// The rating that best explains `scores` (one per opponent) against opponents of fixed
/// `ratings`, as [`fit_ratings`] would fit it with theirs held: the root of the score less
/// the predicted score, summed over the opponents, by bisection.
///
/// # Panics
/// When the lists differ in length or are empty.
pub fn rating_against(scores: &[f64], ratings: &[f64]) -> f64 {
    assert!(scores.len() == ratings.len() && !scores.is_empty(), "one score per opponent");
    let excess = |r: f64| -> f64 {
        scores.iter().zip(ratings).map(|(s, &o)| s.clamp(CLIP, 1.0 - CLIP) - score_of(r - o)).sum()
    };
    let mut low = ratings.iter().copied().fold(f64::INFINITY, f64::min) - 4000.0;
    let mut high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max) + 4000.0;
    // The excess falls as the rating rises.
    while high - low > 1e-9 {
        let mid = 0.5 * (low + high);
        if excess(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// The cross-entropy of the predictions of ratings `x` against the scores.
fn cross_entropy(scores: &[Vec<f64>], x: &[f64]) -> f64 {
    let k = std::f64::consts::LN_10 / SCALE;
    // ln(1 + e^t), without overflow
    let softplus = |t: f64| t.max(0.0) + (-t.abs()).exp().ln_1p();
    let mut total = 0.0;
    for (a, row) in scores.iter().enumerate() {
        for (b, &s) in row.iter().enumerate().skip(a + 1) {
            let d = k * (x[a] - x[b]);
            // −[s ln E + (1 − s) ln(1 − E)], E = 1 / (1 + e^−d)
            total += s * softplus(-d) + (1.0 - s) * softplus(d);
        }
    }
    total
}

/// The gradient and Hessian of the cross-entropy at ratings `x`.
fn derivatives(scores: &[Vec<f64>], x: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = x.len();
    let k = std::f64::consts::LN_10 / SCALE;
    let mut gradient = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for a in 0..n {
        for b in (0..n).filter(|&b| b != a) {
            let e = score_of(x[a] - x[b]);
            gradient[a] -= k * (scores[a][b] - e);
            let w = k * k * e * (1.0 - e);
            hessian[a][a] += w;
            hessian[a][b] -= w;
        }
    }
    // Each pair was counted from both ends.
    for g in &mut gradient {
        *g /= 2.0;
    }
    for row in &mut hessian {
        for h in row.iter_mut() {
            *h /= 2.0;
        }
    }
    (gradient, hessian)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scores that ratings `r` predict.
    fn predicted(r: &[f64]) -> Vec<Vec<f64>> {
        r.iter().map(|&a| r.iter().map(|&b| score_of(a - b)).collect()).collect()
    }

    #[test]
    fn scores_the_logistic_predicts_give_its_ratings_back() {
        let truth = [1500.0, 1100.0, 1930.0, 2400.0, 900.0];
        let fit = fit_ratings(&predicted(&truth), 0, 1500.0);
        for (got, want) in fit.ratings.iter().zip(truth) {
            assert!((got - want).abs() < 1e-6, "{got} for {want}");
        }
        assert!(fit.total_rms() < 1e-9);
        // The anchor moves the scale, not the gaps.
        let moved = fit_ratings(&predicted(&truth), 2, 2000.0);
        assert!((moved.ratings[2] - 2000.0).abs() < 1e-9);
        assert!((moved.ratings[0] - (2000.0 - 430.0)).abs() < 1e-6);
    }

    #[test]
    fn a_player_placed_against_fixed_ratings_lands_where_the_joint_fit_puts_it() {
        let truth = [1500.0, 1100.0, 1930.0, 2400.0];
        let scores = predicted(&truth);
        let placed = rating_against(&scores[2][..2], &truth[..2]);
        assert!((placed - 1930.0).abs() < 1e-6, "{placed}");
        assert!((rating_against(&[0.5], &[1234.0]) - 1234.0).abs() < 1e-6);
    }

    #[test]
    fn certain_scores_are_clipped_to_a_finite_gap() {
        // The first player always wins: without the clip its rating would run away.
        let scores = vec![vec![0.5, 1.0, 1.0], vec![0.0, 0.5, 0.6], vec![0.0, 0.4, 0.5]];
        let fit = fit_ratings(&scores, 1, 1500.0);
        assert!(fit.ratings.iter().all(|r| r.is_finite()));
        let gap = fit.ratings[0] - fit.ratings[1];
        assert!(gap > 1000.0 && gap < 2000.0, "{gap}");
        assert!((fit.ratings[1] - fit.ratings[2] - 70.4).abs() < 1.0, "{:?}", fit.ratings);
        // The residuals are against the scores as given, not as clipped.
        assert!(fit.residual(0, 1) > 0.0 && fit.residual(1, 0) < 0.0);
        assert!((fit.residual(0, 1) + fit.residual(1, 0)).abs() < 1e-12);
    }
}
