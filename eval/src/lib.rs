//! Static evaluation, one module per game, built on `movegen` positions.
//!
//! [`Evaluator`] is what the search asks of a game: a score from the side to
//! move's point of view and an ordering value for tactical moves. Each game
//! implements it in its own module with its own weights.

pub mod chess;
pub mod dysnomia;
pub mod montecarlo;
pub mod mop_up;
pub mod profile;
pub mod realitycheck;
pub mod strangechess;
pub mod trubix;

use movegen::Tactical;
pub use profile::SearchProfile;

/// Centipawn score type shared by evaluation and search.
pub type Score = i32;

/// Evaluation settings chosen by the caller (tuned weights in self-play
/// A/B tests and tuning), for every game that has some: a value that every
/// evaluation is given ([`Evaluator::evaluate`]), held by the engine that
/// searches (`engine::Engine::set_eval`) and copied into each of its search
/// threads, so that self-play can run two weight sets side by side in one
/// process and Lazy SMP helpers evaluate exactly like the main thread.
#[derive(Clone, Copy, Debug)]
pub struct EvalConfig {
    /// Trubix and Trubix-43 weights.
    pub trubix: &'static trubix::Weights,
    /// Strange Chess weights.
    pub strangechess: &'static strangechess::Weights,
    /// Dysnomia weights.
    pub dysnomia: &'static dysnomia::Weights,
}

impl EvalConfig {
    /// Every game with its default weights.
    pub const DEFAULT: EvalConfig = EvalConfig {
        trubix: &trubix::DEFAULT,
        strangechess: &strangechess::DEFAULT,
        dysnomia: &dysnomia::DEFAULT,
    };

    /// The first, hand-set weights of the games that play fitted ones
    /// (Strange Chess, Dysnomia), the others as by default: the baseline
    /// a fit was measured against, selectable at run time so that one
    /// binary plays both sides of the A/B match.
    pub const HANDSET: EvalConfig = EvalConfig {
        strangechess: &strangechess::HANDSET,
        dysnomia: &dysnomia::HANDSET,
        ..EvalConfig::DEFAULT
    };
}

/// A named set of weights, as chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WeightSet {
    /// The weights Curio plays with (fitted where a fit won its match).
    #[default]
    Fitted,
    /// The first, hand-set weights ([`EvalConfig::HANDSET`]).
    Handset,
}

impl WeightSet {
    /// The evaluation settings of this set.
    pub fn config(self) -> EvalConfig {
        match self {
            WeightSet::Fitted => EvalConfig::DEFAULT,
            WeightSet::Handset => EvalConfig::HANDSET,
        }
    }
}

impl std::str::FromStr for WeightSet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "fitted" => Ok(WeightSet::Fitted),
            "handset" => Ok(WeightSet::Handset),
            _ => Err(format!("unknown weight set '{s}': use fitted or handset")),
        }
    }
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig::DEFAULT
    }
}

/// How many centipawns a draw counts against the engine in play (never in
/// analysis): the game's card says (20; 150 in Dysnomia, where the card
/// says why).
pub fn default_contempt(v: movegen::Variant) -> Score {
    v.card().contempt
}

/// The search profile ([`Evaluator::SEARCH`]) of the game `pos` is in,
/// for the faces that report budgets; Reality Check's ISMCTS has the
/// defaults.
pub fn search_profile(pos: &movegen::AnyPosition) -> SearchProfile {
    fn of<G: Evaluator>(_: &G) -> SearchProfile {
        G::SEARCH
    }
    movegen::with_search!(pos, alphabeta p => of(p), ismcts _rc => SearchProfile::DEFAULT)
}

/// Static evaluation for a game, in the weights of an [`EvalConfig`]
/// (each game reads its own part of it).
pub trait Evaluator: Tactical {
    /// The search's pruning and reduction constants for this game
    /// ([`SearchProfile`]; the defaults unless the game measured better).
    const SEARCH: SearchProfile = SearchProfile::DEFAULT;

    /// The position's value in centipawns for the side to move.
    fn evaluate(&self, c: &EvalConfig) -> Score;

    /// Ordering value of a capture or promotion: most valuable victim first,
    /// least valuable attacker next (MVV-LVA), promotions by their gain.
    fn tactical_order(&self, c: &EvalConfig, m: Self::Move) -> i32;

    /// The material value of what `m` captures plus any promotion gain: an
    /// upper bound of what the move wins, for delta pruning.
    fn capture_gain(&self, c: &EvalConfig, m: Self::Move) -> Score;

    /// Whether the capture `m` probably loses material: a piece worth more
    /// than its catch lands where the opponent can take it back.
    /// Quiescence skips such captures and the main search tries them after
    /// the killers. Games without a cheap guard test say no, which keeps
    /// their search exact about captures.
    fn likely_losing(&self, _c: &EvalConfig, _m: Self::Move) -> bool {
        false
    }

