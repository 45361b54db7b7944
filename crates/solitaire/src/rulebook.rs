//! `fiw rules solitaire`: every heading of the text, where it lives, the tests that show it, and
//! every assumed value.
//!
//! The text has no section numbers; fiw numbers its headings in the order they come (1
//! Introduction … 12 Key Game Concepts) and gives the three charts it refers to (the Turn Track,
//! the BOT Action Charts, the Advance Result Chart) a subsection under the heading that uses
//! them. Summaries are the project's own words: the text is a published work and its sentences
//! are not copied. Assumed values come from the data files wherever the data carries them, so
//! they cannot drift from what the game plays. `docs/rules/solitaire.md` is generated from this
//! file by [`markdown`]; the tests below keep the two the same.

use crate::armies::armies;
use crate::charts::charts;
use crate::map::map;
use crate::turn_track::turn_track;
use fiw_engine::{squash, AssumedValue, RuleBook, Sec};

macro_rules! t {
    (rulebook $name:literal) => {
        concat!("crates/solitaire/tests/rulebook.rs::", $name)
    };
    (properties $name:literal) => {
        concat!("crates/solitaire/tests/properties.rs::", $name)
    };
    (manual_dice $name:literal) => {
        concat!("crates/solitaire/tests/manual_dice.rs::", $name)
    };
    (findings $name:literal) => {
        concat!("crates/solitaire/tests/findings.rs::", $name)
    };
    (other_data $name:literal) => {
        concat!("crates/solitaire/tests/other_data.rs::", $name)
    };
    ($file:ident $name:literal) => {
        concat!(
            "crates/solitaire/src/",
            stringify!($file),
            ".rs::tests::",
            $name
        )
    };
}

macro_rules! c {
    ($path:literal) => {
        concat!("crates/solitaire/", $path)
    };
}

