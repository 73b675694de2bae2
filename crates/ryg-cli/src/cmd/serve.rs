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
    let config = ryg_web::Config { host: args.host, port: args.port, db: db.clone() };
    ryg_web::serve_blocking(config, |addr| {
        let url = format!("http://{addr}/");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "ryg: serving on {url}");
        let _ = writeln!(out, "ryg: games are kept in {}; press Ctrl-C to stop", db.display());
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
