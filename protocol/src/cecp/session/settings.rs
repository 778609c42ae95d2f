//! Features, options, the hash table, threads and the debug log.

use super::*;

impl Session {
    pub(super) fn features(&mut self) {
        let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.cecp_id()).collect();
        // First, so that the GUI waits while the table is allocated.
        self.out.line("feature done=0");
        self.allocate_hash();
        self.out.line(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 name=0 nps=0 debug=1 memory=1 smp=1 exclude=1 highlight=1 \
             myname=\"Curio {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        // Never lock the engine here: a running analysis holds it.
        let (hash, threads) = (self.searcher.hash_mib(), self.searcher.threads());
        self.out.line(&format!(
            "feature option=\"Hash -spin {hash} 1 {}\"",
            engine::tt::max_hash_mib()
        ));
        self.out.line(&format!(
            "feature option=\"Threads -spin {threads} 1 {MAX_THREADS}\""
        ));
        self.out.line(&format!(
            "feature option=\"MultiPV -spin {} 1 64\"",
            self.multipv
        ));
        self.out.line(&format!(
            "feature option=\"Contempt -spin {} -500 500\"",
            self.contempt_in_play()
        ));
        self.out.line(&format!(
            "feature option=\"Resign -check {}\"",
            self.resign as u8
        ));
        self.out.line(&format!(
            "feature option=\"Rank base -spin {} 0 1\"",
            self.map.rank_base
        ));
        self.out.line(&format!(
            "feature option=\"XBoard board -check {}\"",
            self.map.xboard_board as u8
        ));
        self.out.line(&format!(
            "feature option=\"Denial -check {}\"",
            self.denial() as u8
        ));
        // As Stockfish and Fairy-Stockfish name it; `-file` so that XBoard
        // offers a file chooser.
        self.out.line(&format!(
            "feature option=\"Debug Log File -file {}\"",
            self.out.log_path().unwrap_or_default()
        ));
        self.out.line("feature done=1");
        self.note_thread_cap();
    }

    /// Allocates the table `--hash` asked for, if that is still to do. A
    /// size the allocator refuses now leaves the smallest table, and says
    /// so (the size itself was checked before the session started).
    pub(super) fn allocate_hash(&mut self) {
        if let Err((mib, e)) = self.searcher.allocate_pending_hash() {
            self.error(
                &format!(
                    "hash too large: {mib} MiB could not be allocated now, at most {} MiB; using 1 MiB",
                    e.max()
                ),
                &format!("--hash {mib}"),
            );
        }
    }

    /// Dysnomia: whether a player may deny now (see `denial_option`).
    pub(super) fn denial(&self) -> bool {
        self.denial_option.unwrap_or(!self.opponent_program)
    }

    /// The option `Denial` or `computer` changed who may deny: the current
    /// position follows at once (a search on it starts again).
    pub(super) fn apply_denial_setting(&mut self) {
        if self.current().variant().card().denial.is_none() {
            return;
        }
        let mode = self.running.map(|(_, m)| m);
        if mode.is_some() {
            self.abort_search();
        }
        let settled = self.settle(self.current().clone());
        *self.game.current_mut() = settled;
        match mode {
            Some(Mode::Think) => self.think(),
            Some(Mode::Analyze) => self.analyze(),
            None => {}
        }
    }

    /// `memory` and option `Hash`. A size beyond the machine is refused
    /// before anything changes (a running search goes on); one the
    /// allocator refuses leaves the old table (see
    /// [`Engine::try_set_hash`]). Either way: `Error (hash too large: ...)`.
    pub(super) fn set_hash(&mut self, mib: usize, line: &str) {
        if let Err(e) = engine::tt::check_hash_mib(mib) {
            self.error(&format!("hash too large: at most {} MiB", e.max()), line);
            return;
        }
        self.abort_search();
        // This size replaces the one of the command line.
        match self.searcher.set_hash(mib) {
            Ok(()) => {}
            Err(e) => self.error(
                &format!(
                    "hash too large: {mib} MiB could not be allocated now, at most {} MiB",
                    e.max()
                ),
                line,
            ),
        }
        self.after_position_change();
    }

    pub(super) fn set_threads(&mut self, n: usize) {
        self.abort_search();
        self.searcher.set_threads(n);
        self.note_thread_cap();
        self.after_position_change();
    }

    /// Says in XBoard's debug log (`#` lines, feature debug=1) when fewer
    /// threads run than were asked for, so a tester sees why. It does not
    /// lock the engine, which a running analysis holds.
    pub(super) fn note_thread_cap(&self) {
        let threads = self.searcher.threads();
        let running = engine::threads_that_run_here(threads);
        if running < threads {
            self.out.line(&format!(
                "# {threads} threads asked for: running {running}, one per core of this machine"
            ));
        }
    }