const SECTIONS: &[Sec] = &[
    Sec {
        section: "1",
        title: "Introduction",
        summary: "The frontier war of 1755–1760 for one player, who takes either side against a \
                  BOT playing the other; it carries no rules of its own.",
        code: &[],
        tests: &[],
    },
    Sec {
        section: "2",
        title: "Game Board",
        summary: "Four regions (Ohio, Mohawk, Hudson, Atlantic), each one route of towns from a \
                  British flag town to a French flag town; a town is plain, fortified or a flag \
                  town. Markers move only by advancing into the town the enemy leaves, so the two \
                  sides' markers always stand in neighbouring towns. Roads joining flag towns to \
                  each other play no part.",
        code: &[c!("src/map.rs: parse, map"), c!("data/map.toml"), c!("src/state.rs: Board")],
        tests: &[t!(map "the_map_holds_what_the_text_states"), t!(map "a_broken_map_names_the_field")],
    },
    Sec {
        section: "3",
        title: "Game Components",
        summary: "Militia, armies, Indian markers, the Atlantic Ocean Control marker, one six-sided \
                  die. With `--dice manual` the die is a real one: before each roll fiw says what \
                  it is for in the rule's words (the BOT's chart die, an attack with its \
                  modifiers, the Ocean Control marker, the Indians) and asks for the face.",
        code: &[
            c!("src/state.rs: Board"),
            c!("src/invariants.rs: check"),
            c!("src/attack.rs: resolve_attack"),
            c!("src/bot.rs: bot_turn"),
        ],
        tests: &[
            t!(properties "random_games_keep_every_invariant"),
            t!(manual_dice "every_roll_is_asked_for_in_the_rules_words_7_1_8_9_10"),
            t!(manual_dice "influence_is_asked_for_and_the_answers_replay_10"),
        ],
    },
    Sec {
        section: "3.1",
        title: "Militia",
        summary: "One militia a side in each region, never leaving it; full or reduced, and a \
                  reduced militia attacks at −1. The BOT's raids reduce the player's militia.",
        code: &[c!("src/attack.rs: attack_terms"), c!("src/invariants.rs: check")],
        tests: &[
            t!(rulebook "restore_and_resupply_7"),
            t!(findings "h1_the_bot_raids_and_cuts_supply_and_the_player_restores_and_resupplies"),
            t!(properties "random_games_keep_every_invariant"),
        ],
    },
    Sec {
        section: "3.2",
        title: "Army",
        summary: "At most one army of a side per region, standing with its militia and adding \
                  its DRM to that militia's attacks while in supply (none out of supply). A \
                  player's army leaves its region only at the start of a new year.",
        code: &[c!("src/armies.rs: parse, armies"), c!("data/armies.toml"), c!("src/state.rs: army_drm"), c!("src/legal.rs: why_not")],
        tests: &[
            t!(armies "each_side_starts_with_a_plus_1_and_a_plus_2_army"),
            t!(findings "f11_a_track_of_another_length_and_army_drms_outside_1_to_3_load"),
            t!(rulebook "armies_stay_in_their_region_during_a_year_3_2"),
            t!(properties "random_games_keep_every_invariant"),
        ],
    },
    Sec {
        section: "3.3",
        title: "Indians",
        summary: "Ohio, Mohawk and Hudson each have an Indian track: French allies, neutral, \
                  British allies. An attack on a side allied with the region's Indians is at −1.",
        code: &[c!("src/state.rs: Indians"), c!("src/attack.rs: attack_terms")],
        tests: &[t!(rulebook "ohio_attack_example_8")],
    },
    Sec {
        section: "3.4",
        title: "Atlantic Ocean Control Marker",
        summary: "The Atlantic has no Indians but an Ocean Control marker; a side without control \
                  of the ocean may not attack a town in the Atlantic region.",
        code: &[c!("src/attack.rs: why_not_attack")],
        tests: &[t!(rulebook "atlantic_attacks_need_ocean_control_3_4")],
    },
    Sec {
        section: "4",
        title: "Set Up",
        summary: "The Atlantic French; Mohawk Indians neutral, Ohio and Hudson Indians French \
                  allies; militia at their starting towns. The player places the side's +1 and +2 \
                  armies in two regions; the BOT's +1 and +2 go to the same regions.",
        code: &[c!("src/setup.rs: with_options, bot_place"), c!("src/state.rs: start")],
        tests: &[t!(rulebook "setup_4"), t!(rulebook "the_setup_has_twelve_placements_4"), t!(victory "the_start_is_worth_five_points_to_france")],
    },
    Sec {
        section: "5",
        title: "Sequence of Play Each Turn",
        summary: "Arrivals and transfers by the Turn Track; action points; the player's actions \
                  until the AP are spent or the player ends them; one BOT action; the turn marker \
                  advances. fiw makes ending the actions an explicit step.",
        code: &[c!("src/sequence.rs: begin_turn, place, end_actions")],
        tests: &[t!(rulebook "a_turn_runs_in_order_5"), t!(rulebook "arrivals_5")],
    },
    Sec {
        section: "5.1",
        title: "Turn Track",
        summary: "Twenty turns, four a year from 1755 (the data may give another length or first \
                  year): the player's AP by side, the actions the side may take, and the turns \
                  allowing transfers (the first of each year). Whatever the track forbids the \
                  player on a turn it forbids the BOT too (a raid and a blow at supply count as \
                  campaigning, with attacks). Corrected data files are played from the folder \
                  `FIW_SOLITAIRE_DATA` names.",
        code: &[
            c!("src/turn_track.rs: parse, turn_track"),
            c!("data/turn_track.toml"),
            c!("src/legal.rs: why_not"),
            c!("src/bot.rs: bot_season_allows"),
        ],
        tests: &[
            t!(turn_track "twenty_turns_four_a_year_transfers_at_new_years"),
            t!(turn_track "a_broken_track_names_the_field"),
            t!(rulebook "the_turn_track_limits_actions_5_1"),
            t!(rulebook "the_bot_keeps_the_turn_tracks_seasons_5_1"),
            t!(findings "f9_a_turn_is_a_choice_of_several_actions"),
            t!(findings "f7_a_flag_the_bot_takes_in_the_fall_can_be_answered_before_it_wins"),
            t!(other_data "f11_another_track_and_army_drms_play_to_the_end"),
        ],
    },
    Sec {
        section: "6",
        title: "Beginning a New Year",
        summary: "Every reduced militia and army out of supply recovers. After the year's \
                  arrivals are placed, the player's armies may relocate, one at a time and each \
                  once: `relocate ARMY REGION` (an army of the player's there changes places with \
                  it, so no region ever holds two), then `stay` (or `keep`) leaves every other army where it \
                  stands. An army is placed with the militia, even outside and near its flag \
                  town. The BOT's armies stay where they are.",
        code: &[c!("src/sequence.rs: begin_turn, after_arrivals, relocate, stay"), c!("src/legal.rs: why_not")],
        tests: &[
            t!(rulebook "new_year_relocation_and_recovery_6"),
            t!(rulebook "armies_stay_unless_moved_and_swap_places_6"),
            t!(findings "l5_the_relocation_prompt_says_when_the_bots_arriving_army_is_placed"),
        ],
    },
    Sec {
        section: "7",
        title: "Using Action Points",
        summary: "Each action costs 1 AP and AP are not saved: attack a town, attack the Ocean \
                  Control marker, influence a region's Indians, restore a reduced militia, \
                  resupply an army. The BOT spends no AP: after the player's actions it rolls one \
                  die on its Action Chart.",
        code: &[c!("src/legal.rs: candidates, why_not, apply_action"), c!("src/bot.rs: bot_turn")],
        tests: &[
            t!(rulebook "action_points_7"),
            t!(rulebook "restore_and_resupply_7"),
            t!(findings "h1_the_bot_raids_and_cuts_supply_and_the_player_restores_and_resupplies"),
        ],
    },
    Sec {
        section: "7.1",
        title: "BOT Action Charts",
        summary: "One chart per BOT side (7.1.1, 7.1.2), six lines, each one action in one \
                  region: an attack (first where the BOT may recover a flag town of its own the \
                  player took; then where the player threatens its flag towns, by its best odds, \
                  or where it is nearest the player's flag towns), a raid (reduce the militia \
                  where the player's strongest army stands, or if reduced already cut that army \
                  off), a blow at supply (cut that army off, or if cut off already reduce the \
                  militia), influence on Indians, or an attack on the Ocean Control marker, with \
                  no modifier of its own. A line that \
                  cannot be done falls back on another, each tried once. The log gives the roll, \
                  the line, where it acts and why there, and for lines that cannot be done, why \
                  not (each reason once) and the line used instead. When BOT markers make the \
                  player's retreat, they advance into the town left.",
        code: &[
            c!("src/charts.rs: parse, charts"),
            c!("data/charts.toml"),
            c!("src/bot.rs: bot_turn, bot_choice, bot_region, bot_attack_region"),
        ],
        tests: &[
            t!(charts "a_broken_chart_names_the_field"),
            t!(rulebook "bot_lines_and_fallbacks_7_1"),
            t!(rulebook "a_line_that_cannot_be_done_is_logged_with_the_roll_and_both_lines_7_1"),
            t!(rulebook "a_bot_line_acts_in_one_region_and_says_why_7_1"),
            t!(findings "m1_the_bots_die_chooses_among_three_different_actions"),
            t!(findings "m2_the_bot_attacks_to_recover_a_flag_town_it_lost"),
            t!(findings "l14_the_bots_reason_is_said_once"),
        ],
    },
    Sec {
        section: "8",
        title: "Resolving Attacks in Regions",
        summary: "One die plus the cumulative modifiers (army in supply, −1 reduced militia, −1 \
                  fortified town, −2 flag town, −1 Indians allied to the defender); natural 1 \
                  and 6 are not modified. An advance moves the attackers into the town and the \
                  defenders back one town; off their flag town they stand outside and near it and \
                  may attack to recover it.",
        code: &[c!("src/attack.rs: attack_terms, resolve_attack, advance")],
        tests: &[
            t!(rulebook "ohio_attack_example_8"),
            t!(rulebook "natural_1_example_8"),
            t!(rulebook "fortified_and_flag_towns_8"),
            t!(rulebook "outside_and_near_and_recovery_8"),
        ],
    },
    Sec {
        section: "8.1",
        title: "Advance Result Chart",
        summary: "One die, with the attacker's modifiers: its army's DRM while in supply \
                  (none out of supply), −1 for a reduced militia, −1 against a fortified town, \
                  −2 against a flag town, −1 where the region's Indians are the defender's \
                  allies. A total of 4 or more advances (the chart is not printed: 4 is read \
                  from the worked example and kept in the data file); a natural 1 never \
                  advances and a natural 6 always does, whatever the modifiers. The note beside \
                  each attack in the menu gives its chance and these terms.",
        code: &[c!("src/charts.rs: advances, sixths"), c!("data/charts.toml")],
        tests: &[t!(charts "natural_1_never_and_natural_6_always"), t!(rulebook "natural_1_example_8")],
    },
    Sec {
        section: "9",
        title: "Attacks on the Atlantic Ocean Control Marker",
        summary: "An attack on the Ocean Control marker is one action: 1 of the player's AP on \
                  a turn whose Turn Track entry allows it (5.1), or a BOT chart line. It may be \
                  made only while the other side controls the Atlantic. One die, with no \
                  modifier: 4, 5 or 6 turns the marker to the attacker's side, 1, 2 or 3 leaves \
                  it. Whoever controls the ocean may attack towns in the Atlantic region, and \
                  the other side's militia and army there may not (3.4); the marker starts on \
                  the French side (4).",
        code: &[c!("src/ocean.rs: resolve_ocean, OCEAN_AT_LEAST")],
        tests: &[t!(rulebook "ocean_control_9")],
    },
    Sec {
        section: "10",
        title: "Resolving Attempts to Influence Indians in a Region",
        summary: "An attempt on the Indians of Ohio, Mohawk or Hudson (the Atlantic has none) \
                  is one action: 1 of the player's AP on a turn whose Turn Track entry allows \
                  diplomacy (5.1), or a BOT chart line; it cannot be made where the Indians are \
                  the trying side's allies already. One die, with no modifier: 4, 5 or 6 moves \
                  the region's Indian marker one space toward the side trying (from the \
                  enemy's allies to neutral, or from neutral to allies), 1, 2 or 3 leaves it. \
                  Indians allied to a side make every attack on that side in their region 1 \
                  worse (3.3).",
        code: &[c!("src/indians.rs: resolve_influence, INFLUENCE_AT_LEAST"), c!("src/state.rs: toward")],
        tests: &[t!(rulebook "indian_influence_example_10")],
    },
    Sec {
        section: "11",
        title: "How to Win",
        summary: "The French win holding two British flag towns at the end of a British turn, the \
                  British holding three French flag towns at the end of a French turn, either only \
                  with none of its own flag towns lost. Otherwise after turn 20: 4 VP per enemy \
                  flag town held, 2 per region of allied Indians, 1 for the Atlantic; ties to \
                  France.",
        code: &[c!("src/victory.rs: sudden_death_win, victory_points, check_sudden_death, decide_on_points")],
        tests: &[
            t!(victory "sudden_death_needs_the_flags_and_no_flag_lost"),
            t!(victory "points_decide_and_never_tie_with_the_printed_values"),
            t!(rulebook "sudden_death_at_the_end_of_the_other_sides_turn_11"),
            t!(rulebook "the_bots_flags_must_survive_the_players_turn_11"),
            t!(rulebook "points_after_turn_20_11"),
        ],
    },
    Sec {
        section: "12",
        title: "Key Game Concepts",
        summary: "A region's militia and army attack, advance and retreat together; out-of-supply \
                  armies and reduced militia still attack, without the army DRM or at −1.",
        code: &[c!("src/state.rs: Board"), c!("src/attack.rs: attack_terms")],
        tests: &[t!(rulebook "restore_and_resupply_7"), t!(properties "random_games_keep_every_invariant")],
    },
];

