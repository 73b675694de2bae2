//! `ryg serve` as a user starts it: the address it prints, a busy port, `--open` with and
//! without a browser.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

/// A scratch directory of this test, emptied first.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ryg-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A running `ryg serve`, killed when dropped, with the lines it printed so far.
pub struct Served {
    child: Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Served {
    pub fn start(db: &Path, path_env: Option<&Path>, extra: &[&str]) -> Served {
        let mut cmd = crate::common::ryg_process();
        cmd.args(["serve", "--port", "0", "--db"]).arg(db).args(extra);
        if let Some(path) = path_env {
            cmd.env("PATH", path);
        }
        let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Served { child, lines }
    }

    /// The next line printed, waiting up to 20 s.
    pub fn line(&self) -> String {
        self.lines
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("ryg serve printed no further line")
    }

    /// The address of the first line, `ryg: serving on http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        let first = self.line();
        let url = first.strip_prefix("ryg: serving on ").unwrap_or_else(|| panic!("first line: {first}"));
        assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "{url}");
        assert_ne!(url, "http://127.0.0.1:0/", "--port 0 prints the port it picked");
        url.to_owned()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_busy_port_is_one_line_that_suggests_port_0() {
    let dir = scratch("busy");
    let first = Served::start(&dir.join("a.sqlite3"), None, &[]);
    let url = first.url();
    let port = url.trim_end_matches('/').rsplit(':').next().unwrap();
    let out = crate::common::ryg_process()
        .args(["serve", "--port", port, "--db"])
        .arg(dir.join("b.sqlite3"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "ryg: error: cannot listen on 127.0.0.1:{port}: the port is already in use (another `ryg serve`?); \
             choose another with --port N, or --port 0 for any free port\n"
        )
    );
    assert!(out.stdout.is_empty(), "nothing printed as if it served");
}

#[test]
fn open_says_when_there_is_no_browser() {
    let dir = scratch("nobrowser");
    let empty = dir.join("bin");
    std::fs::create_dir_all(&empty).unwrap();
    let served = Served::start(&dir.join("g.sqlite3"), Some(&empty), &["--open"]);
    let url = served.url();
    assert!(served.line().starts_with("ryg: games are kept in "));
    let said = served.line();
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    assert_eq!(
        said,
        format!("ryg: no browser to open here (no `{opener}` command); open {url} in a browser")
    );
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_hands_the_address_to_the_browser() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("browser");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let seen = dir.join("opened.txt");
    let opener = bin.join("xdg-open");
    std::fs::write(&opener, format!("#!/bin/sh\necho \"$1\" > '{}'\n", seen.display())).unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let served = Served::start(&dir.join("g.sqlite3"), Some(Path::new(&path)), &["--open"]);
    let url = served.url();
    assert!(served.line().starts_with("ryg: games are kept in "));
    assert_eq!(served.line(), "ryg: opened the page in your browser");
    assert_eq!(std::fs::read_to_string(&seen).unwrap(), format!("{url}\n"));
}
