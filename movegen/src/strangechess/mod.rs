//! Strange Chess (Mark Hedden), on a 12x12 frame whose cells can become
//! holes: Walls two cells long, half-size Halfers that besiege, square-moving
//! Magicians, tunnelling Diggers, custodian Stones and power-gathering
//! Bacteria. Binding rules: Part A of `shared/rules/strange-and-dysnomia.md`
//! with `shared/rules/README.md`; text forms: `notation-strangechess.md`.
//! The project's own account, with every interpretation, is
//! `docs/rules/strangechess.md`.
//!
//! # Board geometry
//!
//! Cell `rank * 12 + file` (a1 = 0, l1 = 11, a12 = 132, l12 = 143). The
//! frame never changes; which cells are squares does (spells), so the
//! square mask is a [`bitset::Set144`] inside the position, and every
//! movement rule asks it. Leapers jump holes, sliders and the Wall stop at
//! them, the Digger rides under pieces but not across holes.
//!
//! # State layers
//!
//! A mailbox of full occupants (a Wall on both cells), per-cell Halfer
//! counts per colour, Bacteria powers per cell (moving with the piece), a
//! siege list (cell, besieger, plies left), a tunnel list (owner, turns
//! left, cells, where its Digger stands), unmoved pawns, castling rights,
//! e.p. cells (every cell a multi-step passed), clocks. Occupancy sets per
//! colour, the frozen set (siege cells) and the Zobrist key of the board
//! layers are kept incrementally; the small rule state is hashed on demand.
//!
//! # Rulings that shape the code
//!
//! * A Halfer sharing the Wall's own cell blocks the other half from
//!   passing over that cell (R-A3.2): the lengthwise move goes one cell
//!   that way (landing beside the Halfer), and the Wall's attacks stop
//!   there too (R-A3.5).
//! * A displaced pawn that lands on its last rank promotes (R-A8.6 with
//!   R-A10.3); its letter follows the leg's destination.
//! * A broadside Wall may rescue with both halves (R-A3.2, R-A8.6): one
//!   `v` leg for each full victim, in square order, onto different
//!   squares; each leg starts at its own siege square. A move therefore
//!   carries up to two legs ([`moves::Move`]).
//! * Castling is the only King move that check forbids by itself; the
//!   King's two-cell tunnel travel and a Halfer leaving the King's square
//!   by a wide leap are judged like every other move (R-A6.5, R-A8.2).
//! * A siege completes at the end of the besieger's ply t+4, and king
//!   safety of that ply's move is judged after the completion (R-A0.6, last
//!   sentence: only later completions are ignored).
//! * Pawns start on a3-e3, h3-l3, f4, g4 (Black: a10-e10, h10-l10, f9, g9):
//!   the `unmoved=` default, and where an e.p. path may begin.
//!
//! # Interpretations beyond the binding texts (see the rules document)
//!
//! * A Stone never rescues (it never captures by moving, R-A7.1); tunnel
//!   travel never rescues (it never captures, R-A6.5).
//! * A Halfer traveling a tunnel lands only on an empty square or a lone
//!   friendly Halfer (R-A6.5's landing rule, for every traveller).
//! * A Digger that travels a tunnel digs none (travel is not its own move).
//! * A displacement square must be completely empty, judged after the
//!   move's own effects (the rescuer's starting square counts as empty).
//! * Custodian capture by a Stone-powered Bacteria happens on any
//!   non-capturing step of one cell, whichever power made it.
//! * En passant removes only the pawn; a Halfer sharing its square stays.
//!
//! # Modules
//!
//! * [`geometry`], [`bitset`]: cells, directions, leap and ray tables, the
//!   144-cell set.
//! * [`position`] with `zobrist`: the state layers and their low-level
//!   edits; [`moves`]: the move and its legs; [`fen`] and `notation`: the
//!   text forms.
//! * [`rules`]: the landing rule (R-A0.5) that every piece shares, the
//!   castling geometry and the Bacteria's gains, with a map of the rule
//!   modules by topic: `generate` (pseudo-legal moves per piece family),
//!   `rescue`, `wall`, `spell` (the Magician), `tunnel` (the Digger),
//!   `stone` (custodian captures), `siege` and `apply` (playing a move,
//!   the end of the ply).
//! * [`check`]: king safety and the legal move list.
//! * This file: the [`crate::Game`], [`crate::Notation`] and
//!   [`crate::Tactical`] implementations and the variant's card.

