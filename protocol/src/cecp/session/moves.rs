//! Moves in and out: XBoard's forms read and written, the game record
//! kept, a person's null move relayed as a denial.

use super::*;

impl Session {
    pub(super) fn reset(&mut self, pos: AnyPosition) {
        let pos = self.settle(pos);
        let xb = self.map.board_model(&pos);
        self.game.reset(
            pos,
            Wire {
                text: String::new(),
                xb,
            },
        );
        self.game_over = false;
        self.exclude.clear();
    }

    pub(super) fn user_move(&mut self, text: &str, line: &str) {
        if text.is_empty() {
            self.error("missing move", line);
            return;
        }
        if self.game_over {
            self.out
                .line(&format!("Illegal move (the game is over): {text}"));
            return;
        }
        let (ours, xb_after) = match self.read_move(text) {
            Ok(m) => m,
            Err(why) => {
                self.out.line(&format!("Illegal move ({why}): {text}"));
                return;
            }
        };
        // A move while we think on our own move is not the opponent's to
        // make: refused, and the search goes on to its move (abandoning it
        // would leave the GUI waiting for a move that never comes).
        if self.running_is(Mode::Think) {
            self.error("not your turn: the engine is thinking on its move", line);
            return;
        }
        // Read once: from here on the move is typed.
        let mv = match self.current().parse_move(&ours) {
            Ok(mv) => mv,
            Err(e) => {
                self.out
                    .line(&format!("Illegal move ({}): {text}", e.reason()));
                return;
            }
        };
        let mut next = self.current().clone();
        if let Err(e) = next.make_move(&mv) {
            self.out
                .line(&format!("Illegal move ({}): {text}", e.reason()));
            return;
        }
        let next = self.settle(next);
        self.game.push(
            mv,
            next,
            Wire {
                text: text.to_string(),
                xb: xb_after,
            },
        );
        self.exclude.clear();
        if self.announce_if_over() {
            if self.analyzing {
                self.abort_search();
            }
            return;
        }
        if self.analyzing {
            self.analyze();
        } else if self.engine_side == Some(self.current().side_to_move()) {
            self.think();
        }
    }

    /// XBoard's text -> our move, and XBoard's board after it.
    pub(super) fn read_move(&self, text: &str) -> Result<(String, Option<XbModel>), String> {
        match self.xb() {
            // A denial in our notation (from a program that knows the
            // game): XBoard's board goes back to before the denied move.
            Some(xb)
                if xb.denials_by_refusal()
                    && self.current().parse_move(text).is_ok_and(|m| m.is_denial()) =>
            {
                Ok((text.to_string(), self.xb_before()))
            }
            Some(xb) => xb
                .read_move(self.current(), text)
                .map(|(m, b)| (m, Some(b))),
            None => self.map.move_in(text).map(|m| (m, None)),
        }
    }

    /// Our (legal) move -> XBoard's text, and XBoard's board after it.
    pub(super) fn write_move(&self, ours: &str) -> (String, Option<XbModel>) {
        if let Some((text, b)) = self.xb().and_then(|xb| xb.write_move(self.current(), ours)) {
            return (text, Some(b));
        }
        (self.map.move_out(ours), None)
    }

    /// A game with denials (Dysnomia) with option `Denial` off: the
    /// position without the move that led to it (our FEN keeps everything
    /// else), so no denial is legal in it.
    pub(super) fn settle(&self, pos: AnyPosition) -> AnyPosition {
        let v = pos.variant();
        if self.denial() || v.card().denial.is_none() {
            return pos;
        }
        AnyPosition::from_fen(v, &pos.fen()).unwrap_or(pos)
    }

