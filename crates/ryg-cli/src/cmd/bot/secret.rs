//! The bot's player secret: kept in a file only its owner may read (0600), made on first use,
//! read on every later one, and never printed.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// Where the secret lives without `--secret-file`: `$XDG_DATA_HOME/ryg/bot.secret`, else
/// `~/.local/share/ryg/bot.secret` (beside `ryg serve`'s games).
pub fn default_path() -> Option<PathBuf> {
    ryg_web::config::default_db().and_then(|db| db.parent().map(|dir| dir.join("bot.secret")))
}

/// Whether `text` has the shape the server takes for a player's secret.
fn well_formed(text: &str) -> bool {
    ryg_web::people::secret_ok(text)
}

/// The secret kept in `path`, made (64 hex digits, 256 random bits) when the file does not exist.
///
/// # Errors
/// The file cannot be read or written, holds no secret, or others may read it.
pub fn load_or_create(path: &Path) -> Result<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            check_private(path)?;
            let secret = text.trim();
            if !well_formed(secret) {
                bail!(
                    "{} holds no player secret (32 to 128 characters of A-Z, a-z, 0-9, '-', '_')",
                    path.display()
                );
            }
            Ok(secret.to_owned())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(path),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

fn create(path: &Path) -> Result<String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let random = || ryg_web::token::generate().context("the operating system's random generator failed");
    let secret = random()? + &random()?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).with_context(|| format!("cannot create {}", path.display()))?;
    writeln!(file, "{secret}").with_context(|| format!("cannot write {}", path.display()))?;
    Ok(secret)
}

/// Refuses a secret file that others may read (as ssh refuses such a key).
fn check_private(path: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)?.permissions().mode();
        if mode & 0o077 != 0 {
            bail!("{} may be read by others (mode {:o}): chmod 600 it", path.display(), mode & 0o777);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_made_once_kept_private_and_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/bot.secret");
        let made = load_or_create(&path).unwrap();
        assert!(well_formed(&made) && made.len() == 64, "{made}");
        assert_eq!(load_or_create(&path).unwrap(), made);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(load_or_create(&path).unwrap_err().to_string().contains("chmod 600"));
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        std::fs::write(&path, "short\n").unwrap();
        assert!(load_or_create(&path).is_err(), "a file with no secret in it");
    }
}
