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
