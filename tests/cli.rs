//! The `curio` binary's perft and variants commands, end to end: exact
//! output format, and one-line errors with exit status 2 on bad input.

use std::process::{Command, Output};

fn curio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(args)
        .output()
        .expect("run curio")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_nodes_searched() {
    for (v, d, n) in [
        ("trubix", "3", "2037"),
        ("trubix43", "3", "2081"),
        ("trubix", "0", "1"),
    ] {
        let o = curio(&["perft", "--variant", v, "--depth", d]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("Nodes searched: {n}\n"));
    }
}

#[test]
fn perft_after_moves() {
    let o = curio(&[
        "perft",
        "--variant",
        "trubix",
        "--depth",
        "2",
        "--moves",
        "c3c4 c7c6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Cross-check against a FEN of the same position.
    let f = curio(&[
        "perft",
        "--variant",
        "trubix",
        "--depth",
        "2",
        "--fen",
        "**k**/fnqnf/wwwww/f3f/*1w1*/*3*/*1W1*/F3F/WWWWW/FNQNF/**K** w ABCDEabcde 2 2",
    ]);
    assert!(f.status.success(), "{}", stderr(&f));
    assert_eq!(stdout(&o), stdout(&f));
}

#[test]
fn divide_is_sorted_in_byte_order_and_sums() {
    let o = curio(&["perft", "--variant", "trubix", "--depth", "3", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let (lines, tail) = out.split_once("\n\n").expect("empty line before the total");
    assert_eq!(tail, "Nodes searched: 2037\n");
    let rows: Vec<(&str, u64)> = lines
        .lines()
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap();
            (m, n.parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 11);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 2037);
    assert!(rows
        .windows(2)
        .all(|w| w[0].0.as_bytes() < w[1].0.as_bytes()));
    assert!(rows.iter().any(|r| r.0 == "c3c4"));
    // README override 5: digits sort before letters (b2b3 before bc0b1).
    let o = curio(&[
        "perft",
        "--variant",
        "trubix43",
        "--depth",
        "1",
        "--divide",
        "--fen",
        "*1*1*/4k/5/5/*3*/*3*/*3*/5/1W3/5/*K*1* w - 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let b2 = out.find("b2b3:").unwrap();
    let bc0 = out.find("bc0b1:").unwrap();
    assert!(b2 < bc0, "{out}");
}

fn assert_user_error(args: &[&str], needle: &str) {
    let o = curio(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = stderr(&o);
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one-line error expected: {err}"
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    assert_user_error(
        &["perft", "--variant", "xiangqi", "--depth", "2"],
        "unknown variant 'xiangqi'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--moves",
            "c3c4 c7c5",
        ],
        "illegal move 'c7c5'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--moves",
            "zz9",
        ],
        "unreadable move 'zz9'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--fen",
            "garbage",
        ],
        "bad FEN",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix43",
            "--depth",
            "1",
            "--fen",
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w",
        ],
        "bad FEN",
    );
    assert_user_error(
        &["perft", "--variant", "trubix", "--depth", "99"],
        "too deep",
    );
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let o = curio(&["perft", "--variant", "trubix"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--depth"));
    let o = curio(&["perft", "--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Nodes searched"));
}

#[test]
fn variants_lists_both_games() {
    let o = curio(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("trubix ")));
    assert!(out.lines().any(|l| l.starts_with("trubix43 ")));
}
