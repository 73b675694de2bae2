//! What a player's page and a leaderboard show, as JSON: a player's name, ratings per size
//! (provisional while the deviation is high, with the computer player they score like), the
//! history of their rating and their recent games. Nothing here names a secret.

use ryg_ratings::{scores_like, PROVISIONAL_DEVIATION};
use serde_json::{json, Value};

use super::PeopleError;
use crate::store::players::{Player, PlayerStore, RatingChange, SizeRating};
use crate::store::{GameStore, StoredGame};

/// How many recent games a player's page lists.
pub const RECENT_GAMES: usize = 20;

/// How many rating changes a player's page lists (the latest).
pub const HISTORY: usize = 200;

/// How many players a leaderboard lists.
pub const LEADERBOARD: usize = 100;

/// A rating as answered.
pub fn rating_json(r: &SizeRating) -> Value {
    let like = ryg::Size::new(r.size).and_then(|size| scores_like(size, r.rating));
    json!({
        "size": r.size,
        "rating": (r.rating.rating() * 10.0).round() / 10.0,
        "deviation": (r.rating.deviation() * 10.0).round() / 10.0,
        "provisional": r.rating.is_provisional(),
        "games": r.games,
        "scores_like": like.map(|p| p.to_string()),
    })
}

/// The player's part of every answer: public id, name, and whether a program plays.
pub fn player_json(p: &Player) -> Value {
    json!({ "id": p.public_id, "name": p.name, "since": p.created_at, "bot": p.bot })
}

/// An opponent of the history: a computer player's name as it is written (`5`, `perfect`), or a
/// player, by public id and name (`null` when they deleted themselves).
fn opponent_json(store: &dyn PlayerStore, text: &str) -> Result<Value, PeopleError> {
    let Some(public) = text.strip_prefix("player:") else { return Ok(json!({ "computer": text })) };
    Ok(store.player_by_public_id(public)?.map_or(Value::Null, |p| json!({ "player": player_json(&p) })))
}

fn change_json(store: &dyn PlayerStore, c: &RatingChange) -> Result<Value, PeopleError> {
    Ok(json!({
        "game": c.game,
        "size": c.size,
        "opponent": opponent_json(store, &c.opponent)?,
        "won": c.won,
        "rating": (c.rating * 10.0).round() / 10.0,
        "deviation": (c.deviation * 10.0).round() / 10.0,
        "at": c.at,
    }))
}

/// One of a player's games as their page lists it.
fn game_json(g: &StoredGame, side: u8, rated: bool) -> Value {
    let (mine, theirs) = if side == 0 { (0, 1) } else { (1, 0) };
    let seat = |i: usize| if i == 0 { g.mouse } else { g.cats };
    let opponent = match seat(theirs) {
        crate::store::Seat::Computer(c) => json!({ "computer": c.to_string() }),
        crate::store::Seat::Human => json!({ "name": g.names[theirs] }),
    };
    json!({
        "id": g.public_id,
        "size": g.start.size().n(),
        "side": if mine == 0 { "mouse" } else { "cats" },
        "rated": rated,
        "opponent": opponent,
        "result": g.result_token(),
        "over": g.is_over(),
        "updated_at": g.updated_at,
    })
}

/// The page of the player whose public id is `public_id`.
///
/// # Errors
/// [`PeopleError::NoSuchPlayer`]; the store failed.
pub fn page(store: &dyn PlayerStore, games: &dyn GameStore, public_id: &str) -> Result<Value, PeopleError> {
    let p = store.player_by_public_id(public_id)?.ok_or(PeopleError::NoSuchPlayer)?;
    let ratings: Vec<Value> = store.ratings_of(p.id)?.iter().map(rating_json).collect();
    let history = store.history_of(p.id)?;
    let start = history.len().saturating_sub(HISTORY);
    let history: Vec<Value> =
        history[start..].iter().map(|c| change_json(store, c)).collect::<Result<_, PeopleError>>()?;
    let mut recent = Vec::new();
    for id in store.games_of(p.id, RECENT_GAMES)? {
        let Some(g) = games.load(id)? else { continue };
        for s in store.seats_of(id)?.iter().filter(|s| s.player == p.id) {
            recent.push(game_json(&g, s.side, s.rated));
        }
    }
    Ok(json!({
        "player": player_json(&p),
        "ratings": ratings,
        "history": history,
        "games": recent,
        "provisional_deviation": PROVISIONAL_DEVIATION,
    }))
}

/// The leaderboard of `size`: the best-rated players whose rating is no longer provisional.
///
/// # Errors
/// The store failed.
pub fn leaderboard(store: &dyn PlayerStore, size: u8) -> Result<Value, PeopleError> {
    let rows = store.leaderboard(size, PROVISIONAL_DEVIATION, LEADERBOARD)?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, (p, r))| json!({ "rank": i + 1, "player": player_json(p), "rating": rating_json(r) }))
        .collect();
    Ok(json!({ "size": size, "players": players, "provisional_deviation": PROVISIONAL_DEVIATION }))
}
