//! Game records on disk: a game saved with its players and date, and an earlier autosaved game
//! kept under a name of its own before this game's autosave replaces it.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use ryg_wide::{Game, Record};

/// Writes `game` to `path` as a record, with today's date and the players' names.
pub fn save(path: &Path, game: &Game, mouse: &str, cats: &str) -> Result<()> {
    let mut record = Record::new(game.clone());
    for (name, value) in [("Event", "Casual game"), ("Date", &today()), ("Mouse", mouse), ("Cats", cats)] {
        record.set_tag(name, value).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    crate::files::write_atomically(path, record.to_string().as_bytes())
}

/// A game autosaved earlier in `path`, finished or not (and not `game`, the one continued
/// now), is moved to a name of its own (`finished-DATE-N.pgn`, `unfinished-DATE-N.pgn`), so
/// this game's autosave never silently replaces it. Says so on `out`; false when the earlier
/// game could not be moved (this game must then not be autosaved).
pub fn keep_earlier_game(path: &Path, game: &Game, out: &mut impl Write) -> Result<bool> {
    let Ok(earlier) = crate::files::read_wide_record(path) else { return Ok(true) };
    let earlier = earlier.into_game();
    if earlier.moves().is_empty() || earlier == *game {
        return Ok(true);
    }
    let finished = earlier.outcome().is_some();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let date = today().replace('.', "-");
    let kind = if finished { "finished" } else { "unfinished" };
    let Some(kept) = (1..1000).map(|n| dir.join(format!("{kind}-{date}-{n}.pgn"))).find(|p| !p.exists())
    else {
        return Ok(true);
    };
    match std::fs::rename(path, &kept) {
        Ok(()) if finished => {
            writeln!(out, "Your finished game from before is kept in:\n  {}", kept.display())?
        }
        Ok(()) => writeln!(
            out,
            "Your unfinished game from before is kept; continue it with:\n  ryg --load {}",
            kept.display()
        )?,
        Err(e) => {
            writeln!(
                out,
                "(Could not keep your earlier game {}: {e}; this game is not saved.)",
                path.display()
            )?;
            return Ok(false);
        }
    }
    Ok(true)
}

/// Today's date as the record's `Date` tag (`YYYY.MM.DD`), from the system clock.
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    ryg_api::dates::date(i64::try_from(secs).unwrap_or(i64::MAX), '.')
}
