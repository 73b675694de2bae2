//! The PostgreSQL password kept off the command line: `PGPASSWORD`, a password file as libpq
//! reads it (`PGPASSFILE`), or `--db-password-file`, against a role that must give its password.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::common::{pg::Database, ryg, send};
use crate::faults::psql;

/// The cluster's `pg_hba.conf` with lines of this test's in front, put back as it was on drop.
struct Hba {
    path: PathBuf,
    was: String,
    admin: String,
}

impl Hba {
    /// Makes `role` give its password (scram-sha-256) over loopback, whatever else the cluster
    /// trusts; `None` when the cluster's file cannot be written from here.
    fn password_for(admin: &str, role: &str) -> Option<Hba> {
        let path = PathBuf::from(psql(admin, "SHOW hba_file"));
        let was = std::fs::read_to_string(&path).ok()?;
        let ours =
            format!("host all {role} 127.0.0.1/32 scram-sha-256\nhost all {role} ::1/128 scram-sha-256\n");
        std::fs::write(&path, format!("{ours}{was}")).ok()?;
        psql(admin, "SELECT pg_reload_conf()");
        Some(Hba { path, was, admin: admin.to_owned() })
    }
}

impl Drop for Hba {
    fn drop(&mut self) {
        let _ = std::fs::write(&self.path, &self.was);
        let _ =
            Command::new("psql").args(["-q", "-X", &self.admin, "-c", "SELECT pg_reload_conf()"]).output();
    }
}

/// `ryg serve --db URL ARGS` with `envs` (and no password from the test's own environment):
/// `Ok(())` once it serves (a game created through it, then stopped), or what it said.
fn serve(url: &str, args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let mut cmd = ryg();
    cmd.args(["serve", "--port", "0", "--db", url])
        .args(args)
        .env_remove("PGPASSWORD")
        .env("PGPASSFILE", "/nonexistent/pgpass")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in envs {
        cmd.env(name, value);
    }
    let mut child = cmd.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let served = line.trim().strip_prefix("ryg: serving on ").map(|u| u.trim_end_matches('/').to_owned());
    let result = match served {
        Some(base) => {
            let (status, _, game) = send(
                "POST",
                &format!("{base}/api/games"),
                Some(&json!({"mouse": "human", "cats": "human", "hotseat": true})),
                None,
            )
            .unwrap();
            assert_eq!(status, 201, "{game}");
            let _ = child.kill();
            Ok(())
        }
        None => {
            let mut said = String::new();
            child.stderr.take().unwrap().read_to_string(&mut said).unwrap();
            Err(said)
        }
    };
    let status = child.wait().unwrap();
    if result.is_err() {
        assert_eq!(status.code(), Some(1), "{result:?}");
    }
    result
}

/// A role that must give its password: `ryg serve` takes it from `PGPASSWORD`, from a password
/// file (`PGPASSFILE`, lines as libpq reads them, ignored when others may read the file) or from
/// `--db-password-file`, so the command line never holds it (before: only a password written in
/// `--db` worked, which `ps` shows every local user).
#[test]
fn the_postgresql_password_comes_from_the_environment_or_a_file() {
    let database = Database::new("password");
    let role = format!("ryg_pw_{}", std::process::id());
    let dbname = database.url.rsplit_once('/').unwrap().1.to_owned();
    psql(
        &database.url,
        &format!("CREATE ROLE {role} LOGIN PASSWORD 's3c:r\\t'; ALTER DATABASE {dbname} OWNER TO {role}"),
    );
    let Some(_hba) = Hba::password_for(&database.url, &role) else {
        eprintln!("skipped: the cluster's pg_hba.conf cannot be written from here");
        return;
    };
    let url = database.url.replacen("://postgres@", &format!("://{role}@"), 1);
    let host_port = url.split('@').nth(1).unwrap().split('/').next().unwrap().to_owned();
    // the cluster asks for the password now (the reload takes a moment)
    let started = std::time::Instant::now();
    let refused = loop {
        let refused = serve(&url, &[], &[]);
        if refused.is_err() || started.elapsed().as_secs() > 10 {
            break refused;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert!(refused.unwrap_err().contains("password"), "no password, no server");

    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret");
    std::fs::write(&secret, "s3c:r\\t\n").unwrap();
    // PGPASSWORD
    assert_eq!(serve(&url, &[], &[("PGPASSWORD", "s3c:r\\t")]), Ok(()));
    let said = serve(&url, &[], &[("PGPASSWORD", "wrong")]).unwrap_err();
    assert!(said.contains("password authentication failed"), "{said}");

    // a password file, as libpq reads it: its fields escaped, the first matching line
    let passfile = dir.path().join("pgpass");
    let (host, port) = host_port.rsplit_once(':').unwrap();
    std::fs::write(
        &passfile,
        format!("# ryg's test\nother.example.org:*:*:*:no\n{host}:{port}:{dbname}:{role}:s3c\\:r\\\\t\n*:*:*:*:wrong\n"),
    )
    .unwrap();
    set_mode(&passfile, 0o600);
    assert_eq!(serve(&url, &[], &[("PGPASSFILE", passfile.to_str().unwrap())]), Ok(()));
    set_mode(&passfile, 0o644);
    let said = serve(&url, &[], &[("PGPASSFILE", passfile.to_str().unwrap())]).unwrap_err();
    assert!(said.contains("has group or world access; permissions should be u=rw (0600) or less"), "{said}");

    // --db-password-file
    assert_eq!(serve(&url, &["--db-password-file", secret.to_str().unwrap()], &[]), Ok(()));
    let missing = dir.path().join("missing");
    let said = serve(&url, &["--db-password-file", missing.to_str().unwrap()], &[]).unwrap_err();
    assert!(said.contains(&format!("cannot read the password file {}", missing.display())), "{said}");
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}
