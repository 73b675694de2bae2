//! What a bot's stream says: one JSON object per line, its kind in `"type"`. `gameStart` when
//! the bot holds a seat of a game, then `gameState` at every change (the whole position and
//! move list, so a reconnecting bot loses nothing), `gameFinish` at its end; `challenge` when
//! someone challenges it.

use serde_json::{json, Value};

use super::seats::Seated;
use crate::store::Holder;
use crate::view::GameView;

/// The side's name as the API writes it.
fn side_name(s: &Seated) -> &'static str {
    s.side.name()
}

/// `gameStart`: the bot holds a seat of game `s`.
pub fn game_start(s: &Seated) -> Value {
    let g = &s.game;
    json!({
        "type": "gameStart",
        "game": {
            "id": g.public_id,
            "size": g.start.size().n(),
            "side": side_name(s),
            "rated": s.rated,
            "start_fen": g.start.fen(),
            "names": { "mouse": g.names[0], "cats": g.names[1] },
        },
    })
}

/// `gameState`, or `gameFinish` once the game is over: the game as the bot's seat sees it at
/// `now` (epoch milliseconds, its clock's times).
pub fn game_state(s: &Seated, now: i64) -> Value {
    let g = &s.game;
    let view = GameView::at(g, Some(Holder::Seat(s.side)), now);
    let mut event = json!({
        "type": if g.is_over() { "gameFinish" } else { "gameState" },
        "id": g.public_id,
        "side": side_name(s),
        "version": g.version,
        "your_turn": s.to_move(),
        "game": view,
    });
    if let Some((winner, _)) = g.outcome() {
        event["won"] = Value::Bool(winner == s.side);
    }
    event
}

/// `challenge`: a challenge to the bot, as the lobby describes it.
pub fn challenge(challenge: &Value) -> Value {
    json!({ "type": "challenge", "challenge": challenge })
}
