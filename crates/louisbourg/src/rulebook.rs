//! `fiw rules louisbourg`: every section, where it lives, the tests that show it, and every
//! assumed value.
//!
//! The sections are written here by hand, in the project's own words (the rulebook is a
//! published work: its sentences are not copied). The assumed values come from the data files
//! wherever the data carries them (roads, forces, cards), so they cannot drift from what the
//! game plays; the assumed readings of rules that live in code are written here, each naming
//! the function that carries it out. `docs/rules/louisbourg.md` is generated from this file by
//! [`markdown`]; the tests below keep the two the same.

use crate::board::board;
use crate::cards::{deck, Origin};
use crate::fire::bombardment_losses;
use crate::forces::forces;
use fiw_engine::{squash, AssumedValue, RuleBook, Sec};

macro_rules! t {
    (rulebook $name:literal) => {
        concat!("crates/louisbourg/tests/rulebook.rs::", $name)
    };
    (properties $name:literal) => {
        concat!("crates/louisbourg/tests/properties.rs::", $name)
    };
    (ai $name:literal) => {
        concat!("crates/louisbourg/tests/ai.rs::", $name)
    };
    (manual_dice $name:literal) => {
        concat!("crates/louisbourg/tests/manual_dice.rs::", $name)
    };
    (odds_vs_battles $name:literal) => {
        concat!("crates/louisbourg/tests/odds_vs_battles.rs::", $name)
    };
    (audit $name:literal) => {
        concat!("crates/louisbourg/tests/audit_2026_12_04.rs::", $name)
    };
    ($file:ident $name:literal) => {
        concat!(
            "crates/louisbourg/src/",
            stringify!($file),
            ".rs::tests::",
            $name
        )
    };
}

macro_rules! c {
    ($path:literal) => {
        concat!("crates/louisbourg/", $path)
    };
}

