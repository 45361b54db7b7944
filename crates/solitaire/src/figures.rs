//! The figures `fiw sim solitaire` prints under its table, from the means of the game's
//! metrics (`Game::metrics`): how games were decided, and whether every rule the filled-in
//! tables feed comes into play (issue 37 asks for each of them).

use crate::turn_track::{turn_track, SEASONS};

/// The lines, given each metric's mean over the games (`mean`) and the share of games the
/// player won.
pub fn report_lines(mean: impl Fn(&str) -> f64, player_wins: f64) -> Vec<String> {
    let sudden = mean("sudden_death");
    let player = mean("player_sudden_death");
    let bot = sudden - player;
    let share = |part: f64, whole: f64| if whole > 0.0 { part / whole } else { 0.0 };
    let pct = |x: f64| 100.0 * x;
    vec![
        format!(
            "games ended by sudden death: {:.1} % (player {:.1} %, BOT {:.1} %), on points after turn {}: {:.1} %",
            pct(sudden),
            pct(player),
            pct(bot),
            turn_track().last(),
            pct(1.0 - sudden)
        ),
        format!(
            "player's wins by sudden death: {:.1} % of them; games the single Atlantic point decided (another winner without it): {:.1} %",
            pct(share(player, player_wins)),
            pct(mean("atlantic_decides"))
        ),
        format!(
            "attacks on towns a game: player {:.1}, BOT {:.1}",
            mean("player_attacks"),
            mean("bot_attacks")
        ),
        format!(
            "BOT sudden-death wins by the season of the BOT turn that won them: {}",
            SEASONS
                .iter()
                .zip(crate::SEASON_KEYS)
                .map(|(season, key)| format!("{season} {:.0} %", pct(share(mean(key), bot))))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "games with a militia reduced or an army cut off: {:.1} % (reduced {:.1} %, cut off {:.1} %); restore played in {:.1} %, resupply in {:.1} %",
            pct(mean("reduced_or_cut")),
            pct(mean("militia_reduced")),
            pct(mean("army_cut_off")),
            pct(mean("restore_played")),
            pct(mean("resupply_played"))
        ),
        format!(
            "a game: BOT raids {:.2}, blows at supply {:.2}; player restores {:.2}, resupplies {:.2}; BOT attacks to recover its flag towns {:.2} ({:.2} taken back)",
            mean("raids"),
            mean("cuts"),
            mean("restores"),
            mean("resupplies"),
            mean("bot_recovery_attacks"),
            mean("bot_recoveries")
        ),
        format!(
            "BOT turns whose six faces lead to three or more different actions (a kind in a region): {:.1} %; player turns with AP in which it took two or more actions: {:.1} % ({:.1} actions a game)",
            pct(share(mean("varied_bot_turns"), mean("bot_turns"))),
            pct(share(mean("turns_of_several_actions"), mean("turns_with_ap"))),
            mean("player_actions")
        ),
    ]
}
