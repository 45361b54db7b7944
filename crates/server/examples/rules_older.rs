//! Makes a stored game look as a server of an older rules version (0, one before the first)
//! left it, for the browser tests of web/tests/rules.mjs: with `goes-on`, its next entry is
//! the deciding seat's first legal action, appended under rules version 0 (every entry still
//! replays: the game is brought to the current rules); with `broken`, it is an action text
//! these rules do not read (the game is read-only). Run it with the server stopped.
//!
//! ```sh
//! cargo run -p fiw-server --example rules_older -- sqlite://DIR/fiw.db GAME_ID goes-on|broken
//! ```

use fiw_server::store::{EntryRow, Store};

fn main() {
    if let Err(e) = tokio::runtime::Runtime::new()
        .map_err(|e| e.to_string())
        .and_then(|rt| rt.block_on(run()))
    {
        eprintln!("rules_older: {e}");
        std::process::exit(2);
    }
}

async fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, id, how] = args.as_slice() else {
        return Err("usage: rules_older DB_URL GAME_ID goes-on|broken".into());
    };
    let store = Store::open(db).await.map_err(|e| e.to_string())?;
    let row = store
        .game(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("no such game")?;
    let entries = store.entries(id).await.map_err(|e| e.to_string())?;
    let options: serde_json::Value =
        serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
    let mut game =
        fiw_host::hosted::rebuild(&row.game, &options, row.seed).map_err(|e| e.to_string())?;
    for e in &entries {
        game.take(e.seat as usize, &e.text, true)
            .map_err(|r| r.to_string())?;
    }
    let seat = game.to_move().ok_or("the game is over")?;
    let text = match how.as_str() {
        "goes-on" => game.legal_texts(seat)[0].clone(),
        "broken" => "place fr-reg-1 at the old fort".to_string(),
        other => return Err(format!("'{other}': goes-on or broken")),
    };
    let entry = EntryRow {
        version: row.version + 1,
        seat: seat as i64,
        kind: "action".into(),
        text,
        at: row.created + 1,
    };
    store
        .append(id, row.version, &entry, None, 0)
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}
