//! A Dysnomia turn as a value, and its canonical text
//! (`notation-dysnomia.md`): prefix actions, the move's legs, the moved
//! pawn's conversion suffix, end-of-turn conversions of other pawns.
//!
//! A turn is `Copy` (fixed arrays with lengths) so the search can keep it
//! in move lists and tables. Its kind follows from the position and the
//! legs, as in the notation: a leg from a square to itself is a Queen's
//! all-round capture; a leg marked `^` enters, `~` disguises.

use super::board::{Kind, Square};

/// No level written on a cell.
pub const NO_LEVEL: u8 = 255;

/// Longest leg list: a chain disguise of eight pawns, two legs each, and
/// one more leg for a bait reply.
pub const MAX_LEGS: usize = 17;

/// Writes a square's name (texts are built for every turn of every list,
/// so without a `String` per square).
fn push_square(s: &mut String, sq: Square) {
    s.push((b'a' + sq % 8) as char);
    s.push((b'1' + sq / 8) as char);
}

/// Writes `[level]` for a cell inside a column.
fn push_level(s: &mut String, level: u8) {
    if level != NO_LEVEL {
        s.push('[');
        if level >= 10 {
            s.push((b'0' + level / 10) as char);
        }
        s.push((b'0' + level % 10) as char);
        s.push(']');
    }
}

/// What a leg does at its end, beyond moving or capturing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Plain,
    /// `^`: enters an enemy column or Rook instead of capturing its base.
    Enter,
    /// `~`: a pawn swaps places with the piece there.
    Disguise,
}

/// One leg: a cell (square and, inside a column, level) to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    pub from: Square,
    pub from_level: u8,
    pub to: Square,
    pub to_level: u8,
    pub mark: Mark,
}

impl Leg {
    pub const fn new(from: Square, to: Square) -> Leg {
        Leg {
            from,
            from_level: NO_LEVEL,
            to,
            to_level: NO_LEVEL,
            mark: Mark::Plain,
        }
    }

    fn write(&self, s: &mut String) {
        push_square(s, self.from);
        push_level(s, self.from_level);
        push_square(s, self.to);
        push_level(s, self.to_level);
        match self.mark {
            Mark::Plain => {}
            Mark::Enter => s.push('^'),
            Mark::Disguise => s.push('~'),
        }
    }
}

/// What a pawn (or a Statue) in its promotion zone becomes (R-B12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conversion {
    /// A pool type (King included).
    Promote(Kind),
    Statue,
    /// Captures the opponent's exiled piece of this type; the pawn goes.
    CaptureExiled(Kind),
}

/// A conversion or free action on a square: `e8=Q`, `e8=T`, `e8xQ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub sq: Square,
    pub conv: Conversion,
}

impl Action {
    fn write(&self, s: &mut String) {
        push_square(s, self.sq);
        match self.conv {
            Conversion::Promote(k) => {
                s.push('=');
                s.push(k.letter() as char);
            }
            Conversion::Statue => s.push_str("=T"),
            Conversion::CaptureExiled(k) => {
                s.push('x');
                s.push(k.letter() as char);
            }
        }
    }
}

/// The move proper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// One or more legs.
    Legs,
    /// A Bishop promotes the pawn on a square to an exiled type: `Q@e5`.
    BishopPromotion(Kind, Square),
    /// `@@@@`.
    Denial,
}

/// A whole turn. Equality and hashing look at the used parts only (the
/// arrays' unused slots may hold anything).
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub body: Body,
    legs: [Leg; MAX_LEGS],
    nlegs: u8,
    /// Deferred conversions then at most one free action, in that order.
    pre: [Action; 9],
    npre: u8,
    /// The moved pawn's own conversion.
    pub suffix: Option<Conversion>,
    /// Other pawns' end-of-turn conversions, in square order.
    post: [Action; 8],
    npost: u8,
}

impl PartialEq for Move {
    fn eq(&self, o: &Move) -> bool {
        self.body == o.body
            && self.legs() == o.legs()
            && self.pre() == o.pre()
            && self.suffix == o.suffix
            && self.post() == o.post()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.body.hash(h);
        self.legs().hash(h);
        self.pre().hash(h);
        self.suffix.hash(h);
        self.post().hash(h);
    }
}

const NO_ACTION: Action = Action {
    sq: 0,
    conv: Conversion::Statue,
};

impl Move {
    fn with_body(body: Body) -> Move {
        Move {
            body,
            legs: [Leg::new(0, 0); MAX_LEGS],
            nlegs: 0,
            pre: [NO_ACTION; 9],
            npre: 0,
            suffix: None,
            post: [NO_ACTION; 8],
            npost: 0,
        }
    }

    /// A move of legs.
    pub fn legs_of(legs: &[Leg]) -> Move {
        let mut m = Move::with_body(Body::Legs);
        for &l in legs {
            m.push_leg(l);
        }
        m
    }

    pub fn denial() -> Move {
        Move::with_body(Body::Denial)
    }

    pub fn bishop_promotion(kind: Kind, sq: Square) -> Move {
        Move::with_body(Body::BishopPromotion(kind, sq))
    }