    /// A person's null move in XBoard, which XBoard relays as `setboard`
    /// with the position after the pass: XBoard's board as we model it,
    /// the other side to move. In Dysnomia that is a denial of the last
    /// move; the denied side moves again (there is no `go`).
    pub(super) fn relayed_denial(&mut self, fen: &str) -> bool {
        let Some(xb) = self.xb().filter(|xb| xb.denials_by_refusal()) else {
            return false;
        };
        let Some(denial_text) = self.map.variant.card().denial else {
            return false;
        };
        let f: Vec<&str> = fen.split_whitespace().collect();
        let side = self.current().side_to_move();
        let passed = match side {
            Color::White => "b",
            Color::Black => "w",
        };
        let same_board =
            f.first().map(|b| b.split('[').next().unwrap_or(b)) == Some(xb.board_field().as_str());
        if !same_board || f.get(1) != Some(&passed) || self.game.plies() < 1 {
            return false;
        }
        let Some(denial) = self
            .current()
            .legal_moves()
            .into_iter()
            .find(|m| m.is_denial())
        else {
            // No denial now: refusing the null move makes XBoard take it
            // back, and the person moves.
            self.out.line(&format!(
                "Illegal move (no denial: the right is not yours, or the last move cannot be denied): {denial_text}"
            ));
            return true;
        };
        self.abort_search();
        let mut next = self.current().clone();
        if next.make_move(&denial).is_err() {
            return false;
        }
        // XBoard keeps the denied move on its board.
        let xb = self.xb().cloned();
        let text = self.current().move_text(&denial);
        self.game.push(denial, next, Wire { text, xb });
        self.exclude.clear();
        if self.announce_if_over() {
            return true;
        }
        if self.analyzing {
            self.analyze();
        } else if self.engine_side == Some(self.current().side_to_move()) {
            self.think();
        }
        true
    }

    /// `new`, `variant`, `setboard`, `undo`, `remove`: the game starts
    /// again, or goes back.
    pub(super) fn position_command(&mut self, cmd: &str, arg: &str, line: &str) {
        match cmd {
            "new" => {
                self.abort_search();
                // `computer` is said of each game anew.
                self.opponent_program = false;
                // CECP: `new` is orthodox chess; XBoard sends `variant`
                // after it for every other game.
                self.map = BoardMap {
                    variant: Variant::Chess,
                    ..self.map
                };
                self.reset(AnyPosition::start(Variant::Chess));
                self.engine_side = Some(Color::Black);
                self.clock.depth = None;
                self.clock.movetime = None;
                self.hopeless_moves = 0;
                self.searcher.new_game();
                self.after_position_change();
            }
            "variant" => match arg.parse::<Variant>() {
                Ok(v) => {
                    self.abort_search();
                    self.map = BoardMap {
                        variant: v,
                        ..self.map
                    };
                    self.reset(AnyPosition::start(v));
                    if let Some(setup) = self.map.setup_line() {
                        self.out.line(&setup);
                    }
                    for p in self.map.piece_lines() {
                        self.out.line(&p);
                    }
                    self.after_position_change();
                }
                Err(_) => self.error("unsupported variant", line),
            },
            "setboard" if self.relayed_denial(arg) => {}
            "setboard" => match self.map.fen_in(arg) {
                Ok(p) => {
                    let p = self.settle(p);
                    self.abort_search();
                    self.reset(p);
                    self.after_position_change();
                    // XBoard relays a null move as `setboard` and sends no
                    // `go`: an engine left on move moves by itself.
                    let relayed = self.xb().is_some_and(|xb| xb.denials_by_refusal());
                    if relayed
                        && !self.analyzing
                        && self.engine_side == Some(self.current().side_to_move())
                    {
                        self.think();
                    }
                }
                Err(e) => self.error(&format!("illegal position: {e}"), line),
            },
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.game.plies() < n {
                    self.error("nothing to take back", line);
                } else {
                    self.abort_search();
                    self.game.undo(n);
                    self.game_over = false;
                    self.exclude.clear();
                    self.after_position_change();
                }
            }
            _ => self.error("unknown command", line),
        }
    }

    /// `lift`: the squares the lifted piece may go to (XBoard's
    /// `highlight`), or the second leg of a two-leg turn.
    pub(super) fn lift(&mut self, arg: &str, line: &str) {
        let waypoint = self.waypoint.take();
        let highlight = match self.xb() {
            Some(xb) => {
                let second = waypoint
                    .filter(|(_, kill)| kill == arg)
                    .and_then(|(from, kill)| xb.second_leg_highlight(self.current(), &from, &kill));
                match second {
                    Some(h) => h,
                    None => {
                        let h = xb.highlight(self.current(), arg);
                        self.lifted = Some(arg.to_string());
                        h
                    }
                }
            }
            None => self.map.highlight(self.current(), arg),
        };
        match highlight {
            Some(h) => self.out.line(&format!("highlight {h}")),
            None => self.error("bad square", line),
        }
    }
}