mod apply;
pub mod bitset;
pub mod check;
pub mod fen;
mod fen_write;
mod generate;
pub mod geometry;
pub mod moves;
mod notation;
pub mod position;
mod rescue;
pub mod rules;
mod siege;
mod spell;
mod stone;
mod tunnel;
mod wall;
mod zobrist;

pub use moves::Move;
pub use notation::move_string;
pub use position::{Kind, Piece, Position};

use crate::error::{FenError, MoveError};
use crate::game::{Color, EndReason, Game, Notation, Outcome, Tactical};

/// Capacity of a move list. Spells dominate the worst case: up to 48
/// source squares (two Magicians' zones) times every hole plus banish,
/// bounded by 48 x 93 + the other pieces' moves.
pub const MAX_MOVES: usize = 8192;

pub type MoveVec = arrayvec::ArrayVec<Move, MAX_MOVES>;

impl Game for Position {
    type Move = Move;
    type Undo = Position;
    type Moves = MoveVec;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveVec) {
        self.legal(&mut |m| out.push(m));
    }

    fn count_legal(&self) -> usize {
        let mut n = 0;
        self.legal(&mut |_| n += 1);
        n
    }

    fn is_legal(&self, m: Move) -> bool {
        // Only a move the generator makes can be legal; then play it out.
        let mut generated = false;
        self.pseudo_moves(self.side, &mut |x| generated |= x == m);
        generated && self.pseudo_is_legal(m)
    }

    fn make(&mut self, m: Move) -> Position {
        let undo = *self;
        self.apply(m);
        undo
    }

    fn unmake(&mut self, _m: Move, undo: Position) {
        *self = undo;
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn in_check(&self) -> bool {
        self.in_check_now()
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        let mut any = false;
        self.legal(&mut |_| any = true);
        if !any {
            return Some(crate::game::no_move_outcome(self.side, self.in_check_now()));
        }
        crate::game::first_draw(&[
            (
                EndReason::Repetition,
                crate::game::third_occurrence(Position::key(self), history),
            ),
            (EndReason::MoveRule, self.halfmove >= 100),
            (EndReason::BareKings, self.bare_kings()),
        ])
    }
}

impl Position {
    /// Only the two kings are left (R-A11.4).
    pub fn bare_kings(&self) -> bool {
        self.occ.count() == 2 && self.half.iter().all(|&h| h == 0)
    }

    /// Plies since the last pawn move or removal (R-A11.3).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// Whether a move removes, besieges or rescues (or promotes): what
    /// quiescence looks at and what a GUI marks as a capture.
    pub fn is_capture(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let e = self.side.flip();
        if m.has(moves::T) || !self.occ.has(from) {
            return false; // tunnel travel and spells never capture
        }
        let halfer = m.has(moves::H) || self.full[from] == 0;
        if self.occ_by[e.index()].has(to) {
            // A Halfer joining a lone enemy Halfer without `x` shares.
            return !(halfer
                && !m.has(moves::X)
                && self.full[to] == 0
                && self.halfer_total(to) == 1);
        }
        if !halfer && Piece(self.full[from]).kind() == Kind::Wall {
            return self.wall_takes(m);
        }
        // En passant: a pawn's diagonal step onto a passed cell.
        !halfer
            && self.ep_cells().contains(&m.to)
            && self.full[from] == Piece::new(Kind::Pawn, self.side).0
            && geometry::file_of(from) != geometry::file_of(to)
    }

    /// Whether a Wall's translation lands its other cell on an enemy
    /// (the cell named by the move was tested by the caller).
    fn wall_takes(&self, m: Move) -> bool {
        self.wall_trailing_cell(m)
            .is_some_and(|s| self.occ_by[self.side.flip().index()].has(s))
    }

    /// Where the Wall cell the move does not name lands, for a translation
    /// of the mover's Wall (a rotation moves only the named cell).
    pub fn wall_trailing_cell(&self, m: Move) -> Option<usize> {
        use geometry::{file_of, offset, rank_of};
        let (from, to) = (m.from(), m.to());
        let (a, b) = self.wall(self.side)?;
        if (from != a && from != b) || m.has(moves::H) {
            return None;
        }
        if file_of(from) != file_of(to) && rank_of(from) != rank_of(to) {
            return None;
        }
        let df = file_of(to) as i32 - file_of(from) as i32;
        let dr = rank_of(to) as i32 - rank_of(from) as i32;
        offset(if from == a { b } else { a }, df, dr)
    }

