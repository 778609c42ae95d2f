//! Test support shared by the XBoard faces' tests.

/// A small deterministic generator (xorshift), enough for the games'
/// tests to pick moves.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
