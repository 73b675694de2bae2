//! Reading requests: JSON bodies (an empty body reads as `{}`) and query parameters, with the
//! API's JSON errors.

use crate::error::ErrorCode;
use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The largest request body the server reads.
pub const MAX_BODY: usize = 64 * 1024;

/// A JSON request body; an empty body reads as `{}`. Errors are the API's JSON errors.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(ErrorCode::TooLarge, format!("request body over {} KiB", MAX_BODY / 1024))
            } else {
                ApiError::new(ErrorCode::BadRequest, format!("cannot read the request body: {rejection}"))
            }
        })?;
        json_object(&bytes).map(Body)
    }
}

/// A request body read as a JSON object (every body of the API is one; serde's derived structs
/// would also read an array of their fields); an empty body reads as `{}`.
fn json_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let text = bytes.trim_ascii_start();
    let text: &[u8] = if text.is_empty() { b"{}" } else { text };
    if text[0] != b'{' {
        return Err(ApiError::bad_request("malformed JSON body: expected a JSON object"));
    }
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
}

/// Query parameters, read leniently and checked by the handlers (so errors say which one).
pub type Params = axum::extract::Query<HashMap<String, String>>;

/// The parameter `name`, or a 400 naming it.
pub fn required<'a>(params: &'a HashMap<String, String>, name: &str) -> Result<&'a str, ApiError> {
    Ok(ryg_api::params::required(params, name)?)
}

/// The integer parameter `name` within `range`, if given.
pub fn int_param(
    params: &HashMap<String, String>,
    name: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, ApiError> {
    Ok(ryg_api::params::int_param(params, name, range)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_is_an_object_never_an_array_of_its_fields() {
        type Game = crate::game::NewGame;
        assert!(json_object::<Game>(b" \n").is_ok(), "an empty body is {{}}");
        assert!(json_object::<Game>(br#" {"size": 6}"#).is_ok());
        let all_fields = br#"[null, null, null, null, null, null, null, null, null, false, []]"#;
        let err = json_object::<Game>(all_fields).unwrap_err();
        assert_eq!(err.message, "malformed JSON body: expected a JSON object");
    }
}