    pub fn legs(&self) -> &[Leg] {
        &self.legs[..self.nlegs as usize]
    }

    pub fn clear_legs(&mut self) {
        self.nlegs = 0;
    }

    pub fn push_leg(&mut self, l: Leg) {
        self.legs[self.nlegs as usize] = l;
        self.nlegs += 1;
    }

    pub fn pre(&self) -> &[Action] {
        &self.pre[..self.npre as usize]
    }

    pub fn push_pre(&mut self, a: Action) {
        self.pre[self.npre as usize] = a;
        self.npre += 1;
    }

    pub fn post(&self) -> &[Action] {
        &self.post[..self.npost as usize]
    }

    pub fn push_post(&mut self, a: Action) {
        self.post[self.npost as usize] = a;
        self.npost += 1;
    }

    /// A 64-bit code of the turn, equal for equal turns: its parts packed
    /// into words and folded with a SplitMix64 step each. Searches key
    /// their tables by it at every node; a general-purpose hasher over the
    /// same fields cost 4% of a search's time.
    pub fn code(&self) -> u64 {
        use super::key::mix;
        let conv = |c: Conversion| -> u64 {
            match c {
                Conversion::Promote(k) => 0x10 | k as u64,
                Conversion::Statue => 0x20,
                Conversion::CaptureExiled(k) => 0x30 | k as u64,
            }
        };
        let action = |a: &Action| (a.sq as u64) << 8 | conv(a.conv);
        let body = match self.body {
            Body::Legs => 1,
            Body::BishopPromotion(k, sq) => 2 | (k as u64) << 8 | (sq as u64) << 16,
            Body::Denial => 3,
        };
        let suffix = self.suffix.map_or(0, conv);
        let mut h = mix(body
            | suffix << 24
            | (self.nlegs as u64) << 32
            | (self.npre as u64) << 40
            | (self.npost as u64) << 48);
        for l in self.legs() {
            let mark = match l.mark {
                Mark::Plain => 0,
                Mark::Enter => 1,
                Mark::Disguise => 2,
            };
            h = mix(h
                ^ (l.from as u64
                    | (l.from_level as u64) << 8
                    | (l.to as u64) << 16
                    | (l.to_level as u64) << 24
                    | mark << 32));
        }
        for a in self.pre().iter().chain(self.post()) {
            h = mix(h ^ action(a));
        }
        h
    }

    /// The canonical text.
    pub fn text(&self) -> String {
        let mut s = String::with_capacity(16);
        self.write_text(&mut s);
        s
    }

    /// Appends the canonical text to `s`.
    pub fn write_text(&self, s: &mut String) {
        for a in self.pre() {
            a.write(s);
            s.push(';');
        }
        match self.body {
            Body::Denial => s.push_str("@@@@"),
            Body::BishopPromotion(k, sq) => {
                s.push(k.letter() as char);
                s.push('@');
                push_square(s, sq);
            }
            Body::Legs => {
                for (i, l) in self.legs().iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    l.write(s);
                }
            }
        }
        match self.suffix {
            None => {}
            Some(Conversion::Promote(k)) => s.push(k.letter().to_ascii_lowercase() as char),
            Some(Conversion::Statue) => s.push('t'),
            Some(Conversion::CaptureExiled(k)) => {
                s.push('x');
                s.push(k.letter().to_ascii_lowercase() as char);
            }
        }
        for a in self.post() {
            s.push(';');
            a.write(s);
        }
    }
}

