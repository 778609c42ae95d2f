//! How each game shows itself to XBoard, behind one trait: the grid XBoard
//! draws, square names and FENs on the wire, the `setup` and `piece`
//! lines, and (for the games whose moves XBoard's board cannot follow by
//! itself) a model of XBoard's board that the session keeps.
//!
//! A game's dialect lives with its XBoard code: `chess.rs`, `trubix.rs`
//! and `realitycheck.rs` here, Strange Chess's in `xboard_sc/dialect.rs`,
//! Dysnomia's in `xboard_dy/dialect.rs`. [`of`] is the one list of them.
//! The session, the referee and the PGN writer go through
//! [`super::xboard_map::BoardMap`], which reads the dialect and never the
//! game's name.

mod chess;
mod realitycheck;
mod trubix;

use movegen::game::Color;
use movegen::{AnyPosition, Variant};
use std::fmt::Debug;

/// How XBoard sees one game.
pub trait Dialect: Sync {
    /// Files and ranks of the grid XBoard shows.
    fn grid(&self) -> (usize, usize);

    /// Whether XBoard's square names, moves and FENs are ours unchanged
    /// (the game's own notation travels on the wire).
    fn identity(&self) -> bool {
        true
    }

    /// XBoard's square name -> ours (None if it is not a square of ours).
    /// `rank_base` is 1 when XBoard numbers an 11-rank board from 1.
    fn square_in(&self, xb: &str, rank_base: u32) -> Option<String>;

    /// Our square name -> XBoard's.
    fn square_out(&self, ours: &str, _rank_base: u32) -> String {
        ours.to_string()
    }

    /// The `setup` line sent in answer to `variant` (none for a game XBoard
    /// knows, or one set up by a session of its own).
    fn setup_line(&self) -> Option<String> {
        None
    }

    /// The `piece` lines (XBetza) for XBoard's SAN and PGN.
    fn piece_lines(&self) -> Vec<String> {
        Vec::new()
    }

    /// A position as the FEN XBoard is given.
    fn fen_out(&self, pos: &AnyPosition) -> String {
        pos.fen()
    }

    /// A FEN from XBoard (or our own full-state FEN when `ours_only`: it
    /// has more fields than XBoard writes) -> our position.
    fn fen_in(&self, xb: &str, ours_only: bool) -> Result<AnyPosition, String>;

    /// Whether moves travel in the forms XBoard's own board can follow
    /// (Strange Chess, Dysnomia), so that the session keeps a model of
    /// XBoard's board; such a game has an option `XBoard board` that turns
    /// the forms off for programs that know the game.
    fn moves_in_xboard_forms(&self) -> bool {
        false
    }

    /// A PGN comment after the move `mv` (which followed `previous`, played
    /// by `previous_mover`), for turns the movetext alone does not explain.
    fn pgn_comment(&self, _mv: &str, _previous: &str, _previous_mover: Color) -> Option<String> {
        None
    }

    /// XBoard's board right after it was given `pos` (games whose moves
    /// travel in XBoard's forms).
    fn board_model(&self, _pos: &AnyPosition) -> Option<Box<dyn BoardModel>> {
        None
    }
}

/// XBoard's board as the session models it, for a game whose moves travel
/// in the forms XBoard's board can follow: each move read or written
/// changes the model as XBoard's `ApplyMove` changes its board.
pub trait BoardModel: Debug + Send {
    /// XBoard's text -> our move, and XBoard's board after it.
    fn read_move(
        &self,
        pos: &AnyPosition,
        wire: &str,
    ) -> Result<(String, Box<dyn BoardModel>), String>;

    /// Our (legal) move -> XBoard's text, and XBoard's board after it.
    fn write_move(&self, pos: &AnyPosition, ours: &str) -> Option<(String, Box<dyn BoardModel>)>;

    /// Answer to `lift SQ`: where the glyph on `sq` may go.
    fn highlight(&self, pos: &AnyPosition, sq: &str) -> Option<String>;

    /// Answer to `lift KILL` right after `put KILL` on a `C` square for the
    /// piece lifted from `from` (the second leg of a two-leg turn); None
    /// when the game has no such turns, so the lift is a fresh one.
    fn second_leg_highlight(
        &self,
        _pos: &AnyPosition,
        _from: &str,
        _kill: &str,
    ) -> Option<Option<String>> {
        None
    }