    /// [`Evaluator::likely_losing`] of a move whose
    /// [`Evaluator::capture_gain`] is `gain`: quiescence has it already,
    /// and a game whose gain is dear to find (Strange Chess: custodian and
    /// Wall captures) overrides this not to find it again.
    fn likely_losing_given(&self, c: &EvalConfig, m: Self::Move, _gain: Score) -> bool {
        self.likely_losing(c, m)
    }

    /// [`Evaluator::tactical_order`] of a move whose
    /// [`Evaluator::capture_gain`] is `gain` (as `likely_losing_given`).
    fn tactical_order_given(&self, c: &EvalConfig, m: Self::Move, _gain: Score) -> i32 {
        self.tactical_order(c, m)
    }

    /// Whether `m` wins at least `threshold` centipawns in the exchange on
    /// its square (static exchange evaluation). Games without one say yes:
    /// the search then prunes nothing by it.
    fn exchange_at_least(&self, _c: &EvalConfig, _m: Self::Move, _threshold: Score) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's search constants make a sound search (a profile typed
    /// with a zero margin or no quiescence would fail here, not in play).
    #[test]
    fn every_games_search_profile_is_sound() {
        let profiles = [
            <movegen::chess::Position as Evaluator>::SEARCH,
            <movegen::trubix::Position as Evaluator>::SEARCH,
            <movegen::strangechess::Position as Evaluator>::SEARCH,
            <movegen::dysnomia::game::State as Evaluator>::SEARCH,
        ];
        for p in profiles {
            assert!(p.is_sound(), "{p:?}");
        }
    }

    /// Two settings side by side on one thread: each evaluation reads the
    /// one it is given.
    #[test]
    fn each_evaluation_reads_the_settings_it_is_given() {
        static TUNED: trubix::Weights = trubix::Weights {
            tempo: 77,
            ..trubix::DEFAULT_WEIGHTS
        };
        let tuned = EvalConfig {
            trubix: &TUNED,
            ..EvalConfig::DEFAULT
        };
        let start = movegen::trubix::Position::start(movegen::trubix::Board::T41);
        let (plain, with_tempo) = (start.evaluate(&EvalConfig::DEFAULT), start.evaluate(&tuned));
        assert_eq!(with_tempo - plain, 77 - trubix::DEFAULT_WEIGHTS.tempo);
    }

    #[test]
    fn weight_sets_reach_the_evaluations_of_their_games() {
        use movegen::{dysnomia, strangechess};
        // A Queen against a Rook: material that both sets price differently.
        let dy = dysnomia::game::State::new(
            dysnomia::Position::from_fen("4k3/8/8/8/8/8/8/Q3K2r w - - 0 1").expect("FEN"),
        );
        let sc =
            strangechess::Position::from_fen("6k5/12/12/12/12/12/12/12/12/12/12/Q5K4r w - - 0 1")
                .expect("FEN");
        let score = |set: WeightSet| {
            let c = set.config();
            (
                dy.evaluate(&c),
                sc.evaluate(&c),
                crate::dysnomia::value(c.dysnomia, dysnomia::Kind::Queen),
                crate::strangechess::value(c.strangechess, strangechess::Kind::Queen),
            )
        };
        let (fitted, handset) = (score(WeightSet::Fitted), score(WeightSet::Handset));
        let queen = crate::dysnomia::feature::QUEEN;
        assert_eq!(fitted.2, crate::dysnomia::FITTED[queen]);
        assert_eq!(handset.2, crate::dysnomia::HANDSET[queen]);
        let sc_queen = strangechess::Kind::Queen as usize;
        assert_eq!(fitted.3, crate::strangechess::FITTED.material[sc_queen]);
        assert_eq!(handset.3, crate::strangechess::HANDSET.material[sc_queen]);
        assert_ne!(fitted.0, handset.0, "Dysnomia evaluation");
        assert_ne!(fitted.1, handset.1, "Strange Chess evaluation");
        assert_eq!("handset".parse(), Ok(WeightSet::Handset));
        assert_eq!("fitted".parse(), Ok(WeightSet::Fitted));
        assert!("best".parse::<WeightSet>().is_err());
    }
}

/// Test helpers shared by the evaluation modules.
#[cfg(test)]
pub(crate) mod test_util {
    /// Swaps the case of every letter: White's pieces become Black's.
    pub fn swap_case(s: &str) -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    }

    /// The FEN board field seen from the other side: ranks in reverse
    /// order, colours swapped.
    pub fn mirror_board(board: &str) -> String {
        board
            .split('/')
            .rev()
            .map(swap_case)
            .collect::<Vec<_>>()
            .join("/")
    }
}
