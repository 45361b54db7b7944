//! Accounts, optional: a lasting name, a session on every device, notices, history and
//! ratings. Anonymous play by invitation goes on beside them. Passwords are hashed with argon2id
//! (so many hashes at once, so that sign-ins cannot eat the server's cores); sessions are
//! random tokens in an HttpOnly cookie, stored hashed in the database (they outlive a
//! restart); the links mailed to an account (verify its address, reset its password) are
//! single-use, expire, and are stored hashed. E-mail addresses are shown to their owner only.

use crate::live::Failure;
use crate::store::{AccountRow, Store};
use crate::tokens;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use fiw_host::hosted::Refusal;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How long a session lasts, in milliseconds (30 days).
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;
/// How long a verification or reset link works, in milliseconds (one hour).
pub const LINK_MS: i64 = 3600 * 1000;
/// The cookie a session travels in.
pub const COOKIE: &str = "fiw_session";

/// The accounts' service: hashing, sessions, the limits on signing in.
pub struct Accounts {
    store: Store,
    /// Hashes computed at once.
    hashing: Arc<Semaphore>,
    /// Sign-ups and sign-ins by name (a password guessed at from many addresses).
    by_name: DefaultKeyedRateLimiter<String>,
    /// Sign-ups and sign-ins by address.
    by_address: DefaultKeyedRateLimiter<std::net::IpAddr>,
}

fn refusal(message: impl Into<String>) -> Failure {
    Failure::Refused(Refusal {
        rule: None,
        message: message.into(),
        cites: Vec::new(),
    })
}

/// An account's name: 3 to 24 letters, digits and `. - _`, beginning with a letter or digit.
///
/// # Errors
/// What is wrong with it.
pub fn check_account_name(name: &str) -> Result<String, Failure> {
    let name = name.trim();
    let n = name.chars().count();
    if !(3..=24).contains(&n) {
        return Err(refusal(format!(
            "an account's name is 3 to 24 characters; this one has {n}"
        )));
    }
    if !name.chars().next().is_some_and(char::is_alphanumeric)
        || name
            .chars()
            .any(|c| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '_')))
    {
        return Err(refusal(
            "an account's name is letters, digits and . - _ only, beginning with a letter or a digit",
        ));
    }
    if name.eq_ignore_ascii_case("deleted") || name.eq_ignore_ascii_case("anonymous") {
        return Err(refusal(format!(
            "'{name}' is a word the pages use: choose another"
        )));
    }
    Ok(name.to_string())
}

/// A password: 8 to 200 characters.
///
/// # Errors
/// What is wrong with it.
pub fn check_password(password: &str) -> Result<(), Failure> {
    let n = password.chars().count();
    if !(8..=200).contains(&n) {
        return Err(refusal(format!(
            "a password is 8 to 200 characters; this one has {n}"
        )));
    }
    Ok(())
}

/// An e-mail address, checked only for its shape (the verification mail checks the rest).
///
/// # Errors
/// It has no shape of one.
pub fn check_email(email: &str) -> Result<String, Failure> {
    let email = email.trim();
    let ok = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        })
        && !email.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';' | '"')
        });
    if !ok {
        return Err(refusal("that is no e-mail address (name@example.org)"));
    }
    email
        .parse::<lettre::Address>()
        .map_err(|e| refusal(format!("that is no e-mail address: {e}")))?;
    Ok(email.to_string())
}

