//! Static evaluation, one module per game (material, placement, mobility and
//! game-specific terms), built on `movegen` positions.
//!
//! Empty in this first milestone: the evaluation and its evidence-derived
//! piece values arrive with the search (issue 3). The crate exists now so the
//! workspace has its final shape and layering (eval knows only movegen).
