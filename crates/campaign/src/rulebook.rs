//! `fiw rules campaign`: the campaign's own rules (no published text has them: the D3 text's
//! author plays such a campaign by hand, so each rule here is fiw's reading, numbered C1 on),
//! where each lives and the tests that show it; and every value `data/battles.toml` gives the
//! battles, read from the file so the book cannot drift from it.

use crate::rules::rules;
use fiw_engine::{AssumedValue, RuleBook, Sec};

/// The campaign's rules, in the order a campaign meets them.
pub const SECTIONS: &[Sec] = &[
    Sec {
        section: "C1",
        title: "The map is Solitaire's",
        summary: "A campaign is a game of French & Indian War: Solitaire, its player against its \
                  BOT, every rule of that game as fiw plays it (`fiw rules solitaire`), but for \
                  how an attack on a town is settled. A campaign that rolls every attack is \
                  that game die for die.",
        code: &[
            "crates/campaign/src/game.rs: Campaign",
            "crates/solitaire/src/attack.rs: settling_outside",
        ],
        tests: &[
            "crates/campaign/tests/campaign.rs::a_campaign_that_always_rolls_is_the_texts_game",
            "crates/solitaire/tests/settling.rs::rolling_at_each_stop_plays_the_texts_game",
        ],
    },
    Sec {
        section: "C2",
        title: "An attack waits to be settled",
        summary: "Each attack on a town, the player's or the BOT's, waits once its modifiers \
                  are known (8) until the player settles it: roll the Advance Result Chart's \
                  die, fight it as a battle commanding their own side, or let the computer \
                  generals fight it out. Before choosing, the player is shown the chart's odds \
                  and the battle's, the share of such battles the attackers carried between the \
                  generals, from a table measured ahead of time for each kind of battle and \
                  band of the chart's odds. The BOT's turn ends once its attack is settled.",
        code: &[
            "crates/campaign/src/game.rs: Action, Waiting",
            "crates/solitaire/src/state.rs: Pending",
        ],
        tests: &[
            "crates/campaign/tests/campaign.rs::a_waiting_attack_shows_the_odds_of_each_way",
            "crates/solitaire/tests/settling.rs::settling_the_bots_attack_ends_its_turn_8",
        ],
    },
    Sec {
        section: "C3",
        title: "Which battle an attack becomes",
        summary: "A British attack on Louisbourg is a game of Louisbourg 1758; an attack on any \
                  other fortified or flag town, or a French attack on Louisbourg, is a D3 battle \
                  for a fort; an attack on an open town is a skirmish, a raid where militia \
                  alone defend it and a fight in the open where an army stands with them.",
        code: &["crates/campaign/src/kind.rs: BattleKind"],
        tests: &["crates/campaign/src/kind.rs::tests::each_attack_becomes_its_kind_of_battle"],
    },
    Sec {
        section: "C4",
        title: "The markers as units",
        summary: "The markers in the attack's region become each side's units: its militia \
                  (fewer units when reduced), its army by the DRM printed on the marker (a gun \
                  and veterans for the greater armies; half its regiments and no gun out of \
                  supply) and the Indians allied to it there. The numbers are in the assumed \
                  values below.",
        code: &["crates/campaign/src/forces.rs: units_of, Units"],
        tests: &["crates/campaign/src/forces.rs::tests::markers_become_units_as_the_data_says"],
    },
    Sec {
        section: "C5",
        title: "The battle for a fort",
        summary: "The D3 battle is laid out as the D3 text lays out Fort Oswego: a 6' x 4' \
                  table; the attackers march in at the edge of the road they come by and their \
                  allied Indians at a table end of their own; the defenders hold a fort in the \
                  middle of the table (a flag town's two earthworks too) and may not stand near \
                  the attackers' edge; lakes or sea behind the fort, or forest, by the region. \
                  The attackers' foot is sized against the defenders' foot on the table, by a \
                  ratio for each band of the chart's odds (the chart never counts the \
                  defender's army, the table fields all of it), one set of ratios where an \
                  army holds the fort and another where its militia holds it alone (a few \
                  units behind ramparts), so that between the generals they carry a fort \
                  about as often as the chart would advance the same attack. \
                  Every such battle passes D3's own scenario checks and can be saved and played \
                  alone.",
        code: &["crates/campaign/src/fort.rs: fort_battle, Generated"],
        tests: &[
            "crates/campaign/tests/fort_battles.rs::every_fort_attack_makes_a_battle_d3_accepts",
            "crates/campaign/tests/calibration.rs::the_generals_carry_a_fort_an_army_holds_about_as_often_as_the_chart_advances",
            "crates/campaign/tests/calibration.rs::the_generals_carry_a_fort_its_militia_holds_about_as_often_as_the_chart_advances",
            "crates/campaign/src/rules.rs::tests::the_garrison_picks_the_ratio_and_the_odds",
        ],
    },
    Sec {
        section: "C6",
        title: "Fighting a battle",
        summary: "A battle the player fights is the battle game itself, its orders given at the \
                  campaign's prompt, its log in the campaign's log; the computer's side is \
                  played by that game's computer general as the BOT's chart is played on the \
                  map. Letting the generals fight plays both sides so. The map waits until the \
                  battle is over.",
        code: &[
            "crates/campaign/src/battle.rs: Battle, Table",
            "crates/campaign/src/fight.rs: d3_by_generals, skirmish_by_generals",
        ],
        tests: &[
            "crates/campaign/tests/fort_battles.rs::the_generals_fight_a_fort_battle_to_its_end",
            "crates/campaign/tests/campaign.rs::a_battle_fought_is_told_in_the_campaigns_log",
        ],
    },
    Sec {
        section: "C7",
        title: "The battle's result on the map",
        summary: "A battle the attackers win is an advance, as the chart's result, the defenders \
                  retreating; lost or drawn, no result. A side that lost a large share of its \
                  units has its militia reduced, and a larger share cuts its army in the region \
                  off from supply (the shares are assumed values). The campaign's record keeps \
                  each battle: where, which way it went, the losses.",
        code: &[
            "crates/campaign/src/fight.rs: Fought",
            "crates/solitaire/src/state.rs: Settlement",
            "crates/solitaire/src/attack.rs: settle",
        ],
        tests: &[
            "crates/campaign/tests/fort_battles.rs::a_battle_won_advances_and_heavy_losses_mark_the_loser",
            "crates/solitaire/tests/settling.rs::a_battle_won_advances_and_marks_the_heavy_losses_8",
            "crates/solitaire/tests/settling.rs::a_battle_lost_is_no_result_and_nothing_waits_after_it_8",
        ],
    },
    Sec {
        section: "C8",
        title: "Saves and the campaign's end",
        summary: "The campaign ends as the map's game ends (Solitaire's victory conditions). Its \
                  save is the map's seed and every action, battle orders included, and replays \
                  to the same state.",
        code: &["crates/campaign/src/game.rs: Record"],
        tests: &[
            "crates/campaign/tests/campaign.rs::random_campaigns_end_and_replay_from_their_saves",
            "crates/campaign/tests/properties.rs::random_campaigns_end_and_replay",
            "crates/campaign/tests/properties.rs::every_battle_made_passes_its_games_checks",
        ],
    },
    Sec {
        section: "C9",
        title: "The battle for an open town",
        summary: "An attack on an open town is a battle of the skirmish rules on a 6' x 4' \
                  table: the town's three log houses in their clearing, the road in from the \
                  attackers' edge, woods on both flanks. Each unit the markers make is one \
                  company (militia, regulars, grenadiers, rangers or coureurs des bois, bands \
                  of Indians); guns stay with the siege trains. Where the militia holds the town \
                  alone it is a raid: the attackers' irregulars and Indians may take a house no \
                  man holds and burn it, and two houses burned lay the town waste. Where an \
                  army stands with the militia it is an open fight. Either way the side that \
                  loses half its companies gives way, and the defenders who hold to the last \
                  turn have beaten the attack off. The attackers are sized against the \
                  defenders by a ratio for each band and each of the two kinds, calibrated as \
                  the fort's; beyond the skirmish rules' 26 companies a side both sides are \
                  made smaller alike. Every such battle passes the skirmish rules' own checks \
                  and can be saved and played alone.",
        code: &[
            "crates/campaign/src/town.rs: town_battle",
            "crates/campaign/src/battles.rs: Battles",
        ],
        tests: &[
            "crates/campaign/tests/town_battles.rs::every_town_attack_makes_a_battle_the_skirmish_rules_accept",
            "crates/campaign/tests/town_battles.rs::the_generals_fight_a_town_battle_to_its_end",
            "crates/campaign/tests/campaign.rs::an_open_town_is_fought_as_a_skirmish_and_goes_back_to_the_map",
            "crates/campaign/tests/calibration.rs::the_generals_carry_a_raid_about_as_often_as_the_chart_advances",
            "crates/campaign/tests/calibration.rs::the_generals_carry_an_open_fight_about_as_often_as_the_chart_advances",
        ],
    },
    Sec {
        section: "C10",
        title: "The siege of Louisbourg",
        summary: "The British attack on Louisbourg is the Louisbourg 1758 game. Its French army \
                  is the defenders' foot as a share of what the text's French army stands for \
                  (an assumed value), and its British army that share times a ratio for each \
                  band of the chart's odds, calibrated as the other battles are; where either \
                  would pass the text's, both are made smaller alike. Each army block starts \
                  at its share of its printed strength (rounded up or down at random in \
                  proportion, at least 1), the fleets are the text's, and the British lose \
                  below the same share of the text's 24 SP. Each side's losses, for the map \
                  (C7), are the army strength points it lost against those it began with. The \
                  player's view of the siege hides the other side's blocks as the game itself \
                  does.",
        code: &[
            "crates/campaign/src/siege.rs: shares, siege",
            "crates/campaign/src/fight.rs: louisbourg_fought, louisbourg_start",
            "crates/louisbourg/src/state.rs: Shares, victory_sp",
        ],
        tests: &[
            "crates/louisbourg/tests/forces.rs::each_army_starts_at_its_share_and_the_british_need_their_share_of_24",
            "crates/campaign/tests/campaign.rs::the_british_attack_on_louisbourg_is_the_louisbourg_game",
            "crates/campaign/tests/calibration.rs::the_generals_carry_the_siege_about_as_often_as_the_chart_advances",
        ],
    },
    Sec {
        section: "C11",
        title: "The campaign for two players",
        summary: "In the two-player campaign a second player takes the BOT's side, and neither \
                  side has a chart: each takes the player's procedure of the text (4 to 10) for \
                  its own side. At the set-up each places its +1 and +2 armies in any two \
                  regions. Each turn both sides first place the armies arriving for them (each \
                  side's armies arrive on the turns the data give for the side being played) \
                  and, at a new year, relocate their own armies; then the British spend the \
                  Turn Track's action points for the British, then the French those for the \
                  French. The end of each side's actions is the end of its turn for sudden \
                  death (11). The side that attacks a town chooses how the attack is settled \
                  (roll, fight or the generals); a battle fought is fought between the two \
                  players, each commanding their side, each shown only what that side may see. \
                  Nothing in the text can reduce a militia or cut an army's supply without the \
                  BOT's chart: here only a battle's heavy losses (C7) do.",
        code: &[
            "crates/solitaire/src/sequence.rs: first_side, begin_arrivals, begin_actions",
            "crates/solitaire/src/state.rs: Options, as_acting",
            "crates/campaign/src/battle.rs: Battle, to_move",
            "crates/campaign/src/rulebook.rs: TWO_PLAYERS",
        ],
        tests: &[
            "crates/solitaire/tests/two_players.rs::each_side_takes_the_players_procedure_british_first",
            "crates/campaign/tests/two_players.rs::a_battle_is_fought_between_the_two_seats",
            "crates/campaign/tests/two_players.rs::random_two_player_campaigns_end_and_replay",
        ],
    },
];

