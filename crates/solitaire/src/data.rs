//! The data files in use. fiw builds in `data/*.toml`; an owner of the printed game who reads
//! other values on its Turn Track, charts, map or army markers can put corrected files in a
//! folder and play them without touching code: `FIW_SOLITAIRE_DATA=FOLDER`, read before the
//! first game (a file missing from the folder stays the built-in one). Each file is checked as
//! the built-in ones are, and a broken one is refused with one line naming the file, the line
//! and the field.

use std::path::Path;

/// The environment variable naming a folder of corrected data files.
pub const DATA_ENV: &str = "FIW_SOLITAIRE_DATA";

/// The four files, in the order they are read (the charts check regions against the map, the
/// armies' arrivals against the track).
pub const FILES: [&str; 4] = ["map.toml", "turn_track.toml", "charts.toml", "armies.toml"];

/// Reads the files of `dir` that are there and puts them in use, each checked: the map, the
/// Turn Track, the charts, the armies. Must come before the first game; files not in `dir` stay
/// the built-in ones.
///
/// # Errors
/// One line naming the file and what is wrong, or that data is in use already.
pub fn install(dir: &Path) -> Result<(), String> {
    let read = |name: &str| -> Result<Option<(String, String)>, String> {
        let path = dir.join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some((
                text.trim_start_matches('\u{feff}').to_string(),
                path.display().to_string(),
            ))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    };
    if !dir.is_dir() {
        return Err(format!("{}: not a folder of data files", dir.display()));
    }
    if let Some((text, file)) = read(FILES[0])? {
        crate::map::install(crate::map::Map::parse(&text, &file)?)?;
    }
    if let Some((text, file)) = read(FILES[1])? {
        crate::turn_track::install(crate::turn_track::TurnTrack::parse(&text, &file)?)?;
    }
    if let Some((text, file)) = read(FILES[2])? {
        crate::charts::install(crate::charts::Charts::parse(&text, &file)?)?;
    }
    let last = crate::turn_track::last_turn();
    match read(FILES[3])? {
        Some((text, file)) => {
            crate::armies::install(crate::armies::Armies::parse(&text, &file, last)?)?;
        }
        None => {
            // the built-in armies, checked against the track in use (a shorter track may end
            // before an army arrives)
            let text = include_str!("../data/armies.toml");
            crate::armies::install(crate::armies::Armies::parse(
                text,
                "crates/solitaire/data/armies.toml",
                last,
            )?)?;
        }
    }
    Ok(())
}

/// [`install`] from the folder `FIW_SOLITAIRE_DATA` names, if it is set: done once, on the
/// first call; later calls give the first one's answer (a front end may ask for every game).
///
/// # Errors
/// As [`install`], the folder named.
pub fn install_from_env() -> Result<(), String> {
    static DONE: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    DONE.get_or_init(|| match std::env::var_os(DATA_ENV) {
        Some(dir) if !dir.is_empty() => {
            install(Path::new(&dir)).map_err(|e| format!("{DATA_ENV}: {e}"))
        }
        _ => Ok(()),
    })
    .clone()
}
