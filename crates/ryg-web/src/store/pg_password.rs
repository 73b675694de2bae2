//! The PostgreSQL password, when `--db` carries none, from where an operator keeps it out of the
//! command line (which every local user can read in `ps`): a file named by `--db-password-file`,
//! else `PGPASSWORD`, else the password file as libpq reads it — `PGPASSFILE`, else `~/.pgpass`;
//! lines `host:port:database:user:password`, `*` for any value, `\` before a `:` or `\` that
//! belongs to a value, `#` comments; the first matching line wins; a file that its group or
//! others may read is ignored with a warning.

use std::path::{Path, PathBuf};

use tokio_postgres::config::Host;

/// Sets the password of `config` when it has none, from `password_file` (`--db-password-file`),
/// `PGPASSWORD` or the password file, in that order.
///
/// # Errors
/// When `password_file` cannot be read or is empty.
pub fn fill(config: &mut tokio_postgres::Config, password_file: Option<&Path>) -> Result<(), String> {
    if config.get_password().is_some() {
        return Ok(());
    }
    if let Some(file) = password_file {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read the password file {}: {e}", file.display()))?;
        let password = text.strip_suffix('\n').map_or(text.as_str(), |t| t.strip_suffix('\r').unwrap_or(t));
        if password.is_empty() {
            return Err(format!("the password file {} is empty", file.display()));
        }
        config.password(password);
        return Ok(());
    }
    if let Some(password) = std::env::var("PGPASSWORD").ok().filter(|p| !p.is_empty()) {
        config.password(password);
        return Ok(());
    }
    if let Some(password) = passfile().and_then(|file| from_passfile(&file, &Wanted::of(config))) {
        config.password(password);
    }
    Ok(())
}

/// The password file libpq reads: `PGPASSFILE`, else `~/.pgpass`.
fn passfile() -> Option<PathBuf> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("PGPASSFILE").or_else(|| env("HOME").map(|home| home.join(".pgpass")))
}

/// What a password file's line must match: the first host, its port, the database and the user.
struct Wanted {
    host: String,
    port: String,
    dbname: String,
    user: String,
}

impl Wanted {
    fn of(config: &tokio_postgres::Config) -> Wanted {
        // a Unix socket, or no host, is "localhost" to a password file (as to libpq)
        let host = match config.get_hosts().first() {
            Some(Host::Tcp(host)) => host.clone(),
            _ => "localhost".to_owned(),
        };
        let port = config.get_ports().first().copied().unwrap_or(5432).to_string();
        let user = config.get_user().unwrap_or_default().to_owned();
        let dbname = config.get_dbname().map_or_else(|| user.clone(), str::to_owned);
        Wanted { host, port, dbname, user }
    }
}

/// The password of the first line of `file` that matches `wanted`; `None` when there is none,
/// no file, or a file its group or others may read (said once, as libpq says it).
fn from_passfile(file: &Path, wanted: &Wanted) -> Option<String> {
    let meta = std::fs::metadata(file).ok()?;
    if !meta.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        if meta.permissions().mode() & 0o077 != 0 {
            eprintln!(
                "ryg: warning: password file {} has group or world access; permissions should be u=rw (0600) or \
                 less: not read",
                file.display()
            );
            return None;
        }
    }
    let text = std::fs::read_to_string(file).ok()?;
    text.lines().find_map(|line| matching(line.strip_suffix('\r').unwrap_or(line), wanted))
}

/// The password on `line` when its first four fields match `wanted`.
fn matching(line: &str, wanted: &Wanted) -> Option<String> {
    if line.starts_with('#') {
        return None;
    }
    let fields = split(line);
    let [host, port, dbname, user, password, ..] = fields.as_slice() else { return None };
    let matches = |field: &(String, bool), value: &str| field.0 == value || (field.0 == "*" && !field.1);
    (matches(host, &wanted.host)
        && matches(port, &wanted.port)
        && matches(dbname, &wanted.dbname)
        && matches(user, &wanted.user))
    .then(|| password.0.clone())
}

