//! A CECP engine as a child process: start, handshake, send lines, read
//! lines with a deadline, and kill. Reading happens on a thread of its own,
//! so a silent or crashed engine never blocks the referee.
//!
//! Each engine leads a process group of its own, and ending it (quit, kill,
//! drop) kills the whole group: see [`super::groups`].

use super::groups;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What the engine said in its `feature` lines.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub myname: Option<String>,
    pub variants: Vec<String>,
    pub usermove: bool,
    pub setboard: bool,
    pub ping: bool,
    /// The names of the engine's `option` features.
    pub options: Vec<String>,
}

/// Why waiting for an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The process closed its output (crashed or quit).
    Exited,
}

pub struct EngineProc {
    pub name: String,
    pub command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Option<String>>,
    pub features: Features,
    dead: bool,
    /// The process group is killed and the leader reaped.
    ended: bool,
    pings: u64,
}

/// Splits a `feature` line into key=value pairs (values may be quoted).
fn parse_features(line: &str, f: &mut Features) -> Option<bool> {
    let mut rest = line.strip_prefix("feature")?.trim_start();
    let mut done = None;
    while !rest.is_empty() {
        let eq = rest.find('=')?;
        let key = rest[..eq].trim();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            let end = r.find('"').unwrap_or(r.len());
            value = &r[..end];
            rest = r.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = &rest[..end];
            rest = rest[end..].trim_start();
        }
        match key {
            "myname" => f.myname = Some(value.to_string()),
            "variants" => f.variants = value.split(',').map(|v| v.trim().to_string()).collect(),
            "usermove" => f.usermove = value == "1",
            "setboard" => f.setboard = value == "1",
            "ping" => f.ping = value == "1",
            "option" => {
                let name = value.split(" -").next().unwrap_or("").trim();
                f.options.push(name.to_string());
            }
            "done" => done = Some(value == "1"),
            _ => {}
        }
    }
    done
}

impl EngineProc {
    /// Starts `command` (run by `sh -c`, as the leader of a new process
    /// group) and does the CECP handshake.
    pub fn start(name: &str, command: &str) -> Result<EngineProc, String> {
        let mut child = groups::spawn_in_own_group(
            Command::new("sh")
                .arg("-c")
                .arg(command)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|e| format!("engine {name}: cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        let mut e = EngineProc {
            name: name.to_string(),
            command: command.to_string(),
            child,
            stdin,
            lines: rx,
            features: Features::default(),
            dead: false,
            ended: false,
            pings: 0,
        };
        e.send("xboard");
        e.send("protover 2");
        // Features arrive within 2 s, or `done=0` asks for more time.
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match e.recv(deadline) {
                Ok(l) => {
                    if let Some(done) = parse_features(&l, &mut e.features) {
                        if done {
                            break;
                        }
                        deadline = Instant::now() + Duration::from_secs(30);
                    }
                }
                Err(Failure::Timeout) => break,
                Err(Failure::Exited) => {
                    return Err(format!(
                        "engine {name}: '{command}' exited during the handshake"
                    ))
                }
            }
        }
        if e.features.ping && !e.ping(Duration::from_secs(10)) {
            return Err(format!("engine {name}: no pong after the handshake"));
        }
        Ok(e)
    }

    /// Sends one line; a broken pipe marks the engine dead.
    pub fn send(&mut self, line: &str) {
        if self.dead {
            return;
        }
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            self.dead = true;
        }
    }

    /// The next line before `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        if self.dead {
            return Err(Failure::Exited);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Some(l)) => Ok(l),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                self.dead = true;
                Err(Failure::Exited)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
        }
    }

    /// `ping` and wait for its `pong`, skipping other lines.
    pub fn ping(&mut self, timeout: Duration) -> bool {
        if !self.features.ping {
            return !self.dead;
        }
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"));
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Ok(l) if l.trim() == format!("pong {n}") => return true,
                Ok(_) => continue,
                Err(_) => return false,
            }
        }
    }

    /// Sends a move in the form the engine asked for.
    pub fn send_move(&mut self, mv: &str) {
        if self.features.usermove {
            self.send(&format!("usermove {mv}"));
        } else {
            self.send(mv);
        }
    }

    pub fn is_dead(&mut self) -> bool {
        if !self.dead && groups::has_exited(self.child.id()) {
            self.dead = true;
        }
        self.dead
    }

    /// Asks the engine to quit, gives it half a second, then ends its
    /// process group all the same: whatever it left running goes too.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline && !groups::has_exited(self.child.id()) {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Ends the engine at once (a hung or broken engine, or the end of the
    /// match): SIGKILL to its whole process group, then the leader and
    /// every member that became our child are reaped.
    pub fn kill(&mut self) {
        if self.ended {
            return;
        }
        let pgid = self.child.id() as i32;
        groups::kill_group(pgid);
        let _ = self.child.wait();
        groups::reap_group(pgid, Duration::from_secs(2));
        self.ended = true;
        self.dead = true;
    }
}

impl Drop for EngineProc {
    /// Every way out (errors, panics with unwinding, a worker's end) ends
    /// the engine's whole group.
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_lines() {
        let mut f = Features::default();
        assert_eq!(parse_features("feature done=0", &mut f), Some(false));
        assert_eq!(
            parse_features(
                r#"feature ping=1 setboard=1 usermove=1 myname="Curio 0.1.0" variants="trubix,trubix43""#,
                &mut f
            ),
            None
        );
        assert_eq!(f.myname.as_deref(), Some("Curio 0.1.0"));
        assert_eq!(f.variants, ["trubix", "trubix43"]);
        assert!(f.ping && f.setboard && f.usermove);
        parse_features(
            r#"feature option="Hash -spin 64 1 1024" option="XBoard board -check 1""#,
            &mut f,
        );
        assert_eq!(f.options, ["Hash", "XBoard board"]);
        assert_eq!(parse_features("feature done=1", &mut f), Some(true));
    }
}
