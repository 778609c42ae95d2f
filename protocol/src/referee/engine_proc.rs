//! An engine as a child process: start, handshake, send lines, read lines
//! with a deadline, and kill. Reading happens on a thread of its own, so a
//! silent or crashed engine never blocks the referee.
//!
//! The engine speaks CECP or UCI. Unless told which, the referee finds out
//! as XBoard users expect their manager to: the CECP handshake first
//! (`xboard`, `protover 2`); an engine that sends no `feature` line is
//! then asked `uci`, and one that answers `uciok` speaks UCI. Otherwise it
//! is a CECP engine of protocol 1.
//!
//! Each engine leads a process group of its own, and ending it (quit, kill,
//! drop) kills the whole group: see [`super::groups`].

use super::groups;
use crate::linelog::{self, LineLog};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where an engine's traffic is logged (`curio match --log-dir`): shared
/// with the thread that reads the engine, which logs each line as it
/// arrives, so the times are the engine's, not the referee's.
#[derive(Clone, Default)]
struct Transcript(Arc<Mutex<Option<LineLog>>>);

impl Transcript {
    fn write(&self, tag: &str, text: &str) {
        let mut log = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = log.as_mut() {
            if let Err(e) = l.write(tag, text) {
                // The match goes on without this log; the PGN is the record.
                log::warn!(target: "curio::referee", "log {}: {e}; closed", l.path().display());
                *log = None;
            }
        }
    }

    fn replace(&self, new: Option<LineLog>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = new;
    }
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    #[default]
    Cecp,
    Uci,
}

/// How long a UCI engine has from `uci` to `uciok` once it has begun to
/// answer (`id`, `option` lines), and an engine that has not begun to
/// answer has [`FEATURE_WAIT`].
pub const UCIOK_LIMIT: Duration = Duration::from_secs(20);

/// What the engine said in its `feature` lines (CECP) or its `id` and
/// `option` lines (UCI).
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub myname: Option<String>,
    /// CECP: the `variants` feature (XBoard's names); UCI: the values of
    /// the option `UCI_Variant` (empty: orthodox chess only).
    pub variants: Vec<String>,
    pub usermove: bool,
    pub setboard: bool,
    pub ping: bool,
    /// The names of the engine's `option` features.
    pub options: Vec<String>,
    /// Feature lines came after the handshake had ended without them (an
    /// engine slow to start, taken for protocol 1 until then): said in a
    /// verdict, since such an engine may play in forms it was never told
    /// to leave.
    pub late: bool,
}

/// How long an engine has, after `protover 2`, to send its features or
/// `feature done=0` (CECP's 2 s, as XBoard waits).
pub const FEATURE_WAIT: Duration = Duration::from_secs(2);

/// How long an engine that said nothing at all within [`FEATURE_WAIT`]
/// has to say its first word (the referee sends a `ping` to ask): one that
/// allocates a large table before answering is slow, not broken. Silence
/// past it is no handshake: a one-line error before the match.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(20);

/// How long an engine has from `feature done=0` to `feature done=1`
/// (XBoard waits an hour; a start-up this long is already a fault).
pub const DONE_LIMIT: Duration = Duration::from_secs(120);

/// Why waiting for an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The process closed its output (crashed or quit).
    Exited,
    /// A line that is not UTF-8 text (shown decoded lossily).
    Unreadable(String),
}

/// What the reading thread passes on.
enum Read {
    Line(String),
    NotUtf8(String),
    Closed,
}

