//! The information model: what each player sees of a turn, and the set of
//! full states a player cannot tell apart.
//!
//! # Observations
//!
//! [`observe`] turns a turn into the text one player is told about it. It is
//! the turn's notation with the hidden parts taken out and the shown parts
//! added:
//!
//! * a drop by the opponent shows only the upturned face: `N@d1` (your own
//!   drop keeps its full form `NB@d1`);
//! * a move and flip ends with the face the flipped chip now shows:
//!   `c3c4^e7=b` (case gives the chip's colour);
//! * a reality check shows both chips: `d3g6!(BR/pb)` (capturer, then the
//!   captured chip, faces in P N B R order);
//! * a refusal shows the refused chip: `refuse(pn),c7c6^c6=p`;
//! * a trailing `+` says the captured chip's owner now has to keep or refuse
//!   (public: it happens only when that player's hand is at its limit).
//!
//! The referee sends exactly these texts, so what an engine can know is
//! fixed by this one function.
//!
//! # Information states
//!
//! An [`InfoState`] is the set of full states (worlds) consistent with
//! everything one observer has seen, starting from the observer's own setup
//! and every one of the 672 possible opponent setups. Each observation
//! filters the worlds: a world survives if the observed turn is possible in
//! it and shows the observer exactly the observed text. A drop by the
//! opponent branches a world into one world per hand chip that could show
//! the dropped face. Worlds that have become identical are merged, so the
//! set holds each distinct consistent state once, and [`InfoState::determinize`]
//! samples uniformly over distinct consistent states. If the set ever grows
//! beyond [`MAX_WORLDS`] it is thinned to that size by keeping the worlds
//! with the smallest mixed keys (deterministic, and unbiased with respect to
//! the hidden faces); [`InfoState::thinned`] reports it.
//!
//! Everything the rules make depend on hidden faces is checked this way,
//! including the indirect hints: a forced drop or a keep/refuse decision
//! tells something about the number of true chips, and worlds that would
//! not have produced them are dropped.

use super::chip::{faces, kind_name, Chip, Face, KINDS};
use super::fen::Setup;
use super::geometry::{name, parse_square, CELLS};
use super::position::{Decision, Move, Position, TurnKind, NONE};
use crate::game::Color;
use std::collections::HashSet;

/// Upper bound on the worlds an information state keeps.
pub const MAX_WORLDS: usize = 50_000;

fn case(s: String, c: Color) -> String {
    match c {
        Color::White => s,
        Color::Black => s.to_ascii_lowercase(),
    }
}

/// What `observer` is told about the turn `m` played in `before`.
pub fn observe(before: &Position, m: Move, observer: Color) -> String {
    let mover = before.side();
    let mut after = *before;
    after.play(m);
    let mut out = String::new();
    let refused = |k: usize| format!("refuse({})", case(kind_name(k), mover));
    match m.decision() {
        Decision::None => {}
        Decision::Keep => out += "keep,",
        Decision::Refuse => {
            out += &refused(before.pending().expect("refuse needs a pending chip"));
            out.push(',');
        }
    }
    match m.kind() {
        TurnKind::RefuseOnly => out += &refused(before.pending().expect("pending chip")),
        TurnKind::Plain | TurnKind::Capture => {
            out += &name(m.from());
            out += &name(m.to());
        }
        TurnKind::MoveFlip => {
            let f = m.flip_square();
            let chip = after.chip_at(f).expect("flipped chip");
            out += &format!("{}{}^{}=", name(m.from()), name(m.to()), name(f));
            let face = chip.up().letter();
            out.push(if chip.color() == Color::White {
                face
            } else {
                face.to_ascii_lowercase()
            });
        }
        TurnKind::RealityCheck => {
            let capturer = before.chip_at(m.from()).expect("capturer");
            let victim = before.chip_at(m.to()).expect("victim");
            out += &format!(
                "{}{}!({}/{})",
                name(m.from()),
                name(m.to()),
                case(kind_name(capturer.kind()), capturer.color()),
                case(kind_name(victim.kind()), victim.color())
            );
        }
        TurnKind::Drop => {
            let chip = Chip::new(mover, m.drop_kind(), m.drop_flipped());
            if observer == mover {
                out += &format!("{}{}", chip.up().letter(), chip.down().letter());
            } else {
                out.push(chip.up().letter());
            }
            out.push('@');
            out += &name(m.to());
        }
    }
    if after.pending().is_some() {
        out.push('+');
    }
    out
}

