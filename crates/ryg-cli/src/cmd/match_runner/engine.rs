//! One UGI engine as the runner sees it: a child process, its lines read on a thread, and
//! every answer awaited with a deadline. Nothing it says is trusted.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How an engine is started: `cmd=… name=… option.X=…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub options: Vec<(String, String)>,
}

impl std::str::FromStr for EngineSpec {
    type Err = String;

    /// `cmd=ryg ugi name=L3 option.Level=3`: the command runs until the next `key=`.
    fn from_str(text: &str) -> Result<EngineSpec, String> {
        let is_key = |w: &str| {
            w.split_once('=').is_some_and(|(k, _)| k == "cmd" || k == "name" || k.starts_with("option."))
        };
        let mut pairs: Vec<(String, String)> = Vec::new();
        for word in text.split_whitespace() {
            match (is_key(word), pairs.last_mut()) {
                (true, _) => {
                    let (k, v) = word.split_once('=').expect("keys have '='");
                    pairs.push((k.to_string(), v.to_string()));
                }
                (false, Some((_, value))) => {
                    value.push(' ');
                    value.push_str(word);
                }
                (false, None) => return Err(format!("'{word}': expected cmd=…, name=… or option.NAME=…")),
            }
        }
        let cmd = pairs
            .iter()
            .find(|(k, _)| k == "cmd")
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty())
            .ok_or("an engine needs cmd=COMMAND")?;
        let name = pairs.iter().find(|(k, _)| k == "name").map_or_else(|| cmd.clone(), |(_, v)| v.clone());
        let options = pairs
            .iter()
            .filter_map(|(k, v)| k.strip_prefix("option.").map(|o| (o.to_string(), v.clone())))
            .collect();
        Ok(EngineSpec { name, cmd, options })
    }
}

/// Why an engine lost a game without the board deciding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Crashed,
    Hung(Duration),
    /// No move within the time allowed (the clock or the move time, plus the margin).
    OutOfTime(Duration),
    Illegal(String),
    Garbage(String),
    Unstartable(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crashed => f.write_str("crashed"),
            Failure::Hung(d) => write!(f, "hung (no answer within {:.1} s)", d.as_secs_f64()),
            Failure::OutOfTime(allowed) => {
                write!(f, "lost on time (no move within {:.3} s)", allowed.as_secs_f64())
            }
            Failure::Illegal(why) => write!(f, "illegal move: {why}"),
            Failure::Garbage(line) => write!(f, "garbage output '{line}'"),
            Failure::Unstartable(why) => write!(f, "could not start ({why})"),
        }
    }
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// The answer to `go`: the move text and the nodes of the last `info` line.
pub struct Answer {
    pub mv: String,
    pub nodes: Option<u64>,
    pub elapsed: Duration,
}

/// Words an engine may start a line with.
const KNOWN: [&str; 7] = ["id", "option", "ugiok", "readyok", "info", "bestmove", "response"];

impl Engine {
    /// Starts `spec` (through `sh -c`), does the handshake, sets its options, starts a new game
    /// from `position` (a `position …` command) and waits until it is ready: whatever the
    /// engine prepares for that position (a tablebase) is done before any clock runs.
    pub fn start(spec: &EngineSpec, position: &str, timeout: Duration) -> Result<Engine, Failure> {
        let (mut engine, _) = Engine::spawn(spec, Stdio::null())?;
        engine.send("ugi")?;
        engine.handshake(timeout)?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("uginewgame")?;
        engine.send(position)?;
        engine.send("isready")?;
        engine.wait_for("readyok", timeout)?;
        Ok(engine)
    }

