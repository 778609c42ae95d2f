#![allow(dead_code)]
//! Independent, deliberately simple reference move generator for Reality
//! Check (39-square diamond, hidden-information chips), written from the rule
//! texts only (`docs/rules/realitycheck.md`, the binding rules README
//! overrides 2–5 and Part B of the shared rules file). It works on the
//! full-information state and is meant to cross-check the fast generator in
//! tests; it favours clarity over speed: a plain array over the board, moves
//! found by walking directions, whole-position copies for every move.
//!
//! Decisions taken where the texts leave room:
//! * A position in which a side has all four true chips out of play is over:
//!   it has no legal moves (and `status` reports the win).
//! * On White's first turn (White to move, fullmove 1) the turn proper may
//!   only be a plain non-capturing move without flip. Together with the hand
//!   limit (which would force a drop) that gives no legal turn; a pending
//!   decision can then only be refused (unreachable in real games).
//! * The pending chip counts as "in play" for the win condition (it is not
//!   out of play), but not for the hand limit at the start of the turn: the
//!   limit is recomputed after the keep/refuse decision.
//! * If both sides had all true chips out of play (cannot arise in play),
//!   `status` names the side to move as the loser.
//! * FEN reading: fields split on whitespace; in a rank two digits in a row
//!   and the digit 0 are refused; hand, out-of-play and pending chips may be
//!   written with their faces in either order and the chips in any order
//!   (printed in P<N<B<R face order and the fixed chip order).

use std::collections::BTreeSet;

// ---------------------------------------------------------------------------
// Basic types
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
enum Face {
    P,
    N,
    B,
    R,
}

impl Face {
    fn letter(self) -> char {
        match self {
            Face::P => 'P',
            Face::N => 'N',
            Face::B => 'B',
            Face::R => 'R',
        }
    }

    /// Parse a face letter in either case.
    fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'P' => Some(Face::P),
            'N' => Some(Face::N),
            'B' => Some(Face::B),
            'R' => Some(Face::R),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

/// The ten chip kinds, in the fixed FEN order PP PN PB PR NN NB NR BB BR RR.
/// A kind is an unordered pair of faces, stored with the smaller face first.
const KINDS: [(Face, Face); 10] = [
    (Face::P, Face::P),
    (Face::P, Face::N),
    (Face::P, Face::B),
    (Face::P, Face::R),
    (Face::N, Face::N),
    (Face::N, Face::B),
    (Face::N, Face::R),
    (Face::B, Face::B),
    (Face::B, Face::R),
    (Face::R, Face::R),
];

/// Index into `KINDS` of the chip with these two faces (either order).
fn kind_index(a: Face, b: Face) -> usize {
    let pair = if a <= b { (a, b) } else { (b, a) };
    KINDS
        .iter()
        .position(|&k| k == pair)
        .expect("every face pair is a kind")
}

fn kind_is_true(k: usize) -> bool {
    KINDS[k].0 == KINDS[k].1
}

/// A chip on the board: its owner, the face shown and the face underneath.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Chip {
    color: Color,
    up: Face,
    down: Face,
}

impl Chip {
    fn kind(self) -> usize {
        kind_index(self.up, self.down)
    }

    fn is_true(self) -> bool {
        self.up == self.down
    }
}

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

/// A square as (file, rank): file 0..=6 for a..g, rank 1..=9.
type Sq = (i32, i32);

/// Half-width of each rank around the d-file: rank r holds the files
/// d-w ..= d+w.
fn half_width(rank: i32) -> Option<i32> {
    match rank {
        1 | 9 => Some(0),
        2 | 8 => Some(1),
        3 | 7 => Some(2),
        4..=6 => Some(3),
        _ => None,
    }
}

fn on_board(sq: Sq) -> bool {
    match half_width(sq.1) {
        Some(w) => (sq.0 - 3).abs() <= w,
        None => false,
    }
}

fn sq_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1)
}

fn parse_sq(s: &str) -> Option<Sq> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    let sq = ((b[0] - b'a') as i32, (b[1] - b'0') as i32);
    if on_board(sq) {
        Some(sq)
    } else {
        None
    }
}

/// The squares of one rank, left to right.
fn rank_squares(rank: i32) -> Vec<Sq> {
    let w = half_width(rank).expect("rank 1..=9");
    (3 - w..=3 + w).map(|f| (f, rank)).collect()
}

/// All 39 squares in FEN order: rank 9 down to rank 1, left to right.
fn all_squares() -> Vec<Sq> {
    (1..=9).rev().flat_map(rank_squares).collect()
}

