//! Reality Check rule examples (`tests/rules/realitycheck/`) against the
//! fast generator and the reference (`tests/reference_rc`).
//!
//! The reference works on FEN strings and knows results only (`status`
//! gives `1-0`, `0-1`, `1/2-1/2` or nothing), so the examples use result
//! tokens in `status` lines. Reality Check has no king and no check
//! (rules B3): `in_check` is always false here, and the examples of this
//! game never use the `check` command.

use crate::reference_rc;
use crate::rule_examples::{fast_index, run_game, Fast, RulesBackend};

/// A position of the reference: its canonical FEN.
#[derive(Clone, Debug)]
pub struct RcRef(String);

impl RulesBackend for RcRef {
    const NAME: &'static str = "reference";
    fn from_fen(fen: &str) -> Result<Self, String> {
        reference_rc::canonical(fen).map(RcRef)
    }
    fn to_fen(&self) -> String {
        self.0.clone()
    }
    fn legal_moves(&self) -> Vec<String> {
        reference_rc::legal_moves(&self.0).expect("a canonical FEN parses")
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        reference_rc::play(&self.0, mv).map(RcRef)
    }
    /// No king, no check in Reality Check.
    fn in_check(&self) -> bool {
        false
    }
    fn result(&self) -> String {
        reference_rc::status(&self.0).unwrap_or("*").into()
    }
    fn status(&self) -> Option<String> {
        None
    }
}

#[test]
fn realitycheck_examples_fast_generator() {
    assert!(run_game::<Fast<{ fast_index(movegen::Variant::RealityCheck) }>>("realitycheck") > 0);
}

#[test]
fn realitycheck_examples_reference_generator() {
    assert!(run_game::<RcRef>("realitycheck") > 0);
}
