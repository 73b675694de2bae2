//! The analysis routes' engine work through the server's bounded work queue ([`crate::work`]);
//! other blocking work through [`crate::tasks::blocking`].

use crate::error::ApiError;
use crate::work::Cancel;

pub use crate::tasks::blocking;

/// Engine work an analysis route does for `client`: on the analysis queue's workers, stopped
/// (its [`Cancel`] set) when the client goes away.
pub async fn engine<T: Send + 'static>(
    state: &crate::state::AppState,
    client: super::client::Client,
    work: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    state.work.run(client.0, work).await
}
