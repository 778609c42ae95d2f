//! Curio's front ends, the faces over the engine: CECP (`cecp`), the
//! terminal player (`play`, `play_rc`), the match referee (`referee`) and
//! the command-line tools (`analysis`, `cli`). Each talks to the games
//! only through `movegen`, and the game-playing faces run the engine
//! through the protocol-neutral core in `session`.

pub mod analysis;
pub mod cecp;
pub mod cli;
pub mod diagram;
pub mod guide;
pub mod linelog;
pub mod play;
pub mod play_rc;
pub mod referee;
pub mod serve;
pub mod session;
pub mod uci;