    /// Whether a Stone's step (or a Stone-powered Bacteria's quiet king
    /// step) sandwiches an enemy occupant against a friendly one: a
    /// custodian capture (R-A7.2).
    pub fn is_custodian(&self, m: Move) -> bool {
        // The gate first: legal-move filters ask this of every move, and
        // building the victims' list for each cost a search 8%.
        self.stone_step(m) && !self.custodian_victims(m).is_empty()
    }

    /// Whether `m` is a step of the mover's own Stone (or of a
    /// Stone-powered Bacteria, one king step) onto a cell no enemy holds:
    /// the only moves that can capture by custody.
    #[inline]
    fn stone_step(&self, m: Move) -> bool {
        use geometry::{file_of, rank_of};
        let (from, to) = (m.from(), m.to());
        if m.has(moves::T) || m.has(moves::H) || self.full[from] == 0 {
            return false;
        }
        if self.occ_by[self.side.flip().index()].has(to) {
            return false; // a capture by moving, not a sandwich
        }
        let p = Piece(self.full[from]);
        let stone = match p.kind() {
            Kind::Stone => true,
            Kind::Bacteria => {
                self.powers[from] & position::power::S != 0
                    && file_of(from).abs_diff(file_of(to)) <= 1
                    && rank_of(from).abs_diff(rank_of(to)) <= 1
            }
            _ => false,
        };
        stone && p.color() == self.side
    }

    /// The cells whose enemy occupants the custodian capture of `m` removes
    /// (none when `m` is not a Stone step that sandwiches).
    pub fn custodian_victims(&self, m: Move) -> arrayvec::ArrayVec<usize, 8> {
        let mut out = arrayvec::ArrayVec::new();
        let (from, to) = (m.from(), m.to());
        let (c, e) = (self.side, self.side.flip());
        if !self.stone_step(m) {
            return out;
        }
        // No enemy next to the destination, nothing to sandwich: most
        // steps, and this list is asked of every Stone step that a noisy
        // list or a capture's gain looks at.
        if geometry::tables()
            .king
            .mask(to)
            .and(self.occ_by[e.index()])
            .is_empty()
        {
            return out;
        }
        // The mover's own cell is empty afterwards unless a friendly
        // Halfer stays behind.
        let stays = |s: usize| s != from || self.halfers(from, c) > 0;
        // The first two cells of each ray from the destination, in the
        // order of `geometry::KING`.
        for ray in &geometry::tables().rays[to] {
            if let [n1, n2, ..] = *ray.cells() {
                let (n1, n2) = (n1 as usize, n2 as usize);
                if self.occ_by[e.index()].has(n1) && self.occ_by[c.index()].has(n2) && stays(n2) {
                    out.push(n1);
                }
            }
        }
        out
    }
}

impl Notation for Position {
    fn move_to_string(&self, m: Move) -> String {
        move_string(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse(text)
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }
}

impl Position {
    pub fn parse_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

impl Tactical for Position {
    const HISTORY_SIZE: usize = geometry::CELLS * geometry::CELLS;

    fn is_noisy(&self, m: Move) -> bool {
        m.promotion().is_some() || self.is_capture(m) || self.is_custodian(m)
    }

    const LAZY_QUIESCENCE: bool = true;

    /// The noisy list filters moves before their legality test: listing
    /// captures first and the rest only where no capture cuts gave 15%
    /// less time on the bench (docs/engine.md, "Search profiles").
    const STAGED_MOVES: bool = true;

    fn noisy_moves(&self, out: &mut MoveVec) {
        // Only the moves that may be noisy are generated, then tested.
        self.legal_where_of::<true>(|m| self.is_noisy(m), &mut |m| out.push(m));
    }

