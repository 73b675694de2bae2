//! A full disk under the PostgreSQL store: a write refused with SQLSTATE 53100 (`disk_full`: a
//! table or index could not grow) answers 503 `storage_unavailable` saying so, and from then on
//! `GET /healthz` answers 503 until a write is taken again: a change stored, or rows as large as
//! 32 games' inserted and rolled back at each check ([`ROOM`]).

use std::sync::atomic::{AtomicBool, Ordering};

use super::StoreError;

/// Whether the database refused a write for a full disk and took none since.
static REFUSING: AtomicBool = AtomicBool::new(false);

/// The answer to a write `err` refused for a full disk (noted for `/healthz`); `None` for any
/// other error.
pub fn refused(err: &(dyn std::error::Error + 'static)) -> Option<StoreError> {
    let full = err
        .downcast_ref::<tokio_postgres::Error>()
        .and_then(tokio_postgres::Error::as_db_error)
        .is_some_and(|db| *db.code() == tokio_postgres::error::SqlState::DISK_FULL);
    full.then(|| {
        REFUSING.store(true, Ordering::Relaxed);
        StoreError::Unavailable("the disk holding the game database is full: nothing was stored".to_owned())
    })
}

/// A write was taken.
pub fn wrote() {
    REFUSING.store(false, Ordering::Relaxed);
}

/// The probe of `/healthz` after a refusal: rows as large as 32 games' (a row and its index
/// entries each), more than one page of the table holds, so that the table must have that
/// much room or grow: a server comes back with room for more than the next game, and does not
/// flap between refusing and taking writes at the last few bytes.
const ROOM: &str = "INSERT INTO games (size, start_fen, mouse, cats, seed, created_at, updated_at,
        creator, public_id, mouse_token, cats_token)
    SELECT 0, repeat('x', 64), 'human', 'human', 0, repeat('x', 20), repeat('x', 20),
        md5(n::text) || md5(n::text), md5(n::text), md5(n::text) || md5(n::text), md5(n::text) || md5(n::text)
    FROM generate_series(1, 32) AS n";

/// Whether a write can be taken now, as far as the disk goes: after a refusal, [`ROOM`]
/// inserted (then rolled back) tells.
///
/// # Errors
/// The insert's error (made a [`StoreError`] by `query`).
pub async fn probe(
    client: &mut deadpool_postgres::Object,
    query: fn(tokio_postgres::Error) -> StoreError,
) -> Result<(), StoreError> {
    if !REFUSING.load(Ordering::Relaxed) {
        return Ok(());
    }
    let tx = client.transaction().await.map_err(query)?;
    tx.execute(ROOM, &[]).await.map_err(query)?;
    tx.rollback().await.map_err(query)?;
    wrote();
    Ok(())
}
