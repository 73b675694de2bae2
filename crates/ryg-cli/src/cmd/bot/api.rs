//! The server's bot API as `ryg bot` calls it: plain HTTP through a blocking client (ureq), the
//! player's secret in the `Ryg-Player` header of every request (never in a URL), each answer
//! read as JSON and each refusal turned into the server's own words.

use std::io::{BufRead, BufReader};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};

/// How long a call (not the stream) may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// The server, and the bot's secret.
pub struct Api {
    base: String,
    secret: String,
    agent: ureq::Agent,
}

/// A call's answer: its status and JSON body.
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    /// The body of a 2xx answer.
    ///
    /// # Errors
    /// Any other status, with the server's message.
    pub fn ok(self, what: &str) -> Result<Value> {
        if (200..300).contains(&self.status) {
            return Ok(self.body);
        }
        Err(refusal(self.status, &self.body, what))
    }
}

/// A refusal in the server's words: `what` failed, with the answer's status and `error`.
fn refusal(status: u16, body: &Value, what: &str) -> anyhow::Error {
    let message = body["error"].as_str().or(body.as_str()).unwrap_or("no message");
    anyhow!("{what}: the server answered {status}: {message}")
}

/// A game link's id and seat token (`…/#game=ID&token=TOKEN`).
///
/// # Errors
/// A link without both.
pub fn parse_link(link: &str) -> Result<(String, String)> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    let part = |key: &str| {
        fragment.split('&').find_map(|p| p.strip_prefix(key)).filter(|v| !v.is_empty()).map(str::to_owned)
    };
    match (part("game="), part("token=")) {
        (Some(game), Some(token)) => Ok((game, token)),
        _ => bail!("'{link}' is no seat's invite link: expected …/#game=ID&token=TOKEN"),
    }
}

impl Api {
    /// A client of the server at `base` (`http://HOST:PORT`) acting as the holder of `secret`.
    ///
    /// # Errors
    /// An address that is not plain HTTP.
    pub fn new(base: &str, secret: String) -> Result<Api> {
        let base = base.trim_end_matches('/').to_owned();
        if !base.starts_with("http://") {
            bail!("--server '{base}': ryg bot speaks plain HTTP (http://HOST:PORT); reach an HTTPS server through a local tunnel");
        }
        let agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        Ok(Api { base, secret, agent })
    }

    /// One call: `method` on `path` with `body`, and a seat's `token` if any.
    ///
    /// # Errors
    /// No answer (the server is away), or one that is not JSON.
    pub fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> Result<Answer> {
        let mut req = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("Ryg-Player", &self.secret)
            .header("Content-Type", "application/json");
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        let text = body.map_or_else(String::new, Value::to_string);
        let config = self.agent.configure_request(req.body(text)?).timeout_global(Some(CALL_TIMEOUT)).build();
        let resp = self.agent.run(config).map_err(|e| anyhow!("{} is not answering: {e}", self.base))?;
        let status = resp.status().as_u16();
        let text = resp.into_body().read_to_string().context("reading the server's answer")?;
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Ok(Answer { status, body })
    }

    /// The bot's player, made on first use (`name`), a person's player upgraded to a bot.
    ///
    /// # Errors
    /// The server refused, or is away.
    pub fn register(&self, name: &str) -> Result<Value> {
        let player = self.call("POST", "/api/players", Some(&json!({"name": name, "bot": true})), None)?;
        let player = player.ok("registering the bot")?;
        if player["bot"] == true {
            return Ok(player);
        }
        self.call("POST", "/api/players/me/bot", None, None)?
            .ok("this secret's player is a person who has played: give the bot a --secret-file of its own")
    }

    /// Takes the seat of game `game` that `token` holds, as the bot's player.
    ///
    /// # Errors
    /// The server refused, or is away.
    pub fn take_seat(&self, game: &str, token: &str) -> Result<Value> {
        self.call("POST", &format!("/api/games/{game}/player"), None, Some(token))?.ok("joining the game")
    }

    /// Plays `mv` at ply `ply` of game `game` with the seat the bot holds.
    ///
    /// # Errors
    /// No answer.
    pub fn play(&self, game: &str, mv: &str, ply: usize) -> Result<Answer> {
        self.call("POST", &format!("/api/games/{game}/moves"), Some(&json!({"move": mv, "ply": ply})), None)
    }

    /// Resigns game `game`.
    ///
    /// # Errors
    /// No answer.
    pub fn resign(&self, game: &str) -> Result<Answer> {
        self.call("POST", &format!("/api/games/{game}/resign"), Some(&json!({})), None)
    }

    /// Accepts (or declines) challenge `id`: `POST /api/challenges/{id}/accept|decline`.
    ///
    /// # Errors
    /// No answer.
    pub fn answer_challenge(&self, id: &str, accept: bool) -> Result<Answer> {
        let verb = if accept { "accept" } else { "decline" };
        self.call("POST", &format!("/api/challenges/{id}/{verb}"), Some(&json!({})), None)
    }

    /// Opens the bot's stream: its lines as they come (blank keep-alive lines included).
    ///
    /// # Errors
    /// The server refused, or is away.
    pub fn stream(&self) -> Result<impl Iterator<Item = std::io::Result<String>>> {
        let req = ureq::http::Request::builder()
            .uri(format!("{}/api/bot/stream", self.base))
            .header("Ryg-Player", &self.secret)
            .body(())?;
        let resp = self.agent.run(req).map_err(|e| anyhow!("{} is not answering: {e}", self.base))?;
        let status = resp.status().as_u16();
        let mut body = resp.into_body();
        if status != 200 {
            let text = body.read_to_string().unwrap_or_default();
            let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
            return Err(refusal(status, &body, "opening the bot's stream"));
        }
        Ok(BufReader::new(body.into_reader()).lines())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_links_give_their_game_and_token() {
        let (game, token) = parse_link("http://localhost:8080/#game=Ab3_x-Yz09Q&token=0f1e").unwrap();
        assert_eq!((game.as_str(), token.as_str()), ("Ab3_x-Yz09Q", "0f1e"));
        assert!(parse_link("http://localhost/#game=Ab3_x-Yz09Q").is_err(), "a watcher's link");
        assert!(parse_link("nothing").is_err());
        assert!(Api::new("https://example.org", "s".repeat(40)).is_err());
    }
}