/// Every section of the rulebook, in its order.
const SECTIONS: &[Sec] = &[
    Sec {
        section: "2",
        title: "Game Overview",
        summary: "An overview of the game; it carries no rules of its own. What it outlines is \
                  enforced under 8 (turns and phases) and 13 (victory).",
        code: &[],
        tests: &[],
    },
    Sec {
        section: "3",
        title: "Game Board",
        summary: "Twelve land locations joined by solid roads (8 units per road per action) and \
                  dotted roads (4), two sea areas (Gabarus Bay, holding the British Forces box, and \
                  Louisbourg Harbor) and the French reinforcement box. Every land location starts \
                  French; a location belongs to the last side to have had units in it, even after \
                  they leave.",
        code: &[
            c!("src/board.rs: board, parse, on_sea"),
            c!("data/board.toml"),
            c!("src/state.rs: update_control"),
        ],
        tests: &[t!(board "the_board_matches_the_rulebook"), t!(board "a_broken_board_file_names_the_field"), t!(rulebook "battle_rounds_9_2")],
    },
    Sec {
        section: "4",
        title: "Game Components",
        summary: "The physical set: 21 blue (French) and 31 red (British) blocks, 28 cards, the \
                  board and eight dice. The data holds 18 French army blocks and 2 ships, and 6 \
                  British ships with an assumed British army that fits the red blocks together \
                  with the 6 landing blocks.",
        code: &[c!("src/forces.rs: forces, parse"), c!("data/forces.toml"), c!("src/cards.rs: DECK_SIZE")],
        tests: &[t!(forces "the_forces_match_the_rulebook"), t!(forces "a_broken_forces_file_names_the_field"), t!(cards "built_in_deck_parses_with_28_cards")],
    },
    Sec {
        section: "5",
        title: "Game Units",
        summary: "A block's current SP is both its number of battle dice and the hits it can \
                  take: each hit removes 1 SP, and a block hit at 1 SP is eliminated for good. \
                  Army blocks hide their type and SP from the enemy except while in a battle; \
                  ships are always open.",
        code: &[
            c!("src/forces.rs: Kind"),
            c!("src/state.rs: reduce"),
            c!("src/view.rs: view_of"),
            c!("src/battle.rs: start_battle, end_battle"),
        ],
        tests: &[
            t!(rulebook "battle_rounds_9_2"),
            t!(rulebook "a_block_lost_out_of_sight_is_not_named_5"),
            t!(rulebook "blocks_stand_up_again_after_a_battle_5"),
            t!(ai "damaged_blocks_are_drawn_from_what_the_seat_saw"),
            t!(forces "the_forces_match_the_rulebook"),
            t!(properties "random_games_keep_every_invariant"),
        ],
    },
    Sec {
        section: "5.1",
        title: "British Units",
        summary: "Regulars 4 SP, move 1; light infantry 3 SP, move 2; rangers 2 SP, move 2, and \
                  a location holding only rangers cannot bombard; ships 4 SP. The landing blocks \
                  serve only the turn-1 landing plan (7).",
        code: &[c!("src/forces.rs: movement"), c!("data/forces.toml"), c!("src/bombard.rs: can_bombard_from")],
        tests: &[t!(forces "the_forces_match_the_rulebook"), t!(rulebook "bombardment_8_2_1"), t!(rulebook "road_limits_8_3_1")],
    },
    Sec {
        section: "5.2",
        title: "French Units",
        summary: "Regulars 3 or 4 SP, move 1; militia 1 or 2 SP, move 2; Indians 2 SP, move 2, \
                  who may cross Louisbourg during a land move but never stop there; ships 3 SP.",
        code: &[
            c!("src/forces.rs: movement"),
            c!("data/forces.toml"),
            c!("src/moves.rs: why_not_go, why_not_done"),
            c!("src/setup.rs: why_not_place"),
            c!("src/battle.rs: retreat_dests"),
        ],
        tests: &[
            t!(forces "the_forces_match_the_rulebook"),
            t!(rulebook "french_setup_always_completes_7"),
            t!(properties "random_games_keep_every_invariant"),
        ],
    },
    Sec {
        section: "6",
        title: "Operational Cards",
        summary: "One shared deck of 28 cards. On odd turns a side holding fewer than 3 cards \
                  draws one; on every turn each side may play or discard at most one card.",
        code: &[
            c!("src/cards.rs: deck, parse, DECK_SIZE"),
            c!("data/cards.toml"),
            c!("src/sequence.rs: continue_draws, draw_card"),
            c!("src/state.rs: HAND_LIMIT"),
        ],
        tests: &[t!(cards "built_in_deck_parses_with_28_cards"), t!(cards "one_printed_card_island_battery_bombardment"), t!(cards "twenty_four_house_cards_split_evenly")],
    },
    Sec {
        section: "6.1",
        title: "Card Play Procedure",
        summary: "Each side is dealt two cards at set-up. A side plays only cards showing its own \
                  flag, face up, while it is the active side, and the effect lasts for that turn; \
                  cards with the enemy's flag can only be discarded, face down. An attrition card \
                  (French 2, British 1) drawn by its own side is played at once as that side's card \
                  for the turn; drawn by the enemy it can only be discarded.",
        code: &[
            c!("src/play.rs: why_not_play, why_not_discard, apply_play, apply_discard"),
            c!("src/sequence.rs: continue_draws, play_attrition"),
            c!("src/setup.rs: finish_setup"),
        ],
        tests: &[
            t!(audit "l3_attrition_losses_name_the_card_6_1"),
            t!(manual_dice "the_set_up_die_and_every_card_drawn_are_asked_for_7_6_1"),
            t!(manual_dice "a_cards_strike_on_the_ships_is_asked_for_6_1"),
            t!(rulebook "card_play_6_1"), t!(rulebook "card_draw_and_attrition_8_1_2"), t!(rulebook "extra_bombardment_meets_the_enemy_card_6_1"), t!(rulebook "cards_are_typed_by_title_6_1"), t!(rulebook "island_battery_bombardment_needs_only_a_unit_at_lighthouse_point_6_1"), t!(cards "three_attrition_cards_two_french_one_british"), t!(cards "bombardment_effects_are_played_in_bombardment_the_rest_in_action"),
        ],
    },
    Sec {
        section: "7",
        title: "Game Set Up",
        summary: "The British secretly assign 0 to 6 units to each of the three Gabarus Bay \
                  landing sites, at least 4 in all and no more than their 6 ships can carry; the \
                  French then place every army block on land (at least one each in Louisbourg, \
                  Island Battery and Lighthouse Point; two 2 SP militia go to the reinforcement \
                  box) and each side is dealt two cards. The British action on turn 1 is that \
                  landing and nothing else.",
        code: &[
            c!("src/setup.rs: why_not_plan, apply_plan, why_not_place, finish_setup"),
            c!("src/moves.rs: why_not_begin, apply_begin"),
        ],
        tests: &[t!(rulebook "landing_plan_7"), t!(rulebook "french_setup_always_completes_7"), t!(rulebook "solitaire_setup_14")],
    },
    Sec {
        section: "8",
        title: "Sequence of Play",
        summary: "Sixteen turns, each made of an operational phase, a bombardment phase and one \
                  player action phase for each side.",
        code: &[c!("src/sequence.rs: begin_turn, end_turn"), c!("src/state.rs: LAST_TURN")],
        tests: &[t!(properties "random_games_keep_every_invariant")],
    },
    Sec {
        section: "8.1",
        title: "Operational Phase",
        summary: "Every turn the player order is settled; on odd turns the cards are drawn, on \
                  even turns the weather is rolled.",
        code: &[c!("src/sequence.rs: begin_turn, continue_draws")],
        tests: &[t!(rulebook "hand_limit_and_odd_turns_8_1_2"), t!(rulebook "weather_8_1_3"), ],
    },
    Sec {
        section: "8.1.1",
        title: "Player Order",
        summary: "The British go first on turn 1. From turn 2 each side rolls 1d6 and the higher \
                  roller (the French on a tie) names the side that goes first in every phase of \
                  that turn.",
        code: &[c!("src/sequence.rs: begin_turn, apply_first")],
        tests: &[
            t!(manual_dice "bombardment_order_and_weather_dice_are_asked_for_8"),
            t!(rulebook "landing_plan_7"),
        ],
    },
    Sec {
        section: "8.1.2",
        title: "Card Draw",
        summary: "On odd turns (1, 3, 5 …) each side in player order draws one card, unless it \
                  already holds 3.",
        code: &[c!("src/sequence.rs: continue_draws, draw_card"), c!("src/state.rs: HAND_LIMIT")],
        tests: &[t!(rulebook "card_draw_and_attrition_8_1_2"), t!(rulebook "hand_limit_and_odd_turns_8_1_2"), ],
    },
    Sec {
        section: "8.1.3",
        title: "Weather Die Roll",
        summary: "On even turns the British roll 1d6; on a 5 or 6 they may make neither an \
                  amphibious move nor a ship move that turn.",
        code: &[c!("src/sequence.rs: continue_draws"), c!("src/moves.rs: why_not_sea")],
        tests: &[
            t!(rulebook "weather_8_1_3"),
            t!(manual_dice "bombardment_order_and_weather_dice_are_asked_for_8"),
        ],
    },
    Sec {
        section: "8.2",
        title: "Bombardment Phase",
        summary: "In player order each side may make one bombardment: one 1d6 plus DRM on the \
                  Bombardment Table (1–2 no effect, 3–5 −1 SP, 6–7 −2 SP, 8+ −3 SP), the owner \
                  choosing which of its units in the target lose the SP. A location bombards only \
                  if it holds a unit that is not a ranger, and bombarding units may still move \
                  later in the turn.",
        code: &[
            c!("src/bombard.rs: bombard_drm, can_bombard_from, bombard"),
            c!("src/fire.rs: bombardment_losses"),
            c!("src/sequence.rs: after_bombard"),
        ],
        tests: &[
            t!(audit "l2_no_prompt_whose_only_choice_is_pass_8_2"),
            t!(audit "l3_bombardment_losses_name_the_bombardment_8_2"),
            t!(manual_dice "bombardment_order_and_weather_dice_are_asked_for_8"),
            t!(fire "bombardment_table_8_2"), t!(rulebook "bombardment_8_2_1"),
        ],
    },
    Sec {
        section: "8.2.1",
        title: "Bombarding Louisbourg",
        summary: "The British bombard Louisbourg from the occupied locations next to it (Black \
                  Rock, Green Hills, Barachois, Island Battery): +1 DRM from two of them, +2 from \
                  three or more. The French in Louisbourg bombard one British-held location next \
                  to it, at −1 DRM when fewer than two French ships are in the harbor.",
        code: &[c!("src/bombard.rs: bombard_drm"), c!("src/board.rs: ADJACENT_TO_LOUISBOURG")],
        tests: &[t!(rulebook "bombardment_8_2_1"), t!(board "the_board_matches_the_rulebook")],
    },
    Sec {
        section: "8.2.2",
        title: "Bombarding in Louisbourg Harbor",
        summary: "Instead of Louisbourg, the British may bombard the French ships from occupied \
                  locations on the harbor shore (Royal Battery, Lighthouse Point, Island Battery), \
                  +1 DRM from more than one. The French ships may instead bombard one British-held \
                  shore location, at −1 DRM when only one ship is left.",
        code: &[c!("src/bombard.rs: bombard_drm, HARBOR_SHORE")],
        tests: &[t!(rulebook "harbor_bombardment_8_2_2"), ],
    },
    Sec {
        section: "8.3",
        title: "Player Action Phase",
        summary: "In player order each side takes one action (land move, raid, amphibious move \
                  or ship move) or passes, except that the British may not pass on turn 1. Its \
                  battles follow, the active side attacking.",
        code: &[
            c!("src/moves.rs: why_not_begin, action_candidates, apply_begin"),
            c!("src/sequence.rs: begin_action, end_action, after_battles"),
        ],
        tests: &[t!(rulebook "landing_plan_7"), t!(rulebook "ship_battle_11")],
    },
    Sec {
        section: "8.3.1",
        title: "Land Move an Army Unit or Group of Army Units from One Location",
        summary: "Any of the army units in one land location move along roads, each one location \
                  (two for movement-2 units), to the same or different places; a unit entering \
                  an enemy location stops, and no unit moves twice. In one action at most 8 units \
                  may use a given solid road and 4 a dotted one.",
        code: &[
            c!("src/moves.rs: why_not_go, apply_go"),
            c!("src/board.rs: limit"),
            c!("src/state.rs: road_open"),
        ],
        tests: &[
            t!(audit "n15_must_stop_comes_before_used_its_movement_8_3_1"),t!(rulebook "road_limits_8_3_1"), t!(board "the_board_matches_the_rulebook")],
    },
    Sec {
        section: "8.3.2",
        title: "Raid an Adjacent Land Location",
        summary: "1 to 4 army units from one location attack an adjacent enemy-held location for \
                  a single round: the defenders fire first, with their location effects, then \
                  the raiders, who then go back where they came from. Rangers and Indians hit on \
                  5–6 in raids, whether raiding or raided.",
        code: &[
            c!("src/moves.rs: why_not_begin, why_not_go, MAX_RAIDERS"),
            c!("src/battle.rs: raiders_return"),
            c!("src/fire.rs: hit_on"),
            c!("src/odds.rs: raid"),
        ],
        tests: &[
            t!(manual_dice "raid_fire_names_each_group_of_dice_8_3_2"),
            t!(rulebook "raid_example_8_3_2"),
            t!(fire "raid_double_fire_8_3_2"),
            t!(odds "a_raid_with_a_ranger_by_hand"),
            t!(odds "the_rulebook_raid_example_is_one_round"),
            t!(odds_vs_battles "raid_with_rangers_matches_the_odds"),
        ],
    },
    Sec {
        section: "8.3.3",
        title: "Amphibious Movement of Army Units Using Ships",
        summary: "Each unused ship carries one army unit from a location on its sea area (or the \
                  British Forces box) to locations on the same sea area, where the units stop. A \
                  ship carries once per turn and then defends at 1 SP against ships for the rest \
                  of the turn; defenders of a location landed in hit on 4–6 in the first round.",
        code: &[
            c!("src/moves.rs: why_not_go, use_ships, sea_of"),
            c!("src/fire.rs: hit_on"),
            c!("src/battle.rs: fire"),
        ],
        tests: &[
            t!(rulebook "landing_plan_7"),
            t!(fire "location_effects_9_3"),
            t!(odds "amphibious_triple_fire_is_for_the_first_round_only"),
            t!(odds_vs_battles "amphibious_landing_matches_the_odds"),
        ],
    },
    Sec {
        section: "8.3.4",
        title: "Ship Move",
        summary: "One or two unused ships sail between Gabarus Bay and Louisbourg Harbor, only for \
                  a side that controls both Lighthouse Point and Island Battery; meeting enemy \
                  ships starts a ship battle (11).",
        code: &[c!("src/moves.rs: why_not_begin, why_not_go, MAX_SHIPS")],
        tests: &[
            t!(audit "n22_no_unused_ships_comes_first_8_3_4"),t!(rulebook "ship_battle_11")],
    },
    Sec {
        section: "9",
        title: "Army Battle",
        summary: "Battles are fought only once the active side's whole action, every move \
                  included, is finished.",
        code: &[c!("src/sequence.rs: end_action"), c!("src/battle.rs: next_battle")],
        tests: &[t!(rulebook "battle_rounds_9_2")],
    },
    Sec {
        section: "9.1",
        title: "Army Battles",
        summary: "A battle takes place wherever the active side's units end its action among \
                  enemy units, and at a raided location; the active side attacks. With several \
                  battles the attacker picks the order, and each is fought out before the next.",
        code: &[c!("src/battle.rs: next_battle, why_not_battle, start_battle")],
        tests: &[t!(rulebook "battle_rounds_9_2")],
    },
    Sec {
        section: "9.2",
        title: "Army Battle Rounds",
        summary: "Both sides' blocks in the battle are revealed. Each round the defender fires, \
                  then the attacker, every unit rolling one die per current SP and hitting on a 6; \
                  hits take effect at once, the owner choosing the blocks that lose SP. Rounds go \
                  on until one side is gone or retreats. The owner is not asked when the choice \
                  cannot matter: blocks of one type and SP are alike, but an attacker's blocks \
                  that came by different roads never are, since each retreats its own way (10).",
        code: &[
            c!("src/battle.rs: start_battle, fire, start_hits, hit_class, apply_hit"),
            c!("src/state.rs: reduce"),
            c!("src/odds.rs: fight"),
        ],
        tests: &[
            t!(manual_dice "battle_fire_is_asked_in_the_rules_words_9_2"),
            "crates/cli/tests/louisbourg.rs::manual_dice_ask_in_the_rules_words_and_the_save_replays",
            t!(rulebook "battle_rounds_9_2"),
            t!(audit "h2_blocks_from_different_roads_are_not_alike_for_hits_9_2"),
            t!(odds "one_against_one_in_the_open_matches_the_closed_form"),
            t!(odds_vs_battles "open_field_battle_matches_the_odds"),
        ],
    },
    Sec {
        section: "9.3",
        title: "Location Effects in Army Battles",
        summary: "Defenders in Louisbourg hit on 4–6 and in Island Battery on 5–6, in every \
                  round; defenders against an amphibious attack hit on 4–6 in the first round. \
                  These also hold against raiders; attackers always hit on 6 unless a card says \
                  otherwise.",
        code: &[c!("src/fire.rs: hit_on"), c!("src/odds.rs: defender_threshold")],
        tests: &[
            t!(rulebook "location_effects_9_3"),
            t!(fire "location_effects_9_3"),
            t!(odds "defender_hit_numbers_follow_9_3"),
            t!(odds "one_against_one_in_louisbourg_matches_the_closed_form"),
            t!(odds "one_against_one_at_island_battery_matches_the_closed_form"),
            t!(odds_vs_battles "assault_on_louisbourg_matches_the_odds"),
        ],
    },
    Sec {
        section: "10",
        title: "Battle Retreat",
        summary: "From round 2 a side may pull all its units out instead of firing, the defender \
                  choosing first. Attackers go back where they came from; defenders go to open \
                  adjacent locations no unit of the attack came from (even a unit since destroyed), \
                  never into a battle still to be fought. Each unit over a road's limit loses 1 SP, and a side with no way out \
                  fights on. An Indian whose only way back is Louisbourg does not hold its group \
                  in the battle: it is lost if the group retreats (5.2).",
        code: &[
            c!("src/battle.rs: can_retreat, retreat_dests, lost_in_retreat, why_not_stay, move_retreating"),
            c!("src/odds.rs: fight"),
        ],
        tests: &[
            t!(rulebook "retreat_road_limit_10"),
            t!(rulebook "retreat_closed_where_a_dead_attacker_came_from_10"),
            t!(audit "m4_one_indian_does_not_pin_its_group_5_2_10"),
            t!(audit "m4_an_indian_alone_fights_on_10"),
            t!(rulebook "battle_rounds_9_2"),
            t!(rulebook "location_effects_9_3"),
            t!(odds "a_defender_retreat_at_the_start_of_round_two"),
            t!(odds "an_attacker_retreat_comes_after_the_defenders_fire"),
        ],
    },
    Sec {
        section: "11",
        title: "Ship Battles",
        summary: "Ships that sail into enemy ships fight as in an army battle, with no location \
                  effects. Defending ships may not retreat, and ships that made an amphibious move \
                  this turn defend at 1 SP.",
        code: &[
            c!("src/battle.rs: can_retreat, fire"),
            c!("src/state.rs: reduce"),
            c!("src/fire.rs: hit_on"),
        ],
        tests: &[t!(rulebook "ship_battle_11"), t!(odds "a_ship_battle_is_fought_like_an_army_battle")],
    },
    Sec {
        section: "12",
        title: "French Reinforcements",
        summary: "From turn 8, whenever the French choose, the two reinforcement militia enter at \
                  Kennington Cove, Western Settlements or Northern Settlements, together or \
                  apart; entering where British units stand is the French action and starts a \
                  battle. Units that enter may move in the same turn.",
        code: &[
            c!("src/moves.rs: why_not_reinforce, apply_reinforce"),
            c!("src/state.rs: REINFORCEMENT_TURN"),
            c!("data/board.toml"),
        ],
        tests: &[t!(rulebook "reinforcements_12"), t!(rulebook "reinforcements_that_retreat_go_back_to_the_box_10_12")],
    },
    Sec {
        section: "13",
        title: "How to Win the Game",
        summary: "The British win at the end of a turn with an army unit in Louisbourg or a ship \
                  in Louisbourg Harbor and at least 24 SP in their army (ships not counted). The \
                  French win at the end of any turn that leaves the British army below 24 SP, and \
                  at the end of turn 16 if the British have not won.",
        code: &[c!("src/sequence.rs: end_turn"), c!("src/state.rs: british_sp, victory_sp, VICTORY_SP, LAST_TURN")],
        tests: &[t!(rulebook "ship_battle_11"), t!(rulebook "the_24_sp_are_the_armys_13"), t!(properties "random_games_keep_every_invariant")],
    },
    Sec {
        section: "14",
        title: "Solitaire Play",
        summary: "After the landing plan the French set up by a fixed list: a 1 SP militia each in \
                  Louisbourg, Island Battery and Lighthouse Point; both Indians, two 2 SP and one \
                  1 SP militia at Kennington Cove; the four 4 SP regulars at Flat Point; the three \
                  3 SP regulars and a 2 SP militia at White Point. One 1d6 then shifts units by a \
                  six-row table (a 6 changes nothing). Open play (`fiw play louisbourg --open`) \
                  is the other half of 14: one person plays both sides with every block's type \
                  and SP in both views and no screen passed; it does not imply the set-up.",
        code: &[
            c!("src/setup.rs: solitaire_setup, why_not_solitaire_setup"),
            c!("src/view.rs: view_for"),
            c!("src/state.rs: open"),
        ],
        tests: &[
            t!(rulebook "solitaire_setup_14"),
            "crates/cli/tests/louisbourg.rs::open_play_shows_every_block_and_passes_no_screen",
        ],
    },
    Sec {
        section: "15",
        title: "Louisbourg 1758 Strategy and History",
        summary: "Advice to both players and the history of the 1758 siege; it carries no rules. \
                  Its history is the source of the 24 house cards and of the reasons for several \
                  assumed roads and forces.",
        code: &[],
        tests: &[],
    },
];