/// Sorts a list into byte order of its turns' texts (stable), dropping
/// later entries whose text repeats one before if `dedup`. The lists the
/// rules layer hands out are sorted (the searches' are not): the texts go
/// into one buffer, and the order is found on small (span, index) pairs,
/// so each entry moves once.
pub(crate) fn sort_by_text<E: Copy>(v: &mut Vec<E>, turn: impl Fn(&E) -> &Move, dedup: bool) {
    if v.len() < 2 {
        return;
    }
    let mut buf = String::with_capacity(v.len() * 8);
    let mut spans: Vec<(u32, u32, u32)> = Vec::with_capacity(v.len());
    for (i, e) in v.iter().enumerate() {
        let start = buf.len() as u32;
        turn(e).write_text(&mut buf);
        spans.push((start, buf.len() as u32, i as u32));
    }
    let text = |&(a, b, _): &(u32, u32, u32)| &buf.as_bytes()[a as usize..b as usize];
    spans.sort_by(|x, y| text(x).cmp(text(y)));
    if dedup {
        spans.dedup_by(|a, b| text(a) == text(b));
    }
    if spans.len() == v.len() && spans.iter().enumerate().all(|(at, s)| s.2 as usize == at) {
        return;
    }
    // Entries are large (a turn with its resulting position): each is
    // copied once, into its place in a new list.
    let sorted: Vec<E> = spans.iter().map(|&(_, _, i)| v[i as usize]).collect();
    *v = sorted;
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// Reads a turn written in the notation (its syntax only: whether it is
/// legal is the position's question). The error says what was expected
/// where.
pub fn parse(text: &str) -> Result<Move, String> {
    if text.is_empty() {
        return Err("empty".into());
    }
    if !text.is_ascii() || text.bytes().any(|b| b.is_ascii_whitespace()) {
        return Err("a turn is ASCII without spaces".into());
    }
    let parts: Vec<&str> = text.split(';').collect();
    // The move is the one part that is not an action.
    let moves: Vec<usize> = (0..parts.len())
        .filter(|&i| parse_action(parts[i]).is_none())
        .collect();
    let at = match moves.as_slice() {
        [i] => *i,
        [] => return Err("no move among the actions".into()),
        [_, j, ..] => {
            return Err(format!(
                "'{}' is neither an action (e8=Q, e8=T, e8xQ) nor the only move",
                parts[*j]
            ))
        }
    };
    if at > 8 || parts.len() - at - 1 > 8 {
        return Err("too many actions".into());
    }
    let mut m = parse_move_part(parts[at])?;
    for p in &parts[..at] {
        m.push_pre(parse_action(p).unwrap_or_else(|| unreachable!()));
    }
    for p in &parts[at + 1..] {
        m.push_post(parse_action(p).unwrap_or_else(|| unreachable!()));
    }
    Ok(m)
}

/// `e8=Q`, `e8=T` or `e8xQ`.
fn parse_action(s: &str) -> Option<Action> {
    let (sq, n) = super::board::parse_square_prefix(s.as_bytes())?;
    let conv = match &s.as_bytes()[n..] {
        [b'=', b'T'] => Conversion::Statue,
        [b'=', k] if b"KQRBN".contains(k) => Conversion::Promote(Kind::from_letter(*k)?),
        [b'x', k] if b"KQRBN".contains(k) => Conversion::CaptureExiled(Kind::from_letter(*k)?),
        _ => return None,
    };
    Some(Action { sq, conv })
}

/// The move part: `@@@@`, `Q@e5`, or legs with an optional suffix.
fn parse_move_part(s: &str) -> Result<Move, String> {
    let b = s.as_bytes();
    if s == "@@@@" {
        return Ok(Move::denial());
    }
    if let [k, b'@', rest @ ..] = b {
        let kind = Kind::from_letter(*k)
            .filter(|k| k.letter() != b'P' && k.letter() != b'T')
            .filter(|_| k.is_ascii_uppercase())
            .ok_or_else(|| format!("'{}' is not a type letter KQRBN", *k as char))?;
        return match super::board::parse_square_prefix(rest) {
            Some((sq, 2)) if rest.len() == 2 => Ok(Move::bishop_promotion(kind, sq)),
            _ => Err(format!(
                "'{s}': a Bishop promotion is a type letter, '@' and a square"
            )),
        };
    }
    let mut m = Move::legs_of(&[]);
    let mut i = 0;
    loop {
        if m.legs().len() == MAX_LEGS {
            return Err("too many legs".into());
        }
        let (from, n) = super::board::parse_square_prefix(&b[i..])
            .ok_or_else(|| format!("expected a square at '{}'", &s[i..]))?;
        i += n;
        let (from_level, n) = parse_level(&b[i..])?;
        i += n;
        let (to, n) = super::board::parse_square_prefix(&b[i..])
            .ok_or_else(|| format!("expected a square at '{}'", &s[i..]))?;
        i += n;
        let (to_level, n) = parse_level(&b[i..])?;
        i += n;
        let mark = match b.get(i) {
            Some(b'^') => Mark::Enter,
            Some(b'~') => Mark::Disguise,
            _ => Mark::Plain,
        };
        i += (mark != Mark::Plain) as usize;
        m.push_leg(Leg {
            from,
            from_level,
            to,
            to_level,
            mark,
        });
        match b.get(i) {
            Some(b',') => i += 1,
            _ => break,
        }
    }
    let conv = |c: u8| {
        Kind::from_letter(c)
            .filter(|_| b"kqrbn".contains(&c))
            .ok_or_else(|| format!("'{}' is not a type letter kqrbn", c as char))
    };
    m.suffix = match &b[i..] {
        [] => None,
        [b't'] => Some(Conversion::Statue),
        [b'x', c] => Some(Conversion::CaptureExiled(conv(*c)?)),
        [c] => Some(Conversion::Promote(conv(*c)?)),
        _ => return Err(format!("unexpected '{}' after the legs", &s[i..])),
    };
    Ok(m)
}

/// An optional `[level]`: the level (or [`NO_LEVEL`]) and the bytes read.
fn parse_level(b: &[u8]) -> Result<(u8, usize), String> {
    if b.first() != Some(&b'[') {
        return Ok((NO_LEVEL, 0));
    }
    let close = b
        .iter()
        .position(|&c| c == b']')
        .ok_or("a level '[' without ']'")?;
    let digits = &b[1..close];
    let level = std::str::from_utf8(digits)
        .ok()
        .filter(|d| !d.is_empty() && d.len() <= 2 && d.bytes().all(|c| c.is_ascii_digit()))
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|&l| l < 31)
        .ok_or("a level is a number 0 to 30 in brackets")?;
    Ok((level, close + 1))
}
