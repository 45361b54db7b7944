//! `fiw odds louisbourg`: exact battle odds, from the game's own odds module.

use fiw_host::fiw_louisbourg::odds::{odds, parse_at, parse_units, Odds, OddsQuery};
use fiw_host::games::unknown_game;
use fiw_host::{HostError, HostResult};
use std::io::{self, Write};

/// `fiw odds` as typed.
#[derive(Clone, Debug, Default)]
pub struct OddsArgs {
    /// The game (only `louisbourg` has odds).
    pub game: String,
    /// `--attacker UNITS`.
    pub attacker: String,
    /// `--defender UNITS`.
    pub defender: String,
    /// `--at LOCATION`.
    pub at: Option<String>,
    /// `--amphibious`.
    pub amphibious: bool,
    /// `--raid`.
    pub raid: bool,
    /// `--attacker-retreat-at SP`.
    pub attacker_retreat_at: Option<u32>,
    /// `--defender-retreat-at SP`.
    pub defender_retreat_at: Option<u32>,
    /// `--json`.
    pub json: bool,
}

/// Runs `fiw odds`.
pub fn run(args: &OddsArgs) -> HostResult {
    match args.game.as_str() {
        "louisbourg" => {}
        other if fiw_host::games::KNOWN.contains(&other) => {
            return Err(HostError::usage(format!(
                "fiw odds knows only louisbourg battles, not {other}"
            )))
        }
        other => return Err(unknown_game(other)),
    }
    let result = compute(args)?;
    let mut out = io::stdout().lock();
    if args.json {
        let json = serde_json::to_string(&result)
            .map_err(|e| HostError::failure(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", table(args, &result))?;
    }
    Ok(())
}

/// Reads the flags into a query and computes the odds; every input error is exit 2.
pub fn compute(args: &OddsArgs) -> HostResult<Odds> {
    let attacker =
        parse_units(&args.attacker).map_err(|e| HostError::usage(format!("--attacker: {e}")))?;
    let defender =
        parse_units(&args.defender).map_err(|e| HostError::usage(format!("--defender: {e}")))?;
    let at = match &args.at {
        None => None,
        Some(name) => Some(parse_at(name).map_err(|e| HostError::usage(format!("--at: {e}")))?),
    };
    let query = OddsQuery {
        attacker,
        defender,
        at,
        amphibious: args.amphibious,
        raid: args.raid,
        attacker_retreat_at: args.attacker_retreat_at,
        defender_retreat_at: args.defender_retreat_at,
    };
    odds(&query).map_err(HostError::usage)
}

fn pct(p: f64) -> String {
    format!("{:.2} %", 100.0 * p)
}

/// The plain-text table.
pub fn table(args: &OddsArgs, o: &Odds) -> String {
    let mut s = String::new();
    let mut battle = format!("attacker {} vs defender {}", args.attacker, args.defender);
    if let Some(at) = &args.at {
        battle += &format!(" at {at}");
    }
    let mut how = Vec::new();
    if args.amphibious {
        how.push("amphibious".to_string());
    }
    if args.raid {
        how.push("raid (one round)".to_string());
    }
    if let Some(sp) = args.attacker_retreat_at {
        how.push(format!("attacker retreats at {sp} SP"));
    }
    if let Some(sp) = args.defender_retreat_at {
        how.push(format!("defender retreats at {sp} SP"));
    }
    if how.is_empty() && !args.raid {
        how.push("to the finish".to_string());
    }
    s += &format!("{battle}, {} (exact)\n\n", how.join(", "));
    s += &format!("{:<16} {:>10} {:>10}\n", "", "attacker", "defender");
    s += &format!(
        "{:<16} {:>10} {:>10}\n",
        "wins",
        pct(o.attacker_wins),
        pct(o.defender_wins)
    );
    s += &format!(
        "{:<16} {:>10} {:>10}\n",
        "retreats",
        pct(o.attacker_retreats),
        pct(o.defender_retreats)
    );
    s += &format!(
        "{:<16} {:>10.2} {:>10.2}\n",
        "mean SP left", o.attacker_sp_left_mean, o.defender_sp_left_mean
    );
    s += &format!("{:<16} {:>10.2}\n\n", "mean rounds", o.mean_rounds);
    s += "SP left (probability)\n";
    s += &format!("{:>6} {:>10} {:>10}\n", "SP", "attacker", "defender");
    let rows = o.attacker_sp_left.len().max(o.defender_sp_left.len());
    for sp in 0..rows {
        let cell = |v: &[f64]| v.get(sp).map_or_else(|| "".to_string(), |p| pct(*p));
        let (a, d) = (cell(&o.attacker_sp_left), cell(&o.defender_sp_left));
        let zero = |v: &[f64]| v.get(sp).is_none_or(|p| *p == 0.0);
        if zero(&o.attacker_sp_left) && zero(&o.defender_sp_left) {
            continue;
        }
        s += &format!("{sp:>6} {a:>10} {d:>10}\n");
    }
    s
}