impl Accounts {
    /// The accounts kept in `store`.
    pub fn new(store: Store) -> Accounts {
        let per_minute = |n: u32| {
            Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
                .allow_burst(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
        };
        Accounts {
            store,
            hashing: Arc::new(Semaphore::new(2)),
            by_name: RateLimiter::keyed(per_minute(10)),
            by_address: RateLimiter::keyed(per_minute(20)),
        }
    }

    /// Counts a sign-up or sign-in of `name` from `address`.
    ///
    /// # Errors
    /// Too many of them in the last minute.
    pub fn limit(&self, name: &str, address: Option<std::net::IpAddr>) -> Result<(), Failure> {
        if self
            .by_name
            .check_key(&crate::store::name_key(name))
            .is_err()
        {
            return Err(Failure::Busy(format!(
                "too many tries for the account '{}' in a minute: wait a minute",
                crate::live::clip(name)
            )));
        }
        if let Some(a) = address {
            if self.by_address.check_key(&a).is_err() {
                return Err(Failure::Busy(
                    "too many sign-ins and sign-ups from your address in a minute: wait a minute"
                        .into(),
                ));
            }
        }
        Ok(())
    }

    /// Forgets the counts that are full again (called now and then).
    pub fn forget_idle(&self) {
        self.by_name.retain_recent();
        self.by_address.retain_recent();
    }

    /// `password` hashed with argon2id and a random salt, on a blocking thread, so many at once.
    ///
    /// # Errors
    /// The hash could not be made.
    pub async fn hash(&self, password: &str) -> Result<String, Failure> {
        let _permit = self.hashing.acquire().await;
        let password = password.to_string();
        tokio::task::spawn_blocking(move || {
            let mut salt = [0u8; 16];
            getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
            let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| Failure::Internal(e.to_string()))?
        .map_err(Failure::Internal)
    }

    /// Whether `password` is the one `hash` was made of (in time that does not tell how close).
    pub async fn verify(&self, hash: &str, password: &str) -> bool {
        let _permit = self.hashing.acquire().await;
        let (hash, password) = (hash.to_string(), password.to_string());
        tokio::task::spawn_blocking(move || {
            PasswordHash::new(&hash).is_ok_and(|h| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &h)
                    .is_ok()
            })
        })
        .await
        .unwrap_or(false)
    }

    /// A new session of `account` from `now`: the token for the cookie.
    ///
    /// # Errors
    /// Storage.
    pub async fn open_session(&self, account: &str, now: i64) -> Result<String, Failure> {
        let token = tokens::new_token().map_err(Failure::Internal)?;
        self.store
            .create_session(&tokens::hash(&token), account, now, now + SESSION_MS)
            .await?;
        Ok(token)
    }

    /// The account signed in with the session `token`, if it is one still.
    ///
    /// # Errors
    /// Storage.
    pub async fn signed_in(&self, token: &str, now: i64) -> Result<Option<AccountRow>, Failure> {
        Ok(self.store.session(&tokens::hash(token), now).await?)
    }

    /// The store, for the routes that read accounts.
    pub fn store(&self) -> &Store {
        &self.store
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_passwords_and_addresses_are_checked() {
        assert_eq!(check_account_name(" Montcalm ").unwrap(), "Montcalm");
        assert!(check_account_name("Lévis-1758").is_ok());
        for bad in ["ab", "a b", "-dash", "<b>x</b>", "deleted", &"x".repeat(25)] {
            assert!(check_account_name(bad).is_err(), "{bad}");
        }
        assert!(check_password("1234567").is_err());
        assert!(check_password("correct horse").is_ok());
        assert_eq!(check_email(" a@b.org ").unwrap(), "a@b.org");
        for bad in [
            "a",
            "a@b",
            "@b.org",
            "a b@c.org",
            "a@b.org, c@d.org",
            "<a@b.org>",
        ] {
            assert!(check_email(bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_password_verifies_against_its_hash_only() {
        let dir = std::env::temp_dir().join(format!("fiw-accounts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&format!("sqlite://{}", dir.join("a.db").display()))
            .await
            .unwrap();
        let a = Accounts::new(store);
        let h = a.hash("correct horse").await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(a.verify(&h, "correct horse").await);
        assert!(!a.verify(&h, "correct horse!").await);
        assert!(!a.verify("not a hash", "correct horse").await);
        assert_ne!(h, a.hash("correct horse").await.unwrap(), "salted");
    }
}
