//! Searches generic over `movegen::Game`: alpha-beta (iterative deepening,
//! PVS, transposition table, quiescence, Lazy SMP) and, for Reality Check,
//! ISMCTS. Reports progress through an observer; knows nothing of output
//! formats.
//!
//! Empty in this first milestone: the search arrives with issue 3. The crate
//! exists now so the workspace has its final shape and layering.
