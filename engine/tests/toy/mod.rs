//! A toy game for the search tests: its rules are a few functions of the
//! moves played so far, so each test states exactly the game tree it needs
//! (how many moves, which positions are won or lost, and by which rule),
//! and `CAP` sets the capacity of its move list, as a real game's `Moves`
//! type does.

#![allow(dead_code)]

use eval::{EvalConfig, Evaluator, Score, SearchProfile};
use movegen::game::{Color, Game, Outcome, Tactical};

/// Moves are 8 bytes, as a multi-leg move of a big game may be.
pub type ToyMove = u64;

/// The rules, as functions of the moves played from the start.
pub struct Rules {
    /// How many legal moves there are (moves `0..width`).
    pub width: fn(&[ToyMove]) -> usize,
    /// The static value for the side to move.
    pub eval: fn(&EvalConfig, &[ToyMove]) -> Score,
    /// A game end that needs no move generation (a variant win such as
    /// Dysnomia's exile), whether or not moves are left.
    pub decisive: fn(&[ToyMove]) -> Option<Outcome>,
    /// The outcome when the side to move has no legal move.
    pub no_moves: fn(&[ToyMove]) -> Option<Outcome>,
}

pub fn never(_: &[ToyMove]) -> Option<Outcome> {
    None
}

pub fn flat(_: &EvalConfig, _: &[ToyMove]) -> Score {
    0
}

/// `SEE_DEPTH` turns the search's static-exchange pruning on to that
/// depth (the profile's `see_prune_depth`; 0, the default, leaves it off).
///
/// `EXACT` makes a toy whose search has no selectivity at all (no pruning,
/// reduction or delta margin, no quiescence table) and which lists its
/// noisy moves first (`Tactical::STAGED_MOVES`, with the lazy
/// quiescence it needs): its search's value is then the plain minimax
/// value a test can compute by walking the tree, whatever order the
/// moves are searched in.
#[derive(Clone, Debug)]
pub struct Toy<const CAP: usize, const SEE_DEPTH: i32 = 0, const EXACT: bool = false> {
    path: Vec<ToyMove>,
    rules: &'static Rules,
    /// What a move wins in the exchange on its square, for static-exchange
    /// pruning (None: every move breaks even).
    exchange: Option<fn(&[ToyMove], ToyMove) -> Score>,
    /// Which moves are noisy, and when the side to move is in check
    /// (None: no move is noisy and no side is ever in check).
    tactics: Option<Tactics>,
}

/// Noisy moves and checks of a toy game, as functions of the moves played.
#[derive(Clone, Copy, Debug)]
pub struct Tactics {
    pub noisy: fn(&[ToyMove], ToyMove) -> bool,
    pub check: fn(&[ToyMove]) -> bool,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Rules")
    }
}

impl<const CAP: usize, const SEE_DEPTH: i32, const EXACT: bool> Toy<CAP, SEE_DEPTH, EXACT> {
    pub fn new(rules: &'static Rules) -> Self {
        Toy {
            path: Vec::new(),
            rules,
            exchange: None,
            tactics: None,
        }
    }

    /// The same game with noisy moves and checks.
    pub fn with_tactics(rules: &'static Rules, tactics: Tactics) -> Self {
        Toy {
            tactics: Some(tactics),
            ..Self::new(rules)
        }
    }

    /// The same game with moves that win or lose material in exchanges.
    pub fn with_exchange(
        rules: &'static Rules,
        exchange: fn(&[ToyMove], ToyMove) -> Score,
    ) -> Self {
        Toy {
            exchange: Some(exchange),
            ..Self::new(rules)
        }
    }

    pub fn path(&self) -> &[ToyMove] {
        &self.path
    }
}

/// SplitMix64's finaliser: keys of different paths differ.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<const CAP: usize, const SEE_DEPTH: i32, const EXACT: bool> Game
    for Toy<CAP, SEE_DEPTH, EXACT>
{
    type Move = ToyMove;
    type Undo = ();
    type Moves = arrayvec::ArrayVec<ToyMove, CAP>;

    fn side_to_move(&self) -> Color {
        if self.path.len().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    fn legal_moves(&self, out: &mut Self::Moves) {
        for m in 0..(self.rules.width)(&self.path) {
            out.push(m as ToyMove);
        }
    }

    fn is_legal(&self, m: ToyMove) -> bool {
        (m as usize) < (self.rules.width)(&self.path)
    }

    fn make(&mut self, m: ToyMove) {
        self.path.push(m);
    }

    fn unmake(&mut self, _: ToyMove, _: ()) {
        self.path.pop();
    }

    fn key(&self) -> u64 {
        self.path.iter().fold(0x5EED, |k, &m| mix(k ^ m))
    }

    fn in_check(&self) -> bool {
        self.tactics.is_some_and(|t| (t.check)(&self.path))
    }

    fn decisive(&self) -> Option<Outcome> {
        (self.rules.decisive)(&self.path)
    }

    fn outcome(&self, _history: &[u64]) -> Option<Outcome> {
        (self.rules.decisive)(&self.path).or_else(|| {
            if (self.rules.width)(&self.path) == 0 {
                (self.rules.no_moves)(&self.path)
            } else {
                None
            }
        })
    }
}

impl<const CAP: usize, const SEE_DEPTH: i32, const EXACT: bool> Tactical
    for Toy<CAP, SEE_DEPTH, EXACT>
{
    const HISTORY_SIZE: usize = CAP;

    fn is_noisy(&self, m: ToyMove) -> bool {
        self.tactics.is_some_and(|t| (t.noisy)(&self.path, m))
    }

    const LAZY_QUIESCENCE: bool = EXACT;
    const STAGED_MOVES: bool = EXACT;

    fn history_index(&self, m: ToyMove) -> usize {
        m as usize % CAP
    }

    fn encode_move(m: ToyMove) -> u64 {
        // Wider than 32 bits, as a multi-leg turn's code is: the search
        // keeps hashed keys of it in its tables.
        (m + 1) << 32 | m
    }

    fn null_move_ok(&self) -> bool {
        false
    }

    fn make_null(&mut self) {
        unreachable!("null_move_ok is false")
    }

    fn unmake_null(&mut self, _: ()) {
        unreachable!("null_move_ok is false")
    }

    fn reversible_plies(&self) -> usize {
        self.path.len()
    }

    fn rule_draw(&self) -> bool {
        false
    }
}

impl<const CAP: usize, const SEE_DEPTH: i32, const EXACT: bool> Evaluator
    for Toy<CAP, SEE_DEPTH, EXACT>
{
    const SEARCH: SearchProfile = if EXACT {
        SearchProfile {
            reverse_futility_depth: 0,
            null_move_depth: 1000,
            lmr_depth: 1000,
            lmp_depth: 0,
            futility_depth: 0,
            delta_margin: 1_000_000,
            see_prune_depth: 0,
            ..SearchProfile::DEFAULT
        }
    } else {
        SearchProfile {
            see_prune_depth: SEE_DEPTH,
            ..SearchProfile::DEFAULT
        }
    };

    fn evaluate(&self, c: &EvalConfig) -> Score {
        (self.rules.eval)(c, &self.path)
    }

    fn exchange_at_least(&self, _: &EvalConfig, m: ToyMove, threshold: Score) -> bool {
        self.exchange.is_none_or(|f| f(&self.path, m) >= threshold)
    }

    fn tactical_order(&self, _: &EvalConfig, _: ToyMove) -> i32 {
        0
    }

    fn capture_gain(&self, _: &EvalConfig, _: ToyMove) -> Score {
        0
    }
}