/// A reading of the text made in code, with the function that carries it out.
struct Reading {
    name: &'static str,
    value: &'static str,
    reason: &'static str,
}

const READINGS: &[Reading] = &[
    Reading {
        name: "11 British sudden-death condition",
        value: "three French flag towns held and none of the British flag towns under French control",
        reason: "the text says the British must have 'none of their flag locations under British \
                 control', which cannot be meant; read as the mirror of the French condition; \
                 victory.rs: sudden_death_win",
    },
    Reading {
        name: "11 when sudden death is checked",
        value: "the BOT's side at the end of the player's actions, the player's side after the BOT's action",
        reason: "each side wins 'at the end of' the other side's turn; in solitaire the player's \
                 actions are its side's turn and the BOT's action the other's; \
                 sequence.rs: end_actions",
    },
    Reading {
        name: "7 what reduces a militia or cuts an army's supply",
        value: "only the BOT's raid and supply lines",
        reason: "the text gives the player actions that undo both but names no other cause; \
                 bot.rs: bot_turn",
    },
    Reading {
        name: "8 the defending army",
        value: "adds nothing to the defence",
        reason: "the text lists only the attacker's modifiers; attack.rs: attack_terms",
    },
    Reading {
        name: "6 relocation",
        value: "the year's arrivals are placed first; then one army at a time, each at most once, \
                to any other region (an army of the player's there changes places with it), and \
                `stay` leaves the rest where they stand",
        reason: "the text places new armies before transfers and allows no two friendly armies \
                 in a region once relocation is done; changing places reaches any arrangement \
                 with one move per army, and no army need be moved to stay; \
                 sequence.rs: after_arrivals, relocate, stay",
    },
    Reading {
        name: "4, 6 where the BOT's armies stand",
        value: "each arriving BOT army, strongest first, faces the weakest player army no BOT \
                army faces yet (ties: map order); BOT armies never relocate",
        reason: "the set-up puts the BOT's armies in the player's two regions without pairing \
                 them; the text relocates only the player's armies at a new year; a BOT \
                 reinforcement sent where the player's line is thinnest threatens a flag town \
                 (sudden death), one sent against the player's strongest army stalls there \
                 (issue 37: BOT sudden death 0.6 % of games against the heuristic player that \
                 way); setup.rs: place_bot_arrivals",
    },
    Reading {
        name: "7.1 the kinds of BOT line",
        value: "attack, attack the Ocean Control marker, influence Indians, raid (reduce a player \
                militia), blow at supply (a player army out of supply)",
        reason: "the project's reading gives the BOT the kinds of action the player's AP buy; \
                 the BOT's own militia and armies are never reduced or out of supply, so a BOT \
                 restore or resupply could never be done, and without the raid and the blow at \
                 supply nothing would ever reduce a militia or cut an army's supply, which the \
                 text's restore and resupply actions and its new-year recovery presuppose; \
                 bot.rs: bot_region",
    },
    Reading {
        name: "5.1 the BOT and the seasons",
        value: "a BOT line acts only if the Turn Track allows that kind of action on the turn to \
                the player's side and to the BOT's; a raid and a blow at supply count as attacks",
        reason: "the project's reading: whatever the track forbids the player in a season it \
                 forbids the BOT too; a raid is campaigning, like an attack; \
                 bot.rs: bot_season_allows",
    },
    Reading {
        name: "5.1 a turn without action points",
        value: "the Turn Track may give a side 0 AP on a turn: the player only ends the actions, \
                and the BOT still rolls",
        reason: "the AP track has a zero space, where the set-up puts the marker; \
                 turn_track.rs: parse",
    },
    Reading {
        name: "8 the BOT recovering its flag towns",
        value: "every BOT attack line attacks first where the BOT stands outside and near a \
                flag town of its own the player holds, to recover it; then as the line picks",
        reason: "the text lets markers outside and near their flag town attack to recover it, and \
                 a BOT that never did left every flag the player took in its hands for good (the \
                 audit of 2026-12-04, M2); bot.rs: bot_attack_region",
    },
    Reading {
        name: "3.4 recovering an Atlantic flag town",
        value: "needs Ocean control like any other Atlantic attack",
        reason: "the text makes no exception; attack.rs: why_not_attack",
    },
    Reading {
        name: "5 ending the actions",
        value: "an explicit 'end actions' step, even with no AP left",
        reason: "the player sees the last result (and may undo a restore or resupply) before the \
                 BOT rolls; legal.rs: candidates",
    },
];

