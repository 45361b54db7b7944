//! The words each seat of a finished game must never have been shown, version by version: the
//! referee of the browser tests (web/tests), which record everything a page received and
//! check it against these. Reads the game's save (`GET /api/games/ID/save`) and replay
//! (`GET /api/games/ID/replay`) from two files and prints
//! `{"game", "seed", "seats", "words": [[seat 0's words, seat 1's words, …] after 0, 1, … entries]}`;
//! after the last entry, the game over, no words (the reveal shows everything).
//!
//! ```sh
//! cargo run -p fiw-server --example secret_words -- SAVE.json REPLAY.json
//! ```

use serde_json::{json, Value};

fn main() {
    if let Err(e) = run() {
        eprintln!("secret_words: {e}");
        std::process::exit(2);
    }
}

fn read(path: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [save, replay] = args.as_slice() else {
        return Err("usage: secret_words SAVE.json REPLAY.json".into());
    };
    let (save, replay) = (read(save)?, read(replay)?);
    let game_name = save["game"].as_str().ok_or("the save names no game")?;
    let seed = save["seed"].as_u64().ok_or("the save has no seed")?;
    let players: Vec<String> = save["seats"]
        .as_array()
        .ok_or("the save has no seats")?
        .iter()
        .map(|p| p.as_str().unwrap_or("human").to_string())
        .collect();
    let mut game =
        fiw_host::hosted::rebuild(game_name, &save["options"], seed).map_err(|e| e.to_string())?;
    let seats = game.seats().len();
    let words_now = |g: &dyn fiw_host::hosted::Hosted| -> Vec<Vec<String>> {
        (0..seats).map(|s| g.secret_words(s)).collect()
    };
    let mut words = vec![words_now(game.as_ref())];
    for e in replay["entries"]
        .as_array()
        .ok_or("the replay has no entries")?
    {
        let kind = e["kind"].as_str().unwrap_or("");
        if kind == "action" {
            let name = e["seat"].as_str().unwrap_or("");
            let seat = game
                .seats()
                .iter()
                .position(|s| *s == name)
                .ok_or_else(|| format!("no seat '{name}'"))?;
            let human = players.get(seat).is_some_and(|p| p == "human");
            game.take(seat, e["text"].as_str().unwrap_or(""), human)
                .map_err(|r| format!("the record does not replay: {r}"))?;
        } else if kind == "undo" {
            let name = e["seat"].as_str().unwrap_or("");
            let seat = game.seats().iter().position(|s| *s == name).unwrap_or(0);
            game.undo(seat)
                .map_err(|r| format!("the record's undo does not replay: {r}"))?;
        }
        words.push(words_now(game.as_ref()));
    }
    // the record is given out of a finished game only, and at its last version every page
    // is sent the reveal (everything face up): nothing is secret then but the seed
    if let Some(last) = words.last_mut() {
        last.iter_mut().for_each(Vec::clear);
    }
    println!(
        "{}",
        json!({ "game": game_name, "seed": seed, "seats": game.seats(), "words": words })
    );
    Ok(())
}