/// The values the two-player campaign (C11) chooses where no text gives one: (name, value,
/// why), listed with the battles' data.
pub const TWO_PLAYERS: &[(&str, &str, &str)] = &[
    (
        "two_players.first",
        "british",
        "the text's turn puts the player's actions before the BOT's whichever side the player takes, so it fixes no order between the sides; with two players one must go first, the same whoever made the game: the British, so that the French answer their moves as the BOT answers the player's",
    ),
    (
        "two_players.ap",
        "each side the Turn Track's AP for that side",
        "the Turn Track gives AP by the side being played; with no BOT action each turn, the sides act only on their AP, so the war is slower than against the BOT (C11's simulation figures: docs/campaign.md)",
    ),
    (
        "two_players.arrivals",
        "each side's armies arrive on the turns given for the side being played",
        "armies.toml gives an army two arrival turns, when its side is the player's and when it is the BOT's; with two players both sides are played",
    ),
    (
        "two_players.placement",
        "both sides place and relocate before either spends AP",
        "the text sets the BOT's arrivals down before the player acts, so every army arriving on a turn stands before the first action of that turn",
    ),
    (
        "two_players.settling",
        "the attacker chooses roll, fight or generals",
        "the text's attacker rolls the die for its own attack; the defender has no say in it there either",
    ),
];

