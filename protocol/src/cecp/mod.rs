//! CECP (xboard protocol version 2), as verified against XBoard 4.9.1.
//!
//! One thread reads input lines; the session handles them in order on the
//! main thread; a search runs on its own thread and reports back through the
//! same event channel, so `?`, `force`, `ping`, `.` and `quit` are answered
//! while it thinks. Coordinates are translated to and from XBoard's at this
//! edge only (see [`xboard_map`]).

mod hidden;
mod session;
pub mod xboard_dy;
pub mod xboard_map;
pub mod xboard_model;
pub mod xboard_sc;

pub use session::{Config, Session};

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Shared, line-oriented output.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes (XBoard reads line by line).
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// What the main loop reacts to.
pub(crate) enum Event {
    Line(String),
    /// A line that is not UTF-8, decoded lossily for the error reply.
    Unreadable(String),
    SearchDone(session::Finished),
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
