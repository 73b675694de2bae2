//! Reading query parameters: required ones, whole numbers in a range, switches, a position
//! and an evaluation; errors name the parameter.

use ryg::eval::EvalKind;
use ryg::Position;

use crate::{ErrorCode, Params, QueryError};

/// The parameter `name`, or a 400 naming it.
///
/// # Errors
/// When it is missing.
pub fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, QueryError> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| QueryError::bad_request(format!("missing parameter '{name}'")))
}

/// The integer parameter `name` within `range`, if given.
///
/// # Errors
/// When it is not a whole number in `range`.
pub fn int_param(
    params: &Params,
    name: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, QueryError> {
    let Some(text) = params.get(name) else { return Ok(None) };
    match text.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(QueryError::bad_request(format!(
            "bad {name} '{text}': expected a whole number from {} to {}",
            range.start(),
            range.end()
        ))),
    }
}

/// A switch: `1`/`true`/`on` or `0`/`false`/`off`; on when absent.
///
/// # Errors
/// When it is something else.
pub fn switch(params: &Params, name: &str) -> Result<bool, QueryError> {
    match params.get(name).map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(true),
        Some(s) if matches!(s.as_str(), "1" | "true" | "on") => Ok(true),
        Some(s) if matches!(s.as_str(), "0" | "false" | "off") => Ok(false),
        Some(s) => Err(QueryError::bad_request(format!("bad {name} '{s}': expected 1 or 0 (on or off)"))),
    }
}

/// The evaluation of `eval=` (ryg's default when absent).
///
/// # Errors
/// When it names no evaluation.
pub fn eval_kind(params: &Params) -> Result<EvalKind, QueryError> {
    params
        .get("eval")
        .map_or(Ok(EvalKind::Default), |e| e.parse().map_err(|e| QueryError::bad_request(format!("{e}"))))
}

/// The position of the `fen` parameter (boards up to 10×10).
///
/// # Errors
/// `bad_fen` when it is not a valid position of these boards.
pub fn position(params: &Params) -> Result<Position, QueryError> {
    let fen = required(params, "fen")?;
    fen.parse().map_err(|e| {
        QueryError::bad_request(format!("invalid fen '{fen}': {e}")).with_code(ErrorCode::BadFen)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::params;

    #[test]
    fn a_required_parameter_is_given_back_or_named_when_missing() {
        let p = params(&[("fen", "4m3 m"), ("square", "")]);
        assert_eq!(required(&p, "fen"), Ok("4m3 m"));
        assert_eq!(required(&p, "square"), Ok(""));
        let e = required(&p, "depth").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadRequest);
        assert_eq!(e.message, "missing parameter 'depth'");
    }

    #[test]
    fn a_whole_number_is_read_within_its_range_only() {
        let range = 2..=12;
        let read = |text: &str| int_param(&params(&[("depth", text)]), "depth", range.clone());
        assert_eq!(int_param(&params(&[]), "depth", range.clone()), Ok(None));
        for (text, n) in [("2", 2), ("7", 7), (" 9 ", 9), ("12", 12), ("0012", 12)] {
            assert_eq!(read(text), Ok(Some(n)), "{text}");
        }
        for text in ["0", "1", "13", "-3", "2.5", "seven", "", "99999999999999999999"] {
            let e = read(text).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadRequest, "{text}");
            assert_eq!(e.message, format!("bad depth '{text}': expected a whole number from 2 to 12"));
        }
    }

    #[test]
    fn a_switch_is_on_unless_turned_off() {
        let read = |text: &str| switch(&params(&[("tt", text)]), "tt");
        assert_eq!(switch(&params(&[]), "tt"), Ok(true));
        for on in ["1", "true", "on", "ON", " True "] {
            assert_eq!(read(on), Ok(true), "{on}");
        }
        for off in ["0", "false", "off", "OFF", " False "] {
            assert_eq!(read(off), Ok(false), "{off}");
        }
        for bad in ["", "yes", "2", "of"] {
            let e = read(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
            assert!(e.message.starts_with("bad tt '"), "{}", e.message);
        }
    }

    #[test]
    fn the_evaluation_is_named_or_the_default() {
        assert_eq!(eval_kind(&params(&[])), Ok(EvalKind::Default));
        for kind in EvalKind::ALL {
            assert_eq!(eval_kind(&params(&[("eval", kind.name())])), Ok(kind));
        }
        let e = eval_kind(&params(&[("eval", "best")])).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadRequest);
        assert!(e.message.contains("unknown evaluation 'best'"), "{}", e.message);
    }

    #[test]
    fn a_position_is_read_from_its_fen() {
        for fen in ["1c1c1c1c/8/8/8/8/8/8/4m3 m", "1c1c1c/6/6/6/6/2m3 m", "1c1c/4/4/m3 c"] {
            let p = position(&params(&[("fen", fen)])).unwrap();
            assert_eq!(p, fen.parse::<Position>().unwrap());
            assert_eq!(p.fen(), fen);
        }
        assert_eq!(position(&params(&[])).unwrap_err().message, "missing parameter 'fen'");
        let e = position(&params(&[("fen", "1c1c1c1c/8 m")])).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadFen);
        assert!(e.message.starts_with("invalid fen '1c1c1c1c/8 m': "), "{}", e.message);
    }
}
