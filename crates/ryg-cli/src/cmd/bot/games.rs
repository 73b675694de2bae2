//! The bot's games: one UGI engine per game (started as `ryg match` starts its engines, and
//! trusted as little), asked for a move on the bot's turn. A move the engine gives that the
//! server's legal moves do not hold, or an engine that fails, resigns the game.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use super::api::Api;
use super::log;
use crate::cmd::match_runner::engine::{Engine, EngineSpec, Failure};

/// How the engine is asked for a move.
#[derive(Clone, Debug)]
pub struct Thinking {
    pub spec: EngineSpec,
    /// Milliseconds a move may take in a game without a clock.
    pub movetime: u64,
    /// How long the engine may take to start, and over its time before it is given up.
    pub timeout: Duration,
}

/// A game being played: its engine, and the ply of the last move sent.
struct Playing {
    engine: Engine,
    sent: Option<usize>,
}

/// The games the bot plays now.
pub struct Games {
    thinking: Thinking,
    playing: HashMap<String, Playing>,
    /// Games seen to their end.
    pub finished: u64,
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or("")
}

impl Games {
    pub fn new(thinking: Thinking) -> Games {
        Games { thinking, playing: HashMap::new(), finished: 0 }
    }

    /// `gameStart`: says so.
    pub fn start(&mut self, event: &Value) {
        let g = &event["game"];
        let rated = if g["rated"] == true { "rated" } else { "casual" };
        let (size, id, side) = (&g["size"], text(g, "id"), text(g, "side"));
        log(&format!("game {id}: {size}x{size}, {rated}, playing the {side}"));
    }

    /// `gameState` or `gameFinish`: the engine's move on the bot's turn; the end said.
    pub fn state(&mut self, api: &Api, event: &Value) {
        let (id, game) = (text(event, "id").to_owned(), &event["game"]);
        if event["type"] == "gameFinish" {
            self.playing.remove(&id);
            self.finished += 1;
            let verdict = match event["won"].as_bool() {
                Some(true) => "won",
                Some(false) => "lost",
                None => "ended",
            };
            log(&format!("game {id}: {verdict} ({})", text(game, "result")));
            return;
        }
        let ply = game["moves"].as_array().map_or(0, Vec::len);
        if event["your_turn"] != true || self.playing.get(&id).is_some_and(|p| p.sent == Some(ply)) {
            return;
        }
        match self.think(&id, game, text(event, "side")) {
            Ok(mv) => {
                let answer = api.play(&id, &mv, ply);
                match answer {
                    Ok(a) if a.status == 200 => {
                        log(&format!("game {id}: played {mv}"));
                        if let Some(p) = self.playing.get_mut(&id) {
                            p.sent = Some(ply);
                        }
                    }
                    Ok(a) => log(&format!("game {id}: the move {mv} was refused ({}): {}", a.status, a.body)),
                    Err(e) => log(&format!("game {id}: {e:#}")),
                }
            }
            Err(why) => {
                log(&format!("game {id}: the engine {why}: resigning"));
                self.playing.remove(&id);
                if let Err(e) = api.resign(&id) {
                    log(&format!("game {id}: {e:#}"));
                }
            }
        }
    }

    /// The engine's move in `game` (the bot holds `side`), checked against the legal moves.
    fn think(&mut self, id: &str, game: &Value, side: &str) -> Result<String, Failure> {
        let start = format!("position fen {}", text(game, "start_fen"));
        if !self.playing.contains_key(id) {
            let engine = Engine::start(&self.thinking.spec, &start, self.thinking.timeout)?;
            self.playing.insert(id.to_owned(), Playing { engine, sent: None });
        }
        let moves: Vec<&str> =
            game["moves"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let position = if moves.is_empty() { start } else { format!("{start} moves {}", moves.join(" ")) };
        let (go, allowed) = self.go(game, side);
        let playing = self.playing.get_mut(id).expect("started above");
        playing.engine.send(&position)?;
        let answer = playing.engine.go(&go, allowed, true)?;
        let legal = game["legal_moves"].as_array().into_iter().flatten().any(|m| m == answer.mv.as_str());
        if !legal {
            return Err(Failure::Illegal(format!("{} is not a legal move here", answer.mv)));
        }
        Ok(answer.mv)
    }

    /// The `go` command and the time the engine has for it: the game's clock when it has one
    /// (`p1` the mouse, `p2` the cats), else the bot's move time.
    fn go(&self, game: &Value, side: &str) -> (String, Duration) {
        let margin = self.thinking.timeout;
        let clock = &game["clock"];
        if clock.is_object() {
            let ms = |key: &str| clock[key].as_i64().unwrap_or(0).max(0);
            let inc = ms("increment_ms");
            let go = format!("go p1time {} p2time {} p1inc {inc} p2inc {inc}", ms("mouse_ms"), ms("cats_ms"));
            let own = if side == "mouse" { ms("mouse_ms") } else { ms("cats_ms") };
            return (go, Duration::from_millis(own.unsigned_abs()) + margin);
        }
        let ms = self.thinking.movetime;
        (format!("go movetime {ms}"), Duration::from_millis(ms) + margin)
    }
}
