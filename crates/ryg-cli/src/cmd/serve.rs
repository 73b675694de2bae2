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
    /// The game database: a SQLite file, or a PostgreSQL database shared by several servers
    /// (postgres://user@host:port/db, or a key=value connection string such as "host=h
    /// dbname=ryg") [default: $XDG_DATA_HOME/ryg/games.sqlite3, else
    /// ~/.local/share/ryg/games.sqlite3]
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// A file holding the PostgreSQL password, when --db has none (else PGPASSWORD, else the
    /// password file: PGPASSFILE, else ~/.pgpass), so that the command line never shows it
    #[arg(long, value_name = "PATH")]
    pub db_password_file: Option<PathBuf>,
    /// Open the page in the default browser once the server listens
    #[arg(long)]
    pub open: bool,
    /// The address players reach this server at, for invitation links (e.g. behind a reverse
    /// proxy: https://ryg.example.org) [default: the address it listens on; the page uses
    /// the address it was opened at]
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Live-update streams open at once, in all (more are refused with 503)
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams: u32,
    /// Live-update streams open at once from one client address (an IPv6 --ipv6-prefix): a class of 200
    /// behind one address, a stream each, with room to spare (more are refused with 429)
    #[arg(long, default_value_t = ryg_web::events::CLASS_STREAMS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams_per_client: u32,
    /// Live-update streams open at once from one address block, an IPv4 /24 or IPv6 --ipv6-prefix (more
    /// are refused with 429)
    #[arg(long, default_value_t = 2 * ryg_web::events::CLASS_STREAMS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams_per_block: u32,
    /// Connections open at once from one client address, an IPv6 --ipv6-prefix (twice as many per address
    /// block): 256 browsers behind one address with the 6 connections each a browser opens at
    /// most; more are closed at once
    #[arg(long, value_name = "N", default_value_t = ryg_web::listen::CLASS_CONNECTIONS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections_per_client: u32,
    /// Connections open at once, in all; more are closed at once [default: 8192, or fewer when
    /// the system allows this process fewer open files]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub max_connections: Option<u32>,
    /// Seconds a client may take to send a request's headers, and a connection may wait idle
    /// for its next request
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub header_timeout: u64,
    /// Seconds a request may take, its body included (live-update streams excepted): 408 after
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub request_timeout: u64,
    /// Seconds a live-update stream stays open while its game does not change (the page
    /// reconnects by itself)
    #[arg(long, default_value_t = 600, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub stream_idle: u64,
    /// List the server's live games to every visitor, to watch (GET /api/games); without it a
    /// visitor sees only the games their browser plays or opened by a link
    #[arg(long)]
    pub public_games: bool,
    /// Delete games unchanged for this many days, finished or abandoned (0: keep them forever);
    /// games nobody moved in are deleted after a day in any case
    #[arg(long, value_name = "DAYS", default_value_t = 365, value_parser = clap::value_parser!(u64).range(0..=36_500))]
    pub keep_days: u64,
    /// Games one client address (an IPv6 --ipv6-prefix) may create per minute: a class of 200 starting a
    /// game each (more are refused with 429)
    #[arg(long, value_name = "N", default_value_t = ryg_web::limits::CLASS_GAMES_PER_MINUTE, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games_per_minute: u32,
    /// Moves and other changes of a game one seat, and one client address (an IPv6
    /// --ipv6-prefix) for all its seats, may make per second: a class of 200 moving once a
    /// second each. Counted once the seat's token is checked, by the seat first; a change
    /// refused costs its seat only (more are refused with 429)
    #[arg(long, value_name = "N", default_value_t = ryg_web::limits::CLASS_MOVES_PER_SECOND, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub moves_per_second: u32,
    /// Games stored for one client address (an IPv6 --ipv6-prefix), at most: a class of 200 keeping 100
    /// games each (more are refused with 429)
    #[arg(long, value_name = "N", default_value_t = ryg_web::limits::CLASS_GAMES_PER_CLIENT, value_parser = clap::value_parser!(u32).range(1..=100_000_000))]
    pub games_per_client: u32,
    /// The IPv6 prefix length that counts as one client for every limit per client address:
    /// 64, what one host or home network is given; 56 or 48 where clients are given that much
    /// (each address of the prefix then shares one client's limits)
    #[arg(long, value_name = "BITS", default_value_t = ryg_web::places::IPV6_CLIENT_PREFIX, value_parser = clap::value_parser!(u8).range(16..=128))]
    pub ipv6_prefix: u8,
    /// Behind a reverse proxy: take the client's address from the proxy's X-Forwarded-For
    /// (its last entry), for the limits per address. Only when the proxy is the sole way in
    #[arg(long)]
    pub trust_proxy: bool,
    /// Engine searches the analysis routes run at once (at most the machine's cores)
    /// [default: the machine's cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub engine_workers: Option<u32>,
    /// Analysis searches running or waiting, in all (more are refused with 503 and Retry-After)
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub engine_queue: u32,
    /// Analysis searches running or waiting for one client address (an IPv6 --ipv6-prefix): half the
    /// queue, the workers handed out in turns between addresses (more are refused with 429)
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub engine_per_client: u32,
    /// The longest analysis (GET /api/analyze) runs, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub analysis_ms: u64,
    /// What the server logs on stderr: every request (info: method, route, game, status,
    /// latency; never a token), only failures (warn, error), or nothing (off)
    #[arg(long, value_name = "LEVEL", default_value = "info", value_parser = ["off", "error", "warn", "info", "debug"])]
    pub log: String,
    /// Serve the operators' endpoints, GET /metrics (Prometheus text) and GET /healthz, on this
    /// address of their own (e.g. 127.0.0.1:9090; port 0 picks a free one), never on the
    /// public port [default: no metrics]
    #[arg(long, value_name = "HOST:PORT")]
    pub metrics_addr: Option<String>,
    /// Where `ryg solve --size 12` wrote the 12x12 tablebase, read for the perfect level, hints,
    /// exact results and reviews on 12x12 [default: $RYG_CACHE_DIR, else $XDG_CACHE_HOME/ryg,
    /// else ~/.cache/ryg]
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// The deepest analysis (GET /api/analyze) searches, in plies
    #[arg(long, value_name = "PLIES", default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub analysis_depth: u64,
    /// The longest the computer thinks about one move in a game, in milliseconds: a search
    /// still going then plays the best move found so far
    #[arg(long, value_name = "MS", default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub move_ms: u64,
    /// Refuse visitors' requests to build a tablebase (POST /api/tablebase/SIZE answers 403): a
    /// 10x10 table holds about 212 MB for the server's life. Tables on disk are still read
    #[arg(long)]
    pub no_table_builds: bool,
}