    /// Starts `spec` once before any game, does the handshake and quits: the names of the
    /// options it offers.
    ///
    /// # Errors
    /// Why it did not start, in a few words (with the last line it wrote to stderr, such as the
    /// shell's "not found").
    pub fn probe(spec: &EngineSpec, timeout: Duration) -> Result<Vec<String>, String> {
        let (mut engine, stderr) = Engine::spawn(spec, Stdio::piped()).map_err(|f| f.to_string())?;
        let why = match engine.send("ugi").and_then(|()| engine.handshake(timeout)) {
            Ok(options) => return Ok(options),
            Err(Failure::Crashed) => {
                // Its output closed: how it ended, and what it said (the shell's "not found"),
                // waiting at most a second for either (what it started may hold them open).
                let (tx, rx) = mpsc::channel();
                if let Some(mut stderr) = stderr {
                    std::thread::spawn(move || {
                        let mut said = String::new();
                        let _ = stderr.read_to_string(&mut said);
                        let _ = tx.send(said);
                    });
                }
                let deadline = Instant::now() + Duration::from_secs(1);
                let said = rx.recv_timeout(Duration::from_secs(1)).unwrap_or_default();
                let status = loop {
                    match engine.child.try_wait() {
                        Ok(Some(status)) => break status.to_string(),
                        Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                        _ => break "its output closed".to_string(),
                    }
                };
                let last = said.lines().rev().find(|l| !l.trim().is_empty()).map(str::trim);
                match last {
                    Some(line) => format!("{line} ({status})"),
                    None => format!("it ended before 'ugiok' ({status})"),
                }
            }
            Err(Failure::Hung(d)) => format!("no 'ugiok' within {:.1} s (--timeout)", d.as_secs_f64()),
            Err(other) => other.to_string(),
        };
        Err(ryg::echo::escape_controls(&why))
    }

    /// The child process, in its own process group, its stdout read on a thread.
    fn spawn(spec: &EngineSpec, stderr: Stdio) -> Result<(Engine, Option<ChildStderr>), Failure> {
        let mut command = Command::new("sh");
        command.arg("-c").arg(format!("exec {}", spec.cmd));
        // Its own process group, so that killing a hung engine kills what it started too.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(|e| Failure::Unstartable(e.to_string()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok((Engine { child, stdin, lines: rx }, stderr))
    }

    /// Waits for `ugiok` (`ugi` sent) and returns the names of the options declared before it
    /// (`option name NAME type …`).
    fn handshake(&mut self, timeout: Duration) -> Result<Vec<String>, Failure> {
        let deadline = Instant::now() + timeout;
        let mut options = Vec::new();
        loop {
            let line = self.next_line(deadline, Failure::Hung(timeout))?;
            let line = line.trim();
            if line == "ugiok" {
                return Ok(options);
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                options.push(name.to_string());
            }
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|_| Failure::Crashed)
    }

    /// The next line, within `limit` of now.
    fn next_line(&mut self, deadline: Instant, hung: Failure) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                let first = line.split_whitespace().next().unwrap_or("");
                if !line.trim().is_empty() && !KNOWN.contains(&first) {
                    return Err(Failure::Garbage(line.chars().take(60).collect()));
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(hung),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed),
        }
    }

    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<(), Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.next_line(deadline, Failure::Hung(timeout))?.trim() == word {
                return Ok(());
            }
        }
    }

    /// Sends `go …` and waits for `bestmove` until `allowed` has passed; `on_time` says
    /// whether running out of that time is a loss on time (a clock, a move time) or a hang.
    pub fn go(&mut self, go: &str, allowed: Duration, on_time: bool) -> Result<Answer, Failure> {
        let started = Instant::now();
        self.send(go)?;
        let late = if on_time { Failure::OutOfTime(allowed) } else { Failure::Hung(allowed) };
        let mut nodes = None;
        loop {
            let line = self.next_line(started + allowed, late.clone())?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let mv = words.next().ok_or_else(|| Failure::Garbage(line.clone()))?;
                    return Ok(Answer { mv: mv.to_string(), nodes, elapsed: started.elapsed() });
                }
                Some("info") => {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    if let Some(i) = words.iter().position(|&w| w == "nodes") {
                        nodes = words.get(i + 1).and_then(|n| n.parse().ok()).or(nodes);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // A well-behaved engine ends at once; anything else is killed.
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // the process group this engine leads (created at spawn)
            let _ =
                nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_parse() {
        let spec: EngineSpec = "cmd=ryg ugi --no-cache name=L3 option.Level=3".parse().unwrap();
        assert_eq!(spec.cmd, "ryg ugi --no-cache");
        assert_eq!(spec.name, "L3");
        assert_eq!(spec.options, vec![("Level".to_string(), "3".to_string())]);
        assert_eq!("name=x".parse::<EngineSpec>().unwrap_err(), "an engine needs cmd=COMMAND");
        assert_eq!(
            "ryg ugi".parse::<EngineSpec>().unwrap_err(),
            "'ryg': expected cmd=…, name=… or option.NAME=…"
        );
    }
}
