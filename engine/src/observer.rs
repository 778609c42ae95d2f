//! How a search reports progress. The protocol layer implements
//! [`Observer`] and formats what it receives; the search knows no formats.

use crate::score::Score;
use std::time::Duration;

/// One completed iteration (or one line of a multi-PV iteration).
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// 1-based line number in multi-PV mode.
    pub multipv: usize,
    /// For the side to move at the root.
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<M>,
    /// Permille of the transposition table in use.
    pub hashfull: usize,
}

impl<M> Iteration<M> {
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis() as u64;
        (self.nodes * 1000).checked_div(ms).unwrap_or(0)
    }

    /// The same report with the principal variation in another form (a
    /// face's text).
    pub fn with_pv<N>(&self, pv: Vec<N>) -> Iteration<N> {
        Iteration {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: self.multipv,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            pv,
            hashfull: self.hashfull,
        }
    }
}

/// Receives search progress.
pub trait Observer<M> {
    /// Called after every completed iteration, once per PV line.
    fn iteration(&mut self, info: &Iteration<M>);
}

/// An observer that ignores everything.
pub struct Silent;

impl<M> Observer<M> for Silent {
    fn iteration(&mut self, _: &Iteration<M>) {}
}

/// An observer that keeps every report (tests and tools).
pub struct Recorder<M> {
    pub iterations: Vec<Iteration<M>>,
}

impl<M> Default for Recorder<M> {
    fn default() -> Self {
        Recorder {
            iterations: Vec::new(),
        }
    }
}

impl<M: Clone> Observer<M> for Recorder<M> {
    fn iteration(&mut self, info: &Iteration<M>) {
        self.iterations.push(info.clone());
    }
}
