//! `fiw admin`: the server's operator at the terminal, on the server's database (`--db`, the
//! same URL as `fiw serve`'s): accounts listed, renamed, suspended and deleted; an open game
//! closed in the lobby. It needs the database only: it runs beside a server (SQLite's lock
//! file is the server's alone; the database takes one writer at a time and waits for it).
//!
//! What a running server sees at once, since it reads accounts and sessions from the database
//! on each request: a suspension (its sessions end, it cannot sign in, no mail goes to it), a
//! deletion (its sessions end, its name is free), a new name (sign-in, the lobby, its page),
//! a game closed (the lobby's list; its open pages look again within 30 seconds). The names
//! on the seats of a game the server holds in memory change when it reads the game again
//! (after `fiw serve --game-idle` seconds unasked, or a restart).

use fiw_host::{HostError, HostResult};
use fiw_server::store::{AccountRow, Store};
use serde_json::{json, Value};

/// One operation of the operator's.
#[derive(Debug, clap::Subcommand)]
pub enum AdminCommand {
    /// List the accounts, by name: created, state (active, suspended, deleted), whether the
    /// e-mail address is verified (the address itself only with --show-email).
    Accounts {
        /// Only the accounts whose name contains this (in any case).
        #[arg(long, value_name = "SUBSTRING")]
        name: Option<String>,
        /// Show each account's e-mail address too, in a column of its own (they are
        /// never shown to anyone else: keep them off screens others see).
        #[arg(long)]
        show_email: bool,
        /// One JSON object: {"accounts": [{name, created, state, suspended, reason,
        /// deleted, email}]} (times in milliseconds since 1970; `address` with --show-email).
        #[arg(long)]
        json: bool,
    },
    /// Rename an account (the new name checked as at sign-up, refused if another account has
    /// it in any case); the seats it holds take the new name.
    Rename {
        /// Its name now (any case).
        old: String,
        /// Its new name.
        new: String,
    },
    /// Suspend an account: its sessions end at once, it cannot sign in (it is told the
    /// reason), and no mail goes to it; its games stay as they are.
    Suspend {
        /// The account's name (any case).
        name: String,
        /// Why, in one line of at most 200 characters: shown to it when it tries to sign in.
        #[arg(long, value_name = "TEXT")]
        reason: Option<String>,
    },
    /// Lift an account's suspension: it signs in again.
    Unsuspend {
        /// The account's name (any case).
        name: String,
    },
    /// Delete an account, as its owner can: its games stay with its seats shown as
    /// "deleted", its sessions end, its address is forgotten and its name is free again.
    Delete {
        /// The account's name (any case).
        name: String,
    },
    /// Close a game open in the public lobby: nobody can take its seat any more. The game
    /// stays with the account that posted it, which may resign it.
    Close {
        /// The game's id (as in its link /play/ID).
        game_id: String,
    },
    /// List the chat lines seat holders reported, the newest first: when, the game, the
    /// line's number and writer, its words and the reporter's reason.
    Reports {
        /// One JSON object: {"reports": [{game, n, by_seat, why, at, name, text}]}.
        #[arg(long)]
        json: bool,
    },
}

fn usage(m: impl Into<String>) -> HostError {
    HostError::usage(m)
}

fn storage(e: fiw_server::store::StoreError) -> HostError {
    HostError::failure(format!("the database: {e}"))
}

/// Runs `command` on the database at `db`.
///
/// # Errors
/// A database that cannot be opened, an unknown name or game, a name refused (exit 2); a
/// database that fails on the way (exit 1). Each in one line.
pub fn run(db: &str, command: AdminCommand) -> HostResult {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| HostError::failure(format!("cannot start: {e}")))?;
    runtime.block_on(async move {
        let store = open(db).await?;
        let out = execute(&store, command).await?;
        print!("{out}");
        Ok(())
    })
}