fn home_squares(color: Color) -> Vec<Sq> {
    let names = match color {
        Color::White => ["d1", "c2", "d2", "e2", "b3", "c3", "d3", "e3", "f3"],
        Color::Black => ["d9", "c8", "d8", "e8", "b7", "c7", "d7", "e7", "f7"],
    };
    names.iter().map(|n| parse_sq(n).unwrap()).collect()
}

const ROOK_DIRS: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn add(sq: Sq, d: Sq) -> Sq {
    (sq.0 + d.0, sq.1 + d.1)
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone, PartialEq, Eq, Debug)]
struct Pos {
    /// board[file][rank]; only on-board squares are ever used.
    board: [[Option<Chip>; 10]; 7],
    to_move: Color,
    /// hand[colour][kind]
    hand: [[bool; 10]; 2],
    /// out[colour][kind]: out of play for good
    out: [[bool; 10]; 2],
    /// Square of the chip the side to move may not flip.
    restricted: Option<Sq>,
    /// Kind of the chip the side to move must keep or refuse.
    pending: Option<usize>,
    halfmove: u32,
    fullmove: u32,
}

impl Pos {
    fn get(&self, sq: Sq) -> Option<Chip> {
        self.board[sq.0 as usize][sq.1 as usize]
    }

    fn set(&mut self, sq: Sq, chip: Option<Chip>) {
        self.board[sq.0 as usize][sq.1 as usize] = chip;
    }

    fn is_white_first_turn(&self) -> bool {
        self.to_move == Color::White && self.fullmove == 1
    }

    fn hand_count(&self, color: Color) -> i32 {
        self.hand[color.index()].iter().filter(|&&b| b).count() as i32
    }

    /// T: true chips of `color` on the board or in hand (the pending chip is
    /// not counted).
    fn true_in_play(&self, color: Color) -> i32 {
        let on_board = all_squares()
            .into_iter()
            .filter_map(|sq| self.get(sq))
            .filter(|c| c.color == color && c.is_true())
            .count() as i32;
        let in_hand = (0..10)
            .filter(|&k| self.hand[color.index()][k] && kind_is_true(k))
            .count() as i32;
        on_board + in_hand
    }

    /// L = T - 1.
    fn hand_limit(&self, color: Color) -> i32 {
        self.true_in_play(color) - 1
    }

    /// Whether all four true chips of `color` are out of play.
    fn all_true_out(&self, color: Color) -> bool {
        (0..10)
            .filter(|&k| kind_is_true(k))
            .all(|k| self.out[color.index()][k])
    }
}

// ---------------------------------------------------------------------------
// FEN reading and writing
// ---------------------------------------------------------------------------

fn chip_letters(up: Face, down: Face, color: Color) -> String {
    let s: String = [up.letter(), down.letter()].iter().collect();
    match color {
        Color::White => s,
        Color::Black => s.to_ascii_lowercase(),
    }
}

/// A kind written in P<N<B<R face order.
fn kind_letters(k: usize, color: Color) -> String {
    chip_letters(KINDS[k].0, KINDS[k].1, color)
}

/// Read a two-letter chip; both letters must have the case of one colour.
fn parse_chip(a: char, b: char) -> Result<Chip, String> {
    let fa = Face::from_letter(a).ok_or_else(|| format!("bad chip letter '{a}'"))?;
    let fb = Face::from_letter(b).ok_or_else(|| format!("bad chip letter '{b}'"))?;
    let color = if a.is_ascii_uppercase() && b.is_ascii_uppercase() {
        Color::White
    } else if a.is_ascii_lowercase() && b.is_ascii_lowercase() {
        Color::Black
    } else {
        return Err(format!("chip '{a}{b}' mixes upper and lower case"));
    };
    Ok(Chip {
        color,
        up: fa,
        down: fb,
    })
}

