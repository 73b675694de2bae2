//! A stored game as a record (PGN): its moves, the players' names, how it ended.

use ryg_wide::Record;

use super::error::GameError;
use crate::store::{EndReason, Seat, StoredGame};

fn player_name(seat: Seat, name: Option<&str>) -> String {
    match (seat, name) {
        (Seat::Human, Some(name)) => name.to_string(),
        (Seat::Human, None) => "Human".to_string(),
        (Seat::Computer(spec), _) => spec.record_name(),
    }
}

/// The game's record: its moves, the players' names and, for a game ended by resignation or
/// time, a `Termination` tag (a record's result is what its moves prove).
///
/// # Errors
/// When a tag cannot be written (a name the record format refuses).
pub fn record(g: &StoredGame) -> Result<Record, GameError> {
    let mut record = Record::new(g.game.clone());
    let date = g.created_at.get(..10).unwrap_or("????-??-??").replace('-', ".");
    for (name, value) in [
        // the game's public id: its number is the store's, never shown
        ("Event", format!("ryg web game {}", g.public_id)),
        ("Date", date),
        ("Mouse", player_name(g.mouse, g.names[0].as_deref())),
        ("Cats", player_name(g.cats, g.names[1].as_deref())),
    ] {
        record.set_tag(name, &value)?;
    }
    if let (None, Some(end)) = (g.game.outcome(), g.end) {
        let termination = match (end.reason, end.winner) {
            (EndReason::Resigned, Some(w)) => format!("the {} resigned", (!w).name()),
            (EndReason::Time, Some(w)) => format!("the {} lost on time", (!w).name()),
            _ => "aborted: no move was made".to_owned(),
        };
        record.set_tag("Termination", &termination)?;
    }
    Ok(record)
}