pub fn run(mut args: Args) -> Result<()> {
    // A server outlives whoever reads its output: a closed pipe must not end it.
    crate::pipe::survive_closed_pipe();
    let db = match args.db.take() {
        Some(db) => db,
        None => {
            ryg_web::default_db().context("no place for the game database: set HOME or give --db PATH")?
        }
    };
    if args.db_password_file.is_some() && !ryg_web::store::postgres::is_postgres_url(&db.to_string_lossy()) {
        return Err(crate::args::UsageError(
            "--db-password-file is for a PostgreSQL --db (postgres://… or host=…); a SQLite file needs no password"
                .to_owned(),
        )
        .into());
    }
    let open = args.open;
    let local = is_loopback(&args.host);
    let kept = ryg_web::store::secret::shown_url(&db.display().to_string());
    let config = config_of(args, db)?;
    ryg_web::serve_blocking(config, |addr, metrics| {
        let url = format!("http://{addr}/");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "ryg: serving on {url}");
        if let Some(metrics) = metrics {
            let _ = writeln!(out, "ryg: metrics on http://{metrics}/metrics (and /healthz)");
        }
        let _ = writeln!(out, "ryg: games are kept in {kept}; press Ctrl-C to stop");
        if !local {
            eprintln!(
                "ryg: warning: serving on {addr}, reachable from other computers: anyone who can reach \
                 it can create games and watch every game; players act only with their links' tokens, \
                 and the connection is not encrypted (see docs/server.md on a reverse proxy with TLS)"
            );
        }
        let _ = out.flush();
        if open {
            open_browser(&url);
        }
    })
    .map_err(listen_error)?;
    Ok(())
}

