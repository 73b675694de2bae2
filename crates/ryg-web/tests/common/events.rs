//! Games between two people and their event streams, as the tests read them.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

use super::Server;

/// A friends game on `size`: its view, the mouse's token and the cats' token.
pub fn friends_game(server: &Server, body: Value) -> (Value, String, String) {
    let (status, game) = server.post("/api/games", body);
    assert_eq!(status, 201, "{game}");
    let token = |side: &str| game["tokens"][side].as_str().unwrap().to_string();
    let (mouse, cats) = (token("mouse"), token("cats"));
    (game, mouse, cats)
}

/// One event of a stream: its id and its game.
#[derive(Debug)]
pub struct GameEvent {
    pub id: i64,
    pub game: Value,
}

/// Reads `GET /api/games/{public_id}/events` of `game` (from `last_id`) on a thread, as a
/// watcher's browser does; events arrive on the channel.
pub fn listen(url: &str, game: &Value, last_id: Option<i64>) -> mpsc::Receiver<GameEvent> {
    let id = game["public_id"].as_str().expect("the game's public id");
    let mut req = ureq::get(format!("{url}/api/games/{id}/events"));
    if let Some(last) = last_id {
        req = req.header("Last-Event-ID", last.to_string());
    }
    let resp = req.call().unwrap();
    let content_type = resp.headers().get("content-type").and_then(|v| v.to_str().ok());
    assert_eq!(content_type, Some("text/event-stream"));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(resp.into_body().into_reader());
        let (mut event_id, mut data) = (None, String::new());
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(v) = line.strip_prefix("id: ").or_else(|| line.strip_prefix("id:")) {
                event_id = v.trim().parse().ok();
            } else if let Some(v) = line.strip_prefix("data: ").or_else(|| line.strip_prefix("data:")) {
                data.push_str(v);
            } else if line.is_empty() && !data.is_empty() {
                let game = serde_json::from_str(&data).unwrap();
                if tx.send(GameEvent { id: event_id.take().unwrap(), game }).is_err() {
                    return;
                }
                data.clear();
            }
        }
    });
    rx
}

pub fn next(rx: &mpsc::Receiver<GameEvent>) -> GameEvent {
    rx.recv_timeout(Duration::from_secs(20)).expect("an event within 20 s")
}

pub fn moves(game: &Value) -> Vec<String> {
    game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}
