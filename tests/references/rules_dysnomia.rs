//! Dysnomia rule examples (`tests/rules/dysnomia/`) against the fast
//! generator and the reference (`tests/dy_reference`).
//!
//! Both back ends keep the last turn, so a `play` can leave a denial open
//! (`@@@@` among the legal moves) exactly as in a game; a `fen` line sets
//! up a position with no denial open, as a FEN always does.

use crate::dy_reference::{RefPos, RefStatus};
use crate::rule_examples::{fast_index, run_game, Fast, RulesBackend};

/// The reference position with the last turn (for a denial).
#[derive(Clone)]
pub struct DyRef(RefPos);

/// The `status` word of a reference end: the reason words of the fast
/// generator's `EndReason` for the same rule.
fn reason_word(why: &str) -> &'static str {
    match why {
        "checkmate" | "bait: no forced capture relieves the check" => "checkmate",
        "king captured" | "king still attacked after the bait reply" => "king-captured",
        "king captured from exile (L2)" => "exiled-king-captured",
        "king in exile and no pawns or statues left (L1)" => "no-pawns-in-exile",
        "king in exile against a statue and not restored (R-B13.1)" => "no-legal-turn",
        "stalemate" => "stalemate",
        "50-move rule" => "move-rule",
        "insufficient material" => "bare-kings",
        _ => "unknown-reason",
    }
}

impl RulesBackend for DyRef {
    const NAME: &'static str = "reference";
    fn from_fen(fen: &str) -> Result<Self, String> {
        RefPos::from_fen(fen).map(DyRef)
    }
    fn to_fen(&self) -> String {
        self.0.to_fen()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_turns()
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        self.0.play(mv).map(DyRef)
    }
    /// R-B5.1 as the reference decides it (by simulating every turn of
    /// the opponent, the side to move being flipped for it): can the
    /// opponent capture the King of the side to move?
    fn in_check(&self) -> bool {
        let p = &self.0.p;
        crate::dy_reference::gen::king_capturable(&p.flipped(), p.stm)
    }
    fn result(&self) -> String {
        match self.0.status() {
            RefStatus::Ongoing => "*",
            RefStatus::WhiteWins(_) => "1-0",
            RefStatus::BlackWins(_) => "0-1",
            RefStatus::Draw(_) => "1/2-1/2",
        }
        .into()
    }
    fn status(&self) -> Option<String> {
        Some(match self.0.status() {
            RefStatus::Ongoing => "ongoing".into(),
            RefStatus::WhiteWins(why) => format!("{} white", reason_word(&why)),
            RefStatus::BlackWins(why) => format!("{} black", reason_word(&why)),
            RefStatus::Draw(why) => reason_word(&why).into(),
        })
    }
}

#[test]
fn dysnomia_examples_fast_generator() {
    assert!(run_game::<Fast<{ fast_index(movegen::Variant::Dysnomia) }>>("dysnomia") > 0);
}

#[test]
fn dysnomia_examples_reference_generator() {
    assert!(run_game::<DyRef>("dysnomia") > 0);
}