/// The server's database, which must exist: a SQLite URL naming no file is refused rather
/// than made (a mistyped path would show an empty server).
async fn open(db: &str) -> HostResult<Store> {
    let url = if let Some(rest) = db.strip_prefix("sqlite:") {
        let path = rest.trim_start_matches("//");
        let path = path.split('?').next().unwrap_or(path);
        if path.is_empty() || path.starts_with(":memory:") {
            return Err(usage(format!(
                "--db {db}: name the server's database file (sqlite://FILE)"
            )));
        }
        if !std::path::Path::new(path).is_file() {
            return Err(usage(format!(
                "--db {db}: there is no database at {path} (fiw serve makes it at its first start)"
            )));
        }
        if db.contains("mode=") {
            db.to_string()
        } else {
            let sep = if db.contains('?') { '&' } else { '?' };
            format!("{db}{sep}mode=rw")
        }
    } else if db.starts_with("postgres:") || db.starts_with("postgresql:") {
        db.to_string()
    } else {
        return Err(usage(format!(
            "--db {}: give sqlite://FILE or postgres://USER:PASSWORD@HOST/DB, as to fiw serve",
            fiw_server::redact(db)
        )));
    };
    Store::open(&url).await.map_err(|e| {
        usage(format!(
            "cannot open the database {}: {e}",
            fiw_server::redact(db)
        ))
    })
}

/// The account named `name` (any case), not deleted.
async fn named(store: &Store, name: &str) -> HostResult<AccountRow> {
    let found = store.account_named(name).await.map_err(storage)?;
    match found {
        Some(a) if a.deleted.is_none() => Ok(a),
        _ => Err(usage(format!(
            "no account is named '{}' (fiw admin accounts lists them)",
            clip(name)
        ))),
    }
}

fn clip(text: &str) -> String {
    fiw_server::live::clip(text.trim())
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

async fn execute(store: &Store, command: AdminCommand) -> HostResult<String> {
    match command {
        AdminCommand::Accounts {
            name,
            show_email,
            json,
        } => {
            let wanted = name.map(|n| n.trim().to_lowercase());
            let accounts: Vec<AccountRow> = store
                .accounts()
                .await
                .map_err(storage)?
                .into_iter()
                .filter(|a| {
                    wanted
                        .as_deref()
                        .is_none_or(|w| a.name.to_lowercase().contains(w))
                })
                .collect();
            Ok(if json {
                let list: Vec<Value> = accounts.iter().map(|a| listed(a, show_email)).collect();
                format!("{}\n", json!({ "accounts": list }))
            } else {
                table(&accounts, show_email)
            })
        }
        AdminCommand::Rename { old, new } => {
            let a = named(store, &old).await?;
            let new = fiw_server::accounts::check_account_name(&new)
                .map_err(|f| usage(format!("the new name: {}", fiw_server::live::describe(&f))))?;
            if !store.rename_account(&a.id, &new).await.map_err(storage)? {
                return Err(usage(format!(
                    "the name '{new}' is taken by another account (names differ by more than case)"
                )));
            }
            Ok(format!("renamed '{}' to '{new}'\n", a.name))
        }
        AdminCommand::Suspend { name, reason } => {
            let a = named(store, &name).await?;
            let reason = reason
                .map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty());
            if let Some(r) = &reason {
                if r.chars().count() > 200 || r.chars().any(char::is_control) {
                    return Err(usage(
                        "--reason: one line of at most 200 characters (the account is shown it)",
                    ));
                }
            }
            if let Some(at) = a.suspended {
                return Err(usage(format!(
                    "'{}' is suspended already (since {}): unsuspend it first to suspend it anew",
                    a.name,
                    when(at)
                )));
            }
            store
                .suspend_account(&a.id, Some(now()), reason.as_deref())
                .await
                .map_err(storage)?;
            Ok(format!(
                "suspended '{}': its sessions ended; it cannot sign in until unsuspended\n",
                a.name
            ))
        }
        AdminCommand::Unsuspend { name } => {
            let a = named(store, &name).await?;
            if a.suspended.is_none() {
                return Err(usage(format!("'{}' is not suspended", a.name)));
            }
            store
                .suspend_account(&a.id, None, None)
                .await
                .map_err(storage)?;
            Ok(format!("unsuspended '{}': it may sign in again\n", a.name))
        }
        AdminCommand::Delete { name } => {
            let a = named(store, &name).await?;
            let games = store.games_of(&a.id).await.map_err(storage)?.len();
            store.delete_account(&a.id, now()).await.map_err(storage)?;
            Ok(format!(
                "deleted '{}': its {games} game(s) stay, its seats shown as \"deleted\"; its sessions ended; the name is free\n",
                a.name
            ))
        }
        AdminCommand::Close { game_id } => {
            let id = game_id.trim();
            if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(usage(format!(
                    "no game has the id '{}' (a game's id is the letters and digits after /play/ in its link)",
                    clip(id)
                )));
            }
            if store.game(id).await.map_err(storage)?.is_none() {
                return Err(usage(format!("no game has the id '{id}'")));
            }
            if store.lobby_entry(id).await.map_err(storage)?.is_none() {
                return Err(usage(format!(
                    "game {id} was never posted to the lobby (it is a private game)"
                )));
            }
            if !store.close_open_game(id, now()).await.map_err(storage)? {
                return Err(usage(format!(
                    "game {id} is not open in the lobby any more (its seat was taken, or it was closed)"
                )));
            }
            Ok(format!(
                "closed game {id} in the lobby: nobody can take its seat; the game stays with the account that posted it\n"
            ))
        }
        AdminCommand::Reports { json } => {
            let reports = store.chat_reports().await.map_err(storage)?;
            if json {
                let list: Vec<Value> = reports
                    .iter()
                    .map(|r| {
                        json!({ "game": r.game_id, "n": r.n, "by_seat": r.by_seat, "why": r.why,
                                "at": r.at, "name": r.name, "text": r.text })
                    })
                    .collect();
                return Ok(format!("{}\n", json!({ "reports": list })));
            }
            if reports.is_empty() {
                return Ok("no chat line has been reported\n".into());
            }
            let mut out = String::new();
            for r in &reports {
                // the words as written, one line each: control characters never reach a
                // stored line, and the reason is clipped
                out += &format!(
                    "{}  game {} line {} by {}: {}\n    reported by seat {}: {}\n",
                    when(r.at),
                    r.game_id,
                    r.n,
                    r.name,
                    r.text,
                    r.by_seat,
                    if r.why.is_empty() {
                        "(no reason given)".to_string()
                    } else {
                        clip(&r.why)
                    }
                );
            }
            Ok(out)
        }
    }
}