pub struct EngineProc {
    pub name: String,
    pub command: String,
    pub protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Read>,
    pub features: Features,
    dead: bool,
    /// The process group is killed and the leader reaped.
    ended: bool,
    pings: u64,
    transcript: Transcript,
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
    /// group) and does the handshake of `protocol`, or finds the protocol
    /// out (None; see the module documentation); `log`, if given, records
    /// the traffic from the first line (see [`EngineProc::set_log`]).
    pub fn start(
        name: &str,
        command: &str,
        protocol: Option<Protocol>,
        log: Option<LineLog>,
    ) -> Result<EngineProc, String> {
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
        let transcript = Transcript::default();
        transcript.replace(log);
        transcript.write(linelog::NOTE, &format!("engine {name}: {command}"));
        let heard = transcript.clone();
        let engine_name = name.to_string();
        std::thread::spawn(move || {
            // Bytes, not text: a line that is not UTF-8 is reported as
            // such, where `lines()` would end the stream as if the engine
            // had crashed.
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(mut bytes) = line else { break };
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                let read = match String::from_utf8(bytes) {
                    Ok(l) => Read::Line(l),
                    Err(e) => Read::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                };
                if let Read::Line(l) | Read::NotUtf8(l) = &read {
                    heard.write(linelog::OUT, l);
                    log::debug!(target: "curio::referee", "{engine_name} << {l}");
                }
                if tx.send(read).is_err() {
                    return;
                }
            }
            heard.write(linelog::NOTE, "the engine closed its output");
            let _ = tx.send(Read::Closed);
        });
        let mut e = EngineProc {
            name: name.to_string(),
            command: command.to_string(),
            protocol: protocol.unwrap_or_default(),
            child,
            stdin,
            lines: rx,
            features: Features::default(),
            dead: false,
            ended: false,
            pings: 0,
            transcript,
        };
        match protocol {
            Some(Protocol::Uci) => {
                e.uci_handshake(true)?;
            }
            Some(Protocol::Cecp) => {
                e.handshake()?;
            }
            None => match e.handshake() {
                // Features: a CECP engine of protocol 2.
                Ok(true) => {}
                // No features, or no CECP handshake at all: UCI, if the
                // engine answers `uci`.
                cecp => {
                    if !e.uci_handshake(false)? {
                        cecp?;
                    }
                }
            },
        }
        if e.features.ping && !e.ping(Duration::from_secs(10)) {
            return Err(format!("engine {name}: no pong after the handshake"));
        }
        Ok(e)
    }

    /// CECP's start-up: `xboard`, `protover 2`, then the features until
    /// `done=1`. Features (or `done=0`, which asks for up to
    /// [`DONE_LIMIT`]) must begin within [`FEATURE_WAIT`]; an engine that
    /// has said other things (a banner) and no feature by then speaks
    /// protocol 1. One that has said nothing at all is asked with a `ping`
    /// and given [`SILENCE_LIMIT`] to say anything: a slow start is waited
    /// for, silence is an error. True: the engine sent its features
    /// (protocol 2).
    fn handshake(&mut self) -> Result<bool, String> {
        let (name, command) = (self.name.clone(), self.command.clone());
        self.send("xboard");
        self.send("protover 2");
        let start = Instant::now();
        let mut deadline = start + FEATURE_WAIT;
        let mut heard = false;
        let mut asked = false;
        let mut waiting_for_done = false;
        loop {
            match self.recv_raw(deadline) {
                Ok(l) => {
                    let first_word = !heard;
                    heard = true;
                    match parse_features(&l, &mut self.features) {
                        Some(true) => return Ok(true),
                        Some(false) => {
                            waiting_for_done = true;
                            deadline = Instant::now() + DONE_LIMIT;
                        }
                        // A feature line: more may follow, as long as
                        // the first ones took.
                        None if l.starts_with("feature") => {}
                        // Other words (a banner, the answer to our `ping`)
                        // after a silence: features may still follow.
                        None if first_word && asked => deadline = Instant::now() + FEATURE_WAIT,
                        None => {}
                    }
                }
                Err(Failure::Timeout) if waiting_for_done => {
                    return Err(format!(
                        "engine {name}: slow to start: it sent 'feature done=0' but no 'feature done=1' within {} s",
                        DONE_LIMIT.as_secs()
                    ))
                }
                Err(Failure::Timeout) if !heard && !asked => {
                    asked = true;
                    self.pings += 1;
                    let n = self.pings;
                    self.send(&format!("ping {n}"));
                    deadline = Instant::now() + SILENCE_LIMIT;
                }
                Err(Failure::Timeout) if !heard => {
                    return Err(format!(
                        "engine {name}: no handshake: '{command}' said nothing within {} s of 'protover 2', not even to a ping",
                        start.elapsed().as_secs()
                    ))
                }
                // Protocol 1: no features.
                Err(Failure::Timeout) => return Ok(false),
                Err(Failure::Exited) => {
                    return Err(format!(
                        "engine {name}: '{command}' exited during the handshake"
                    ))
                }
                Err(Failure::Unreadable(l)) => {
                    return Err(format!(
                        "engine {name}: unreadable output during the handshake (not UTF-8 text): {l}"
                    ))
                }
            }
        }
    }

    /// UCI's start-up: `uci`, then `id` and `option` lines until `uciok`.
    /// `sure`: the engine was said to speak UCI, and anything but `uciok`
    /// in time is an error. Otherwise (a probe after a CECP handshake
    /// without features) false means "not UCI" and the lines read are
    /// dropped (a CECP engine's complaint about `uci`).
    fn uci_handshake(&mut self, sure: bool) -> Result<bool, String> {
        let name = self.name.clone();
        self.send("uci");
        let mut deadline = Instant::now() + if sure { UCIOK_LIMIT } else { FEATURE_WAIT };
        let mut f = Features::default();
        let mut answered = false;
        loop {
            match self.recv_raw(deadline) {
                Ok(l) => {
                    let l = l.trim();
                    if l == "uciok" {
                        break;
                    }
                    if let Some(id) = l.strip_prefix("id name ") {
                        f.myname = Some(id.trim().to_string());
                    } else if let Some(o) = l.strip_prefix("option name ") {
                        let (name, rest) = o.split_once(" type ").unwrap_or((o, ""));
                        if name.trim() == "UCI_Variant" {
                            f.variants = rest
                                .split(" var ")
                                .skip(1)
                                .map(|v| v.trim().to_string())
                                .collect();
                        }
                        f.options.push(name.trim().to_string());
                    } else {
                        continue;
                    }
                    if !answered {
                        answered = true;
                        deadline = Instant::now() + UCIOK_LIMIT;
                    }
                }
                Err(Failure::Exited) if !sure => return Ok(false),
                Err(Failure::Timeout) if !sure && !answered => return Ok(false),
                Err(Failure::Timeout) => {
                    return Err(format!(
                        "engine {name}: no 'uciok' within {} s of 'uci'",
                        UCIOK_LIMIT.as_secs()
                    ))
                }
                Err(Failure::Exited) => {
                    return Err(format!(
                        "engine {name}: '{}' exited during the UCI handshake",
                        self.command
                    ))
                }
                Err(Failure::Unreadable(l)) => {
                    return Err(format!(
                    "engine {name}: unreadable output during the handshake (not UTF-8 text): {l}"
                ))
                }
            }
        }
        if f.variants.is_empty() {
            f.variants.push("chess".into());
        }
        // `isready` is UCI's ping; `position fen` its setboard.
        f.ping = true;
        f.setboard = true;
        self.features = f;
        self.protocol = Protocol::Uci;
        Ok(true)
    }

    /// Sets options the engine offers (`--engine-option`): UCI
    /// `setoption`, CECP `option NAME=VALUE`. An option the engine did not
    /// name is an error (a typing error would otherwise pass unseen);
    /// whether the engine took the value, its ping answer tells.
    pub fn set_options(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (option, value) in options {
            if !self.features.options.iter().any(|o| o == option) {
                return Err(format!(
                    "engine {}: no option '{option}' (it offers: {})",
                    self.name,
                    self.features.options.join(", ")
                ));
            }
            match self.protocol {
                Protocol::Uci => self.send(&format!("setoption name {option} value {value}")),
                Protocol::Cecp => self.send(&format!("option {option}={value}")),
            }
        }
        if !options.is_empty() && !self.ping(Duration::from_secs(30)) {
            return Err(format!(
                "engine {}: no answer after its options were set",
                self.name
            ));
        }
        Ok(())
    }

    /// Whether the engine plays `variant`, by the names its protocol
    /// uses; the error lists what it offers. An engine that named no
    /// games is taken at its word.
    pub fn plays(&self, variant: movegen::Variant) -> Result<(), String> {
        let name = match self.protocol {
            Protocol::Cecp => variant.cecp_id(),
            Protocol::Uci => variant.id(),
        };
        if self.features.variants.is_empty() || self.features.variants.iter().any(|v| v == name) {
            return Ok(());
        }
        Err(format!(
            "engine {} does not play {} (it offers: {})",
            self.name,
            variant.id(),
            self.features.variants.join(",")
        ))
    }

    /// Logs the engine's traffic to `log` from now on (None: no more),
    /// in place of the log it had: `curio match --log-dir` gives each
    /// engine a file per game.
    pub fn set_log(&mut self, log: Option<LineLog>) {
        self.transcript.replace(log);
    }

    /// A note of the referee in the engine's log (a game's start and end).
    pub fn note(&self, text: &str) {
        self.transcript.write(linelog::NOTE, text);
    }

    /// Sends one line; a broken pipe marks the engine dead.
    pub fn send(&mut self, line: &str) {
        if self.dead {
            return;
        }
        self.transcript.write(linelog::IN, line);
        log::debug!(target: "curio::referee", "{} >> {line}", self.name);
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            self.dead = true;
        }
    }

    /// The next line before `deadline`. Feature lines that come after the
    /// handshake are taken in (the engine was slow to start), not passed
    /// on.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        loop {
            let l = self.recv_raw(deadline)?;
            if l.starts_with("feature ") {
                parse_features(&l, &mut self.features);
                self.features.late = true;
                continue;
            }
            return Ok(l);
        }
    }

    fn recv_raw(&mut self, deadline: Instant) -> Result<String, Failure> {
        if self.dead {
            return Err(Failure::Exited);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Read::Line(l)) => Ok(l),
            Ok(Read::NotUtf8(l)) => Err(Failure::Unreadable(l)),
            Ok(Read::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.dead = true;
                Err(Failure::Exited)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
        }
    }

    /// `ping` and wait for its `pong` (UCI: `isready`, `readyok`),
    /// skipping other lines.
    pub fn ping(&mut self, timeout: Duration) -> bool {
        if !self.features.ping {
            return !self.dead;
        }
        self.pings += 1;
        let n = self.pings;
        let pong = match self.protocol {
            Protocol::Cecp => {
                self.send(&format!("ping {n}"));
                format!("pong {n}")
            }
            Protocol::Uci => {
                self.send("isready");
                "readyok".to_string()
            }
        };
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Ok(l) if l.trim() == pong => return true,
                Ok(_) | Err(Failure::Unreadable(_)) => continue,
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
