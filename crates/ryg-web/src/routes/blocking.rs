//! Blocking work (the engine, the database) off the async threads.

use crate::error::ApiError;

/// Runs blocking engine or database work off the async threads.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
}