/// The turns of `world` that an observed text can stand for (before the
/// legality and consistency checks): one turn, except for an opponent's drop
/// shown by its face only, which may be any hand chip with that face.
fn candidates(world: &Position, obs: &str) -> Vec<Move> {
    let body = obs.strip_suffix('+').unwrap_or(obs);
    let (decision, body) = if let Some(rest) = body.strip_prefix("keep,") {
        (Decision::Keep, rest)
    } else if let Some(rest) = body.strip_prefix("refuse(") {
        match rest.split_once("),") {
            Some((_, turn)) => (Decision::Refuse, turn),
            None => return vec![Move::refuse_only()],
        }
    } else {
        (Decision::None, body)
    };
    let sq = |t: &str| parse_square(t);
    let mut out = Vec::new();
    if let Some((chip, square)) = body.split_once('@') {
        let Some(to) = sq(square) else { return out };
        let letters: Vec<Face> = chip.chars().filter_map(Face::from_letter).collect();
        let c = world.side().index();
        let mut pool = world.hand[c];
        if decision == Decision::Keep {
            if let Some(k) = world.pending() {
                pool |= 1 << k;
            }
        }
        for kind in 0..KINDS {
            if pool >> kind & 1 == 0 {
                continue;
            }
            let (lo, hi) = faces(kind);
            let fits = |up: Face, down: Option<Face>| match down {
                None => true,
                Some(d) => d == if up == lo { hi } else { lo },
            };
            let up = letters.first().copied();
            let down = letters.get(1).copied();
            if let Some(up) = up {
                if up == lo && fits(up, down) {
                    out.push(Move::drop(kind, false, to).with_decision(decision));
                }
                if up == hi && up != lo && fits(up, down) {
                    out.push(Move::drop(kind, true, to).with_decision(decision));
                }
            }
        }
        return out;
    }
    let head: String = body.chars().take(4).collect();
    if head.len() < 4 {
        return out;
    }
    let (Some(from), Some(to)) = (sq(&head[..2]), sq(&head[2..])) else {
        return out;
    };
    let rest = &body[4..];
    let m = if let Some(flip) = rest.strip_prefix('^') {
        let Some(f) = flip.get(..2).and_then(sq) else {
            return out;
        };
        Move::move_flip(from, to, f)
    } else if rest.starts_with('!') {
        Move::capture(from, to, true)
    } else if world.white_first_turn() {
        Move::plain(from, to)
    } else {
        Move::capture(from, to, false)
    };
    out.push(m.with_decision(decision));
    out
}

/// The full states one player cannot tell apart.
#[derive(Clone, Debug)]
pub struct InfoState {
    observer: Color,
    worlds: Vec<Position>,
    thinned: bool,
    /// [`view_key`]s of the positions of the game so far, the present one
    /// last: the observer cannot key the full states it has seen, but it
    /// can key what it saw, which is enough to steer away from repeating.
    seen: Vec<u64>,
}

impl InfoState {
    /// The start of a game in which `observer` chose `own`: one world per
    /// possible opponent setup.
    pub fn new(observer: Color, own: &Setup) -> InfoState {
        let worlds = Setup::all()
            .iter()
            .map(|theirs| match observer {
                Color::White => Position::from_setups(own, theirs),
                Color::Black => Position::from_setups(theirs, own),
            })
            .collect();
        InfoState::from_worlds(observer, worlds)
    }

    fn from_worlds(observer: Color, worlds: Vec<Position>) -> InfoState {
        let seen = vec![view_key(&worlds[0], observer)];
        InfoState {
            observer,
            worlds,
            thinned: false,
            seen,
        }
    }

    /// An information state that is certain of one full state (the
    /// full-information baseline, and tests).
    pub fn certain(observer: Color, state: Position) -> InfoState {
        InfoState::from_worlds(observer, vec![state])
    }

    pub fn observer(&self) -> Color {
        self.observer
    }

    /// The consistent worlds (distinct full states).
    pub fn worlds(&self) -> &[Position] {
        &self.worlds
    }

    /// Whether the world set was ever cut down to [`MAX_WORLDS`].
    pub fn thinned(&self) -> bool {
        self.thinned
    }

