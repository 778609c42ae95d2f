//! Reading request fields: `application/x-www-form-urlencoded` pairs from
//! a URL's query and a request body, percent-decoded. Untrusted: bad
//! escapes and invalid UTF-8 are errors, never panics.

/// Decodes one form value (`+` is a space).
pub fn decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| "a bad %-escape in the request".to_string())?;
                out.push(hex);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| "the request is not UTF-8".to_string())
}

/// The fields of a query string or form body, in order.
pub fn fields(s: &str) -> Result<Vec<(String, String)>, String> {
    s.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            Ok((decode(k)?, decode(v)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_decoded_and_bad_ones_refused() {
        assert_eq!(
            fields("a=1&move=e2e4%2Ce4e5&fen=r+n%5B1%5D&flag").unwrap(),
            [
                ("a".into(), "1".into()),
                ("move".into(), "e2e4,e4e5".into()),
                ("fen".into(), "r n[1]".into()),
                ("flag".into(), String::new())
            ]
        );
        assert!(decode("%zz").is_err());
        assert!(decode("%4").is_err());
        assert!(decode("%ff").is_err());
    }
}