/// The rule book as implemented, with the two BOT Action Charts as 7.1.1 and 7.1.2 (each
/// line as the game plays it, from the data) and the Advance Result Chart's number from the data.
pub fn rulebook() -> RuleBook {
    let mut book = RuleBook::new(SECTIONS, assumed());
    let c = charts();
    if let Some(s) = book.sections.iter_mut().find(|s| s.section == "8.1") {
        s.summary = s.summary.replacen(
            "A modified roll of 4 or more",
            &format!("A modified roll of {} or more", c.advance.at_least),
            1,
        );
    }
    let at = book
        .sections
        .iter()
        .position(|s| s.section == "7.1")
        .map_or(book.sections.len(), |i| i + 1);
    for (n, side) in [(1, crate::Side::French), (2, crate::Side::British)] {
        book.sections.insert(
            at + n - 1,
            fiw_engine::RuleSection {
                section: format!("7.1.{n}"),
                title: format!("{} BOT Action Chart", side.name()),
                summary: format!(
                    "The BOT playing the {} (when you play the {}) rolls one die after your \
                     actions and carries out that line:\n{}",
                    side.name(),
                    side.other().name(),
                    c.chart_text(side, "").trim_end()
                ),
                code: vec![
                    c!("data/charts.toml").into(),
                    c!("src/charts.rs: chart_text").into(),
                ],
                tests: vec![concat!(
                    "crates/cli/tests/solitaire.rs::",
                    "the_bot_charts_show_at_the_prompt_and_in_the_rules"
                )
                .into()],
            },
        );
    }
    book
}

