//! The server's time source. Every time the server stores or compares (an entry's time, a
//! seat's clock, a deadline) comes from one [`Clock`], so a test can set the time itself and
//! see a clock run out without waiting for one.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// A future the clock hands out.
pub type Wait<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Where the time comes from: milliseconds since 1970.
pub trait Clock: Send + Sync {
    /// Now.
    fn now_ms(&self) -> i64;
    /// Resolves at `ms` or later, or sooner (the caller looks at the time again and waits
    /// again): a clock that is set by hand wakes its waiters whenever it is set.
    fn wait_until(&self, ms: i64) -> Wait<'_>;
}

/// The operating system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

/// The longest a wait on the system clock sleeps before the caller looks again (a deadline
/// days away is reached in steps, so a changed system time is noticed).
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }

    fn wait_until(&self, ms: i64) -> Wait<'_> {
        let left = Duration::from_millis(ms.saturating_sub(self.now_ms()).max(0) as u64);
        Box::pin(tokio::time::sleep(left.min(LONGEST_SLEEP)))
    }
}

/// A clock set by hand, for tests: it stands still until it is set.
#[derive(Debug)]
pub struct ManualClock {
    now: AtomicI64,
    moved: tokio::sync::watch::Sender<i64>,
}

impl ManualClock {
    /// A clock standing at `ms`.
    pub fn new(ms: i64) -> ManualClock {
        ManualClock {
            now: AtomicI64::new(ms),
            moved: tokio::sync::watch::channel(ms).0,
        }
    }

    /// Sets the time (it may go forward only: an earlier time is ignored).
    pub fn set(&self, ms: i64) {
        let now = self.now.fetch_max(ms, Ordering::SeqCst).max(ms);
        self.moved.send_replace(now);
    }

    /// Moves the time on by `ms`.
    pub fn advance(&self, ms: i64) {
        self.set(self.now_ms() + ms);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }

    fn wait_until(&self, ms: i64) -> Wait<'_> {
        let mut moved = self.moved.subscribe();
        Box::pin(async move {
            // a receiver that outlives the sender (never: the clock owns it) just returns
            let _ = moved.wait_for(|&now| now >= ms).await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_wakes_its_waiters_when_set_past_their_time() {
        let clock = std::sync::Arc::new(ManualClock::new(1_000));
        let waiting = {
            let clock = clock.clone();
            tokio::spawn(async move { clock.wait_until(5_000).await })
        };
        clock.set(4_000);
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        clock.advance(1_000);
        waiting.await.unwrap();
        clock.set(10);
        assert_eq!(clock.now_ms(), 5_000, "a clock set by hand never goes back");
    }
}
