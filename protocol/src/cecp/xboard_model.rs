//! XBoard 4.9's own board, as both of our XBoard-facing games see it.
//!
//! XBoard (with `-testLegality false`) keeps a board of one glyph per
//! square and changes it with its `ApplyMove`, whatever the engine's game
//! really does. Strange Chess (`xboard_sc`, 12x12) and Dysnomia
//! (`xboard_dy`, 8x8) both keep a copy of that board so the texts they
//! send make XBoard's board follow theirs. What is XBoard's and not a
//! game's lives here, parameterised by the board's size (`FILES` files,
//! `SQUARES` squares, a1 = 0 rank by rank):
//!
//! * [`Grid`]: square names, and a picture as a FEN board field.
//! * [`Wire`]: a move as XBoard writes, reads and relays it.
//! * [`XbBoard`]: the board, changed exactly as XBoard 4.9.1's `ApplyMove`
//!   changes it (kill legs, castling by a King moving two files, the
//!   Pawn's e.p. and promotion rules, suffixes that replace the arriving
//!   glyph, drops); the few branches only one game can meet are switched
//!   by [`Rules`].
//! * The wire table's machinery: the forms XBoard understands for a turn
//!   ranked by how close they bring its board to the game's picture
//!   (`natural_forms`), handed out best first with codes for the rest
//!   (`assign`), and the table read backwards (`read_move`).
//!
//! Each game keeps its own knowledge: its picture, glyph and piece tables,
//! inscriptions, which squares a turn starts and ends on, and how a
//! person's XBoard writes the turns no form names.

/// A board of `FILES` files and `SQUARES / FILES` ranks.
pub struct Grid<const FILES: usize, const SQUARES: usize>;

impl<const FILES: usize, const SQUARES: usize> Grid<FILES, SQUARES> {
    pub const RANKS: usize = SQUARES / FILES;

    pub fn file(sq: usize) -> usize {
        sq % FILES
    }

    pub fn rank(sq: usize) -> usize {
        sq / FILES
    }

    pub fn square_name(sq: usize) -> String {
        format!(
            "{}{}",
            (b'a' + Self::file(sq) as u8) as char,
            Self::rank(sq) + 1
        )
    }