fn parse_board(field: &str, pos: &mut Pos) -> Result<(), String> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 9 {
        return Err(format!("board has {} ranks, expected 9", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as i32;
        let squares = rank_squares(rank);
        let chars: Vec<char> = text.chars().collect();
        let mut idx = 0; // next square of this rank
        let mut j = 0; // next char
        let mut last_was_digit = false;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                if last_was_digit {
                    return Err(format!("rank {rank}: two digits in a row"));
                }
                let n = c.to_digit(10).unwrap() as usize;
                if n == 0 {
                    return Err(format!("rank {rank}: digit 0"));
                }
                idx += n;
                if idx > squares.len() {
                    return Err(format!("rank {rank}: too many squares"));
                }
                last_was_digit = true;
                j += 1;
            } else {
                if j + 1 >= chars.len() {
                    return Err(format!("rank {rank}: incomplete chip"));
                }
                let chip = parse_chip(c, chars[j + 1])?;
                if idx >= squares.len() {
                    return Err(format!("rank {rank}: too many squares"));
                }
                pos.set(squares[idx], Some(chip));
                idx += 1;
                last_was_digit = false;
                j += 2;
            }
        }
        if idx != squares.len() {
            return Err(format!(
                "rank {rank}: {idx} squares, expected {}",
                squares.len()
            ));
        }
    }
    Ok(())
}

/// Read a run of two-letter chips of one colour (`-` for none) into a list
/// of kinds. Faces may be written in either order, chips in any order.
fn parse_chip_run(text: &str, color: Color) -> Result<Vec<usize>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err("empty chip list (write '-')".to_string());
    }
    let mut kinds = Vec::new();
    for pair in chars.chunks(2) {
        if pair.len() != 2 {
            return Err(format!("bad chip list '{text}'"));
        }
        let chip = parse_chip(pair[0], pair[1])?;
        if chip.color != color {
            return Err(format!("chip list '{text}' has a chip of the wrong colour"));
        }
        kinds.push(chip.kind());
    }
    Ok(kinds)
}

fn parse_two_lists(field: &str, what: &str) -> Result<[Vec<usize>; 2], String> {
    let parts: Vec<&str> = field.split('/').collect();
    if parts.len() != 2 {
        return Err(format!("{what} field '{field}' must be WHITE/BLACK"));
    }
    Ok([
        parse_chip_run(parts[0], Color::White)?,
        parse_chip_run(parts[1], Color::Black)?,
    ])
}

fn parse_number(text: &str, what: &str) -> Result<u32, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad {what} '{text}'"));
    }
    text.parse::<u32>()
        .map_err(|_| format!("bad {what} '{text}'"))
}

fn parse_fen(fen: &str) -> Result<Pos, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // docs/rules/realitycheck.md, section 8: the two counters may be left
    // out (0 and 1).
    if !(6..=8).contains(&fields.len()) {
        return Err(format!("FEN has {} fields, expected 8", fields.len()));
    }
    let mut pos = Pos {
        board: [[None; 10]; 7],
        to_move: Color::White,
        hand: [[false; 10]; 2],
        out: [[false; 10]; 2],
        restricted: None,
        pending: None,
        halfmove: 0,
        fullmove: 1,
    };
    // Count of each (colour, kind) over all fields, checked at the end.
    let mut count = [[0u32; 10]; 2];

    parse_board(fields[0], &mut pos)?;
    for sq in all_squares() {
        if let Some(c) = pos.get(sq) {
            count[c.color.index()][c.kind()] += 1;
        }
    }

    pos.to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("bad side to move '{other}'")),
    };

    let hands = parse_two_lists(fields[2], "hand")?;
    for (ci, list) in hands.iter().enumerate() {
        for &k in list {
            count[ci][k] += 1;
            pos.hand[ci][k] = true;
        }
    }

    let outs = parse_two_lists(fields[3], "out-of-play")?;
    for (ci, list) in outs.iter().enumerate() {
        for &k in list {
            count[ci][k] += 1;
            pos.out[ci][k] = true;
        }
    }

    if fields[4] != "-" {
        let sq =
            parse_sq(fields[4]).ok_or_else(|| format!("bad restricted square '{}'", fields[4]))?;
        if pos.get(sq).is_none() {
            return Err(format!("restricted square {} is empty", fields[4]));
        }
        pos.restricted = Some(sq);
    }

    if fields[5] != "-" {
        let chars: Vec<char> = fields[5].chars().collect();
        if chars.len() != 2 {
            return Err(format!("bad pending chip '{}'", fields[5]));
        }
        let chip = parse_chip(chars[0], chars[1])?;
        if chip.color != pos.to_move {
            return Err("pending chip does not belong to the side to move".to_string());
        }
        count[chip.color.index()][chip.kind()] += 1;
        pos.pending = Some(chip.kind());
    }

    pos.halfmove = fields
        .get(6)
        .map_or(Ok(0), |t| parse_number(t, "halfmove clock"))?;
    pos.fullmove = fields
        .get(7)
        .map_or(Ok(1), |t| parse_number(t, "fullmove number"))?;
    if pos.fullmove == 0 {
        return Err("fullmove number must be at least 1".to_string());
    }

    for color in [Color::White, Color::Black] {
        for (k, &n) in count[color.index()].iter().enumerate() {
            if n != 1 {
                return Err(format!(
                    "chip {} appears {} times (must be exactly once)",
                    kind_letters(k, color),
                    n
                ));
            }
        }
    }
    Ok(pos)
}

