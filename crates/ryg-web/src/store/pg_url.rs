//! Which `--db` names a PostgreSQL database: a URL, or a libpq key=value connection string.

/// Whether `db` names a PostgreSQL database rather than a SQLite file: a `postgres://` (or
/// `postgresql://`) URL, or a libpq key=value connection string (`host=db.example.org
/// dbname=ryg password=…`), which starts with one of libpq's keywords and `=`. (A SQLite file
/// whose name starts so is named with a path: `./host=x.sqlite3`.)
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://") || is_conninfo(db)
}

/// The keywords of a libpq connection string (PostgreSQL's documentation, "Parameter Key
/// Words").
const CONNINFO_KEYWORDS: &[&str] = &[
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "password",
    "passfile",
    "require_auth",
    "channel_binding",
    "connect_timeout",
    "client_encoding",
    "options",
    "application_name",
    "fallback_application_name",
    "keepalives",
    "keepalives_idle",
    "keepalives_interval",
    "keepalives_count",
    "tcp_user_timeout",
    "replication",
    "gssencmode",
    "sslmode",
    "requiressl",
    "sslnegotiation",
    "sslcompression",
    "sslcert",
    "sslkey",
    "sslkeylogfile",
    "sslpassword",
    "sslcertmode",
    "sslrootcert",
    "sslcrl",
    "sslcrldir",
    "sslsni",
    "requirepeer",
    "ssl_min_protocol_version",
    "ssl_max_protocol_version",
    "min_protocol_version",
    "max_protocol_version",
    "krbsrvname",
    "gsslib",
    "gssdelegation",
    "scram_client_key",
    "scram_server_key",
    "service",
    "target_session_attrs",
    "load_balance_hosts",
];

/// Whether `db` starts as a libpq key=value connection string: a keyword, blanks, `=`.
fn is_conninfo(db: &str) -> bool {
    let text = db.trim_start();
    let key_end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    let (key, rest) = text.split_at(key_end);
    CONNINFO_KEYWORDS.contains(&key) && rest.trim_start().starts_with('=')
}

#[cfg(test)]
mod tests {
    use super::is_postgres_url;

    #[test]
    fn a_key_value_connection_string_names_postgresql() {
        for db in [
            "postgres://u@h/db",
            "postgresql://h/db",
            "host=db.example.org dbname=ryg user=ryg password=secret",
            "  dbname = ryg",
            "password='a b' host=h",
            "service=ryg",
        ] {
            assert!(is_postgres_url(db), "{db}");
        }
        for db in ["games.sqlite3", "./host=x.sqlite3", "/var/lib/ryg/host=x", "hostname=x", "host", "=x", ""]
        {
            assert!(!is_postgres_url(db), "{db}");
        }
    }
}
