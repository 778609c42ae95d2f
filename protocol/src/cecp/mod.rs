//! CECP (xboard protocol version 2), as verified against XBoard 4.9.1.
//!
//! One thread reads input lines; the session handles them in order on the
//! main thread; a search runs on its own thread and reports back through the
//! same event channel, so `?`, `force`, `ping`, `.` and `quit` are answered
//! while it thinks. Coordinates are translated to and from XBoard's at this
//! edge only (see [`xboard_map`]).

pub mod dialect;
mod hidden;
mod session;
#[cfg(test)]
mod test_rng;
pub mod xboard_dy;
pub mod xboard_map;
pub mod xboard_model;
pub mod xboard_sc;

pub use session::{Config, Session};

use crate::linelog::{self, LineLog};
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Shared, line-oriented output, and the session's debug log (`--log`,
/// option `Debug Log File`): every line out is logged here, under the same
/// lock as its write, so the log has the lines in the order they left.
#[derive(Clone)]
pub struct Out(Arc<Mutex<OutInner>>);

struct OutInner {
    w: Box<dyn Write + Send>,
    log: Option<LineLog>,
}

impl OutInner {
    /// Writes to the debug log, if one is open. A log that fails (a full
    /// disk) is closed and said so in the GUI's debug output: the game
    /// goes on without it.
    fn log(&mut self, tag: &str, text: &str) {
        let Some(log) = self.log.as_mut() else {
            return;
        };
        if let Err(e) = log.write(tag, text) {
            let path = log.path().display().to_string();
            self.log = None;
            log::warn!(target: "curio::cecp", "debug log {path}: {e}; closed");
            let _ = writeln!(
                self.w,
                "# debug log {path}: write failed ({e}); logging stopped"
            );
            let _ = self.w.flush();
        }
    }
}

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(OutInner { w, log: None })))
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, OutInner> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes one line and flushes (XBoard reads line by line).
    pub fn line(&self, text: &str) {
        let mut inner = self.inner();
        let _ = writeln!(inner.w, "{text}");
        let _ = inner.w.flush();
        inner.log(linelog::OUT, text);
        drop(inner);
        // Refusals are what a user looking into a failed game wants first.
        if text.starts_with("Error") || text.starts_with("Illegal move") {
            log::warn!(target: "curio::cecp", "<< {text}");
        } else {
            log::debug!(target: "curio::cecp", "<< {text}");
        }
    }

    /// A line that came in, for the debug log.
    pub(crate) fn input(&self, text: &str) {
        self.inner().log(linelog::IN, text);
        log::debug!(target: "curio::cecp", ">> {text}");
    }

    /// A note for the debug log: what a search was given and did, an
    /// option's new value. Notes go to `RUST_LOG`'s log too (info).
    pub(crate) fn note(&self, text: &str) {
        self.inner().log(linelog::NOTE, text);
        log::info!(target: "curio::cecp", "{text}");
    }

    /// Starts logging to `path` (appended to), in place of any log open
    /// now; on error the log as it was goes on.
    pub fn open_log(&self, path: &str) -> std::io::Result<()> {
        let log = LineLog::open(path)?;
        let mut inner = self.inner();
        if let Some(old) = inner.log.as_ref() {
            let note = format!("debug log continues in {path}");
            log::info!(target: "curio::cecp", "debug log {}: {note}", old.path().display());
            inner.log(linelog::NOTE, &note);
        }
        inner.log = Some(log);
        inner.log(
            linelog::NOTE,
            &format!(
                "Curio {} debug log, process {}",
                env!("CARGO_PKG_VERSION"),
                std::process::id()
            ),
        );
        Ok(())
    }

    /// Stops logging (option `Debug Log File` set empty).
    pub(crate) fn close_log(&self) {
        let mut inner = self.inner();
        inner.log(linelog::NOTE, "debug log closed");
        inner.log = None;
    }

    /// The file logged to now, if any.
    pub(crate) fn log_path(&self) -> Option<String> {
        self.inner()
            .log
            .as_ref()
            .map(|l| l.path().display().to_string())
    }
}

/// What the main loop reacts to.
pub(crate) enum Event {
    Line(String),
    /// A line that is not UTF-8, decoded lossily for the error reply.
    Unreadable(String),
    SearchDone(crate::session::Done),
    HiddenDone(hidden::HiddenDone),
    Eof,
}

/// Runs a CECP session over `input` until `quit` or end of input; fails
/// before reading anything when `config.hash_mib` cannot be allocated.
pub fn run(
    input: impl BufRead + Send + 'static,
    out: Out,
    config: Config,
) -> Result<(), engine::tt::HashError> {
    let (tx, rx) = mpsc::channel();
    let mut session = Session::new(out.clone(), tx.clone(), config)?;
    if out.log_path().is_some() {
        session.note_settings();
    }
    let reader_tx = tx.clone();
    std::thread::spawn(move || {
        // Lines are read as bytes: one that is not UTF-8 (a GUI's stray
        // byte) gets an error reply, and the session goes on.
        for line in input.split(b'\n') {
            let Ok(mut bytes) = line else { break };
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            let event = match String::from_utf8(bytes) {
                Ok(l) => Event::Line(l),
                Err(e) => Event::Unreadable(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            };
            if reader_tx.send(event).is_err() {
                return;
            }
        }
        let _ = reader_tx.send(Event::Eof);
    });
    // Reality Check runs in its own session (hidden-information extension)
    // from `variant realitycheck` until `new` or another variant.
    let mut hidden: Option<hidden::HiddenSession> = None;
    while let Ok(ev) = rx.recv() {
        match &ev {
            Event::Line(l) => out.input(l),
            Event::Unreadable(l) => out.input(l),
            Event::Eof => out.note("end of input"),
            _ => {}
        }
        let go_on = match ev {
            Event::Line(l) => match hidden.as_mut() {
                Some(h) => match h.handle(&l, &mut session) {
                    hidden::Next::Stay => true,
                    hidden::Next::Quit => false,
                    hidden::Next::Leave(line) => {
                        hidden = None;
                        line.is_none_or(|l| session.handle(&l))
                    }
                },
                None if hidden::enters(&l) => {
                    session.handle("force");
                    let mut h = hidden::HiddenSession::new(
                        out.clone(),
                        tx.clone(),
                        config.rc_player,
                        session.posting(),
                    );
                    h.handle(&l, &mut session);
                    hidden = Some(h);
                    true
                }
                None => session.handle(&l),
            },
            Event::Unreadable(l) => {
                out.line(&format!("Error (not UTF-8 text): {l}"));
                true
            }
            Event::SearchDone(f) => {
                session.search_finished(f);
                true
            }
            Event::HiddenDone(d) => {
                if let Some(h) = hidden.as_mut() {
                    h.search_done(d);
                }
                true
            }
            Event::Eof => false,
        };
        if !go_on {
            break;
        }
    }
    session.shutdown();
    Ok(())
}