    pub(super) fn level(&mut self, arg: &str, line: &str) {
        match parse_level(arg) {
            Ok((mps, base, inc)) => self.clock.set_time_control(TimeControl { mps, base, inc }),
            Err(why) => self.error(&why, line),
        }
    }

    pub(super) fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (arg.trim(), ""),
        };
        let num = value.parse::<usize>().ok();
        match (name, num) {
            ("Debug Log File", _) => self.set_debug_log(value, line),
            ("Hash", _) => match parse_count(value) {
                Some(mb) if mb >= 1 => self.set_hash(mb, line),
                _ => self.error("bad option", line),
            },
            ("Threads", Some(n)) if (1..=MAX_THREADS).contains(&n) => self.set_threads(n),
            ("Threads", _) => {
                self.error(&format!("bad option: Threads is 1 to {MAX_THREADS}"), line)
            }
            ("MultiPV", Some(n)) if (1..=64).contains(&n) => {
                self.multipv = n;
                self.after_position_change();
            }
            ("Resign", Some(v)) if v <= 1 => self.resign = v == 1,
            ("Contempt", _) => match value.parse::<i32>() {
                Ok(c) if (-500..=500).contains(&c) => self.contempt = Some(c),
                _ => self.error("bad option", line),
            },
            ("Rank base", Some(v)) if v <= 1 => self.map.rank_base = v as u32,
            ("Denial", Some(v)) if v <= 1 => {
                self.denial_option = Some(v == 1);
                self.apply_denial_setting();
            }
            ("XBoard board", Some(v)) if v <= 1 => {
                // At once: the game's moves travel in the new form from
                // now on, a running search's move included.
                self.map.xboard_board = v == 1;
                let map = self.map;
                for (pos, note) in self.game.notes_mut() {
                    note.xb = map.board_model(pos);
                }
            }
            _ => self.error("bad option", line),
        }
        self.note_settings();
    }

    /// Option `Debug Log File`: a path starts logging there (appended
    /// to), an empty value stops it. A path that cannot be written is
    /// refused and the log goes on as it was.
    pub(super) fn set_debug_log(&mut self, path: &str, line: &str) {
        if path.is_empty() {
            self.out.close_log();
            return;
        }
        match self.out.open_log(path) {
            Ok(()) => self.out.note(&format!("opened by: {line}")),
            Err(e) => self.error(&format!("cannot write the debug log file: {e}"), line),
        }
    }

    /// Notes the settings in force, for the debug log (after every
    /// `option`, `memory` or `cores`, and when a log opens).
    pub(crate) fn note_settings(&self) {
        self.out.note(&format!(
            "settings: Hash {} MiB, Threads {} ({} run), MultiPV {}, Contempt {}, Resign {}, \
             Rank base {}, XBoard board {}, Denial {}, Debug Log File {}",
            self.searcher.hash_mib(),
            self.searcher.threads(),
            engine::threads_that_run_here(self.searcher.threads()),
            self.multipv,
            self.contempt_in_play(),
            self.resign as u8,
            self.map.rank_base,
            self.map.xboard_board as u8,
            self.denial() as u8,
            self.out.log_path().unwrap_or_default()
        ));
    }

    pub(super) fn exclude_cmd(&mut self, exclude: bool, arg: &str, line: &str) {
        if arg == "all" {
            self.exclude = if exclude {
                self.current().legal_move_strings()
            } else {
                Vec::new()
            };
        } else {
            let ours = match self.read_move(arg).map(|(m, _)| m) {
                Ok(m) if self.current().legal_move_strings().contains(&m) => m,
                _ => {
                    self.out.line(&format!("Illegal move: {arg}"));
                    return;
                }
            };
            self.exclude.retain(|m| *m != ours);
            if exclude {
                self.exclude.push(ours);
            }
        }
        let _ = line;
        if self.analyzing {
            self.analyze();
        }
    }

    /// `level`, `st`, `sd`, `time`, `otim`: the engine's clock.
    pub(super) fn clock_command(&mut self, cmd: &str, arg: &str, line: &str) {
        match cmd {
            "level" => self.level(arg, line),
            "st" => match parse_seconds(arg) {
                Ok(d) if d > Duration::ZERO => self.clock.movetime = Some(d),
                Ok(_) => self.error(UNREADABLE, line),
                Err(why) => self.error(&why, line),
            },
            // Deeper than the search goes counts as its deepest.
            "sd" => match parse_count(arg) {
                Some(d) if d >= 1 => {
                    self.clock.depth = Some(d.min(engine::MAX_DEPTH as usize) as u32)
                }
                _ => self.error("bad argument", line),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.clock.time_left = Some(Duration::from_millis(cs.saturating_mul(10))),
                Err(_) => self.error("bad argument", line),
            },
            "otim" => {
                if arg.parse::<u64>().is_err() {
                    self.error("bad argument", line);
                }
            }
            _ => self.error("unknown command", line),
        }
    }
}