/// Every section, where it lives and its tests, and every value of the battles' data and of
/// the two-player campaign.
pub fn rulebook() -> RuleBook {
    let mut assumed: Vec<AssumedValue> = rules()
        .assumed()
        .into_iter()
        .map(|(name, value, reason)| AssumedValue {
            name,
            value,
            reason,
        })
        .collect();
    assumed.extend(
        TWO_PLAYERS
            .iter()
            .map(|(name, value, reason)| AssumedValue {
                name: (*name).to_string(),
                value: (*value).to_string(),
                reason: (*reason).to_string(),
            }),
    );
    RuleBook::new(SECTIONS, assumed)
}

/// The rule book as Markdown: the text of `docs/rules/campaign.md`.
pub fn markdown(book: &RuleBook) -> String {
    book.markdown(
        "The campaign: its rules as fiw implements them",
        "Generated from `crates/campaign/src/rulebook.rs` and `crates/campaign/data/battles.toml` \
         (the same text `fiw rules campaign` prints); do not edit by hand. Regenerate with\n\
         `FIW_BLESS=1 cargo test -p fiw-campaign rulebook`.\n\n\
         No published text gives these rules: the D3 text's author plays such a campaign by \
         hand, and each section here is fiw's reading, numbered C1 on. The map's own rules are \
         Solitaire's (`fiw rules solitaire`), the battles' their games'. Summaries are the \
         project's own words; code paths are relative to the workspace root.\n\n",
        "none",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../"))
    }

    /// Every code path and item, and every test, the book names exists; every section has a
    /// test; every value of the data is listed with a value and a reason.
    #[test]
    fn every_reference_exists() {
        let book = rulebook();
        for s in &book.sections {
            assert!(!s.tests.is_empty(), "section {} has no test", s.section);
        }
        let bad = book.unresolved_references(root());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert_eq!(
            book.assumed.len(),
            rules().assumed().len() + TWO_PLAYERS.len()
        );
        for a in &book.assumed {
            assert!(
                !a.value.trim().is_empty() && !a.reason.trim().is_empty(),
                "{}",
                a.name
            );
        }
    }

    /// `docs/rules/campaign.md` is `markdown(&rulebook())`; `FIW_BLESS=1` rewrites it.
    #[test]
    fn the_docs_match_the_rulebook() {
        let regenerate = "FIW_BLESS=1 cargo test -p fiw-campaign rulebook";
        RuleBook::check_doc(
            root(),
            "docs/rules/campaign.md",
            &markdown(&rulebook()),
            regenerate,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
