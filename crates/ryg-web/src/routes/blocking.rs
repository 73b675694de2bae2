//! Blocking work (the engine, the database) off the async threads; the analysis routes' engine
//! work through the server's bounded work queue ([`crate::work`]).

use crate::error::ApiError;
use crate::work::Cancel;

/// Runs blocking engine or database work off the async threads.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
}

/// Engine work an analysis route does for `client`: on the analysis queue's workers, stopped
/// (its [`Cancel`] set) when the client goes away.
pub async fn engine<T: Send + 'static>(
    state: &crate::state::AppState,
    client: super::client::Client,
    work: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    state.work.run(client.0, work).await
}
