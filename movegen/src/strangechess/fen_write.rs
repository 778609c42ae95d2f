//! Writing the full-state FEN of `notation-strangechess.md` (reading it,
//! and the canonical form both sides keep, is in [`super::fen`]): the six
//! fields, then `sieges=`, `tunnels=`, `powers=`, `unmoved=` when not at
//! their defaults.

use super::geometry::{name, square, CELLS, NONE, SIDE};
use super::position::{power, Piece, Position, Siege, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::game::Color;

fn color_char(c: Color) -> char {
    if c == Color::White {
        'w'
    } else {
        'b'
    }
}

pub(super) fn piece_char(p: Piece) -> char {
    let l = p.kind().letter();
    if p.color() == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

impl Position {
    /// The full-state FEN: the six fields, then each extra field that is
    /// not at its default, in the order `sieges=`, `tunnels=`, `powers=`,
    /// `unmoved=`.
    pub fn to_fen(&self) -> String {
        let mut out = format!(
            "{} {} {} {} {} {}",
            self.board_field(),
            color_char(self.side),
            self.castling_field(),
            self.ep_field(),
            self.halfmove,
            self.fullmove
        );
        let extras = [
            self.sieges_field(),
            self.tunnels_field(),
            self.powers_field(),
            self.unmoved_field(),
        ];
        for extra in extras.into_iter().flatten() {
            out.push(' ');
            out.push_str(&extra);
        }
        out
    }

    /// The board field: ranks 12 down to 1 separated by `/`, each cell
    /// written by `cell_field`, runs of empty squares as one number.
    fn board_field(&self) -> String {
        let mut out = String::new();
        for r in (0..SIDE).rev() {
            let mut run = 0;
            for f in 0..SIDE {
                let cell = self.cell_field(square(f, r));
                if cell.is_empty() {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push_str(&cell);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }

    /// One cell of the board field: `*` for a hole, nothing for an empty
    /// square, the letter of a lone occupant, or two occupants in
    /// parentheses in `cell_letters` order.
    fn cell_field(&self, sq: usize) -> String {
        let mut cell = String::new();
        if !self.squares.has(sq) {
            cell.push('*');
        } else {
            let occ = self.cell_letters(sq);
            match occ.len() {
                0 => {}
                1 => cell.push(occ[0]),
                _ => {
                    cell.push('(');
                    cell.extend(occ);
                    cell.push(')');
                }
            }
        }
        cell
    }

    /// The castling field: the rights in `KQkq` order, `-` for none.
    fn castling_field(&self) -> String {
        let rights: String = [
            (CASTLE_WK, 'K'),
            (CASTLE_WQ, 'Q'),
            (CASTLE_BK, 'k'),
            (CASTLE_BQ, 'q'),
        ]
        .iter()
        .filter(|(b, _)| self.castling & b != 0)
        .map(|&(_, ch)| ch)
        .collect();
        if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        }
    }

    /// The en passant field: the cells the last multi-step passed, in
    /// order, separated by commas; `-` for none.
    fn ep_field(&self) -> String {
        if self.n_ep == 0 {
            "-".to_string()
        } else {
            let cells: Vec<String> = self.ep_cells().iter().map(|&c| name(c as usize)).collect();
            cells.join(",")
        }
    }

    /// `sieges=` with each siege as square, besieger colour and plies left,
    /// in square order; `None` when there is no siege.
    fn sieges_field(&self) -> Option<String> {
        if self.n_sieges == 0 {
            return None;
        }
        let mut s: Vec<Siege> = self.sieges().to_vec();
        s.sort_by_key(|s| s.sq);
        let parts: Vec<String> = s
            .iter()
            .map(|s| {
                format!(
                    "{}{}{}",
                    name(s.sq as usize),
                    color_char(s.besieger),
                    s.left
                )
            })
            .collect();
        Some(format!("sieges={}", parts.join(",")))
    }

    /// `tunnels=` with each tunnel, oldest first, as owner and turns, `:`,
    /// its cells joined by `-`, then `@` and the Digger's square while that
    /// Digger stands; `None` when there is no tunnel.
    fn tunnels_field(&self) -> Option<String> {
        if self.n_tunnels == 0 {
            return None;
        }
        let parts: Vec<String> = self
            .tunnels()
            .iter()
            .map(|t| {
                let cells: Vec<String> = t.cells().iter().map(|&c| name(c as usize)).collect();
                let at = if t.digger == NONE {
                    String::new()
                } else {
                    format!("@{}", name(t.digger as usize))
                };
                format!(
                    "{}{}:{}{}",
                    color_char(t.owner),
                    t.turns,
                    cells.join("-"),
                    at
                )
            })
            .collect();
        Some(format!("tunnels={}", parts.join(",")))
    }

    /// `powers=` with each Bacteria's square and gained power letters in
    /// `RBPDCTS` order, in square order; `None` when no power is gained.
    fn powers_field(&self) -> Option<String> {
        let powers: Vec<String> = (0..CELLS)
            .filter(|&sq| self.powers[sq] != 0)
            .map(|sq| {
                let letters: String = power::LETTERS
                    .iter()
                    .filter(|(b, _)| self.powers[sq] & b != 0)
                    .map(|&(_, l)| l)
                    .collect();
                format!("{}:{}", name(sq), letters)
            })
            .collect();
        if powers.is_empty() {
            None
        } else {
            Some(format!("powers={}", powers.join(",")))
        }
    }

    /// `unmoved=` with the never-moved pawns in square order (`-` for
    /// none); `None` when they are exactly the default set.
    fn unmoved_field(&self) -> Option<String> {
        if self.unmoved == self.default_unmoved() {
            return None;
        }
        let cells: Vec<String> = self.unmoved.iter().map(name).collect();
        Some(format!(
            "unmoved={}",
            if cells.is_empty() {
                "-".to_string()
            } else {
                cells.join(",")
            }
        ))
    }
}
