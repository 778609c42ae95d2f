//! Each game through the public API of movegen and engine: invariants over
//! seeded random games (Trubix and Trubix-43, Reality Check, Dysnomia, and
//! one walk over every game through the shared traits), the
//! Reality Check information model, the alpha-beta search on Trubix,
//! Strange Chess and Dysnomia positions, winning endings played out to
//! mate (the mop-up term), and Dysnomia's generation without heap
//! allocation (a counting allocator).
//!
//! One test binary for all of them. Random-game sizes depend on the build:
//! debug builds (`cargo test --workspace`) play fewer games, `.ci/run` runs
//! the invariants again in release at full size.

#[path = "../common/mod.rs"]
mod common;

mod dysnomia_alloc;
mod dysnomia_invariants;
mod dysnomia_search;
mod every_game_invariants;
mod mop_up;
mod realitycheck_info;
mod realitycheck_invariants;
mod strangechess_search;
mod trubix_invariants;
mod trubix_search;
