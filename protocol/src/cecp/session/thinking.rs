//! Searches for the engine's move and for analysis, thinking output,
//! and results.

use super::*;

/// CECP score: centipawns, mates as 100000 + moves.
pub(super) fn cecp_score(s: Score) -> i64 {
    match mate_in_moves(s) {
        Some(m) if m > 0 => 100_000 + m as i64,
        Some(m) => -100_000 + m as i64,
        None => s as i64,
    }
}

/// A thinking line: depth, score, centiseconds, nodes, the PV in
/// XBoard's forms.
pub(super) fn thinking_line(map: &BoardMap, r: &Report) -> String {
    let pv: Vec<String> = r.pv.iter().map(|m| map.move_out(m)).collect();
    format!(
        "{} {} {} {} {}",
        r.depth,
        cecp_score(r.score),
        r.time.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

pub(super) fn result_line(o: Outcome) -> String {
    let reason = match o {
        Outcome::Win {
            winner,
            reason: EndReason::Checkmate,
        } => {
            format!(
                "{} mates",
                if winner == Color::White {
                    "White"
                } else {
                    "Black"
                }
            )
        }
        Outcome::Win { winner, reason } => {
            format!("{} wins by {}", winner.name(), reason.describe())
        }
        Outcome::Draw {
            reason: EndReason::Stalemate,
        } => "Stalemate".into(),
        Outcome::Draw {
            reason: EndReason::Repetition,
        } => "Draw by repetition".into(),
        Outcome::Draw {
            reason: EndReason::MoveRule,
        } => "Draw by 100 plies without capture".into(),
        Outcome::Draw {
            reason: EndReason::BareKings,
        } => "Draw: bare kings".into(),
        Outcome::Draw { reason } => format!("Draw by {}", reason.describe()),
    };
    format!("{} {{{reason}}}", o.result_token())
}

impl Session {
    /// Prints the result if the current position ends the game.
    pub(super) fn announce_if_over(&mut self) -> bool {
        match self.game.outcome() {
            Some(o) => {
                self.out.line(&result_line(o));
                self.game_over = true;
                true
            }
            None => false,
        }
    }

    pub(super) fn stat01(&self) {
        if let (true, Some(r)) = (self.running_is(Mode::Analyze), self.searcher.running()) {
            {
                let s = self.searcher.progress();
                let total = self.current().legal_move_strings().len();
                self.out.line(&format!(
                    "stat01: {} {} {} {} {}",
                    r.started.elapsed().as_millis() / 10,
                    s.nodes,
                    s.depth,
                    0,
                    total
                ));
            }
        }
    }

    /// Limits for the engine's own move from the time control.
    pub(super) fn move_limits(&self) -> Limits {
        self.clock.limits(self.game.plies())
    }

    pub(super) fn think(&mut self) {
        if self.game_over || self.announce_if_over() {
            return;
        }
        let limits = self.move_limits();
        self.start_search(Mode::Think, limits);
    }

    pub(super) fn analyze(&mut self) {
        self.abort_search();
        if self.game.outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(Mode::Analyze, limits);
    }

    pub(super) fn start_search(&mut self, mode: Mode, limits: Limits) {
        self.abort_search();
        // A GUI that never sent `protover` gets the table here.
        self.allocate_hash();
        let root = self.current().clone();
        let analysis = mode == Mode::Analyze;
        let job = Job {
            root: root.clone(),
            history: self.game.history(),
            limits,
            multipv: if analysis { self.multipv } else { 1 },
            exclude: self.exclude.clone(),
            contempt: if analysis { 0 } else { self.contempt_in_play() },
            own_move: !analysis,
        };
        let (out, map, post) = (self.out.clone(), self.map, self.post || analysis);
        let tx = self.tx.clone();
        let started = self.searcher.start(
            job,
            move |r| {
                if post {
                    out.line(&thinking_line(&map, r));
                }
            },
            move |d| {
                let _ = tx.send(Event::SearchDone(d));
            },
        );
        match started {
            Ok(id) => {
                self.running = Some((id, mode));
                self.out.note(&format!(
                    "search {id} ({}) of {}, {} to move: {}; {} thread(s), {} MiB; position {}",
                    if analysis { "analysis" } else { "own move" },
                    root.variant(),
                    root.side_to_move().name(),
                    crate::linelog::describe_limits(
                        &limits,
                        eval::search_profile(&root).clock_horizon
                    ),
                    self.searcher.threads(),
                    self.searcher.hash_mib(),
                    root.fen()
                ));
            }
            Err(why) => self.error(&why, "search"),
        }
    }

    /// Stops any search and forgets its result.
    pub(super) fn abort_search(&mut self) {
        self.running = None;
        if let Some(r) = self.searcher.abort() {
            self.out.note(&format!(
                "search {} stopped after {:.3} s, its result dropped",
                r.id,
                r.started.elapsed().as_secs_f64()
            ));
        }
    }

    /// A search thread ended: play its move if it is still wanted.
    pub(crate) fn search_finished(&mut self, f: Done) {
        let mode = match self.running {
            Some((id, mode)) if id == f.id => mode,
            _ => return,
        };
        self.running = None;
        if let Some(r) = self.searcher.finished(f.id) {
            let used = r.started.elapsed();
            let horizon = eval::search_profile(self.game.current()).clock_horizon;
            let given = match r.limits.budget_over(horizon) {
                Some(b) => format!(
                    "budget {:.3} s, at most {:.3} s{}",
                    b.soft.as_secs_f64(),
                    b.hard.as_secs_f64(),
                    if used > b.hard { ": OVER" } else { "" }
                ),
                None => "no time limit".into(),
            };
            let best = f
                .best
                .map_or_else(|| "(none)".into(), |m| self.current().move_text(&m));
            self.out.note(&format!(
                "search {} done: best {best}, score {}, depth {}, {} nodes; used {:.3} s ({given})",
                f.id,
                cecp_score(f.score),
                f.depth,
                f.nodes,
                used.as_secs_f64()
            ));
        }
        if mode != Mode::Think {
            return;
        }
        let Some(best) = f.best else {
            self.announce_if_over();
            return;
        };
        if self.resign {
            self.hopeless_moves = if f.score <= -1000 {
                self.hopeless_moves + 1
            } else {
                0
            };
            if self.hopeless_moves >= 3 {
                self.out.line("resign");
                self.game_over = true;
                self.engine_side = None;
                return;
            }
        }
        // The move's text, written once: it leaves here.
        let ours = self.current().move_text(&best);
        let mut next = self.current().clone();
        if next.make_move(&best).is_err() {
            // Cannot happen: the search returns legal moves only.
            self.error("internal", &format!("engine move {ours} refused"));
            return;
        }
        let next = self.settle(next);
        if best.is_denial() && self.xb().is_some_and(|xb| xb.denials_by_refusal()) {
            // XBoard cannot take a move back on an engine's word but for
            // refusing it: it then shows the position before it, and the
            // person moves again.
            let denied = self.game.last().note.text.clone();
            let before = self.xb_before();
            self.game.push(
                best,
                next,
                Wire {
                    text: ours,
                    xb: before,
                },
            );
            self.out.line(&format!("Illegal move (denied): {denied}"));
            self.announce_if_over();
            return;
        }
        let (text, xb) = self.write_move(&ours);
        self.game.push(
            best,
            next,
            Wire {
                text: text.clone(),
                xb,
            },
        );
        self.out.line(&format!("move {text}"));
        self.announce_if_over();
    }
}
