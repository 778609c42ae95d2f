//! Match statistics: Elo difference with a confidence interval, and the
//! sequential probability ratio test (SPRT) used to stop a match early.
//!
//! Elo from a score fraction `s`: `-400 log10(1/s - 1)` (logistic model).
//! The interval comes from the per-game variance of the results (draws
//! count half), a normal approximation. The SPRT is the generalised SPRT
//! of fishtest/cutechess: with expected scores `s0`, `s1` of the two
//! hypotheses and the observed mean `s` and per-game variance `v` over `n`
//! games, `LLR = n (s1 - s0)(2s - s0 - s1) / (2v)`; stop for H1 when
//! `LLR >= ln((1-beta)/alpha)`, for H0 when `LLR <= ln(beta/(1-alpha))`.
//!
//! The variance is estimated from the games themselves, so a handful of
//! one-sided results makes it tiny and the LLR huge: 0 wins, 5 losses and
//! a draw gave LLR -5.6 after six games of a Dysnomia test (bounds
//! +-2.94), a verdict from almost nothing. As cutechess-cli does, no
//! verdict is given until the results hold at least one win, one loss and
//! one draw; a match that never draws plays all its games.

/// Wins, losses and draws from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Wld {
    pub const fn new(wins: u32, losses: u32, draws: u32) -> Wld {
        Wld {
            wins,
            losses,
            draws,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Score fraction (0..1); 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    /// Per-game variance of the result (1, 0.5, 0).
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// Elo difference and its 95% interval (low, high).
    pub fn elo(&self) -> (f64, f64, f64) {
        elo_interval(self.score(), self.variance(), self.games())
    }
}

/// Results of game pairs (one opening, colours swapped) from one player's
/// view: how many pairs scored 0, 1/2, 1, 3/2 and 2 points.
///
/// A pair cancels most of what the opening gives one colour, so the spread
/// of pair scores is smaller than that of single games when openings are
/// unbalanced, and the interval is tighter (and honest: games of one pair
/// are not independent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair worth `points` (0, 0.5, ... 2).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[k] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean score fraction per game; 0.5 with no pairs.
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        self.0
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * k as f64 / 4.0)
            .sum::<f64>()
            / n as f64
    }

    /// Variance of a pair's score fraction.
    pub fn variance(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        self.0
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * (k as f64 / 4.0 - s).powi(2))
            .sum::<f64>()
            / n as f64
    }

    /// Elo difference and its 95% interval (low, high).
    pub fn elo(&self) -> (f64, f64, f64) {
        elo_interval(self.score(), self.variance(), self.pairs())
    }
}

/// Elo for a mean score `s` and its 95% interval (low, high), from the
/// variance `v` of one sample (a game or a pair) over `n` samples.
///
/// When every sample had the same result (all won, all lost, all drawn)
/// the observed variance is 0 and the normal interval would shrink to the
/// point itself: 16 wins out of 16 read `+1600 (+1600 to +1600)`, a
/// certainty no 16 games give. There the interval is Wilson's for a
/// proportion, which stays honest at 0 and 1 (16 of 16: +248 to +1600).
fn elo_interval(s: f64, v: f64, n: u32) -> (f64, f64, f64) {
    const Z: f64 = 1.96;
    if n > 0 && v == 0.0 {
        let n = n as f64;
        let z2 = Z * Z;
        let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
        return (
            elo_from_score(s),
            elo_from_score(centre - half),
            elo_from_score(centre + half),
        );
    }
    let se = if n > 0 { (v / n as f64).sqrt() } else { 0.0 };
    (
        elo_from_score(s),
        elo_from_score(s - Z * se),
        elo_from_score(s + Z * se),
    )
}

/// Elo difference for a score fraction (clamped to +-1600 at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    let s = s.clamp(1e-4, 1.0 - 1e-4);
    let e = (-400.0 * (1.0 / s - 1.0).log10()).clamp(-1600.0, 1600.0);
    // No "-0" in reports.
    if e == 0.0 {
        0.0
    } else {
        e
    }
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An SPRT setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H1 (the difference is at least elo1) accepted.
    H1,
    /// H0 (at most elo0) accepted.
    H0,
    Continue,
}

