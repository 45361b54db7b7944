//! Where a test makes the database pause or fail in the middle of a change, to see what a
//! request dropped there (its client gone, its time up) or a commit that fails there leaves
//! behind. A server has none: [`super::Store::fault`] is then a no-op.

use super::StoreError;
use std::future::Future;
use std::pin::Pin;

/// A point where a change to a game waits on the database, or on its answer being written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultPoint {
    /// Before the transaction begins.
    BeforeCommit,
    /// Inside the transaction: the entry written, the commit not yet sent.
    InCommit,
    /// After the commit returned, before the change is put in place.
    AfterCommit,
    /// After the change is done, before the answer is written to the client.
    Answer,
}

impl FaultPoint {
    /// Every point, in the order a change passes them.
    pub const ALL: [FaultPoint; 4] = [
        FaultPoint::BeforeCommit,
        FaultPoint::InCommit,
        FaultPoint::AfterCommit,
        FaultPoint::Answer,
    ];
}

/// What a test does at each point: wait (for the test to drop the request), fail (as a
/// database that went away would), or go on.
pub trait Faults: Send + Sync + 'static {
    /// Called at `point` of a change to game `id`; an error there is the storage's error.
    fn at(
        &self,
        point: FaultPoint,
        id: &str,
    ) -> Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'static>>;
}
