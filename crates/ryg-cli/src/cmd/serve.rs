//! `ryg serve`: the browser app (crates/ryg-web) on a local port.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on (the default serves this computer only)
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The game database [default: $XDG_DATA_HOME/ryg/games.sqlite3, else
    /// ~/.local/share/ryg/games.sqlite3]
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Open the page in the default browser once the server listens
    #[arg(long)]
    pub open: bool,
    /// The address players reach this server at, for invitation links (e.g. behind a reverse
    /// proxy: https://ryg.example.org) [default: the address the browser used]
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Live-update streams open at once, in all (more are refused with 503)
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams: u32,
    /// Live-update streams open at once from one client address (more are refused with 429)
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams_per_client: u32,
    /// Seconds a live-update stream stays open while its game does not change (the page
    /// reconnects by itself)
    #[arg(long, default_value_t = 600, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub stream_idle: u64,
}

pub fn run(args: Args) -> Result<()> {
    // A server outlives whoever reads its output: a closed pipe must not end it.
    #[cfg(unix)]
    // SAFETY: SIG_IGN is a valid disposition for SIGPIPE; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let db = match args.db {
        Some(db) => db,
        None => {
            ryg_web::default_db().context("no place for the game database: set HOME or give --db PATH")?
        }
    };
    let open = args.open;
    if let Some(url) = &args.public_url {
        if !(url.starts_with("http://") || url.starts_with("https://")) || url.contains(char::is_whitespace) {
            return Err(crate::args::UsageError(format!(
                "bad --public-url '{url}': expected an address such as https://ryg.example.org"
            ))
            .into());
        }
    }
    let local = is_loopback(&args.host);
    let mut config = ryg_web::Config::new(args.host, args.port, db.clone());
    config.public_url = args.public_url;
    config.limits = ryg_web::events::StreamLimits {
        total: args.max_streams as usize,
        per_client: args.max_streams_per_client as usize,
        idle: std::time::Duration::from_secs(args.stream_idle),
    };
    ryg_web::serve_blocking(config, |addr| {
        let url = format!("http://{addr}/");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "ryg: serving on {url}");
        let _ = writeln!(out, "ryg: games are kept in {}; press Ctrl-C to stop", db.display());
        if !local {
            eprintln!(
                "ryg: warning: serving on {addr}, reachable from other computers: anyone who can reach \
                 it can create games and watch every game; players act only with their links' tokens, \
                 and the connection is not encrypted (see the README on a reverse proxy with TLS)"
            );
        }
        let _ = out.flush();
        if open {
            let _ = std::process::Command::new("xdg-open")
                .arg(&url)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn();
        }
    })?;
    Ok(())
}

/// Whether `host` serves this computer only.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_matches(|c| c == '[' || c == ']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}
