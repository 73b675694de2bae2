//! A PostgreSQL database for a test: a fresh database on the cluster `RYG_TEST_POSTGRES` names,
//! or, when unset, a throwaway cluster of this test's own (scripts/pg-cluster: `initdb` in a
//! temporary directory, a free loopback port), removed when the test ends.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A database that lasts as long as this value.
pub struct Database {
    pub url: String,
    /// The cluster this test started, stopped and removed on drop.
    cluster: Option<PathBuf>,
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pg-cluster")
}

impl Database {
    /// A new, empty database named after `name` (unique per test process).
    pub fn new(name: &str) -> Database {
        let (base, cluster) = match super::postgres() {
            Some(url) => (url, None),
            None => {
                let dir = std::env::temp_dir().join(format!("ryg-pg-{}-{name}", std::process::id()));
                let out = Command::new(script()).arg("start").arg(&dir).output().unwrap();
                assert!(
                    out.status.success(),
                    "starting a PostgreSQL cluster failed (scripts/test installs postgresql): {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                (String::from_utf8(out.stdout).unwrap().trim().to_owned(), Some(dir))
            }
        };
        let db = format!("ryg_{name}_{}", std::process::id());
        let out = Command::new("psql")
            .args(["-q", "-X", &base, "-c", &format!("CREATE DATABASE {db}")])
            .output()
            .unwrap();
        assert!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr));
        let (server, _) = base.rsplit_once('/').unwrap();
        Database { url: format!("{server}/{db}"), cluster }
    }
}

impl Database {
    /// Stops this test's own cluster under whatever uses it; `false` when the cluster is
    /// shared (`RYG_TEST_POSTGRES`) and must be left running.
    pub fn stop_cluster(&self) -> bool {
        let Some(dir) = &self.cluster else { return false };
        let bin = Command::new("sh")
            .args(["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1"])
            .output()
            .unwrap();
        let pg_ctl = Path::new(String::from_utf8(bin.stdout).unwrap().trim()).join("pg_ctl");
        let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let mut cmd = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&pg_ctl);
            c
        } else {
            Command::new(&pg_ctl)
        };
        let out =
            cmd.arg("-D").arg(dir.join("data")).args(["-w", "-s", "-m", "fast", "stop"]).output().unwrap();
        assert!(out.status.success(), "pg_ctl stop: {}", String::from_utf8_lossy(&out.stderr));
        true
    }
}

impl Database {
    /// Crashes this test's own cluster (`pg_ctl stop -m immediate`: no checkpoint, every
    /// connection cut mid-statement), keeping its files; `false` when the cluster is shared.
    pub fn kill_cluster(&self) -> bool {
        self.cluster_command("kill")
    }

    /// Starts this test's own cluster again after [`Database::kill_cluster`], on the same port
    /// (PostgreSQL recovers from its log first); `false` when the cluster is shared.
    pub fn restart_cluster(&self) -> bool {
        self.cluster_command("restart")
    }

    fn cluster_command(&self, what: &str) -> bool {
        let Some(dir) = &self.cluster else { return false };
        let out = Command::new(script()).arg(what).arg(dir).output().unwrap();
        assert!(out.status.success(), "scripts/pg-cluster {what}: {}", String::from_utf8_lossy(&out.stderr));
        true
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Some(dir) = &self.cluster {
            let _ = Command::new(script()).arg("stop").arg(dir).output();
        }
    }
}