fn write_list(list: &[bool; 10], color: Color) -> String {
    let s: String = (0..10)
        .filter(|&k| list[k])
        .map(|k| kind_letters(k, color))
        .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

fn write_fen(pos: &Pos) -> String {
    let mut ranks = Vec::new();
    for rank in (1..=9).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for sq in rank_squares(rank) {
            match pos.get(sq) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&chip_letters(c.up, c.down, c.color));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    let side = match pos.to_move {
        Color::White => "w",
        Color::Black => "b",
    };
    let hands = format!(
        "{}/{}",
        write_list(&pos.hand[0], Color::White),
        write_list(&pos.hand[1], Color::Black)
    );
    let outs = format!(
        "{}/{}",
        write_list(&pos.out[0], Color::White),
        write_list(&pos.out[1], Color::Black)
    );
    let restricted = pos.restricted.map(sq_name).unwrap_or_else(|| "-".into());
    let pending = pos
        .pending
        .map(|k| kind_letters(k, pos.to_move))
        .unwrap_or_else(|| "-".into());
    format!(
        "{} {} {} {} {} {} {} {}",
        ranks.join("/"),
        side,
        hands,
        outs,
        restricted,
        pending,
        pos.halfmove,
        pos.fullmove
    )
}

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// Where a chip standing on `from` can go by its upturned face: a list of
/// (destination, is_capture). Only enemy chips can be captured.
fn destinations(pos: &Pos, from: Sq) -> Vec<(Sq, bool)> {
    let chip = pos.get(from).expect("a chip on the from-square");
    let mut out = Vec::new();
    let enemy = |sq: Sq| matches!(pos.get(sq), Some(c) if c.color != chip.color);
    match chip.up {
        Face::P => {
            for d in ROOK_DIRS {
                let to = add(from, d);
                if on_board(to) && pos.get(to).is_none() {
                    out.push((to, false));
                }
            }
            for d in BISHOP_DIRS {
                let to = add(from, d);
                if on_board(to) && enemy(to) {
                    out.push((to, true));
                }
            }
        }
        Face::N => {
            for d in KNIGHT_JUMPS {
                let to = add(from, d);
                if !on_board(to) {
                    continue;
                }
                if pos.get(to).is_none() {
                    out.push((to, false));
                } else if enemy(to) {
                    out.push((to, true));
                }
            }
        }
        Face::B | Face::R => {
            let dirs = if chip.up == Face::B {
                BISHOP_DIRS
            } else {
                ROOK_DIRS
            };
            for d in dirs {
                let mut to = add(from, d);
                while on_board(to) {
                    if pos.get(to).is_none() {
                        out.push((to, false));
                    } else {
                        if enemy(to) {
                            out.push((to, true));
                        }
                        break;
                    }
                    to = add(to, d);
                }
            }
        }
    }
    out
}

/// Close a turn of the side to move: set the new flip restriction (for the
/// opponent), the clocks and the side to move.
fn finish_turn(mut pos: Pos, new_restricted: Option<Sq>, reset_clock: bool) -> Pos {
    pos.restricted = new_restricted;
    pos.halfmove = if reset_clock { 0 } else { pos.halfmove + 1 };
    if pos.to_move == Color::Black {
        pos.fullmove += 1;
    }
    pos.to_move = pos.to_move.other();
    pos
}

/// Non-capturing moves of the side to move. With `flip` each is followed by
/// the compulsory flip of any on-board chip except the restricted one (which
/// follows the chip if it is the one moved); without `flip` (White's first
/// turn) it is a plain move.
fn gen_quiet_moves(pos: &Pos, flip: bool) -> Vec<(String, Pos)> {
    let me = pos.to_move;
    let mut out = Vec::new();
    for from in all_squares() {
        let chip = match pos.get(from) {
            Some(c) if c.color == me => c,
            _ => continue,
        };
        for (to, capture) in destinations(pos, from) {
            if capture {
                continue;
            }
            let mut moved = pos.clone();
            moved.set(from, None);
            moved.set(to, Some(chip));
            if !flip {
                let name = format!("{}{}", sq_name(from), sq_name(to));
                out.push((name, finish_turn(moved, None, false)));
                continue;
            }
            // The restriction is on the physical chip: follow it if moved.
            let restricted = match pos.restricted {
                Some(r) if r == from => Some(to),
                other => other,
            };
            for target in all_squares() {
                let c = match moved.get(target) {
                    Some(c) => c,
                    None => continue,
                };
                if Some(target) == restricted {
                    continue;
                }
                let mut flipped = moved.clone();
                flipped.set(
                    target,
                    Some(Chip {
                        color: c.color,
                        up: c.down,
                        down: c.up,
                    }),
                );
                let name = format!("{}{}^{}", sq_name(from), sq_name(to), sq_name(target));
                out.push((name, finish_turn(flipped, Some(target), false)));
            }
        }
    }
    out
}

/// Send a chip of `owner` (just captured) towards its owner's hand: it goes
/// to the hand, or becomes the owner's pending chip when the hand would then
/// exceed the limit. The chip has already left the board; T still counts it.
fn send_to_hand(pos: &mut Pos, owner: Color, kind: usize) {
    let t = pos.true_in_play(owner) + i32::from(kind_is_true(kind));
    let limit = t - 1;
    let h = pos.hand_count(owner);
    if h + 1 > limit {
        pos.pending = Some(kind);
    } else {
        pos.hand[owner.index()][kind] = true;
    }
}

/// Captures and reality checks of the side to move.
fn gen_captures(pos: &Pos) -> Vec<(String, Pos)> {
    let me = pos.to_move;
    let mut out = Vec::new();
    for from in all_squares() {
        let chip = match pos.get(from) {
            Some(c) if c.color == me => c,
            _ => continue,
        };
        for (to, capture) in destinations(pos, from) {
            if !capture {
                continue;
            }
            let victim = pos.get(to).expect("captured chip");
            let mut after = pos.clone();
            after.set(from, None);
            // In every case the capturer stands on the target square with
            // its face as before (a non-true capturer is turned back).
            after.set(to, Some(chip));

            // Plain capture: the victim goes to its owner's hand.
            let mut plain = after.clone();
            send_to_hand(&mut plain, victim.color, victim.kind());
            let name = format!("{}{}", sq_name(from), sq_name(to));
            out.push((name.clone(), finish_turn(plain, None, true)));

            // Reality check: both true removes the victim for good; otherwise
            // it is the same as a plain capture (both chips are revealed).
            let mut check = after;
            if chip.is_true() && victim.is_true() {
                check.out[victim.color.index()][victim.kind()] = true;
            } else {
                send_to_hand(&mut check, victim.color, victim.kind());
            }
            out.push((format!("{name}!"), finish_turn(check, None, true)));
        }
    }
    out
}

/// Drops of the side to move: any hand chip, either face up, onto an empty
/// own home square. A true chip gives one drop per square.
fn gen_drops(pos: &Pos) -> Vec<(String, Pos)> {
    let me = pos.to_move;
    let mut out = Vec::new();
    for (k, &(a, b)) in KINDS.iter().enumerate() {
        if !pos.hand[me.index()][k] {
            continue;
        }
        let mut faces = vec![(a, b)];
        if a != b {
            faces.push((b, a));
        }
        for sq in home_squares(me) {
            if pos.get(sq).is_some() {
                continue;
            }
            for &(up, down) in &faces {
                let mut after = pos.clone();
                after.hand[me.index()][k] = false;
                after.set(
                    sq,
                    Some(Chip {
                        color: me,
                        up,
                        down,
                    }),
                );
                let name = format!("{}{}@{}", up.letter(), down.letter(), sq_name(sq));
                out.push((name, finish_turn(after, Some(sq), false)));
            }
        }
    }
    out
}

/// The turn proper, once there is no pending decision.
fn gen_turn_proper(pos: &Pos) -> Vec<(String, Pos)> {
    let me = pos.to_move;
    let over_limit = pos.hand_count(me) > pos.hand_limit(me);
    if pos.is_white_first_turn() {
        // A single plain non-capturing move; a forced drop cannot be made.
        if over_limit {
            return Vec::new();
        }
        return gen_quiet_moves(pos, false);
    }
    if over_limit {
        return gen_drops(pos);
    }
    let mut moves = gen_quiet_moves(pos, true);
    moves.extend(gen_drops(pos));
    moves.extend(gen_captures(pos));
    moves
}

/// All legal turns as (move string, resulting position), unsorted.
fn gen_turns(pos: &Pos) -> Vec<(String, Pos)> {
    if pos.all_true_out(Color::White) || pos.all_true_out(Color::Black) {
        return Vec::new(); // the game is over
    }
    let me = pos.to_move;
    let kind = match pos.pending {
        None => return gen_turn_proper(pos),
        Some(k) => k,
    };
    let mut out = Vec::new();

    // Keep: the chip joins the hand, then a drop (of any hand chip) follows.
    if !pos.is_white_first_turn() {
        let mut kept = pos.clone();
        kept.pending = None;
        kept.hand[me.index()][kind] = true;
        for (name, after) in gen_drops(&kept) {
            out.push((format!("keep,{name}"), after));
        }
    }

    // Refuse: the chip is out of play for good; the clock is reset.
    let mut refused = pos.clone();
    refused.pending = None;
    refused.out[me.index()][kind] = true;
    if refused.all_true_out(me) {
        // Refusing the last true chip loses at once and is the whole turn.
        out.push(("refuse".to_string(), finish_turn(refused, None, true)));
    } else {
        for (name, mut after) in gen_turn_proper(&refused) {
            after.halfmove = 0;
            out.push((format!("refuse,{name}"), after));
        }
    }
    out
}

fn sorted_turns(pos: &Pos) -> Vec<(String, Pos)> {
    let mut turns = gen_turns(pos);
    turns.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    turns
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/// Sorted (plain byte order) legal move strings of the full-information position.
pub fn legal_moves(fen: &str) -> Result<Vec<String>, String> {
    let pos = parse_fen(fen)?;
    let names: Vec<String> = sorted_turns(&pos).into_iter().map(|(n, _)| n).collect();
    debug_assert_eq!(
        names.iter().collect::<BTreeSet<_>>().len(),
        names.len(),
        "duplicate move strings"
    );
    Ok(names)
}

/// Bring a move string to the printed form: chip letters of a drop are
/// read case-insensitively.
fn normalise_move(mv: &str) -> String {
    mv.split(',')
        .map(|part| match part.find('@') {
            Some(at) => format!("{}{}", part[..at].to_ascii_uppercase(), &part[at..]),
            None => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The canonical FEN after playing `mv` (must be one of legal_moves) from `fen`.
pub fn play(fen: &str, mv: &str) -> Result<String, String> {
    let pos = parse_fen(fen)?;
    let wanted = normalise_move(mv.trim());
    for (name, after) in gen_turns(&pos) {
        if name == wanted {
            return Ok(write_fen(&after));
        }
    }
    Err(format!("illegal move '{mv}'"))
}

fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = gen_turns(pos);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns
        .iter()
        .map(|(_, after)| perft_pos(after, depth - 1))
        .sum()
}

/// Perft: number of legal move sequences of length `depth` (a position with no legal move ends a line early; ignore repetition and the 100-ply draw).
///
/// Panics on a malformed FEN (use `legal_moves` to validate one first).
pub fn perft(fen: &str, depth: u32) -> u64 {
    let pos = parse_fen(fen).expect("perft needs a valid FEN");
    perft_pos(&pos, depth)
}

/// Perft per root move, sorted by move string.
pub fn divide(fen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    let pos = parse_fen(fen)?;
    Ok(sorted_turns(&pos)
        .into_iter()
        .map(|(name, after)| (name, perft_pos(&after, depth.saturating_sub(1))))
        .collect())
}

/// Game status that needs no history: Some("1-0") / Some("0-1") if a side has won (a side with zero true pieces in play loses; the side to move with no legal turn loses), Some("1/2-1/2") if the halfmove clock is >= 100 and nobody has won, else None. Win beats draw.
pub fn status(fen: &str) -> Option<&'static str> {
    let pos = parse_fen(fen).ok()?;
    let win_for = |loser: Color| match loser {
        Color::White => "0-1",
        Color::Black => "1-0",
    };
    // The side to move is checked first: only its opponent's last turn can
    // have ended the game (both sides at zero cannot arise in play).
    let me = pos.to_move;
    if pos.all_true_out(me) {
        return Some(win_for(me));
    }
    if pos.all_true_out(me.other()) {
        return Some(win_for(me.other()));
    }
    if gen_turns(&pos).is_empty() {
        return Some(win_for(me));
    }
    if pos.halfmove >= 100 {
        return Some("1/2-1/2");
    }
    None
}

/// Canonical form of a FEN (parse then print), so FENs can be compared.
pub fn canonical(fen: &str) -> Result<String, String> {
    parse_fen(fen).map(|p| write_fen(&p))
}
