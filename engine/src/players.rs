//! Reality Check players: the engine (ISMCTS over the player's information
//! state), the baselines it is measured against, and the setup policy.
//!
//! Every player decides from an [`InfoState`] only, the set of full states
//! the player cannot tell apart; the one exception is the full-information
//! ("cheating") baseline, which is handed the true state on purpose to show
//! what the hidden information costs.

use crate::mcts::{flat_monte_carlo, ismcts, MctsConfig, MctsLimits, MctsResult};
use eval::montecarlo::SplitMix;
use movegen::game::Game;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::info::InfoState;
use movegen::realitycheck::{Face, Move, MoveVec, Position};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

/// The kinds of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Uniformly random legal turn.
    Random,
    /// Captures the most valuable upturned face it can, else random.
    Greedy,
    /// Flat determinized Monte Carlo.
    Flat,
    /// Information-set MCTS (Curio's engine).
    Ismcts,
    /// ISMCTS on the true state: knows every hidden face.
    Cheat,
}

impl FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            "flat" => Ok(PlayerKind::Flat),
            "ismcts" => Ok(PlayerKind::Ismcts),
            "cheat" => Ok(PlayerKind::Cheat),
            _ => Err(format!(
                "unknown player '{s}' (random, greedy, flat, ismcts, cheat)"
            )),
        }
    }
}

/// The setup policy: uniformly random among the 672 legal setups. Any
/// fixed preference would be learnable by an opponent, and hiding where the
/// true chips are is the point of the game.
pub fn choose_setup(seed: u64) -> Setup {
    let all = Setup::all();
    let mut rng = SplitMix::new(seed ^ 0x5E7A_5E7A);
    all[rng.below(all.len())]
}

fn face_value(f: Face) -> u32 {
    [1, 3, 3, 5][f as usize]
}

/// A turn for the player whose information is `info` (it must be that
/// player's turn). `truth` is used by [`PlayerKind::Cheat`] only.
pub fn choose(
    kind: PlayerKind,
    info: &InfoState,
    truth: &Position,
    limits: &MctsLimits,
    config: &MctsConfig,
    stop: &AtomicBool,
) -> MctsResult<Move> {
    let sample = |rng: &mut SplitMix| info.determinize(&mut |n| rng.below(n));
    match kind {
        PlayerKind::Ismcts => ismcts(&sample, info.seen(), limits, config, stop),
        PlayerKind::Flat => flat_monte_carlo(&sample, limits, config, stop),
        PlayerKind::Cheat => {
            let exact = |_: &mut SplitMix| *truth;
            ismcts(&exact, info.seen(), limits, config, stop)
        }
        PlayerKind::Random | PlayerKind::Greedy => {
            // Any world will do: the player's own legal turns are the same
            // in all of them.
            let pos = info.worlds()[0];
            let mut list = MoveVec::new();
            pos.legal_moves(&mut list);
            let mut rng = SplitMix::new(config.seed);
            let best = if list.is_empty() {
                None
            } else if kind == PlayerKind::Greedy {
                let value = |m: &Move| {
                    if m.is_capture() && m.kind() == movegen::realitycheck::TurnKind::Capture {
                        pos.chip_at(m.to()).map_or(0, |c| face_value(c.up()))
                    } else {
                        0
                    }
                };
                let top = list.iter().map(value).max().unwrap_or(0);
                if top > 0 {
                    let caps: Vec<Move> =
                        list.iter().copied().filter(|m| value(m) == top).collect();
                    Some(caps[rng.below(caps.len())])
                } else {
                    Some(list[rng.below(list.len())])
                }
            } else {
                Some(list[rng.below(list.len())])
            };
            MctsResult {
                best,
                iterations: 0,
                elapsed: std::time::Duration::ZERO,
                value: 0.5,
                visits: 0,
                nodes: 0,
            }
        }
    }
}
