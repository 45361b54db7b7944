//! Files the host layer reads: capped at a size, so that `/dev/zero` or a 10 GB file given
//! as a scenario or a save is refused, not read into memory.

use crate::error::{HostError, HostResult};
use std::io::Read;
use std::path::Path;

/// The largest scenario file read: the biggest table the rules allow, with every polygon at
/// its limit, is well under this.
pub const MAX_SCENARIO_BYTES: u64 = 1 << 20;

/// Reads a text file of at most `cap` bytes, with a one-line reason when it cannot be read or
/// is bigger (`what` names it: "save file", "scenario file").
///
/// # Errors
/// Exit 2: the file cannot be opened or read, is larger than `cap`, or is not UTF-8.
pub fn read_capped(path: &Path, cap: u64, what: &str) -> HostResult<String> {
    let file = std::fs::File::open(path)
        .map_err(|e| HostError::usage(format!("cannot read {what} {}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| HostError::usage(format!("cannot read {what} {}: {e}", path.display())))?;
    if bytes.len() as u64 > cap {
        return Err(HostError::usage(format!(
            "{} is not a {what}: it is larger than {} (the largest fiw reads)",
            path.display(),
            size(cap)
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        HostError::usage(format!(
            "{} is not a {what}: it is not UTF-8 text",
            path.display()
        ))
    })
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}