/// An assumed reading of a rule that lives in code.
struct Reading {
    name: &'static str,
    value: &'static str,
    reason: &'static str,
}

/// The assumed readings written by hand, in rulebook order (the Bombardment Table, built from
/// [`bombardment_losses`], comes first).
const READINGS: &[Reading] = &[
    Reading {
        name: "5, 9.2 hidden blocks",
        value: "the blocks of a battle are face up to both sides (type and SP) while it is \
                fought; when it ends they stand up again, hidden, and the log keeps what was seen. \
                Each side keeps a count of the SP it saw the enemy's blocks at each place lose \
                (what the blocks of a battle lack when it ends, bombardment, attrition and \
                road-limit losses, less SP restored), but not which block lost them; a block \
                that moves takes its share of the count along, a block face up exactly its own. \
                A block eliminated face up (in battle, or a ship) is announced by type, one \
                eliminated hidden (bombardment, attrition) by side only. The French set up out \
                of the British's sight",
        reason: "5 stands army blocks facing their owner and reveals them only in battle; \
                 leaving them face up after it would tell the enemy which one moves away next. \
                 The computer's imagined positions deal the enemy's blocks from the same count; \
                 battle.rs: start_battle, end_battle, raiders_return, move_retreating; state.rs: \
                 reduce, set_loc, record_move, count_losses_seen; view.rs: view_for; resample.rs: \
                 draw_enemy_army",
    },
    Reading {
        name: "5.2 Indians and Louisbourg",
        value: "an Indian may cross Louisbourg in a land move only when no enemy is there and a \
                road onward is open, and must move on at once; it may not set up, land, retreat \
                into, or attack Louisbourg by land move (it may raid it, since raiders go home). \
                An Indian whose only open way back from a battle is Louisbourg does not stop its \
                group retreating: when the group retreats, that Indian is lost",
        reason: "5.2 lets Indians pass through but never end a turn there; an attack could leave \
                 them there, so the code refuses it. Rule 10 blocks a retreat only where enemies \
                 stand or a battle waits, and has every unit of a retreating side leave, so an \
                 Indian with nowhere to go may neither pin its group nor stay behind alone; the \
                 retreat's note says it will be lost, and a side is never offered a retreat \
                 that saves no block; moves.rs: why_not_go, why_not_done; setup.rs: \
                 why_not_place; battle.rs: retreat_dests, lost_in_retreat, can_retreat",
    },
    Reading {
        name: "6, 6.1 one card per turn",
        value: "a discard uses up the turn's card just as a play does; cards of the bombardment \
                window are played in the side's own bombardment step, before it bombards; other \
                cards, and every discard (an enemy attrition card included), only at the start of \
                the side's own player action phase, before its action",
        reason: "6 and 6.1 allow one card played or discarded per turn while active, without \
                 saying when within the turn; play.rs: window, why_not_play, why_not_discard",
    },
    Reading {
        name: "6.1, 7 own attrition card dealt at set-up",
        value: "it is played on turn 1, at the side's place in the card draw, before that side \
                draws its turn-1 card",
        reason: "6.1 speaks only of attrition cards drawn, not dealt; treating the deal as a draw \
                 plays it at the first moment a drawn one would be (sequence.rs: continue_draws)",
    },
    Reading {
        name: "6.1, 8.2 a card's extra bombardment",
        value: "it is rolled with the card's own DRM plus every card in force on bombardments: \
                the enemy's 'enemy bombardments at −1' (Thick Walls, Counter-Battery Fire) and the \
                side's own 'bombardments at +N'",
        reason: "a card's extra bombardment is a bombardment, and cards in play override the \
                 rules for the turn (6.1); play.rs: apply_play; bombard.rs: card_bombard_drm",
    },
    Reading {
        name: "8.1.1 order roll",
        value: "the higher roller names the side that goes first (it may name either); on a tie \
                the French name it",
        reason: "stated in 8.1.1, listed because the winner gets a choice, not the first place; \
                 sequence.rs: begin_turn, apply_first",
    },
    Reading {
        name: "8.2, 8.3 player order",
        value: "the turn's player order also orders the card draw, the two bombardment steps and \
                the two player action phases",
        reason: "8.1.2, 8.2 and 8.3 each say 'in player order'; sequence.rs: continue_draws, \
                 after_bombard, after_battles",
    },
    Reading {
        name: "8.3.1 no return to the start",
        value: "a unit moving two locations may not end its land move in the location the move \
                began",
        reason:
            "not printed; the project reads a move out and back as no move; moves.rs: why_not_go",
    },
    Reading {
        name: "8.3.2 raiders' origin",
        value: "all raiders come from one location, and all go back to it",
        reason:
            "8.3.2 sends them back to 'the location they came from', in the singular; moves.rs: \
                 why_not_begin, why_not_go; battle.rs: raiders_return",
    },
    Reading {
        name: "8.3.3, 11 ship used for an amphibious move",
        value: "if enemy ships attack it that turn it defends at 1 SP: it fires 1 die and one hit \
                sinks it, whatever its SP",
        reason: "'defends at 1 SP' read as a 1 SP ship, which is what makes 15.1's '6 SP vs 6 SP' \
                 even; battle.rs: fire, settle_hits; state.rs: reduce (the `weak` flag set by \
                 moves.rs: use_ships)",
    },
    Reading {
        name: "10 retreat after an amphibious attack",
        value: "attackers that landed go back to the location or box they sailed from, with no \
                ship needed and no road-limit loss",
        reason: "10 sends attackers back where they came from and counts road limits only on \
                 roads; battle.rs: retreat_dests, move_retreating",
    },
    Reading {
        name: "6.1 Island Battery – Bombardment (the printed card)",
        value: "it needs only a British unit at Lighthouse Point, rangers included (rangers \
                alone may not bombard under 8.2), and French units at Island Battery; it is \
                played in the British bombardment step, in addition to any other bombardment",
        reason: "the card asks only that the British occupy Lighthouse Point, and cards in play \
                 override the rules (6.1), so the rangers' limit of 8.2 does not apply to it; \
                 play.rs: why_not_play",
    },
    Reading {
        name: "12 entering reinforcements",
        value: "entering an empty or French-held entry location is free (in the French player \
                action phase, before the action; the units may then move with that action); \
                entering a British-held one is the French action and brings a battle, and \
                attackers that retreat go back to the reinforcement box, from which they may \
                enter again on a later turn",
        reason: "12 lets them enter on any turn and fight 'as their action' only when British \
                 units are there; 10 sends attackers back to the location they came from, which \
                 for them is the box, and 12 lets them enter 'on any turn'; moves.rs: \
                 why_not_reinforce, apply_reinforce; battle.rs: retreat_dests",
    },
    Reading {
        name: "13 British SP total",
        value: "the SP of the British army: its blocks on land and in the British Forces box; \
                ships are not counted",
        reason: "13 does not say which blocks count. Counting ships, the army could never fall \
                 below 24 while the six 4 SP ships (24 SP) float, and the ships alone would meet \
                 'at least 24' in the British victory: a clause a designer would not write to be \
                 empty. How often it decides is measured in docs/louisbourg.md; state.rs: \
                 british_sp, army_sp; sequence.rs: end_turn",
    },
];

