//! Curio's front ends. For now: the command-line tools (`perft`,
//! `variants`). CECP, `play`, `analyze` and the match runner come later and
//! live here too; each talks to the games only through `movegen`.

pub mod analysis;
pub mod cecp;
pub mod cli;
pub mod guide;
pub mod linelog;
pub mod play;
pub mod play_rc;
pub mod referee;
