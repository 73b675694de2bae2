//! `ryg bot`: a UGI engine plays on a ryg server as a bot. It registers (or loads) its player,
//! optionally joins a game by its invite link, then follows the bot stream: it plays its games
//! with the engine ([`games`]) and answers challenges by its `--accept` filter ([`accept`]).
//! When the server goes away it reconnects, waiting longer each time, a bounded number of times;
//! Ctrl-C stops it cleanly (its engines told to quit).

mod accept;
mod api;
mod games;
mod secret;

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::args::UsageError;
use crate::cmd::match_runner::engine::{Engine, EngineSpec};
use crate::interrupt;
use accept::Rule;
use api::Api;
use games::{Games, Thinking};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server, as http://HOST:PORT
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The engine's command line ("ryg ugi"), or "cmd=COMMAND option.NAME=VALUE …" as `ryg match`
    /// takes it
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// The file keeping the bot's player secret (made, mode 0600, when missing) [default:
    /// $XDG_DATA_HOME/ryg/bot.secret, else ~/.local/share/ryg/bot.secret]
    #[arg(long, value_name = "FILE")]
    pub secret_file: Option<PathBuf>,
    /// The bot's name, when its player is made
    #[arg(long, value_name = "NAME", default_value = "ryg bot")]
    pub name: String,
    /// Which challenges to accept: size=N[,N…], rated, casual or none (repeat to combine)
    /// [default: every challenge]
    #[arg(long, value_name = "FILTER", value_parser = |s: &str| s.parse::<Rule>())]
    pub accept: Vec<Rule>,
    /// Join this game first, by a seat's invite link (…/#game=ID&token=TOKEN)
    #[arg(long, value_name = "LINK")]
    pub join: Option<String>,
    /// Stop after this many games have ended [default: never]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Milliseconds the engine thinks per move in a game without a clock
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: u64,
    /// Seconds the engine may take to start, and over its time for a move
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,
    /// Reconnections in a row before giving up when the server is away
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub retries: u32,
}

/// A line of the bot's log (standard error).
pub fn log(text: &str) {
    eprintln!("ryg bot: {}", ryg::echo::escape_controls(text));
}

fn engine_spec(text: &str) -> Result<EngineSpec> {
    if text.split_whitespace().any(|w| w.starts_with("cmd=")) {
        return text.parse::<EngineSpec>().map_err(|e| UsageError(format!("--engine: {e}")).into());
    }
    if text.trim().is_empty() {
        bail!(UsageError("--engine needs a command, such as \"ryg ugi\"".into()));
    }
    Ok(EngineSpec { name: text.trim().to_owned(), cmd: text.trim().to_owned(), options: Vec::new() })
}

pub fn run(args: Args) -> Result<()> {
    // an engine that dies is its game's failure, not the end of the bot
    crate::pipe::survive_closed_pipe();
    let spec = engine_spec(&args.engine)?;
    let timeout = Duration::from_secs(args.timeout.max(1));
    let path = match &args.secret_file {
        Some(p) => p.clone(),
        None => {
            secret::default_path().context("no home directory for the bot's secret: give --secret-file")?
        }
    };
    let api =
        Api::new(&args.server, secret::load_or_create(&path)?).map_err(|e| UsageError(format!("{e:#}")))?;
    let options = Engine::probe(&spec, timeout).map_err(|why| anyhow::anyhow!("the engine {why}"))?;
    for (name, _) in &spec.options {
        if !options.contains(name) {
            log(&format!("warning: the engine offers no option '{name}'"));
        }
    }
    let player = api.register(&args.name)?;
    log(&format!(
        "playing as {} (player {})",
        player["name"].as_str().unwrap_or(""),
        player["id"].as_str().unwrap_or("")
    ));
    if let Some(link) = &args.join {
        let (game, token) = api::parse_link(link).map_err(|e| UsageError(format!("--join: {e}")))?;
        api.take_seat(&game, &token)?;
        log(&format!("game {game}: joined by its link"));
    }
    interrupt::install();
    let _busy = interrupt::Busy::start();
    let mut games = Games::new(Thinking { spec, movetime: args.movetime, timeout });
    follow(&api, &mut games, &args)
}

/// Follows the bot's stream until Ctrl-C or `--games`, reconnecting when it ends.
fn follow(api: &Api, games: &mut Games, args: &Args) -> Result<()> {
    let mut failures = 0;
    loop {
        match api.stream() {
            Ok(lines) => {
                log("following the bot stream");
                let (tx, rx) = mpsc::channel();
                interrupt::without_sigint(|| {
                    std::thread::spawn(move || {
                        for line in lines {
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    })
                });
                loop {
                    if interrupt::interrupted() || args.games.is_some_and(|n| games.finished >= n) {
                        return done(games);
                    }
                    match rx.recv_timeout(Duration::from_millis(200)) {
                        Ok(Ok(line)) => {
                            failures = 0;
                            handle(api, games, &args.accept, &line);
                        }
                        Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => break,
                        Err(RecvTimeoutError::Timeout) => {}
                    }
                }
                log("the stream ended");
            }
            Err(e) => log(&format!("{e:#}")),
        }
        failures += 1;
        if failures > args.retries {
            bail!("the server stayed away: gave up after {} reconnections (--retries)", args.retries);
        }
        let wait = Duration::from_secs((1u64 << failures.min(5)).min(30));
        log(&format!("reconnecting in {} s ({failures} of {})", wait.as_secs(), args.retries));
        let until = std::time::Instant::now() + wait;
        while std::time::Instant::now() < until {
            if interrupt::interrupted() {
                return done(games);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

fn done(games: &Games) -> Result<()> {
    log(&format!("stopped after {} finished game(s)", games.finished));
    Ok(())
}

/// One line of the stream.
fn handle(api: &Api, games: &mut Games, rules: &[Rule], line: &str) {
    if line.trim().is_empty() {
        return;
    }
    let Ok(event) = serde_json::from_str::<Value>(line) else {
        log(&format!("an unreadable line of the stream: {}", line.chars().take(80).collect::<String>()));
        return;
    };
    match event["type"].as_str() {
        Some("gameStart") => games.start(&event),
        Some("gameState" | "gameFinish") => games.state(api, &event),
        Some("challenge") => accept::answer(api, rules, &event["challenge"]),
        _ => {}
    }
}