impl Sprt {
    /// Parses `elo0,elo1[,alpha,beta]`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let v: Vec<f64> = text
            .split(',')
            .map(|x| {
                x.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("--sprt: '{x}' is not a number"))
            })
            .collect::<Result<_, _>>()?;
        let (alpha, beta) = match v.len() {
            2 => (0.05, 0.05),
            4 => (v[2], v[3]),
            _ => return Err("--sprt needs elo0,elo1 or elo0,elo1,alpha,beta".into()),
        };
        if v[1] <= v[0] {
            return Err("--sprt: elo1 must be larger than elo0".into());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("--sprt: alpha and beta must be between 0 and 0.5".into());
        }
        Ok(Sprt {
            elo0: v[0],
            elo1: v[1],
            alpha,
            beta,
        })
    }

    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for these results.
    pub fn llr(&self, r: &Wld) -> f64 {
        let n = r.games() as f64;
        let v = r.variance();
        if n == 0.0 || v == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * r.score() - s0 - s1) / (2.0 * v)
    }

    pub fn verdict(&self, r: &Wld) -> SprtVerdict {
        if r.wins == 0 || r.losses == 0 || r.draws == 0 {
            // Too few kinds of result to trust the variance (module
            // documentation).
            return SprtVerdict::Continue;
        }
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtVerdict::H1
        } else if llr <= lo {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.5), 0.0, 1e-9));
        assert!(close(elo_from_score(0.75), 190.848, 1e-3));
        assert!(close(elo_from_score(0.25), -190.848, 1e-3));
        assert!(close(elo_from_score(0.9), 381.697, 1e-3));
        assert!(close(score_from_elo(100.0), 0.640065, 1e-6));
        assert!(close(elo_from_score(score_from_elo(-37.0)), -37.0, 1e-9));
    }

    /// A clean sweep is not a certainty: the interval of 16 wins in 16
    /// games reaches down to a score of 16/19.84 (Wilson), and more games
    /// raise it.
    #[test]
    fn a_clean_sweep_has_an_interval() {
        let sweep = |n| Wld::new(n, 0, 0);
        let (elo, lo, hi) = sweep(16).elo();
        assert!(
            close(elo, 1600.0, 0.1) && close(hi, 1600.0, 0.1),
            "{elo} {hi}"
        );
        assert!(
            close(lo, elo_from_score(16.0 / (16.0 + 1.96 * 1.96)), 1e-6),
            "{lo}"
        );
        assert!(close(lo, 247.8, 0.5), "{lo}");
        assert!(sweep(400).elo().1 > lo + 300.0);
        let (elo, lo, hi) = Wld::new(0, 16, 0).elo();
        assert!(
            close(elo, -1600.0, 0.1) && close(lo, -1600.0, 0.1),
            "{elo} {lo}"
        );
        assert!(close(hi, -247.8, 0.5), "{hi}");
        let (elo, lo, hi) = Wld::new(0, 0, 10).elo();
        assert!(elo == 0.0 && lo < -100.0 && hi > 100.0, "{lo} {hi}");
        // Pairs alike: 20 pairs all won 2-0.
        let mut p = Pentanomial::default();
        for _ in 0..20 {
            p.add(2.0);
        }
        let (elo, lo, _) = p.elo();
        assert!(close(elo, 1600.0, 0.1) && lo > 200.0 && lo < 400.0, "{lo}");
    }

    #[test]
    fn interval_of_a_known_match() {
        // 60 wins, 20 losses, 20 draws: s = 0.7, per-game variance
        // (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16, standard error 0.04,
        // 95% scores 0.6216..0.7784.
        let r = Wld::new(60, 20, 20);
        assert!(close(r.score(), 0.7, 1e-12));
        assert!(close(r.variance(), 0.16, 1e-12));
        let (e, lo, hi) = r.elo();
        assert!(close(e, 147.19, 0.01), "{e}");
        assert!(close(lo, elo_from_score(0.6216), 1e-6), "{lo}");
        assert!(close(hi, elo_from_score(0.7784), 1e-6), "{hi}");
    }

    #[test]
    fn pair_interval_of_a_known_match() {
        // 10 pairs: 1 x 0, 2 x 1/2, 4 x 1, 2 x 3/2, 1 x 2 points. Fractions
        // 0, .25, .5, .75, 1: mean 0.5, variance (0.25 + 2*0.0625 + 0 +
        // 2*0.0625 + 0.25)/10 = 0.075, standard error sqrt(0.0075).
        let mut p = Pentanomial::default();
        for (points, times) in [(0.0, 1), (0.5, 2), (1.0, 4), (1.5, 2), (2.0, 1)] {
            for _ in 0..times {
                p.add(points);
            }
        }
        assert_eq!(p.0, [1, 2, 4, 2, 1]);
        assert_eq!(p.pairs(), 10);
        assert!(close(p.score(), 0.5, 1e-12));
        assert!(close(p.variance(), 0.075, 1e-12));
        let (e, lo, hi) = p.elo();
        let se = 0.0075f64.sqrt();
        assert!(close(e, 0.0, 1e-9));
        assert!(close(lo, elo_from_score(0.5 - 1.96 * se), 1e-9), "{lo}");
        assert!(close(hi, elo_from_score(0.5 + 1.96 * se), 1e-9), "{hi}");
        // Pairs each won by the same colour (a win and a loss, 1 point)
        // have no spread, while the same 20 games counted singly do.
        let lopsided = Pentanomial([0, 0, 10, 0, 0]);
        assert_eq!(lopsided.variance(), 0.0);
        let singly = Wld::new(10, 10, 0);
        assert!(singly.variance() > 0.2);
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let s = Sprt::parse("0,10").unwrap();
        let (lo, hi) = s.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!(close(lo, -2.944439, 1e-6) && close(hi, 2.944439, 1e-6));
        // 100 W, 50 L, 200 D: s = 4/7, v = 0.1020408 (35.714/350);
        // s0 = 0.5, s1 = 0.5143872; LLR = 350 * 0.0143872 * 0.1284699 / 0.2040816
        // = 3.16987 > 2.944: H1.
        let r = Wld::new(100, 50, 200);
        assert!(close(s.llr(&r), 3.16987, 1e-4), "{}", s.llr(&r));
        assert_eq!(s.verdict(&r), SprtVerdict::H1);
        // 60 W, 50 L, 200 D: LLR = 0.45057, undecided.
        let r = Wld::new(60, 50, 200);
        assert!(close(s.llr(&r), 0.45057, 1e-4), "{}", s.llr(&r));
        assert_eq!(s.verdict(&r), SprtVerdict::Continue);
        let strong = Wld::new(300, 100, 200);
        assert_eq!(s.verdict(&strong), SprtVerdict::H1);
        let weak = Wld::new(100, 300, 200);
        assert_eq!(s.verdict(&weak), SprtVerdict::H0);
        assert!(Sprt::parse("10,0").is_err());
        // Six games, 0 W 5 L 1 D: LLR -5.587, far past the lower bound,
        // but no win yet: no verdict. With a win among many more losses
        // (1 W 15 L 2 D, LLR -7.7) the verdict stands.
        let early = Wld::new(0, 5, 1);
        let s50 = Sprt::parse("0,50").unwrap();
        assert!(close(s50.llr(&early), -5.5866, 1e-3), "{}", s50.llr(&early));
        assert_eq!(s50.verdict(&early), SprtVerdict::Continue);
        let later = Wld::new(1, 15, 2);
        assert_eq!(s50.verdict(&later), SprtVerdict::H0);
        for one_sided in [
            Wld::new(300, 0, 5),
            Wld::new(0, 300, 5),
            Wld::new(300, 100, 0),
        ] {
            assert_eq!(
                s.verdict(&one_sided),
                SprtVerdict::Continue,
                "{one_sided:?}"
            );
        }
        assert!(Sprt::parse("0,10,0.7,0.05").is_err());
        assert_eq!(Sprt::parse("-5,5,0.1,0.2").unwrap().beta, 0.2);
    }
}
