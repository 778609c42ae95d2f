//! A real third-party client drives Curio: python-chess (`chess.engine`,
//! from PyPI) plays a complete game of orthodox chess against Curio over
//! CECP and over UCI, checking every move against its own rules
//! (`tests/engines/python_chess_game.py`, `python_chess_uci.py`; the UCI
//! script also runs analysis with `info` parsed, MultiPV and a ponder
//! move). Needs python-chess: the
//! README's set-up and `.ci/run` install it in `.venv`.

use std::process::Command;

/// Runs one of the python-chess scripts against the binary; its summary
/// line, checked to be a finished game.
fn run_script(name: &str) {
    let script = format!("{}/tests/engines/{name}", env!("CARGO_MANIFEST_DIR"));
    // python-chess in the repository's virtual environment (the README's
    // set-up: Debian's Python refuses `pip install` outside one), else
    // the python3 on PATH.
    let venv = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python3");
    let python = if std::path::Path::new(venv).exists() {
        venv
    } else {
        "python3"
    };
    let out = Command::new(python)
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_curio"))
        .output()
        .expect("python3 must be installed");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // e.g. "result 1-0 by CHECKMATE after 87 plies"
    let line = stdout.lines().last().unwrap_or("");
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 7, "{line}");
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&words[1]), "{line}");
    let plies: usize = words[5].parse().unwrap();
    assert!(plies > 0, "{line}");
}

#[test]
fn python_chess_plays_a_whole_game_against_curio() {
    run_script("python_chess_game.py");
}

#[test]
fn python_chess_plays_and_analyses_with_curio_over_uci() {
    run_script("python_chess_uci.py");
}
