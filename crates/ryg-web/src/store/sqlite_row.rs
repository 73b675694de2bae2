//! A SQLite row back to a game. A row this ryg cannot read — edited by hand, or damaged on disk
//! in a way SQLite's own checks pass (text that is not UTF-8) — is an error that names the game
//! and what is wrong with it, never a panic.

use super::row::GameRow;
use super::StoredGame;

/// The game in `row` (the columns of [`super::row::COLUMNS`]); the inner error says which game
/// cannot be read and why ("game 12: column moves: invalid utf-8 …", "game 12: move 'x': …").
///
/// # Errors
/// The outer error: SQLite could not give the row (not even its id).
pub(super) fn row_to_game(row: &rusqlite::Row<'_>) -> rusqlite::Result<Result<StoredGame, String>> {
    let id: i64 = row.get(0)?;
    let columns = || -> rusqlite::Result<GameRow> {
        Ok(GameRow {
            id,
            start_fen: row.get(1)?,
            mouse: row.get(2)?,
            cats: row.get(3)?,
            moves: row.get(4)?,
            redo: row.get(5)?,
            seed: row.get(6)?,
            version: row.get(7)?,
            created_at: row.get(8)?,
            updated_at: row.get(9)?,
            tokens: [row.get(10)?, row.get(11)?],
            names: [row.get(12)?, row.get(13)?],
            clock_initial_ms: row.get(14)?,
            clock_increment_ms: row.get(15)?,
            left_ms: [row.get(16)?, row.get(17)?],
            turn_started_ms: row.get(18)?,
            end_reason: row.get(19)?,
            end_winner: row.get(20)?,
            undo_request: row.get(21)?,
            rematch_offer: row.get(22)?,
            rematch_id: row.get(23)?,
            creator: row.get(24)?,
            clock_history: row.get(25)?,
            public_id: row.get(26)?,
            rematch_public_id: row.get(27)?,
        })
    };
    Ok(match columns() {
        Ok(columns) => columns.into_game(),
        Err(e) => Err(format!("game {id}: {}", unreadable_column(row, &e))),
    })
}

/// What is wrong with a column SQLite could not give as ryg stores it: its name and why.
fn unreadable_column(row: &rusqlite::Row<'_>, e: &rusqlite::Error) -> String {
    use rusqlite::Error as E;
    let name = |i: usize| row.as_ref().column_name(i).map_or_else(|_| format!("#{i}"), str::to_owned);
    match e {
        E::FromSqlConversionFailure(i, _, why) => format!("column {}: {why}", name(*i)),
        E::InvalidColumnType(i, _, found) => {
            format!("column {}: {found} where ryg stores another type", name(*i))
        }
        E::IntegralValueOutOfRange(i, value) => format!("column {}: {value} is out of range", name(*i)),
        other => other.to_string(),
    }
}