/// Every assumed value: the readings in code, the charts, the map, the armies and the track.
fn assumed() -> Vec<AssumedValue> {
    let mut out: Vec<AssumedValue> = READINGS
        .iter()
        .map(|r| AssumedValue {
            name: r.name.into(),
            value: squash(r.value),
            reason: squash(r.reason),
        })
        .collect();
    let c = charts();
    out.push(AssumedValue {
        name: "8.1 Advance Result Chart".into(),
        value: format!(
            "modified {}+ advances; natural {} never, natural {} always",
            c.advance.at_least, c.advance.never, c.advance.always
        ),
        reason: c.advance_assumed.clone(),
    });
    for side in [crate::Side::French, crate::Side::British] {
        for line in &c.bot[side.index()] {
            out.push(AssumedValue {
                name: format!("7.1 {} BOT Action Chart, roll {}", side.name(), line.roll),
                value: line.describe(),
                reason: line.assumed.clone(),
            });
        }
        let order: Vec<&str> = c.bot_armies[side.index()]
            .iter()
            .map(|&r| crate::map::REGION_IDS[r as usize])
            .collect();
        out.push(AssumedValue {
            name: format!(
                "4, 6 where the {} BOT sets down unpaired armies",
                side.name()
            ),
            value: order.join(", "),
            reason: c.bot_armies_assumed.clone(),
        });
    }
    for reg in &map().regions {
        let route: Vec<String> = reg
            .towns
            .iter()
            .map(|t| format!("{} ({})", t.name, t.kind.word()))
            .collect();
        out.push(AssumedValue {
            name: format!("2 route of {}", reg.name),
            value: route.join(" – "),
            reason: reg.route_assumed.clone(),
        });
        for t in &reg.towns {
            if let Some(why) = &t.assumed {
                out.push(AssumedValue {
                    name: format!("2 town {} ({})", t.name, reg.name),
                    value: t.kind.word().into(),
                    reason: why.clone(),
                });
            }
        }
    }
    for a in &armies().list {
        if let Some(why) = &a.assumed {
            out.push(AssumedValue {
                name: format!("3.2 army {}", a.id),
                value: format!("{} {:+}, {}", a.side.name(), a.drm, a.arrival_words()),
                reason: why.clone(),
            });
        }
    }
    for (i, t) in turn_track().turns.iter().enumerate() {
        let acts = |side: crate::Side| {
            t.allowed(side)
                .map(|k| k.word())
                .collect::<Vec<_>>()
                .join(", ")
        };
        // arrivals live with the armies (armies.toml); shown here as on a printed track
        let arriving = |played: crate::Side| -> Vec<&str> {
            armies()
                .list
                .iter()
                .filter(|a| a.arrives(played) as usize == i + 1 && i > 0)
                .map(|a| a.id.as_str())
                .collect()
        };
        let (by_british, by_french) = (
            arriving(crate::Side::British),
            arriving(crate::Side::French),
        );
        let arrive = if by_british == by_french {
            if by_british.is_empty() {
                String::new()
            } else {
                format!("; arriving: {}", by_british.join(", "))
            }
        } else {
            let or_none = |v: &[&str]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            format!(
                "; arriving when the British are played: {}; when the French are played: {}",
                or_none(&by_british),
                or_none(&by_french)
            )
        };
        out.push(AssumedValue {
            name: format!("5.1 Turn Track, turn {} ({} {})", i + 1, t.season, t.year),
            value: format!(
                "AP British {} / French {}; British may {}; French may {}{}{}",
                t.ap[0],
                t.ap[1],
                acts(crate::Side::British),
                acts(crate::Side::French),
                if t.transfers { "; transfers" } else { "" },
                arrive
            ),
            reason: t.assumed.clone(),
        });
    }
    out
}