/// The rule book as implemented.
pub fn rulebook() -> RuleBook {
    RuleBook::new(SECTIONS, assumed())
}

/// Every assumed value: the Bombardment Table, the readings in code, then the data's roads,
/// forces and cards.
fn assumed() -> Vec<AssumedValue> {
    let mut out = vec![AssumedValue {
        name: "8.2 Bombardment Table".into(),
        value: bombardment_table(),
        reason: "the printed table is not legible; these values are read from the PDF's text \
                 layer (its 'S' taken as SP) and were not confirmed against a visible copy; \
                 fire.rs: bombardment_losses"
            .into(),
    }];
    out.extend(READINGS.iter().map(|r| AssumedValue {
        name: r.name.into(),
        value: squash(r.value),
        reason: squash(r.reason),
    }));
    out.iter_mut().for_each(|a| a.reason = squash(&a.reason));
    for r in board().roads.iter() {
        if let Some(why) = &r.assumed {
            out.push(AssumedValue {
                name: format!("road {} – {}", r.between[0], r.between[1]),
                value: format!("{} ({})", kind_word(r.kind), r.kind.limit()),
                reason: why.clone(),
            });
        }
    }
    out.push(AssumedValue {
        name: "map drawing".into(),
        value: "the x, y of each place in data/board.toml".into(),
        reason: board().drawing.assumed.clone(),
    });
    for (line, why) in &forces().assumed {
        // "British regular 4 SP x12 (br-reg)": the prefix names the blocks
        let (name, value) = match line.rsplit_once(" (") {
            Some((what, prefix)) => (
                format!("blocks {}", prefix.trim_end_matches(')')),
                what.to_string(),
            ),
            None => ("blocks".to_string(), line.clone()),
        };
        out.push(AssumedValue {
            name,
            value,
            reason: why.clone(),
        });
    }
    let mut seen: Vec<&str> = Vec::new();
    for c in &deck().cards {
        if seen.contains(&c.id.as_str()) {
            continue;
        }
        seen.push(&c.id);
        let copies = deck().cards.iter().filter(|d| d.id == c.id).count();
        let name = if copies > 1 {
            format!("card {} ({} flag, ×{copies})", c.name, c.flag.name())
        } else {
            format!("card {} ({} flag)", c.name, c.flag.name())
        };
        match c.origin {
            Origin::Printed => {}
            Origin::Attrition => out.push(AssumedValue {
                name,
                value: c.effect_text(),
                reason:
                    "the rulebook names the attrition cards (6.1: French 2, British 1) but does \
                         not print their effect; ships are spared (battle.rs: hit_targets)"
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" "),
            }),
            Origin::House => out.push(AssumedValue {
                name,
                value: c.effect_text(),
                reason: "house card written from the history of 15.3: not a published card".into(),
            }),
        }
    }
    out
}