    /// Whether a denial (a turn taken back by the opponent) travels as
    /// XBoard's own ways of taking a move back: an engine's denial as a
    /// refusal (`Illegal move (denied): X`), a person's as a null move
    /// that XBoard relays as `setboard` with this board (Dysnomia).
    fn denials_by_refusal(&self) -> bool {
        false
    }

    /// The board as a FEN board field (how XBoard relays it).
    fn board_field(&self) -> String;

    /// A copy (the session keeps one beside each position).
    fn boxed(&self) -> Box<dyn BoardModel>;
}

/// The [`BoardModel`] methods of a game's XBoard board that hand over to
/// its XBoard module's `read_move`, `write_move`, `highlight` and
/// `board_field` (expanded inside `impl BoardModel for XbBoard` in that
/// module's `dialect.rs`).
macro_rules! board_model_by_module {
    () => {
        fn read_move(
            &self,
            pos: &AnyPosition,
            wire: &str,
        ) -> Result<(String, Box<dyn BoardModel>), String> {
            super::read_move(self, pos, wire).map(|(m, b)| (m, Box::new(b) as Box<dyn BoardModel>))
        }

        fn write_move(
            &self,
            pos: &AnyPosition,
            ours: &str,
        ) -> Option<(String, Box<dyn BoardModel>)> {
            super::write_move(self, pos, ours).map(|(t, b)| (t, Box::new(b) as Box<dyn BoardModel>))
        }

        fn highlight(&self, pos: &AnyPosition, sq: &str) -> Option<String> {
            super::highlight(self, pos, sq)
        }

        fn board_field(&self) -> String {
            super::board_field(&self.cells)
        }

        fn boxed(&self) -> Box<dyn BoardModel> {
            Box::new(self.clone())
        }
    };
}
pub(super) use board_model_by_module;

/// The [`Dialect`] methods of a game whose moves travel in the forms
/// XBoard's board follows: its model is its XBoard module's `XbBoard`
/// (expanded inside `impl Dialect` in that module's `dialect.rs`).
macro_rules! moves_in_xboard_forms {
    () => {
        fn moves_in_xboard_forms(&self) -> bool {
            true
        }

        fn board_model(&self, pos: &AnyPosition) -> Option<Box<dyn BoardModel>> {
            super::XbBoard::from_fen(&pos.fen()).map(|b| Box::new(b) as Box<dyn BoardModel>)
        }
    };
}
pub(super) use moves_in_xboard_forms;

impl Clone for Box<dyn BoardModel> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// The dialect of game `v`: the one list of them.
pub fn of(v: Variant) -> &'static dyn Dialect {
    match v {
        Variant::Chess => &chess::Chess,
        Variant::Trubix => &trubix::TRUBIX,
        Variant::Trubix43 => &trubix::TRUBIX43,
        Variant::RealityCheck => &realitycheck::RealityCheck,
        Variant::StrangeChess => &super::xboard_sc::dialect::StrangeChess,
        Variant::Dysnomia => &super::xboard_dy::dialect::Dysnomia,
    }
}

/// The `piece` lines of the orthodox pieces, which Strange Chess and
/// Dysnomia keep.
pub(super) const ORTHODOX_PIECES: [&str; 5] = [
    "piece K& K",
    "piece Q& Q",
    "piece R& R",
    "piece B& B",
    "piece N& N",
];

/// A square of an 8x8 board (`a1` to `h8`), as XBoard and we name it.
pub(super) fn square_8x8(xb: &str) -> Option<String> {
    let b = xb.as_bytes();
    let ok = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
    ok.then(|| xb.to_string())
}

/// A cell of XBoard's 5x11 grid (files a-e, ranks from `rank_base`) as
/// our file letter and rank 0-10.
pub(super) fn cell_5x11(xb: &str, rank_base: u32) -> Option<(&str, u32)> {
    let split = xb.find(|c: char| c.is_ascii_digit())?;
    let (file, digits) = xb.split_at(split);
    if !matches!(file, "a" | "b" | "c" | "d" | "e")
        || digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let rank = digits.parse::<u32>().ok()?.checked_sub(rank_base)?;
    (rank <= 10).then_some((file, rank))
}