/// The rule book as Markdown: the text of `docs/rules/solitaire.md`.
pub fn markdown(book: &RuleBook) -> String {
    // a summary of several lines (the charts) keeps its lines within its table cell
    let mut book = book.clone();
    for s in &mut book.sections {
        s.summary = s.summary.replace('\n', "<br>");
    }
    book.markdown(
        "French & Indian War: Solitaire: the rules as fiw implements them",
        "Generated from `crates/solitaire/src/rulebook.rs` and the data files (the same text \
         `fiw rules solitaire` prints); do not edit by hand. Regenerate with\n\
         `FIW_BLESS=1 cargo test -p fiw-solitaire rulebook`.\n\n\
         The text has no section numbers: fiw numbers its headings in order, and gives the \
         three charts it refers to a subsection under the heading that uses them. Titles are \
         the text's; summaries are the project's own words. Code paths are relative to the \
         workspace root; `file.rs: name` names the functions that carry the rule out.\n\n",
        "none (no rules)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn root() -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../"))
    }

    fn read(path: &str) -> String {
        std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    const DOC: &str = "docs/rules/solitaire.md";

    #[test]
    fn every_heading_is_listed_in_order() {
        let have: Vec<&str> = SECTIONS.iter().map(|s| s.section).collect();
        let want = [
            "1", "2", "3", "3.1", "3.2", "3.3", "3.4", "4", "5", "5.1", "6", "7", "7.1", "8",
            "8.1", "9", "10", "11", "12",
        ];
        assert_eq!(have, want);
        for s in SECTIONS {
            assert!(!s.title.is_empty() && !s.summary.is_empty());
            assert_eq!(
                s.section == "1",
                s.code.is_empty(),
                "{}: code listed exactly where there are rules",
                s.section
            );
        }
    }

    /// Every code path and item, and every test, the book names exists.
    #[test]
    fn every_reference_exists() {
        let bad = rulebook().unresolved_references(&root());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// The readings cite functions that exist.
    #[test]
    fn the_readings_cite_real_functions() {
        for r in READINGS {
            let (_, cited) = r.reason.rsplit_once("; ").unwrap();
            let (file, items) = squash(cited)
                .split_once(": ")
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .unwrap();
            let text = read(&format!("crates/solitaire/src/{file}"));
            for item in items.split(", ") {
                assert!(
                    text.contains(&format!("fn {item}(")),
                    "{}: {file} has no fn {item}",
                    r.name
                );
            }
        }
    }

    /// Every value the data marks as assumed reaches `fiw rules`, and names are distinct.
    #[test]
    fn every_assumed_value_is_listed_once() {
        let book = rulebook();
        let mut names: Vec<&str> = book.assumed.iter().map(|a| a.name.as_str()).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "two assumed values share a name");
        let data = ["map.toml", "armies.toml", "turn_track.toml", "charts.toml"]
            .iter()
            .map(|f| read(&format!("crates/solitaire/data/{f}")))
            .map(|t| {
                t.lines()
                    .filter(|l| {
                        l.trim_start().starts_with("assumed =")
                            || l.trim_start().starts_with("route_assumed =")
                    })
                    .count()
            })
            .sum::<usize>();
        // the one [bot_armies] reason serves both BOTs
        assert_eq!(
            book.assumed.len(),
            READINGS.len() + data + 1,
            "every assumed line of the data is listed"
        );
        for a in &book.assumed {
            assert!(!a.value.is_empty() && !a.reason.is_empty(), "{}", a.name);
        }
    }

    #[test]
    fn the_docs_match_the_rulebook() {
        let regenerate = "FIW_BLESS=1 cargo test -p fiw-solitaire rulebook";
        RuleBook::check_doc(&root(), DOC, &markdown(&rulebook()), regenerate)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