/// A line's fields, split at each `:` not escaped, each with its escapes removed and whether it
/// had any (an escaped `\*` is a star, not "any value").
fn split(line: &str) -> Vec<(String, bool)> {
    let mut fields = vec![(String::new(), false)];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        let field = fields.last_mut().expect("one field at least");
        match c {
            '\\' => match chars.next() {
                Some(next) => {
                    field.0.push(next);
                    field.1 = true;
                }
                None => field.0.push('\\'),
            },
            ':' => fields.push((String::new(), false)),
            c => field.0.push(c),
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wanted() -> Wanted {
        Wanted {
            host: "db.example.org".into(),
            port: "5433".into(),
            dbname: "ryg".into(),
            user: "ryg".into(),
        }
    }

    #[test]
    fn the_first_matching_line_gives_the_password() {
        for (line, password) in [
            ("db.example.org:5433:ryg:ryg:secret", Some("secret")),
            ("*:*:*:*:any", Some("any")),
            ("db.example.org:*:ryg:ryg:se\\:c\\\\ret", Some("se:c\\ret")),
            ("db.example.org:5432:ryg:ryg:other port", None),
            ("db.example.org:5433:ryg:admin:other user", None),
            ("other.example.org:5433:ryg:ryg:other host", None),
            ("db.example.org:5433:\\*:ryg:an escaped star is a star", None),
            ("#db.example.org:5433:ryg:ryg:commented", None),
            ("db.example.org:5433:ryg:ryg", None),
            ("", None),
        ] {
            assert_eq!(matching(line, &wanted()).as_deref(), password, "{line}");
        }
    }

    #[test]
    fn a_password_file_is_read_as_libpq_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pgpass");
        std::fs::write(
            &file,
            "# ryg\r\nother:*:*:*:no\r\ndb.example.org:5433:*:ryg:first\ndb.example.org:*:*:*:second\n",
        )
        .unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
            assert_eq!(from_passfile(&file, &wanted()).as_deref(), Some("first"));
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
            assert_eq!(from_passfile(&file, &wanted()), None, "read by its group: ignored");
        }
        assert_eq!(from_passfile(&dir.path().join("none"), &wanted()), None);
    }

    #[test]
    fn a_socket_or_no_host_is_localhost_and_the_database_defaults_to_the_user() {
        let config: tokio_postgres::Config = "host=/run/postgresql user=ana".parse().unwrap();
        let w = Wanted::of(&config);
        assert_eq!(
            (w.host.as_str(), w.port.as_str(), w.dbname.as_str(), w.user.as_str()),
            ("localhost", "5432", "ana", "ana")
        );
        let config: tokio_postgres::Config = "postgres://ryg@db.example.org:5433/games".parse().unwrap();
        let w = Wanted::of(&config);
        assert_eq!(
            (w.host.as_str(), w.port.as_str(), w.dbname.as_str()),
            ("db.example.org", "5433", "games")
        );
    }

    #[test]
    fn a_password_in_the_address_or_the_flag_s_file_comes_first() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("password");
        std::fs::write(&file, "from the file\n").unwrap();
        let mut config: tokio_postgres::Config = "postgres://ryg:given@h/db".parse().unwrap();
        fill(&mut config, Some(&file)).unwrap();
        assert_eq!(config.get_password(), Some(&b"given"[..]));
        let mut config: tokio_postgres::Config = "postgres://ryg@h/db".parse().unwrap();
        fill(&mut config, Some(&file)).unwrap();
        assert_eq!(config.get_password(), Some(&b"from the file"[..]));
        std::fs::write(&file, "\n").unwrap();
        let err = fill(&mut config, Some(&file)).err();
        assert_eq!(err, None, "a password already set is kept");
        let mut config: tokio_postgres::Config = "postgres://ryg@h/db".parse().unwrap();
        assert_eq!(
            fill(&mut config, Some(&file)).unwrap_err(),
            format!("the password file {} is empty", file.display())
        );
    }
}