    /// The pseudo-legal noisy moves, in the order `noisy_moves` lists the
    /// legal ones (it filters this same walk). Testing each for legality
    /// was a fifth of a search's instructions, most of it in quiescence,
    /// which then searched few of them: quiescence tests a candidate only
    /// once it makes it ([`Tactical::made_legal`]). The noisy walk has no
    /// castling, the one move whose legality depends on more than the
    /// king's safety after it.
    fn noisy_candidates(&self, out: &mut MoveVec) {
        self.pseudo_moves_of::<true>(self.side, &mut |m| {
            if self.is_noisy(m) {
                out.push(m)
            }
        });
    }

    /// The test of `pseudo_is_legal`, on the position the move made.
    #[inline]
    fn made_legal(&self) -> bool {
        self.mover_king_safe()
    }

    fn history_index(&self, m: Move) -> usize {
        m.from() * geometry::CELLS + m.to()
    }

    fn encode_move(m: Move) -> u64 {
        m.encode()
    }

    fn null_move_ok(&self) -> bool {
        !self.in_check_now()
    }

    fn make_null(&mut self) -> Position {
        let undo = *self;
        self.n_ep = 0;
        self.side = self.side.flip();
        undo
    }

    fn unmake_null(&mut self, undo: Position) {
        *self = undo;
    }

    fn reversible_plies(&self) -> usize {
        self.halfmove as usize
    }

    fn rule_draw(&self) -> bool {
        self.halfmove >= 100 || self.bare_kings()
    }
}

/// Strange Chess's card.
pub const CARD: crate::card::Card = crate::card::Card {
    id: "strangechess",
    cecp_id: "strangechess",
    title: "Strange Chess",
    summary: "12x12 with holes; Walls, Halfers, Magicians, Diggers, Stones, Bacteria",
    squares: 144,
    start_fen: fen::START,
    search: crate::card::Search::AlphaBeta,
    // The start and three middlegames from Curio's own games (tunnels, a live siege and powers, holes made by spells, shared squares).
    bench_fens: &[
                "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1",
                "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1Ph5P/1P9R/4MPP1H1P1/3P2MPPP1D/R1SS1WW*SS2/1X1NBQKBN1X1 w q - 1 18 tunnels=w1:k2-l3@l3,b1:e10-d11-c12@c12 powers=l12:T",
                "1xdnbqkb4/2ss1ww1ssd1/5m2mn2/r4p2h3/1p1p6p1/p3p1p1pp1p/P1P1PhMp3P/1P1P3P1P2/R1N1MPP1H1P1/4*1*NP2D/2SSWW1*SS2/4B1KB2XR w - d9 0 43",
                "r5kb4/2ssww2ss2/2x5qn2/12/1p2*p4p1/p3p(PH)m4p/P1P2n2P2P/1P3M4P1/7R2K1/3S*1*1XS2/3SWW1*1S1R/4B7 w - - 8 153 powers=i3:C",
    ],
    // Its 12x12 board has several times the moves per position, so the same depth would take minutes.
    bench_shallower: 8,
    guide: crate::card::Guide {
        pieces: "K Q R B N P as in chess, W Wall (two cells), X Bacteria, M Magician, \
            D Digger, S Stone, H Halfer. (NH): two occupants of one square (a \
            Halfer shares). *: a hole.",
        example: "f4f5",
        moves: "from-square and to-square (a capture, a Digger's ride, a siege started \
            by moving): e3e6, d1f2\n\
            promotion: c11c12q; castling: the king's from and to, g1b1 or g1k1\n\
            Wall: across its length the anchor's move f2f6, along it the leading \
            cell's g2i2, a rotation the moving cell's diagonal step g2f3\n\
            Magician's spell: the empty source square, then the hole it fills: \
            a6d9; banish (the square becomes a hole): the source twice, a6a6 \
            (so 'moves' lists d4d4, e2e2 ...). XBoard's typed forms work too: \
            f3e2-f3 (Magician f3 banishes e2), f3e2-d9 (fills d9 from e2)\n\
            Halfer: leaving a square it shares d4f5h; onto a lone enemy Halfer \
            c5d7 shares, c5d7x besieges\n\
            tunnel travel: d2f4t; a rescue: e4f6, with a step aside e4f6,f6g7v",
        moves_note: Some("(a move from a square to itself, d4d4, is a Magician's banish of that empty \
            square; a6d9 from an empty square is a spell; 'help' explains every form)"),
    },
    drawing: crate::card::Drawing {
        holes_are_squares: true,
        ..crate::card::Drawing::PLAIN
    },
    contempt: 20,
    denial: None,
};