/// The server's settings from the command line (the log started once `--public-url` is read).
fn config_of(args: Args, db: std::path::PathBuf) -> Result<ryg_web::Config> {
    let public_url = args.public_url.as_deref().map(check_public_url).transpose()?;
    start_log(&args.log);
    let mut config = ryg_web::Config::new(args.host, args.port, db);
    config.db_password_file = args.db_password_file;
    config.public_url = public_url;
    config.public_games = args.public_games;
    config.table_builds = !args.no_table_builds;
    config.keep_days = (args.keep_days > 0).then_some(args.keep_days);
    config.abuse = ryg_web::limits::Limits {
        games_per_minute: args.games_per_minute,
        moves_per_second: args.moves_per_second,
        games_per_client: args.games_per_client,
        trust_proxy: args.trust_proxy,
        ipv6_prefix: args.ipv6_prefix,
    };
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let workers = args.engine_workers.map_or(cores, |n| n as usize);
    if workers > cores {
        return Err(crate::args::UsageError(format!(
            "bad --engine-workers {workers}: this machine has {cores} cores; more workers than cores only slow each search"
        ))
        .into());
    }
    config.work = ryg_web::work::WorkLimits {
        workers,
        queue: args.engine_queue as usize,
        per_client: args.engine_per_client as usize,
        analysis_ms: args.analysis_ms,
        analysis_depth: args.analysis_depth,
        ..ryg_web::work::WorkLimits::default()
    };
    config.game_work.workers = workers;
    config.game_work.move_ms = args.move_ms;
    let files = raise_open_files_limit();
    config.connections = ryg_web::listen::Hygiene {
        header_timeout: std::time::Duration::from_secs(args.header_timeout),
        per_client: args.max_connections_per_client as usize,
        // room for the database, the streams' timers and the log besides the sockets
        total: args
            .max_connections
            .map_or_else(|| 8192.min(files.saturating_sub(64).max(16)), |n| n as usize),
        ipv6_prefix: args.ipv6_prefix,
    };
    config.request_timeout = std::time::Duration::from_secs(args.request_timeout);
    config.metrics_addr = args.metrics_addr;
    let cache = crate::tablebase::CacheArgs { cache_dir: args.cache_dir, ..Default::default() }.dir();
    if let Some(cache) = cache {
        // any size whose exact layers are all on disk (12x12 after `ryg solve --size 12`) is read
        // from them, a block at a time
        let find = move |size| {
            crate::layers::LayerStore::complete(&cache, size)
                .map(|store| std::sync::Arc::new(store) as ryg_web::engine::ExactSource)
        };
        config.exact_files = Some(ryg_web::engine::ExactFiles(std::sync::Arc::new(find)));
    }
    config.limits = ryg_web::events::StreamLimits {
        total: args.max_streams as usize,
        per_client: args.max_streams_per_client as usize,
        per_block: args.max_streams_per_block as usize,
        idle: std::time::Duration::from_secs(args.stream_idle),
        ipv6_prefix: args.ipv6_prefix,
    };
    Ok(config)
}