    /// Takes in one observed turn. `own` is the observer's own turn when the
    /// observer made it (then `obs` must be what [`observe`] gives for it).
    /// An error means the observation contradicts every world: the observer
    /// was told something impossible.
    pub fn update(&mut self, own: Option<Move>, obs: &str) -> Result<(), String> {
        let mut next = Vec::with_capacity(self.worlds.len());
        let mut seen = HashSet::with_capacity(self.worlds.len());
        for w in &self.worlds {
            let moves = match own {
                Some(m) => vec![m],
                None => candidates(w, obs),
            };
            for m in moves {
                if !w.is_legal_turn(m) || observe(w, m, self.observer) != obs {
                    continue;
                }
                let mut n = *w;
                n.play(m);
                if seen.insert(n.key) {
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return Err(format!(
                "observation '{obs}' is impossible in every world {} could be in",
                self.observer.name()
            ));
        }
        if next.len() > MAX_WORLDS {
            next.sort_by_key(|p| p.key.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17));
            next.truncate(MAX_WORLDS);
            self.thinned = true;
        }
        self.worlds = next;
        self.seen.push(view_key(&self.worlds[0], self.observer));
        Ok(())
    }

    /// The [`view_key`]s of the game's positions so far, the present one last.
    pub fn seen(&self) -> &[u64] {
        &self.seen
    }

    /// One full state consistent with everything the observer has seen,
    /// uniformly over the distinct consistent states.
    pub fn determinize(&self, rng: &mut impl FnMut(usize) -> usize) -> Position {
        self.worlds[rng(self.worlds.len())]
    }

    /// The chip kinds the chip on `square` can be, as a bit set over kinds
    /// (0 for an empty square).
    pub fn possible_kinds(&self, square: usize) -> u16 {
        let mut set = 0;
        for w in &self.worlds {
            if let Some(c) = w.chip_at(square) {
                set |= 1 << c.kind();
            }
        }
        set
    }

    /// A state in which every chip the observer cannot identify is shown as
    /// unknown; two information states with the same worlds give the same
    /// text. Used by tests and front ends to show the observer's view.
    pub fn view(&self) -> String {
        let w = &self.worlds[0];
        let mut s = String::new();
        for sq in 0..CELLS {
            if let Some(chip) = w.chip_at(sq) {
                let kinds = self.possible_kinds(sq);
                let token = if kinds.count_ones() == 1 {
                    chip.token()
                } else {
                    case(format!("{}?", chip.up().letter()), chip.color())
                };
                s += &format!("{}:{token} ", name(sq));
            }
        }
        s
    }
}

/// Whether two states look the same to `observer`: same public board (chip
/// colours and upturned faces), same own chips (both faces), same hand
/// sizes, own hand, out of play, restriction, pending decision, side and
/// counters.
pub fn same_view(a: &Position, b: &Position, observer: Color) -> bool {
    for sq in 0..CELLS {
        match (a.chip_at(sq), b.chip_at(sq)) {
            (None, None) => {}
            (Some(x), Some(y)) => {
                if x.color() != y.color() || x.up() != y.up() {
                    return false;
                }
                if x.color() == observer && x != y {
                    return false;
                }
            }
            _ => return false,
        }
    }
    let o = observer.index();
    a.hand[o] == b.hand[o]
        && a.hand[1 - o].count_ones() == b.hand[1 - o].count_ones()
        && a.out == b.out
        && a.restricted == b.restricted
        && same_pending(a.pending, b.pending, a.side() == observer)
        && a.side() == b.side()
        && a.halfmove == b.halfmove
        && a.fullmove == b.fullmove
}

/// A key of what `observer` sees of `p` (the fields [`same_view`] compares,
/// without the move counters): equal views give equal keys, in every world.
/// Searches use it to notice a return to a position of the game's history,
/// which the repetition rule (on full states) may score as a draw.
pub fn view_key(p: &Position, observer: Color) -> u64 {
    let o = observer.index();
    let mut h = Fnv::default();
    p.color_bb.iter().chain(&p.face_bb).for_each(|&b| h.add(b));
    for sq in 0..CELLS {
        if p.chip_at(sq).is_some_and(|c| c.color() == observer) {
            h.add(p.board[sq] as u64 | (sq as u64) << 8);
        }
    }
    let own_pending = p.side() == observer;
    h.add(p.hand[o] as u64 | (p.hand[1 - o].count_ones() as u64) << 16);
    h.add(p.out[0] as u64 | (p.out[1] as u64) << 16 | (p.restricted as u64) << 32);
    h.add(if own_pending {
        p.pending as u64
    } else {
        (p.pending == NONE) as u64
    });
    h.add(p.side().index() as u64 | (own_pending as u64) << 8);
    h.0
}

/// FNV-1a over 64-bit words: a view key is made a few times per search
/// step, never in a playout, so a Zobrist table would buy nothing.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Pending chips: the observer knows its own; of the opponent's only that
/// there is one.
fn same_pending(a: u8, b: u8, own: bool) -> bool {
    if own {
        a == b
    } else {
        (a == NONE) == (b == NONE)
    }
}
