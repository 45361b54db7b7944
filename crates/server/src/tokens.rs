//! Seats as secret links: a random token of 256 bits per human seat and one for spectators,
//! kept only as its SHA-256 and compared in constant time. The token travels in the link's
//! fragment (after `#`), so it reaches no server log and no Referer header; the page sends it
//! back in an `Authorization: Bearer` header, which the server never logs.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new token: 32 random bytes from the operating system, as 64 hex digits.
///
/// # Errors
/// The operating system has no randomness to give (never seen; the server refuses to make
/// guessable links).
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a seat token: {e}"))?;
    Ok(hex(&bytes))
}

/// A new game id: 12 random bytes as hex (ids are in links but are no secret).
///
/// # Errors
/// As [`new_token`].
pub fn new_id() -> Result<String, String> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a game id: {e}"))?;
    Ok(hex(&bytes))
}

/// The token's SHA-256 as hex: what the database keeps.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, in time that does not depend on where they differ.
pub fn matches(token: &str, stored: &str) -> bool {
    let h = hash(token);
    h.len() == stored.len() && bool::from(h.as_bytes().ct_eq(stored.as_bytes()))
}

/// Whether two stored hashes are the same, in time that does not depend on where they differ.
pub fn matches_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_hash_only() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 64);
        assert_ne!(t, new_token().unwrap());
        let h = hash(&t);
        assert!(matches(&t, &h));
        assert!(!matches(&new_token().unwrap(), &h));
        assert!(!matches("", &h));
        assert!(!matches(&t, ""));
    }
}
