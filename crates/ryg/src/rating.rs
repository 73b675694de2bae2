//! The numbers of a match between two players: Elo difference with a 95% interval, and the
//! sequential probability ratio test. The game has no draws, so every game is a Bernoulli trial.

// CITE: SPRT (Wald 1945), as engine testers use it (Bernoulli model, no draws).

use thiserror::Error;

/// The Elo difference for an expected score `p` (0 < p < 1).
fn elo_of(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of a player `elo` points stronger: the logistic curve of the Elo scale
/// (and Glicko's), 400 points a factor of ten in the odds.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95% interval; `None` ends mean "unbounded" (a 0% or 100% score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    pub diff: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// Elo of `wins` out of `games` (the other games lost). Interval: the normal approximation
/// to the binomial distribution of the score (no draws), mapped through the Elo curve.
pub fn elo(wins: u32, games: u32) -> Elo {
    if games == 0 {
        return Elo { diff: None, low: None, high: None };
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let sd = (p * (1.0 - p) / n).sqrt();
    let finite = |q: f64| (q > 0.0 && q < 1.0).then(|| elo_of(q));
    Elo { diff: finite(p), low: finite(p - 1.96 * sd), high: finite(p + 1.96 * sd) }
}

/// SPRT settings: H0 says the first engine is `elo0` stronger, H1 says `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// SPRT settings that do not parse or make no sense; the message says which.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SprtError(String);

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: the first player is `elo0` stronger (rather than `elo1`).
    H0,
    /// H1 accepted: the first player is `elo1` stronger (rather than `elo0`).
    H1,
    /// No decision yet.
    Continue,
}

impl Decision {
    /// `H0 accepted`, `H1 accepted` or `no decision`.
    pub fn text(self) -> &'static str {
        match self {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Continue => "no decision",
        }
    }
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// Parses `elo0=0 elo1=10 alpha=0.05 beta=0.05` (every key required).
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        Sprt::parse(text).map_err(SprtError)
    }
}

impl Sprt {
    fn parse(text: &str) -> Result<Sprt, String> {
        let mut values = [None; 4];
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not key=value"))?;
            let v: f64 = value.parse().map_err(|_| format!("{key}: '{value}' is not a number"))?;
            let slot = match key {
                "elo0" => 0,
                "elo1" => 1,
                "alpha" => 2,
                "beta" => 3,
                _ => return Err(format!("unknown key '{key}': expected elo0, elo1, alpha, beta")),
            };
            values[slot] = Some(v);
        }
        let [Some(elo0), Some(elo1), Some(alpha), Some(beta)] = values else {
            return Err("expected elo0=… elo1=… alpha=… beta=…".into());
        };
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("alpha and beta must lie between 0 and 0.5".into());
        }
        if elo1 <= elo0 {
            return Err("elo1 must be larger than elo0".into());
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The bounds of the log-likelihood ratio: `ln(β/(1−α))` and `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after `wins` and `losses` (Bernoulli model).
    pub fn llr(&self, wins: u32, losses: u32) -> f64 {
        let (p0, p1) = (score_of(self.elo0), score_of(self.elo1));
        f64::from(wins) * (p1 / p0).ln() + f64::from(losses) * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The decision after `wins` and `losses` of the first player.
    pub fn decide(&self, wins: u32, losses: u32) -> Decision {
        let llr = self.llr(wins, losses);
        let (low, high) = self.bounds();
        if llr >= high {
            Decision::H1
        } else if llr <= low {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        let even = elo(50, 100);
        assert_eq!(even.diff, Some(0.0));
        // sd = 0.05, interval 0.402..0.598 → ±69.0 Elo.
        assert!((even.high.unwrap() - 69.0).abs() < 0.1, "{even:?}");
        assert!((even.low.unwrap() + 69.0).abs() < 0.1, "{even:?}");
        let strong = elo(75, 100);
        assert!((strong.diff.unwrap() - 190.8).abs() < 0.1, "{strong:?}");
        assert_eq!(elo(10, 10), Elo { diff: None, low: None, high: None });
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt: Sprt = "elo0=0 elo1=100 alpha=0.05 beta=0.05".parse().unwrap();
        let (low, high) = sprt.bounds();
        assert!((low + 2.944).abs() < 0.001 && (high - 2.944).abs() < 0.001);
        assert_eq!(sprt.decide(0, 0), Decision::Continue);
        assert_eq!(sprt.decide(40, 0), Decision::H1);
        assert_eq!(sprt.decide(0, 40), Decision::H0);
        let error = |text: &str| text.parse::<Sprt>().unwrap_err().to_string();
        assert_eq!(error("elo0=0 elo1=5"), "expected elo0=… elo1=… alpha=… beta=…");
        assert_eq!(error("elo0=5 elo1=0 alpha=0.05 beta=0.05"), "elo1 must be larger than elo0");
    }
}