fn kind_word(k: crate::board::RoadKind) -> &'static str {
    match k {
        crate::board::RoadKind::Solid => "solid",
        crate::board::RoadKind::Dotted => "dotted",
    }
}

/// The Bombardment Table in words, from [`bombardment_losses`] itself.
fn bombardment_table() -> String {
    const TOP: i8 = 12;
    let mut parts = Vec::new();
    let mut start = 1;
    for t in 1..=TOP {
        let last = t == TOP || bombardment_losses(t + 1) != bombardment_losses(t);
        if !last {
            continue;
        }
        let range = if t == TOP {
            format!("{start}+")
        } else if start == t {
            format!("{t}")
        } else {
            format!("{start}–{t}")
        };
        let effect = match bombardment_losses(t) {
            0 => "no effect".to_string(),
            n => format!("−{n} SP"),
        };
        parts.push(format!("{range} {effect}"));
        start = t + 1;
    }
    format!("1d6 + DRM: {}", parts.join(", "))
}

/// The rule book as Markdown: the table of sections, then the assumed values. This is the text
/// of `docs/rules/louisbourg.md`.
pub fn markdown(book: &RuleBook) -> String {
    book.markdown(
        "Louisbourg 1758: the rules as fiw implements them",
        "Generated from `crates/louisbourg/src/rulebook.rs` (the same text `fiw rules louisbourg` \
         prints); do not edit by hand. After changing that file or the data files, regenerate with\n\
         `FIW_BLESS=1 cargo test -p fiw-louisbourg rulebook`.\n\n\
         Section numbers and titles are the rulebook's; the summaries are the project's own \
         words. Code paths are relative to the workspace root; `file.rs: name` names the \
         functions that carry the rule out.\n\n",
        "none yet",
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

    const DOC: &str = "docs/rules/louisbourg.md";

    fn number(s: &str) -> Vec<u32> {
        s.split('.')
            .map(|p| {
                p.parse()
                    .unwrap_or_else(|_| panic!("section '{s}' is not a number"))
            })
            .collect()
    }

    #[test]
    fn every_section_has_a_title_and_a_summary() {
        let book = rulebook();
        for s in &book.sections {
            assert!(!s.title.trim().is_empty(), "{}: no title", s.section);
            assert!(!s.summary.trim().is_empty(), "{}: no summary", s.section);
            assert!(
                !s.summary.contains("  "),
                "{}: summary not squashed",
                s.section
            );
            let rules = !matches!(s.section.as_str(), "2" | "15");
            assert_eq!(
                rules,
                !s.code.is_empty(),
                "{}: code is listed exactly for sections with rules",
                s.section
            );
            if !rules {
                assert!(
                    s.summary.contains("no rules"),
                    "{}: say it carries no rules",
                    s.section
                );
            }
        }
    }

    #[test]
    fn section_numbers_are_unique_and_in_rulebook_order() {
        let book = rulebook();
        for w in book.sections.windows(2) {
            assert!(
                number(&w[0].section) < number(&w[1].section),
                "{} before {}",
                w[0].section,
                w[1].section
            );
        }
        let want = [
            "2", "3", "4", "5", "5.1", "5.2", "6", "6.1", "7", "8", "8.1", "8.1.1", "8.1.2",
            "8.1.3", "8.2", "8.2.1", "8.2.2", "8.3", "8.3.1", "8.3.2", "8.3.3", "8.3.4", "9",
            "9.1", "9.2", "9.3", "10", "11", "12", "13", "14", "15",
        ];
        let have: Vec<&str> = book.sections.iter().map(|s| s.section.as_str()).collect();
        assert_eq!(have, want);
    }

    /// Every code path and item, and every test, the book names exists.
    #[test]
    fn every_reference_exists() {
        let bad = rulebook().unresolved_references(&root());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// The data's assumed values all reach `fiw rules`, with the data's own reason.
    #[test]
    fn every_assumed_value_of_the_data_is_listed() {
        let book = rulebook();
        let find = |name: &str| book.assumed.iter().find(|a| a.name == name);
        let mut roads = 0;
        for r in &board().roads {
            let name = format!("road {} – {}", r.between[0], r.between[1]);
            match &r.assumed {
                Some(why) => {
                    roads += 1;
                    let a = find(&name).unwrap_or_else(|| panic!("{name} is not listed"));
                    assert_eq!(&a.reason, why);
                    assert_eq!(
                        a.value,
                        format!("{} ({})", kind_word(r.kind), r.kind.limit())
                    );
                }
                None => assert!(find(&name).is_none(), "{name} is printed, not assumed"),
            }
        }
        assert_eq!(
            roads,
            book.assumed
                .iter()
                .filter(|a| a.name.starts_with("road "))
                .count()
        );
        for (line, why) in &forces().assumed {
            assert!(
                book.assumed
                    .iter()
                    .any(|a| line.contains(&a.value) && &a.reason == why),
                "{line} is not listed"
            );
        }
        let house = book
            .assumed
            .iter()
            .filter(|a| a.reason.starts_with("house card"))
            .count();
        assert_eq!(
            house,
            deck()
                .cards
                .iter()
                .filter(|c| c.origin == Origin::House)
                .count()
        );
        assert_eq!(house, 24);
        let attrition: Vec<_> = book
            .assumed
            .iter()
            .filter(|a| a.name.starts_with("card ") && a.reason.contains("attrition"))
            .collect();
        assert_eq!(
            attrition.len(),
            2,
            "one entry per attrition card (French ×2, British)"
        );
        assert!(
            attrition.iter().all(|a| a.value.contains("loses 2 SP")),
            "{attrition:?}"
        );
        let printed = deck().card(deck().named("island-battery-bombardment").unwrap());
        assert!(
            find(&format!(
                "card {} ({} flag)",
                printed.name,
                printed.flag.name()
            ))
            .is_none(),
            "the printed card is not assumed"
        );
    }

    /// The functions a reading cites (`moves.rs: why_not_go, apply_go`) are defined there.
    #[test]
    fn the_readings_cite_real_functions() {
        let mut cited = 0;
        for a in rulebook()
            .assumed
            .iter()
            .filter(|a| !a.name.starts_with("road ") && !a.name.starts_with("blocks "))
        {
            let mut rest = a.reason.as_str();
            while let Some(i) = rest.find(".rs: ") {
                let file = rest[..i]
                    .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("");
                let after = &rest[i + 5..];
                let end = after.find([';', '(', ')', '.']).unwrap_or(after.len());
                let text = read(&format!("crates/louisbourg/src/{file}.rs"));
                for item in after[..end].split(", ").map(str::trim) {
                    assert!(
                        !item.is_empty()
                            && item.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                        "{}: '{item}' after {file}.rs is not a function name",
                        a.name
                    );
                    assert!(
                        text.contains(&format!("fn {item}(")),
                        "{}: {file}.rs has no fn {item}",
                        a.name
                    );
                    cited += 1;
                }
                rest = &after[end..];
            }
        }
        assert!(cited >= 20, "only {cited} functions cited");
    }

    #[test]
    fn assumed_values_are_complete_and_distinct() {
        let book = rulebook();
        let mut names: Vec<&str> = book.assumed.iter().map(|a| a.name.as_str()).collect();
        for a in &book.assumed {
            assert!(
                !a.value.trim().is_empty() && !a.reason.trim().is_empty(),
                "{}",
                a.name
            );
        }
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n, "two assumed values share a name");
        assert_eq!(
            bombardment_table(),
            "1d6 + DRM: 1–2 no effect, 3–5 −1 SP, 6–7 −2 SP, 8+ −3 SP"
        );
    }

    #[test]
    fn the_docs_list_every_section() {
        if std::env::var_os("FIW_BLESS").is_some() {
            return; // the_docs_match_the_rulebook is writing the file
        }
        let doc = read(DOC);
        for s in &rulebook().sections {
            assert!(
                doc.contains(&format!("| {} {} |", s.section, s.title)),
                "{DOC} lacks section {}",
                s.section
            );
        }
    }

    /// `docs/rules/louisbourg.md` is `markdown(&rulebook())`; `FIW_BLESS=1` rewrites it.
    #[test]
    fn the_docs_match_the_rulebook() {
        let regenerate = "FIW_BLESS=1 cargo test -p fiw-louisbourg rulebook";
        RuleBook::check_doc(&root(), DOC, &markdown(&rulebook()), regenerate)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
