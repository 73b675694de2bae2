//! `ryg db`: looking after the browser app's game database, also while `ryg serve` runs on it
//! (crates/ryg-web's `store::maintenance` does the work).

use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use ryg_web::store::maintenance::{self, DbSummary};

use crate::args::JsonArg;
use crate::out::outln;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Copy the database to a new file, consistently even while a server writes to it
    Backup(BackupArgs),
    /// Check the database: SQLite's integrity check, then every game read back and replayed;
    /// exits 1 naming each problem
    Check(DbArgs),
    /// Rewrite the database without its free pages (a server waits meanwhile)
    Vacuum(DbArgs),
}

#[derive(clap::Args, Debug)]
pub struct DbArgs {
    /// The game database [default: the one `ryg serve` uses]
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The new file to write (an existing file is never replaced)
    pub file: PathBuf,
    #[command(flatten)]
    pub source: DbArgs,
}

pub fn run(args: Args) -> Result<()> {
    match args.action {
        Action::Backup(a) => backup(a),
        Action::Check(a) => check(a),
        Action::Vacuum(a) => vacuum(a),
    }
}

fn db_path(args: &DbArgs) -> Result<PathBuf> {
    match &args.db {
        Some(db) if ryg_web::store::postgres::is_postgres_url(&db.to_string_lossy()) => Err(anyhow!(
            "ryg db looks after SQLite files; back up a PostgreSQL database with pg_dump, check and \
             vacuum it with vacuumdb"
        )),
        Some(db) => Ok(db.clone()),
        None => ryg_web::default_db().context("no default game database: set HOME or give --db PATH"),
    }
}

/// "37 games (12 finished), schema 2, 112 KiB"
fn described(s: &DbSummary) -> String {
    let unit = if s.games == 1 { "game" } else { "games" };
    format!("{} {unit} ({} finished), schema {}, {}", s.games, s.finished, s.schema_version, size(s.bytes))
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1024 * 1024 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}

fn backup(args: BackupArgs) -> Result<()> {
    let db = db_path(&args.source)?;
    let copy = maintenance::backup(&db, &args.file)?;
    if args.source.json.json {
        outln!("{}", serde_json::json!({ "source": db.display().to_string(), "backup": copy }))?;
    } else {
        outln!("ryg: backed up {} to {}: {}", db.display(), args.file.display(), described(&copy))?;
    }
    Ok(())
}

fn check(args: DbArgs) -> Result<()> {
    let db = db_path(&args)?;
    let report = maintenance::check(&db)?;
    if args.json.json {
        let mut value = serde_json::to_value(&report)?;
        value["sound"] = report.sound().into();
        outln!("{value}")?;
    } else {
        outln!("ryg: {}: {}", db.display(), described(&report.summary))?;
        for problem in &report.problems {
            outln!("  {problem}")?;
        }
    }
    match report.problems.len() {
        0 => {
            if !args.json.json {
                outln!("ryg: sound: every page checks and every game reads back")?;
            }
            Ok(())
        }
        1 => Err(anyhow!("{}: 1 problem found", db.display())),
        n => Err(anyhow!("{}: {n} problems found", db.display())),
    }
}

fn vacuum(args: DbArgs) -> Result<()> {
    let db = db_path(&args)?;
    let (before, after, summary) = maintenance::vacuum(&db)?;
    if args.json.json {
        outln!(
            "{}",
            serde_json::json!({ "before_bytes": before, "after_bytes": after, "database": summary })
        )?;
    } else {
        outln!(
            "ryg: vacuumed {}: {} → {}; {}",
            db.display(),
            size(before),
            size(after),
            described(&summary)
        )?;
    }
    Ok(())
}
