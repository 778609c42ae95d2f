//! Orthodox chess, the calibration game (`chess`; `normal` in CECP).
//!
//! # Board
//!
//! 8x8, square index `rank * 8 + file` (a1 = 0, h8 = 63), one `u64` per
//! colour and per piece type plus a mailbox for "what stands here".
//! Slider attacks are fancy magic bitboards (`attacks.rs`); knight, king and
//! pawn attacks and the between/line tables are built at compile time.
//!
//! # Rules
//!
//! Standard FIDE moves: castling (rights in the FEN, king not in, through or
//! into check), en passant, promotion to Q, R, B, N. Moves are generated
//! legal without making them (`gen.rs`: check mask, pinned pieces on their
//! pin line, king steps tested with the king removed, en passant verified
//! directly); the last perft ply is counted without a list. Draws are
//! automatic: threefold repetition, fifty moves (100 plies), insufficient
//! material (K v K, K+minor v K, kings with bishops all on one colour).
//! Moves are written in coordinate notation (`e2e4`, `e7e8q`, castling as
//! the king's move `e1g1`; `O-O`/`O-O-O` are accepted as input). Every
//! interpretation is in `docs/rules/chess.md`.

mod attacks;
mod gen;
pub mod position;
mod see;

pub use position::{Move, Position};

/// Orthodox chess's card.
pub const CARD: crate::card::Card = crate::card::Card {
    id: "chess",
    cecp_id: "normal",
    title: "Chess",
    summary: "orthodox chess (CECP: normal), the calibration game",
    squares: 64,
    start_fen: Position::START,
    search: crate::card::Search::AlphaBeta,
    // The start, the chessprogramming perft positions 2-6 and two endings.
    bench_fens: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1",
    ],
    bench_shallower: 0,
    guide: crate::card::Guide {
        pieces: "K king, Q queen, R rook, B bishop, N knight, P pawn.",
        example: "e2e4",
        moves: "from-square and to-square: e2e4, g1f3\n\
            promotion: e7e8q; castling: the king's move, e1g1; en passant: e5d6",
        moves_note: None,
    },
    drawing: crate::card::Drawing::PLAIN,
    contempt: 20,
    denial: None,
};
