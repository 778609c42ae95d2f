//! Numbers and times as CECP writes them (`level`, `st`, `sd`, counts).

use super::*;

/// `level MPS BASE INC`: moves per session, base time, increment.
pub(crate) fn parse_level(arg: &str) -> Result<(u32, Duration, Duration), String> {
    let f: Vec<&str> = arg.split_whitespace().collect();
    if f.len() != 3 {
        return Err(UNREADABLE.into());
    }
    let mps = f[0].parse::<u32>().map_err(|_| UNREADABLE)?;
    Ok((mps, parse_minutes(f[1])?, parse_seconds(f[2])?))
}

/// Longest time `level` and `st` accept, in seconds (about 31 years):
/// larger values are refused, so that no clock arithmetic can overflow.
pub(crate) const MAX_SECONDS: u64 = 1_000_000_000;

/// Why a number from the GUI was not taken: the reason in `Error (...)`.
pub(crate) const UNREADABLE: &str = "bad argument";

pub(super) fn too_long() -> String {
    format!("too large: at most {MAX_SECONDS} seconds")
}

/// `level` time: `M`, `M:SS`, or fractional minutes; at most
/// [`MAX_SECONDS`]. The error is the reason for `Error (...)`.
pub(crate) fn parse_minutes(s: &str) -> Result<Duration, String> {
    if let Some((m, sec)) = s.split_once(':') {
        let m = parse_count(m).ok_or(UNREADABLE)?;
        let sec = parse_count(sec).ok_or(UNREADABLE)?;
        let total = m.checked_mul(60).and_then(|t| t.checked_add(sec));
        return match total {
            Some(t) if t as u64 <= MAX_SECONDS => Ok(Duration::from_secs(t as u64)),
            _ => Err(too_long()),
        };
    }
    let m: f64 = s.parse().map_err(|_| UNREADABLE)?;
    seconds_from(m * 60.0)
}

/// Seconds (`st`, the `level` increment): at most [`MAX_SECONDS`].
pub(crate) fn parse_seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s.parse().map_err(|_| UNREADABLE)?;
    seconds_from(v)
}

pub(super) fn seconds_from(v: f64) -> Result<Duration, String> {
    if v.is_nan() || v < 0.0 {
        Err(UNREADABLE.into())
    } else if v > MAX_SECONDS as f64 {
        Err(too_long())
    } else {
        Ok(Duration::from_secs_f64(v))
    }
}

/// A count: a number too large for `usize` counts as `usize::MAX`, so that
/// it is refused as too large (or clamped), not called unreadable.
pub(crate) fn parse_count(s: &str) -> Option<usize> {
    match s.parse::<usize>() {
        Ok(n) => Some(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Some(usize::MAX),
        Err(_) => None,
    }
}
