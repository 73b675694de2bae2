//! `ErrRate`: the error rate of the human model (`err:0.1`), exact to a millionth.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A probability from 0 to 1, stored in millionths so that levels stay `Eq` and `Hash`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ErrRate(u32);

/// An error rate that is not a number from 0 to 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad error rate '{}': expected a number from 0 to 1, e.g. 0.05", crate::echo::echo(.0))]
pub struct ErrRateError(pub String);

impl ErrRate {
    /// The human models `ryg levels` measures against: 0.02, 0.05, 0.1, 0.2, 0.3.
    pub const MODELS: [ErrRate; 5] =
        [ErrRate(20_000), ErrRate(50_000), ErrRate(100_000), ErrRate(200_000), ErrRate(300_000)];

    /// The rate in millionths (0 to 1,000,000); `None` above.
    pub const fn from_millionths(millionths: u32) -> Option<ErrRate> {
        if millionths <= 1_000_000 {
            Some(ErrRate(millionths))
        } else {
            None
        }
    }

    /// The rate in millionths (0 to 1,000,000).
    pub const fn millionths(self) -> u32 {
        self.0
    }

    /// The rate as a fraction from 0 to 1.
    pub fn fraction(self) -> f64 {
        f64::from(self.0) / 1e6
    }
}

impl fmt::Display for ErrRate {
    /// The shortest decimal: `0.05`, `0.1`, `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fraction())
    }
}

impl FromStr for ErrRate {
    type Err = ErrRateError;

    fn from_str(s: &str) -> Result<ErrRate, ErrRateError> {
        let t = s.trim();
        match t.parse::<f64>() {
            Ok(x) if (0.0..=1.0).contains(&x) && !t.starts_with('+') => Ok(ErrRate((x * 1e6).round() as u32)),
            _ => Err(ErrRateError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_shortest_decimal() {
        for (text, shown) in [("0.05", "0.05"), ("0.10", "0.1"), ("1", "1"), ("0", "0"), (".3", "0.3")] {
            assert_eq!(text.parse::<ErrRate>().unwrap().to_string(), shown);
        }
        assert_eq!("0.1".parse::<ErrRate>().unwrap().fraction(), 0.1);
        for bad in ["1.5", "-0.1", "x", "", "NaN", "inf"] {
            assert_eq!(bad.parse::<ErrRate>(), Err(ErrRateError(bad.to_string())));
        }
    }
}
