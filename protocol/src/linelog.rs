//! Line logs: files that record a protocol conversation line by line,
//! each line with the wall-clock time it passed. The CECP session writes
//! one when asked (`curio xboard --log FILE`, engine option `Debug Log
//! File`), and the referee one per engine and game (`curio match
//! --log-dir`).
//!
//! A line of the file is `TIME TAG TEXT`: TIME in UTC to the millisecond
//! (`2026-11-28T20:21:48.123Z`), TAG `>>` for a line into the engine, `<<`
//! for a line out of it (as Stockfish's and Fairy-Stockfish's debug logs
//! mark them), `##` for a note (what a search was given and did, an
//! option's new value).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A line into the engine.
pub const IN: &str = ">>";
/// A line out of the engine.
pub const OUT: &str = "<<";
/// A note of the program that writes the log.
pub const NOTE: &str = "##";

pub struct LineLog {
    path: PathBuf,
    file: File,
}

impl LineLog {
    /// Opens `path` for appending (made if missing): a log is never
    /// truncated, so two engines given the same file (two Curios in one
    /// XBoard) interleave their lines instead of erasing each other's.
    pub fn open(path: impl AsRef<Path>) -> io::Result<LineLog> {
        let path = path.as_ref();
        if path.as_os_str().is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty path"));
        }
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(LineLog {
            path: path.to_path_buf(),
            file,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one line, with the time now. One `write` call per line and
    /// no buffer: the file holds every line up to a crash, and appends by
    /// two processes do not cut into each other's lines.
    pub fn write(&mut self, tag: &str, text: &str) -> io::Result<()> {
        let line = format!("{} {tag} {text}\n", timestamp(SystemTime::now()));
        self.file.write_all(line.as_bytes())
    }
}

/// `2026-11-28T20:21:48.123Z`: RFC 3339 in UTC, to the millisecond.
pub fn timestamp(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, day) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        d.subsec_millis()
    )
}

/// The date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, proleptic Gregorian calendar): std has no calendar,
/// and a date library for one line of text is not worth its weight.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A search's limits in words, with the time budget the engine draws from
/// them: `clock 59.800 s + 0.100 s/move, 12 moves to go; budget 1.482 s
/// (at most 4.000 s)`. For logs, so that the time a search used can be
/// read against the time it was given. `horizon`: the searched game's
/// clock horizon (`eval::SearchProfile::clock_horizon`).
pub fn describe_limits(l: &engine::limits::Limits, horizon: u32) -> String {
    let mut parts = Vec::new();
    if let Some(d) = l.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = l.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(t) = l.movetime {
        parts.push(format!("movetime {:.3} s", t.as_secs_f64()));
    }
    if let Some(c) = l.clock {
        let mut clock = format!(
            "clock {:.3} s + {:.3} s/move",
            c.remaining.as_secs_f64(),
            c.increment.as_secs_f64()
        );
        if let Some(m) = c.moves_to_go {
            clock += &format!(", {m} moves to go");
        }
        parts.push(clock);
    }
    if l.infinite {
        parts.push("until stopped".into());
    }
    let mut text = if parts.is_empty() {
        "no limit".to_string()
    } else {
        parts.join(", ")
    };
    if let Some(b) = l.budget_over(horizon) {
        text += &format!(
            "; budget {:.3} s (at most {:.3} s)",
            b.soft.as_secs_f64(),
            b.hard.as_secs_f64()
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_dates_to_the_millisecond() {
        let at = |s: u64, ms: u64| {
            timestamp(UNIX_EPOCH + Duration::from_secs(s) + Duration::from_millis(ms))
        };
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
        // 2000-02-29 (a leap day of a century year) and the day after.
        assert_eq!(at(951_782_400, 5), "2000-02-29T00:00:00.005Z");
        assert_eq!(at(951_868_799, 999), "2000-02-29T23:59:59.999Z");
        assert_eq!(at(951_868_800, 0), "2000-03-01T00:00:00.000Z");
        assert_eq!(at(1_795_897_308, 123), "2026-11-28T20:21:48.123Z");
    }

    #[test]
    fn lines_are_appended_with_their_tag() {
        let dir = std::env::temp_dir().join(format!("curio-linelog-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.txt");
        let _ = std::fs::remove_file(&path);
        for text in ["first", "second"] {
            let mut log = LineLog::open(&path).unwrap();
            log.write(IN, text).unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].ends_with("Z >> first"), "{text}");
        assert!(lines[1].ends_with("Z >> second"), "{text}");
        assert!(LineLog::open(dir.join("no/such/dir/log.txt")).is_err());
        assert!(LineLog::open("").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn limits_in_words() {
        use engine::limits::{Clock, Limits};
        assert_eq!(describe_limits(&Limits::depth(7), 40), "depth 7");
        assert_eq!(
            describe_limits(&Limits::movetime(Duration::from_millis(1500)), 40),
            "movetime 1.500 s; budget 1.500 s (at most 1.500 s)"
        );
        let clock = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::from_millis(100),
                moves_to_go: Some(12),
            }),
            ..Limits::default()
        };
        let text = describe_limits(&clock, 40);
        assert!(
            text.starts_with("clock 60.000 s + 0.100 s/move, 12 moves to go; budget "),
            "{text}"
        );
    }
}