    /// `e4` -> its index (a1 = 0, rank by rank); None if not a square of
    /// this board (ranks written without leading zeros, as XBoard does).
    pub fn parse_square(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 || !(b'a'..b'a' + FILES as u8).contains(&b[0]) {
            return None;
        }
        let digits = &s[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let r: usize = digits.parse().ok()?;
        (1..=Self::RANKS)
            .contains(&r)
            .then(|| (r - 1) * FILES + (b[0] - b'a') as usize)
    }

    /// The two squares a move's text starts with (`e2e4`, `f10f9w`), and
    /// the text after them; None if it does not start with two squares.
    pub fn two_squares(s: &str) -> Option<(usize, usize, &str)> {
        let b = s.as_bytes();
        if b.len() < 4 {
            return None;
        }
        let mut i = 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let a = Self::parse_square(s.get(..i)?)?;
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let c = Self::parse_square(s.get(i..j)?)?;
        Some((a, c, s.get(j..)?))
    }

    /// A picture (a glyph or 0 per square) as a FEN board field, top rank
    /// first.
    pub fn board_field(pic: &[u8; SQUARES]) -> String {
        let mut rows = Vec::new();
        for r in (0..Self::RANKS).rev() {
            let mut row = String::new();
            let mut run = 0;
            for f in 0..FILES {
                let g = pic[r * FILES + f];
                if g == 0 {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(g as char);
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

/// XBoard's hole (a square no piece may enter), as its FEN writes it.
pub const HOLE: u8 = b'*';

pub fn is_white(g: u8) -> bool {
    g.is_ascii_uppercase()
}

pub fn is_piece(g: u8) -> bool {
    g.is_ascii_alphabetic()
}

/// One move as XBoard writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wire<const FILES: usize, const SQUARES: usize> {
    /// `from to[promo]` or, with a kill leg, `from kill,kill to[promo]`.
    Move {
        from: usize,
        to: usize,
        kill: Option<usize>,
        promo: Option<u8>,
    },
    /// `L@to`: a glyph (upper case letter) put on an empty square.
    Drop { glyph: u8, to: usize },
}

impl<const FILES: usize, const SQUARES: usize> Wire<FILES, SQUARES> {
    /// A code that leaves XBoard's board as it is: the glyph on `from` out
    /// and back through the empty square `through`.
    pub fn out_and_back(from: usize, through: usize) -> Self {
        Wire::Move {
            from,
            to: from,
            kill: Some(through),
            promo: None,
        }
    }

    pub fn text(&self) -> String {
        let name = Grid::<FILES, SQUARES>::square_name;
        match *self {
            Wire::Move {
                from,
                to,
                kill,
                promo,
            } => {
                let mut s = name(from);
                if let Some(k) = kill {
                    s.push_str(&name(k));
                    s.push(',');
                    s.push_str(&name(k));
                }
                s.push_str(&name(to));
                if let Some(p) = promo {
                    s.push(p.to_ascii_lowercase() as char);
                }
                s
            }
            Wire::Drop { glyph, to } => {
                format!("{}@{}", glyph.to_ascii_uppercase() as char, name(to))
            }
        }
    }

    /// The text XBoard sends the other engine for this move, made on `xb`
    /// (XBoard's board before it). XBoard takes a kill leg through a
    /// square of the mover's colour as a castling and writes it `from
    /// to,kill beside`, `beside` the file next to `to`, and drops the
    /// suffix; an empty square counts as black there (XBoard 4.9.1
    /// `SendMoveToProgram`; a CI game was lost on `f10f9,f9f10w` relayed
    /// as `f10f10,f9e10`).
    pub fn relayed(&self, xb: &XbBoard<FILES, SQUARES>) -> String {
        let (file, name) = (
            Grid::<FILES, SQUARES>::file,
            Grid::<FILES, SQUARES>::square_name,
        );
        if let Wire::Move {
            from,
            to,
            kill: Some(k),
            ..
        } = *self
        {
            let black = |g: u8| !(is_piece(g) && is_white(g));
            if black(xb.cells[k]) == black(xb.cells[from]) {
                let beside = if file(from) > file(k) {
                    file(to) as i32 + 1
                } else {
                    file(to) as i32 - 1
                };
                return format!(
                    "{}{},{}{}{}",
                    name(from),
                    name(to),
                    name(k),
                    (b'a' as i32 + beside) as u8 as char,
                    Grid::<FILES, SQUARES>::rank(to) + 1
                );
            }
        }
        self.text()
    }

    /// Reads XBoard's text; None if it is not a move XBoard would send.
    pub fn parse(text: &str) -> Option<Self> {
        let parse_square = Grid::<FILES, SQUARES>::parse_square;
        // Longer than any move on a board up to 26 files and 99 ranks.
        if !text.is_ascii() || text.len() > 24 {
            return None;
        }
        if let Some((l, to)) = text.split_once('@') {
            let g = l.as_bytes();
            if g.len() != 1 || !g[0].is_ascii_alphabetic() {
                return None;
            }
            return Some(Wire::Drop {
                glyph: g[0].to_ascii_uppercase(),
                to: parse_square(to)?,
            });
        }
        let (first, second) = match text.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let squares = |s: &str| -> Option<(usize, usize, Option<u8>)> {
            let (a, c, rest) = Grid::<FILES, SQUARES>::two_squares(s)?;
            let promo = match rest.as_bytes() {
                [] => None,
                [p] if p.is_ascii_lowercase() => Some(*p),
                _ => return None,
            };
            Some((a, c, promo))
        };
        match second {
            None => {
                let (from, to, promo) = squares(first)?;
                Some(Wire::Move {
                    from,
                    to,
                    kill: None,
                    promo,
                })
            }
            Some(second) => {
                let (from, k1, p1) = squares(first)?;
                let (k2, to, promo) = squares(second)?;
                (p1.is_none() && k1 == k2).then_some(Wire::Move {
                    from,
                    to,
                    kill: Some(k1),
                    promo,
                })
            }
        }
    }
}

/// The branches of XBoard's rules that only one of our games meets or
/// wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// A King moved onto its own Rook (or the Rook onto its King) is
    /// XBoard's FRC castling. Dysnomia's model follows it; Strange Chess's
    /// model never did (no form of its puts a King on its own Rook).
    pub king_onto_rook_castles: bool,
    /// Whether a Pawn drop on the first or last rank is offered. Dysnomia
    /// never offers one: XBoard's drop rules may refuse it.
    pub pawn_drops_on_end_ranks: bool,
}

/// XBoard's board for one game, as its `ApplyMove` keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XbBoard<const FILES: usize, const SQUARES: usize> {
    pub cells: [u8; SQUARES],
    /// The file and rank code of XBoard's e.p. state after a pawn's
    /// multi-step (XBoard's `EP_FILE` and `EP_RANK`; 100 for none).
    ep_file: i32,
    ep_rank: i32,
    rules: Rules,
}

impl<const FILES: usize, const SQUARES: usize> XbBoard<FILES, SQUARES> {
    /// XBoard's board right after it was given a position showing `cells`.
    pub fn new(cells: [u8; SQUARES], rules: Rules) -> Self {
        XbBoard {
            cells,
            ep_file: 100,
            ep_rank: 100,
            rules,
        }
    }

    /// Whether XBoard takes `w` as a move of the side to move: a drop on
    /// an empty square, a move from a glyph of the mover's colour.
    pub fn accepts(&self, w: &Wire<FILES, SQUARES>, white_to_move: bool) -> bool {
        let rank = Grid::<FILES, SQUARES>::rank;
        let top = Grid::<FILES, SQUARES>::RANKS - 1;
        match *w {
            Wire::Drop { glyph, to } => {
                self.cells[to] == 0
                    && (self.rules.pawn_drops_on_end_ranks
                        || !(glyph == b'P' && (rank(to) == 0 || rank(to) == top)))
            }
            Wire::Move { from, to, kill, .. } => {
                let g = self.cells[from];
                (from != to || kill.is_some()) && is_piece(g) && is_white(g) == white_to_move
            }
        }
    }

    /// Changes the board as XBoard 4.9.1's `ApplyMove` does (the branches
    /// that can fire on our boards with legality testing off: drops, kill
    /// legs, FRC castling if [`Rules`] says so, castling by a King that
    /// moves two or more files, the Pawn's promotion and e.p. rules, and
    /// the suffix that replaces the arriving glyph).
    pub fn apply(&mut self, w: &Wire<FILES, SQUARES>, white_to_move: bool) {
        // Every move clears XBoard's e.p. state; a Pawn's e.p. capture
        // reads the state the move before left.
        let last_ep = (self.ep_file, self.ep_rank);
        self.ep_file = 100;
        self.ep_rank = 100;
        let (from, to, kill, promo) = match *w {
            Wire::Drop { glyph, to } => {
                self.cells[to] = if white_to_move {
                    glyph.to_ascii_uppercase()
                } else {
                    glyph.to_ascii_lowercase()
                };
                return;
            }
            Wire::Move {
                from,
                to,
                kill,
                promo,
            } => (from, to, kill, promo),
        };
        if let Some(k) = kill {
            self.cells[k] = 0;
        }
        let piece = self.cells[from];
        self.note_multi_step(piece, from, to);
        if from == to && kill.is_none() {
            return;
        }
        // XBoard's branches in its order: the first that fires moves the
        // glyphs; none fires for a plain move.
        let special = self.frc_castling(piece, from, to)
            || self.king_castling(piece, from, to)
            || self.pawn_rules(piece, from, to, promo, last_ep);
        if !special {
            self.cells[from] = 0;
            self.cells[to] = piece;
        }
        if let Some(p) = promo {
            self.cells[to] = if is_white(piece) {
                p.to_ascii_uppercase()
            } else {
                p.to_ascii_lowercase()
            };
        }
    }

    /// The from-square's and to-square's file and rank, as XBoard's
    /// signed coordinates.
    fn coords(from: usize, to: usize) -> (i32, i32, i32, i32) {
        let (file, rank) = (Grid::<FILES, SQUARES>::file, Grid::<FILES, SQUARES>::rank);
        (
            file(from) as i32,
            rank(from) as i32,
            file(to) as i32,
            rank(to) as i32,
        )
    }

    /// The square at signed file `x`, rank `y`.
    fn at(x: i32, y: i32) -> usize {
        (y as usize) * FILES + x as usize
    }

    /// After a Pawn's step of two or more ranks, XBoard's e.p. state: the
    /// file between, the rank behind the Pawn (flagged 128 when the step
    /// was longer than two).
    fn note_multi_step(&mut self, piece: u8, from: usize, to: usize) {
        let (fx, fy, tx, ty) = Self::coords(from, to);
        if piece == b'P' && ty - fy >= 2 {
            self.ep_file = (fx + tx) / 2;
            self.ep_rank = (ty - 1) | if ty - fy > 2 { 128 } else { 0 };
        } else if piece == b'p' && ty - fy <= -2 {
            self.ep_file = (fx + tx) / 2;
            self.ep_rank = (ty + 1) | if fy - ty > 2 { 128 } else { 0 };
        }
    }

    /// A King onto its own Rook (or back), if [`Rules`] has it: XBoard's
    /// FRC castling. Whether it fired.
    fn frc_castling(&mut self, piece: u8, from: usize, to: usize) -> bool {
        let target = self.cells[to];
        let frc = |p: u8, t: u8, k: u8, r: u8| (p == k && t == r) || (p == r && t == k);
        if !(self.rules.king_onto_rook_castles
            && (frc(piece, target, b'K', b'R') || frc(piece, target, b'k', b'r')))
        {
            return false;
        }
        let (fx, _, tx, _) = Self::coords(from, to);
        let last = FILES as i32 - 1;
        let ranks = Grid::<FILES, SQUARES>::RANKS as i32;
        let (k, r, y) = if is_white(piece) {
            (b'K', b'R', 0)
        } else {
            (b'k', b'r', ranks - 1)
        };
        self.cells[from] = 0;
        self.cells[to] = 0;
        let rook_moves = piece == r;
        if (tx > fx) != rook_moves {
            self.cells[Self::at(last - 1, y)] = k;
            self.cells[Self::at(last - 2, y)] = r;
        } else {
            self.cells[Self::at(2, y)] = k;
            self.cells[Self::at(3, y)] = r;
        }
        true
    }

    /// A King (not on an edge file) moving two or more files along its
    /// rank castles with the first glyph from it outwards (or the edge
    /// square), which lands beside the King's target on the side it came
    /// from. Whether it fired.
    fn king_castling(&mut self, piece: u8, from: usize, to: usize) -> bool {
        let (fx, fy, tx, ty) = Self::coords(from, to);
        let last = FILES as i32 - 1;
        let king = piece == b'K' || piece == b'k';
        if !(king && fx != 0 && fx != last && ty == fy && (tx > fx + 1 || tx < fx - 1)) {
            return false;
        }
        // XBoard looks for the Rook from the King outwards, up to the edge.
        let (step, edge) = if tx > fx { (1, last) } else { (-1, 0) };
        let mut rx = fx + step;
        while self.cells[Self::at(rx, fy)] == 0 && rx != edge {
            rx += step;
        }
        self.cells[Self::at(tx - step, fy)] = self.cells[Self::at(rx, fy)];
        self.cells[Self::at(rx, fy)] = 0;
        self.cells[from] = 0;
        self.cells[to] = piece;
        true
    }

    /// The Pawn's rules, White's then Black's: promotion on the last rank
    /// when the move carries a suffix, and the e.p. capture (a sideways
    /// move onto an empty square in the far half, on the e.p. file or
    /// more than four files away) that clears the square behind. Whether
    /// one fired.
    fn pawn_rules(
        &mut self,
        piece: u8,
        from: usize,
        to: usize,
        promo: Option<u8>,
        (ep_file, ep_rank): (i32, i32),
    ) -> bool {
        let (fx, fy, tx, ty) = Self::coords(from, to);
        let ranks = Grid::<FILES, SQUARES>::RANKS as i32;
        let target = self.cells[to];
        let ep = |far_half: bool| {
            far_half && (ep_file == tx || (tx - fx).abs() > 4) && tx != fx && target == 0
        };
        if piece == b'P' && ty >= ranks - 1 && promo.is_some() {
            self.cells[to] = promo.unwrap_or(b'q').to_ascii_uppercase();
            self.cells[from] = 0;
        } else if piece == b'P' && ep(fy >= ranks / 2) {
            let behind = if ty == ep_rank - 128 + 1 {
                ty - 2
            } else {
                ty - 1
            };
            self.capture_behind(piece, from, to, behind);
        } else if piece == b'p' && ty < 1 && promo.is_some() {
            self.cells[to] = promo.unwrap_or(b'q').to_ascii_lowercase();
            self.cells[from] = 0;
        } else if piece == b'p' && ep(fy < ranks / 2) {
            let behind = if ty == ep_rank - 128 - 1 {
                ty + 2
            } else {
                ty + 1
            };
            self.capture_behind(piece, from, to, behind);
        } else {
            return false;
        }
        true
    }

    /// A Pawn's e.p. capture: it moves, and the square on rank `behind`
    /// of its target's file (if on the board) is emptied.
    fn capture_behind(&mut self, piece: u8, from: usize, to: usize, behind: i32) {
        let ranks = Grid::<FILES, SQUARES>::RANKS as i32;
        self.cells[from] = 0;
        self.cells[to] = piece;
        if (0..ranks).contains(&behind) {
            self.cells[Self::at(Grid::<FILES, SQUARES>::file(to) as i32, behind)] = 0;
        }
    }

    /// How far the board is from `pic`: a piece missing (or of the wrong
    /// colour) costs most, since XBoard then refuses that piece's moves; a
    /// wrong glyph or one too many costs one. Holes are not compared
    /// (XBoard cannot make them during a game).
    pub(crate) fn distance(&self, pic: &[u8; SQUARES]) -> u32 {
        let mut d = 0;
        for (&have, &want) in self.cells.iter().zip(pic.iter()) {
            let (have, want) = (
                if have == HOLE { 0 } else { have },
                if want == HOLE { 0 } else { want },
            );
            if have == want {
                continue;
            }
            d += if want != 0 && (have == 0 || is_white(have) != is_white(want)) {
                4
            } else {
                1
            };
        }
        d
    }

    /// The squares holding a glyph of the mover's colour (where a code
    /// can start), a1 first.
    pub(crate) fn own_squares(&self, white: bool) -> Vec<usize> {
        (0..SQUARES)
            .filter(|&s| is_piece(self.cells[s]) && is_white(self.cells[s]) == white)
            .collect()
    }

    /// The empty squares (where a code can pass through), a1 first.
    pub(crate) fn empty_squares(&self) -> Vec<usize> {
        (0..SQUARES).filter(|&s| self.cells[s] == 0).collect()
    }
}

/// One form XBoard understands for a turn: its score (lower is closer to
/// the picture), the text, and XBoard's board after it.
pub(crate) type Form<const FILES: usize, const SQUARES: usize> =
    (u32, Wire<FILES, SQUARES>, XbBoard<FILES, SQUARES>);

/// A row of a wire table: our turn, its text, XBoard's board after it.
pub(crate) type Row<const FILES: usize, const SQUARES: usize> =
    (String, Wire<FILES, SQUARES>, XbBoard<FILES, SQUARES>);

/// The forms XBoard understands for a turn from `from` to `to` that
/// leaves the game showing `after`, scored by how close XBoard's board
/// comes to `after` (lower is better), best first: `from to`, with a
/// suffix setting the arriving glyph, with a kill leg through each square
/// XBoard would still show occupied, a drop of the arriving glyph. `legs`:
/// the turn's own middle squares, if the game has them (kill legs through
/// them are tried too and, on equal boards, come first: that is what a
/// person's XBoard sends).
pub(crate) fn natural_forms<const FILES: usize, const SQUARES: usize>(
    xb: &XbBoard<FILES, SQUARES>,
    after: &[u8; SQUARES],
    (from, to): (usize, usize),
    legs: Option<&[usize]>,
    white: bool,
) -> Vec<Form<FILES, SQUARES>> {
    let (file, rank) = (Grid::<FILES, SQUARES>::file, Grid::<FILES, SQUARES>::rank);
    let mut out: Vec<Form<FILES, SQUARES>> = Vec::new();
    let consider = |w: Wire<FILES, SQUARES>, out: &mut Vec<Form<FILES, SQUARES>>| {
        if !xb.accepts(&w, white) || out.iter().any(|(_, o, _)| *o == w) {
            return;
        }
        let mut b = xb.clone();
        b.apply(&w, white);
        out.push((2 * b.distance(after), w, b));
    };
    let glyph = after[to];
    let own_glyph = is_piece(glyph) && is_white(glyph) == white;
    // XBoard's parser reads an `x` after the squares as a capture leg, not
    // a suffix (a Bacteria's glyph cannot be set that way).
    let suffixes: Vec<Option<u8>> = if own_glyph && !glyph.eq_ignore_ascii_case(&b'x') {
        vec![None, Some(glyph.to_ascii_lowercase())]
    } else {
        vec![None]
    };
    // Squares XBoard would still show occupied that should be empty.
    let mut plain = xb.clone();
    if from != to {
        plain.apply(
            &Wire::Move {
                from,
                to,
                kill: None,
                promo: None,
            },
            white,
        );
    }
    let ghosts: Vec<usize> = (0..SQUARES)
        .filter(|&s| s != from && s != to && is_piece(plain.cells[s]) && after[s] == 0)
        .collect();
    for &promo in &suffixes {
        if from != to {
            consider(
                Wire::Move {
                    from,
                    to,
                    kill: None,
                    promo,
                },
                &mut out,
            );
        }
        let mut kills: Vec<usize> = ghosts.clone();
        kills.extend(
            legs.unwrap_or_default()
                .iter()
                .copied()
                .filter(|&s| s != from && s != to),
        );
        if from == to && kills.is_empty() {
            // In place (a Wall turning on its anchor, a Bishop promotion):
            // out and back through the nearest empty square.
            kills.extend((0..SQUARES).filter(|&s| xb.cells[s] == 0).min_by_key(|&s| {
                (file(s) as i32 - file(from) as i32).abs()
                    + (rank(s) as i32 - rank(from) as i32).abs()
            }));
        }
        for k in kills {
            consider(
                Wire::Move {
                    from,
                    to,
                    kill: Some(k),
                    promo,
                },
                &mut out,
            );
        }
    }
    if own_glyph {
        consider(
            Wire::Drop {
                glyph: glyph.to_ascii_uppercase(),
                to,
            },
            &mut out,
        );
    }
    // A form that leaves XBoard's board no closer than doing nothing says
    // nothing a code would not; only forms that help are natural.
    let idle = 2 * xb.distance(after);
    out.retain(|(d, _, _)| *d < idle);
    // Equal boards: (with legs) a form whose kill is one of the turn's own
    // middle squares first, drops last; otherwise in the order tried.
    out.sort_by_key(|(d, w, _)| {
        let not_own_leg = match (w, legs) {
            (Wire::Move { kill: Some(k), .. }, Some(legs)) => !legs.contains(k),
            _ => false,
        };
        (*d, not_own_leg, matches!(w, Wire::Drop { .. }))
    });
    out
}

/// The wire table from each turn's forms (`options`, best first): forms
/// go out best first over all turns, so a turn keeps its natural form
/// unless another turn's is the same text and better (ties to the turn
/// listed first); a turn left without one takes the next of `codes` not
/// yet taken. A text is taken as sent and as XBoard relays it (the relayed
/// form drops a suffix, so two forms can meet there).
pub(crate) fn assign<const FILES: usize, const SQUARES: usize>(
    xb: &XbBoard<FILES, SQUARES>,
    white: bool,
    moves: Vec<String>,
    options: &[Vec<Form<FILES, SQUARES>>],
    mut codes: impl Iterator<Item = Wire<FILES, SQUARES>>,
) -> Vec<Row<FILES, SQUARES>> {
    let mut used: Vec<String> = Vec::new();
    let mut take = |w: &Wire<FILES, SQUARES>| {
        let (text, relayed) = (w.text(), w.relayed(xb));
        if used.contains(&text) || used.contains(&relayed) {
            return false;
        }
        used.push(text);
        used.push(relayed);
        true
    };
    let mut table: Vec<Option<(Wire<FILES, SQUARES>, XbBoard<FILES, SQUARES>)>> =
        vec![None; moves.len()];
    let mut ranked: Vec<(u32, usize, usize)> = Vec::new();
    for (m, forms) in options.iter().enumerate() {
        for (k, f) in forms.iter().enumerate() {
            ranked.push((f.0, m, k));
        }
    }
    ranked.sort();
    for (_, m, k) in ranked {
        if table[m].is_some() {
            continue;
        }
        let (_, w, after) = &options[m][k];
        if take(w) {
            table[m] = Some((w.clone(), after.clone()));
        }
    }
    for slot in table.iter_mut() {
        if slot.is_none() {
            for w in codes.by_ref() {
                if take(&w) {
                    let mut after = xb.clone();
                    after.apply(&w, white);
                    *slot = Some((w, after));
                    break;
                }
            }
        }
    }
    moves
        .into_iter()
        .zip(table)
        .filter_map(|(m, t)| t.map(|(w, b)| (m, w, b)))
        .collect()
}

/// Our turn for XBoard's text `wire` by `table`, and XBoard's board after
/// it. A text not in the table is read by `person` (the game's reading of
/// what a person's XBoard sends); XBoard's board then follows what XBoard
/// did with the text.
pub(crate) fn read_move<const FILES: usize, const SQUARES: usize>(
    xb: &XbBoard<FILES, SQUARES>,
    white: bool,
    table: &[Row<FILES, SQUARES>],
    wire: &str,
    person: impl FnOnce() -> Option<String>,
) -> Result<(String, XbBoard<FILES, SQUARES>), String> {
    if let Some((m, _, after)) = table
        .iter()
        .find(|(_, w, _)| w.text() == wire || w.relayed(xb) == wire)
    {
        return Ok((m.clone(), after.clone()));
    }
    let m = person().ok_or("not a legal move in this position")?;
    let mut after = xb.clone();
    if let Some(w) = Wire::parse(wire).filter(|w| xb.accepts(w, white)) {
        after.apply(&w, white);
    }
    Ok((m, after))
}

/// XBoard's text for our turn `mv` by `table`, and XBoard's board after it.
pub(crate) fn write_move<const FILES: usize, const SQUARES: usize>(
    table: Vec<Row<FILES, SQUARES>>,
    mv: &str,
) -> Option<(String, XbBoard<FILES, SQUARES>)> {
    table
        .into_iter()
        .find(|(m, _, _)| m == mv)
        .map(|(_, w, b)| (w.text(), b))
}

/// The highlight colour of a turn's last square in XBoard's `highlight`
/// board: `B` a promotion (a conversion on arrival), `R` a capture, `Y`
/// any other turn.
pub fn target_mark(d: &movegen::variant::MoveDetail) -> u8 {
    if d.promotion.is_some() {
        b'B'
    } else if d.capture {
        b'R'
    } else {
        b'Y'
    }
}
