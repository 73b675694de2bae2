//! Work apart from a request's own future: blocking work (the engine, the database) off the
//! async threads, and a change that must go to its end on a task of its own.

use crate::error::{ApiError, ApiResult};

/// Runs blocking engine or database work off the async threads.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
}

/// Runs `work` on a task of its own: it goes to its end whatever becomes of the request that
/// started it (a client that closes its connection cancels the request's future, not this).
/// A change that stores a move and starts the computer's reply runs so, in one step.
///
/// # Errors
/// `work`'s own.
pub async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = ApiResult<T>> + Send + 'static,
) -> ApiResult<T> {
    tokio::spawn(work).await.unwrap_or_else(|e| Err(ApiError::internal(format!("task failed: {e}"))))
}