/// An account as `accounts --json` gives it.
fn listed(a: &AccountRow, show_email: bool) -> Value {
    let mut v = json!({
        "name": a.name,
        "created": a.created,
        "state": state(a),
        "suspended": a.suspended,
        "reason": a.suspended_reason,
        "deleted": a.deleted,
        "email": email(a),
    });
    if show_email {
        v["address"] = json!(a.email);
    }
    v
}

fn state(a: &AccountRow) -> &'static str {
    if a.deleted.is_some() {
        "deleted"
    } else if a.suspended.is_some() {
        "suspended"
    } else {
        "active"
    }
}

/// Whether the account has an address, and whether it is verified (never the address).
fn email(a: &AccountRow) -> &'static str {
    match (&a.email, a.email_verified) {
        (None, _) => "none",
        (Some(_), None) => "unverified",
        (Some(_), Some(_)) => "verified",
    }
}

/// The accounts as a table, one line each, columns padded.
fn table(accounts: &[AccountRow], show_email: bool) -> String {
    let mut rows = vec![vec![
        "NAME".to_string(),
        "CREATED (UTC)".to_string(),
        "STATE".to_string(),
        "EMAIL".to_string(),
    ]];
    if show_email {
        rows[0].push("ADDRESS".into());
    }
    for a in accounts {
        let st = match (a.deleted, a.suspended) {
            (Some(t), _) => format!("deleted {}", when(t)),
            (None, Some(t)) => match &a.suspended_reason {
                Some(r) => format!("suspended {} ({})", when(t), clip(r)),
                None => format!("suspended {}", when(t)),
            },
            (None, None) => "active".into(),
        };
        let mut row = vec![a.name.clone(), when(a.created), st, email(a).to_string()];
        if show_email {
            row.push(a.email.clone().unwrap_or_else(|| "-".into()));
        }
        rows.push(row);
    }
    let cols = rows[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c + 1 == cols {
                    cell.clone()
                } else {
                    format!("{cell:<w$}", w = widths[c])
                }
            })
            .collect();
        out += line.join("  ").trim_end();
        out.push('\n');
    }
    out += &format!("{} account(s)\n", accounts.len());
    out
}

/// Milliseconds since 1970 as `YYYY-MM-DD HH:MM` (UTC).
fn when(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    // days since 1970-01-01 to a civil date (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        of_day / 3600,
        of_day % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::when;

    #[test]
    fn times_read_as_utc_dates() {
        assert_eq!(when(0), "1970-01-01 00:00");
        assert_eq!(when(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(when(1_796_443_054_000), "2026-12-05 03:57");
    }
}