/// Refuses a `--public-url` that links could not carry as it is: not http(s), with no host,
/// with a user name or password (every link would show them), with characters that would end
/// an attribute or a tag in a page (quotes, angle brackets, a backslash or backtick) or that do
/// not show ([`ryg_web::invisible`]), a query or a `#fragment` (the links add their own), or a
/// port out of 1-65535. Gives it back as links write it, parsed as a URL (WHATWG rules, the
/// `url` crate): scheme and host in lower case, a host in other scripts than Latin as its
/// punycode (`xn--…`), so that a host that mixes lookalike letters shows for what it is.
fn check_public_url(text: &str) -> Result<String> {
    let bad = |why: &str| -> anyhow::Error {
        crate::args::UsageError(format!(
            "bad --public-url '{}': {why}; expected an address such as https://ryg.example.org",
            ryg_web::store::secret::shown_url(text).escape_debug()
        ))
        .into()
    };
    let scheme_end = text.find("://").filter(|&at| {
        let scheme = &text[..at];
        scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
    });
    let Some(rest) = scheme_end.map(|at| &text[at + 3..]) else {
        return Err(bad("not an http:// or https:// address"));
    };
    let unseen = |c: char| c.is_whitespace() || c.is_control() || ryg_web::invisible::invisible(c);
    if let Some(c) = text.chars().find(|&c| unseen(c) || "\"'<>\\`{}|^".contains(c)) {
        let shown = if unseen(c) { c.escape_unicode().to_string() } else { c.to_string() };
        return Err(bad(&format!("'{shown}' has no place in an address")));
    }
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    if authority.contains('@') {
        return Err(bad("no user name or password: every invitation link would show them"));
    }
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => authority,
    };
    if host.trim_start_matches('[').trim_end_matches(']').is_empty() {
        return Err(bad("no host"));
    }
    if text.contains(['#', '?']) {
        return Err(bad("no query or #fragment: the links add their own"));
    }
    let url = url::Url::parse(text).map_err(|e| match e {
        url::ParseError::InvalidPort => bad("the port is not a number from 1 to 65535"),
        other => bad(&other.to_string()),
    })?;
    if url.port() == Some(0) {
        return Err(bad("the port is not a number from 1 to 65535"));
    }
    Ok(url.into())
}

/// The server's start-up error as one line: a busy port says what to do about it (the
/// operating system's own words are not repeated).
fn listen_error(err: ryg_web::ServeError) -> anyhow::Error {
    match err {
        ryg_web::ServeError::Bind { addr, source } if source.kind() == std::io::ErrorKind::AddrInUse => {
            anyhow::anyhow!(
                "cannot listen on {addr}: the port is already in use (another `ryg serve`?); \
                 choose another with --port N, or --port 0 for any free port"
            )
        }
        ryg_web::ServeError::Bind { addr, source } => anyhow::anyhow!("cannot listen on {addr}: {source}"),
        other => other.into(),
    }
}

/// The command that opens an address in the user's browser on this system.
fn opener() -> (&'static str, &'static [&'static str]) {
    if cfg!(target_os = "macos") {
        ("open", &[])
    } else if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    }
}

/// Opens `url` in a browser and says whether that worked; where there is no browser (a server
/// without a desktop), says so and how to reach the page instead. Never holds up the server.
fn open_browser(url: &str) {
    let (program, args) = opener();
    let child = std::process::Command::new(program)
        .args(args)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let url = url.to_owned();
    let no_browser = move |why: String| {
        let _ = writeln!(std::io::stdout(), "ryg: no browser to open here ({why}); open {url} in a browser");
    };
    match child {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            no_browser(format!("no `{program}` command"))
        }
        Err(err) => no_browser(format!("{program}: {err}")),
        Ok(mut child) => {
            // The opener may take a moment (or wait for the browser): report from a thread.
            std::thread::spawn(move || match child.wait() {
                Ok(status) if status.success() => {
                    let _ = writeln!(std::io::stdout(), "ryg: opened the page in your browser");
                }
                Ok(status) => no_browser(format!("{program} failed: {status}")),
                Err(err) => no_browser(format!("{program}: {err}")),
            });
        }
    }
}

/// Whether `host` serves this computer only.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_matches(|c| c == '[' || c == ']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Raises this process's limit of open files to the most the system allows it (a server with
/// the common default of 1,024 would run out of sockets long before its connection limit), and
/// returns the limit in force.
fn raise_open_files_limit() -> usize {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, setrlimit, Resource};
        let Ok((mut soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else { return 1024 };
        if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
            soft = hard;
        }
        usize::try_from(soft).unwrap_or(usize::MAX)
    }
    #[cfg(not(unix))]
    {
        8192
    }
}

/// Sends the server's log (the request log, failures) to stderr at `level`.
fn start_log(level: &str) {
    use tracing_subscriber::filter::LevelFilter;
    let level = match level {
        "off" => return,
        "error" => LevelFilter::ERROR,
        "warn" => LevelFilter::WARN,
        "debug" => LevelFilter::DEBUG,
        _ => LevelFilter::INFO,
    };
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(level)
        .with_target(false)
        .with_ansi(false)
        .try_init();
}
