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
            let status = rejection.status();
            if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    ErrorCode::TooLarge,
                    format!("request body over {} KiB", MAX_BODY / 1024),
                )
            } else {
                ApiError::new(
                    status,
                    ErrorCode::BadRequest,
                    format!("cannot read the request body: {rejection}"),
                )
            }
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        serde_json::from_slice(text)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
    }
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
