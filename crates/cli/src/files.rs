//! The files `fiw` reads and writes: reads capped at a size (so `/dev/zero` or a 10 GB file is
//! refused, not read into memory), writes that replace a file whole (so a game interrupted in
//! the middle of a save still has its last one), and the autosaves of games people play.

use fiw_host::files::read_capped;
use fiw_host::{HostError, HostResult};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `text` to `path` whole: into a file beside it, then renamed over it, so that a
/// process stopped in the middle (Ctrl-C, a closed terminal) leaves the previous file intact.
///
/// # Errors
/// The file beside it cannot be written, or the rename fails (one line naming the path).
pub fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| format!("cannot write {}: it names no file", path.display()))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        fail(e)
    })
}

/// Whether `path` can be written, found before a long run rather than after it: the file is
/// opened for writing (created if missing, then removed again, so nothing is left behind).
///
/// # Errors
/// Exit 2, naming the flag and the path.
pub fn check_writable(path: &Path, flag: &str) -> HostResult {
    let existed = path.exists();
    if path.is_dir() {
        return Err(HostError::usage(format!(
            "{flag} {}: that is a directory, not a file",
            path.display()
        )));
    }
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| {
            HostError::usage(format!(
                "{flag} {}: cannot write there: {e}",
                path.display()
            ))
        })?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Where games people play are saved after every action: `FIW_STATE_DIR` if set, else the
/// platform's state directory (`$XDG_STATE_HOME/fiw`, `~/.local/state/fiw`; on macOS and
/// Windows the local data directory), created if need be. `None` when there is none.
pub fn autosave_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("FIW_STATE_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => dirs::state_dir().or_else(dirs::data_local_dir)?.join("fiw"),
    };
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// A new autosave file for a game of `game` begun now: `louisbourg-20261201-083412-3fa9.json`
/// (the date and time in UTC, and four hex digits so that two games begun in one second do not
/// share a file).
pub fn new_autosave(dir: &Path, game: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let tag = fiw_engine::secret_seed() & 0xffff;
    dir.join(format!("{game}-{}-{tag:04x}.json", utc_stamp(secs)))
}

/// `YYYYMMDD-HHMMSS` in UTC for seconds since 1970 (the civil calendar from a day count).
fn utc_stamp(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's days-to-civil, for days since 1970-01-01
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The unfinished game saved most recently in `dir` (of `game`, if given), for
/// `fiw play --resume`: its path and text.
///
/// # Errors
/// Exit 2 when there is none, saying where fiw looked.
pub fn last_unfinished(dir: &Path, game: Option<&str>) -> HostResult<(PathBuf, String)> {
    #[derive(serde::Deserialize)]
    struct Head {
        game: String,
        outcome: Option<serde_json::Value>,
    }
    let mut best: Option<(std::time::SystemTime, PathBuf, String)> = None;
    let entries = std::fs::read_dir(dir)
        .map_err(|e| HostError::usage(format!("cannot read {}: {e}", dir.display())))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let Ok(modified) = entry.metadata().and_then(|m| m.modified()) else {
            continue;
        };
        if best.as_ref().is_some_and(|(t, _, _)| *t >= modified) {
            continue;
        }
        let Ok(text) = read_capped(&path, fiw_engine::MAX_SAVE_BYTES, "save file") else {
            continue;
        };
        let Ok(head) = serde_json::from_str::<Head>(&text) else {
            continue;
        };
        if head.outcome.is_some() || game.is_some_and(|g| g != head.game) {
            continue;
        }
        best = Some((modified, path, text));
    }
    best.map(|(_, p, t)| (p, t)).ok_or_else(|| {
        HostError::usage(format!(
            "no unfinished {}game to resume in {} (games people play are saved there after every action)",
            game.map(|g| format!("{g} ")).unwrap_or_default(),
            dir.display()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("fiw-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn stamps_are_the_civil_date() {
        assert_eq!(utc_stamp(0), "19700101-000000");
        assert_eq!(utc_stamp(951_782_400), "20000229-000000");
        assert_eq!(utc_stamp(1_796_114_045), "20261201-083405");
    }

    #[test]
    fn a_read_is_capped_and_never_fills_memory() {
        let e = read_capped(Path::new("/dev/zero"), 1 << 10, "save file").unwrap_err();
        assert!(e.to_string().contains("larger than 1 KiB"), "{e}");
        let d = temp_dir("cap");
        let f = d.join("a.json");
        std::fs::write(&f, "{}").unwrap();
        assert_eq!(read_capped(&f, 2, "save file").unwrap(), "{}");
        assert!(read_capped(&f, 1, "save file").is_err());
        std::fs::write(&f, [0xff, 0xfe]).unwrap();
        assert!(read_capped(&f, 10, "save file")
            .unwrap_err()
            .to_string()
            .contains("not UTF-8"));
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let d = temp_dir("whole");
        let f = d.join("game.json");
        write_whole(&f, "one").unwrap();
        write_whole(&f, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "two");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        assert!(write_whole(&d.join("no/such/dir/game.json"), "x").is_err());
    }

    #[test]
    fn writability_is_checked_without_leaving_a_file() {
        let d = temp_dir("writable");
        let f = d.join("plot.svg");
        check_writable(&f, "--plot").unwrap();
        assert!(!f.exists());
        let e = check_writable(&d.join("missing/plot.svg"), "--plot").unwrap_err();
        assert!(e.to_string().starts_with("--plot "), "{e}");
        assert!(check_writable(&d, "--save").is_err());
    }

    #[test]
    fn the_last_unfinished_game_is_found() {
        let d = temp_dir("resume");
        assert!(last_unfinished(&d, None).is_err());
        std::fs::write(d.join("a.json"), r#"{"game":"louisbourg","outcome":null}"#).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(d.join("b.json"), r#"{"game":"d3","outcome":{"winner":0}}"#).unwrap();
        std::fs::write(d.join("c.txt"), "not a save").unwrap();
        let (p, _) = last_unfinished(&d, None).unwrap();
        assert!(p.ends_with("a.json"), "the finished d3 game is skipped");
        assert!(last_unfinished(&d, Some("d3")).is_err());
        assert!(last_unfinished(&d, Some("louisbourg")).is_ok());
    }
}
