//! Trubix and Trubix-43 rule examples (`tests/rules/trubix/`,
//! `tests/rules/trubix43/`) against the fast generator and the reference
//! (`tests/reference`).

use crate::reference::{in_check, legal_moves, parse_fen, play, to_fen, RefPosition, RefVariant};
use crate::rule_examples::{fast_index, run_game, Fast, RulesBackend};

/// The reference as a rules back end; `T43` picks Trubix-43 over Trubix.
#[derive(Clone)]
pub struct TrubixRef<const T43: bool>(RefPosition);

impl<const T43: bool> TrubixRef<T43> {
    const VARIANT: RefVariant = if T43 {
        RefVariant::Trubix43
    } else {
        RefVariant::Trubix
    };
}

impl<const T43: bool> RulesBackend for TrubixRef<T43> {
    const NAME: &'static str = "reference";
    fn from_fen(fen: &str) -> Result<Self, String> {
        parse_fen(Self::VARIANT, fen).map(TrubixRef)
    }
    fn to_fen(&self) -> String {
        to_fen(&self.0)
    }
    fn legal_moves(&self) -> Vec<String> {
        legal_moves(&self.0)
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        play(&self.0, mv).map(TrubixRef)
    }
    fn in_check(&self) -> bool {
        in_check(&self.0)
    }
    /// Checkmate and stalemate (rule A9) only: the reference keeps neither
    /// the 100-ply rule nor bare kings, so examples of those draws cannot
    /// use `status` against it.
    fn result(&self) -> String {
        if !legal_moves(&self.0).is_empty() {
            return "*".into();
        }
        if !in_check(&self.0) {
            return "1/2-1/2".into();
        }
        let white_to_move = to_fen(&self.0).split_whitespace().nth(1) == Some("w");
        if white_to_move { "0-1" } else { "1-0" }.into()
    }
    /// The reference cannot name every reason a game ends (see `result`).
    fn status(&self) -> Option<String> {
        None
    }
}

#[test]
fn trubix_examples_fast_generator() {
    assert!(run_game::<Fast<{ fast_index(movegen::Variant::Trubix) }>>("trubix") > 0);
}

#[test]
fn trubix_examples_reference_generator() {
    assert!(run_game::<TrubixRef<false>>("trubix") > 0);
}

#[test]
fn trubix43_examples_fast_generator() {
    assert!(run_game::<Fast<{ fast_index(movegen::Variant::Trubix43) }>>("trubix43") > 0);
}

#[test]
fn trubix43_examples_reference_generator() {
    assert!(run_game::<TrubixRef<true>>("trubix43") > 0);
}
