//! The page's files, embedded in the binary, and the OpenAPI document.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

const INDEX: &str = include_str!("../../assets/index.html");
const FILES: &[(&str, &str, &str)] = &[
    ("app.js", "text/javascript; charset=utf-8", include_str!("../../assets/app.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("../../assets/style.css")),
];

/// The OpenAPI 3 document of the API.
pub const OPENAPI: &str = include_str!("../openapi.json");

fn text(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

pub async fn index() -> Response {
    text("text/html; charset=utf-8", INDEX)
}

pub async fn asset(Path(file): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(name, _, _)| *name == file)
        .map(|&(_, content_type, body)| text(content_type, body))
        .ok_or_else(|| ApiError::not_found(format!("no such asset: {file}")))
}

pub async fn openapi() -> Response {
    text("application/json", OPENAPI)
}