/// Our FEN, taken whole, with its error as text.
pub(super) fn our_fen(v: Variant, fen: &str) -> Result<AnyPosition, String> {
    AnyPosition::from_fen(v, fen).map_err(|e| e.to_string())
}

/// Our full-state FEN, or (when it is not one, and XBoard could have
/// written it) the FEN of XBoard's glyphs translated by `translate`: the
/// error is our FEN's.
pub(super) fn ours_or_xboards(
    v: Variant,
    xb: &str,
    ours_only: bool,
    translate: fn(&str) -> String,
) -> Result<AnyPosition, String> {
    AnyPosition::from_fen(v, xb).or_else(|e| {
        if ours_only {
            return Err(e.to_string());
        }
        AnyPosition::from_fen(v, &translate(xb)).map_err(|_| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's dialect gives back the position it wrote, from the
    /// start and after a few moves, and a game whose moves travel in
    /// XBoard's forms has a model of XBoard's board.
    #[test]
    fn every_dialect_reads_back_the_fen_it_writes() {
        for v in Variant::ALL {
            let d = of(v);
            let mut pos = AnyPosition::start(v);
            for _ in 0..4 {
                let back = d.fen_in(&d.fen_out(&pos), false).expect("its own FEN");
                assert_eq!(back.fen(), pos.fen(), "{v:?}");
                let Some(first) = pos.legal_move_strings().into_iter().next() else {
                    break;
                };
                pos.play(&first).expect("a legal move");
            }
            assert_eq!(
                d.board_model(&pos).is_some(),
                d.moves_in_xboard_forms(),
                "{v:?}"
            );
            let (files, ranks) = d.grid();
            assert!(
                files * ranks >= v.squares() as usize,
                "{v:?}: the grid holds the board"
            );
        }
    }

    /// The `setup` line names XBoard's board size; chess (which XBoard
    /// knows) and Reality Check (set up by its own session) send none.
    #[test]
    fn setup_lines_name_the_grid() {
        for v in Variant::ALL {
            let d = of(v);
            let (files, ranks) = d.grid();
            match d.setup_line() {
                Some(line) => assert!(line.contains(&format!(" {files}x{ranks}+0_")), "{line}"),
                None => assert!(matches!(v, Variant::Chess | Variant::RealityCheck), "{v:?}"),
            }
        }
    }

    /// Square names read from XBoard: each game's own board, nothing
    /// beyond it.
    #[test]
    fn squares_in_are_the_games_own() {
        let sc = of(Variant::StrangeChess);
        assert_eq!(sc.square_in("l12", 0).as_deref(), Some("l12"));
        assert_eq!(sc.square_in("m1", 0), None);
        let dy = of(Variant::Dysnomia);
        assert_eq!(dy.square_in("h8", 0).as_deref(), Some("h8"));
        assert_eq!(dy.square_in("i1", 0), None);
        let t43 = of(Variant::Trubix43);
        assert_eq!(t43.square_in("b11", 1).as_deref(), Some("bc10"));
        assert_eq!(t43.square_in("c11", 1), None);
        assert_eq!(t43.square_out("cd0", 1), "d1");
    }

    /// Only Dysnomia's denial gets a PGN comment.
    #[test]
    fn a_denial_is_explained_in_pgn() {
        let c = of(Variant::Dysnomia).pgn_comment("@@@@", "e2e4", Color::White);
        assert_eq!(
            c.as_deref(),
            Some("denial: e2e4 is taken back and White plays again")
        );
        assert_eq!(
            of(Variant::Dysnomia).pgn_comment("e7e5", "e2e4", Color::White),
            None
        );
        assert_eq!(
            of(Variant::Chess).pgn_comment("@@@@", "e2e4", Color::White),
            None
        );
        assert_eq!(Variant::Dysnomia.card().denial, Some("@@@@"));
        assert!(Variant::ALL
            .iter()
            .all(|&v| v == Variant::Dysnomia || v.card().denial.is_none()));
    }
}
