//! Strange Chess rule examples (`tests/rules/strangechess/`) against the
//! fast generator and the reference (`tests/sc_reference`).

use crate::rule_examples::{fast_index, run_game, Fast, RulesBackend};
use crate::sc_reference::{RefPos, RefStatus};

impl RulesBackend for RefPos {
    const NAME: &'static str = "reference";
    fn from_fen(fen: &str) -> Result<Self, String> {
        RefPos::from_fen(fen)
    }
    fn to_fen(&self) -> String {
        RefPos::to_fen(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        RefPos::legal_moves(self)
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        RefPos::play(self, mv)
    }
    fn in_check(&self) -> bool {
        RefPos::in_check(self)
    }
    fn result(&self) -> String {
        match RefPos::status(self) {
            RefStatus::Ongoing => "*",
            RefStatus::Checkmate { white_wins: true } => "1-0",
            RefStatus::Checkmate { white_wins: false } => "0-1",
            _ => "1/2-1/2",
        }
        .into()
    }
    fn status(&self) -> Option<String> {
        Some(match RefPos::status(self) {
            RefStatus::Ongoing => "ongoing".into(),
            RefStatus::Checkmate { white_wins } => {
                format!("checkmate {}", if white_wins { "white" } else { "black" })
            }
            RefStatus::Stalemate => "stalemate".into(),
            RefStatus::MoveRule => "move-rule".into(),
            RefStatus::BareKings => "bare-kings".into(),
        })
    }
}

#[test]
fn strangechess_examples_fast_generator() {
    assert!(run_game::<Fast<{ fast_index(movegen::Variant::StrangeChess) }>>("strangechess") > 0);
}

#[test]
fn strangechess_examples_reference_generator() {
    assert!(run_game::<RefPos>("strangechess") > 0);
}
