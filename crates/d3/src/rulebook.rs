//! `fiw rules d3`: every heading of the D3 text, what fiw does for it (in the project's own
//! words), where it lives and the tests that show it, and every assumed value: those of the
//! data files (read from them, so they cannot drift) and the readings made in code.

use crate::scenario::{Scenario, SCENARIOS};
use crate::units::{units, Type};
use fiw_engine::{AssumedValue, RuleBook, Sec};

const SECTIONS: &[Sec] = &[
    Sec {
        section: "1",
        title: "Dice",
        summary: "A D3 is a six-sided die read 1, 1, 2, 2, 3, 3, rolled with the kernel's dice; forced results in tests are the faces. With `--dice manual` the players roll it and type what it reads, 1 to 3, after fiw says what the roll is for (the shooter, the target and the modifiers; the entrenchment's two dice together).",
        code: &["crates/d3/src/dice.rs: d3, best_of_two, face", "crates/d3/src/rules.rs: shoot, resolve_charges"],
        tests: &["crates/d3/src/dice.rs::tests::the_faces_read_one_one_two_two_three_three", "crates/d3/src/dice.rs::tests::each_result_comes_up_a_third_of_the_time", "crates/d3/src/dice.rs::tests::people_type_a_d3_as_its_result_one_to_three", "crates/d3/tests/rulebook.rs::people_rolling_are_asked_for_each_d3_and_their_result_is_used", "crates/cli/tests/d3_manual.rs::a_shot_asks_for_a_d3_of_one_to_three_and_the_save_replays_it"],
    },
    Sec {
        section: "2",
        title: "Units",
        summary: "Line and veteran infantry, skirmishers, cavalry, artillery and one commander an army, each on one base; moves, ranges, dice and base sizes come from data/units.toml.",
        code: &["crates/d3/src/units.rs", "crates/d3/data/units.toml"],
        tests: &["crates/d3/src/units.rs::tests::the_unit_types_carry_the_rules_numbers", "crates/d3/src/units.rs::tests::a_broken_units_file_names_the_field"],
    },
    Sec {
        section: "3",
        title: "Sequence of play",
        summary: "Armies take turns; a turn is movement, shooting, charges, then elimination and army resolve. `pass` ends a phase.",
        code: &["crates/d3/src/rules.rs: pass", "crates/d3/src/game.rs"],
        tests: &["crates/d3/tests/rulebook.rs::turns_alternate_through_the_phases_and_the_last_round_ends_the_battle"],
    },
    Sec {
        section: "4",
        title: "Movement",
        summary: "Cavalry 12\", skirmishers and commanders 9\", infantry and artillery 6\", never more; one straight move a turn with pivots on the centre at the start and end (a pivot alone is a move); the move ends on coming within 6\" of an enemy; engaged infantry and artillery may only pivot to face an enemy.",
        code: &["crates/d3/src/rules.rs: check_move"],
        tests: &[
            "crates/d3/tests/rulebook.rs::movement_allowances_by_type",
            "crates/d3/tests/rulebook.rs::moves_are_straight_with_pivots_at_start_and_end",
            "crates/d3/tests/rulebook.rs::the_six_inch_stop",
            "crates/d3/tests/rulebook.rs::the_six_inch_stop_allows_the_grain_of_orders",
            "crates/d3/tests/rulebook.rs::a_unit_off_the_tenth_inch_grid_pivots_in_place",
            "crates/d3/tests/rulebook.rs::engaged_infantry_and_artillery_may_only_pivot_to_face_an_enemy",
        ],
    },
    Sec {
        section: "4.1",
        title: "Interpenetration",
        summary: "Only skirmishers and artillery move through other units; no unit ends on another.",
        code: &["crates/d3/src/rules.rs: check_move"],
        tests: &["crates/d3/tests/rulebook.rs::only_skirmishers_and_artillery_move_through_units"],
    },
    Sec {
        section: "4.2",
        title: "Disengaging",
        summary: "A unit within 6\" of an enemy, or marked after shooting at one still on the table, is engaged; only cavalry and skirmishers leave, moving away to end beyond 6\" of every enemy without coming within 6\" of another.",
        code: &["crates/d3/src/state.rs: engaged", "crates/d3/src/rules.rs: check_move"],
        tests: &["crates/d3/tests/rulebook.rs::cavalry_and_skirmishers_disengage_by_moving_away", "crates/d3/tests/rulebook.rs::disengaging_moves_away_from_the_enemy"],
    },
    Sec {
        section: "4.3",
        title: "Terrain Effects",
        summary: "Woods: cover, skirmishers only. Towns: cover, only infantry and skirmishers end a move there, one unit to a town, all-round fire. Marsh and lakes impassable; rivers except at fords and bridges. Hills: artillery on them sees over units. Entrenchments: cover for all but cavalry, and shooters in them roll 2D3 keeping the higher.",
        code: &["crates/d3/src/rules.rs: check_move, check_shoot, shoot", "crates/d3/src/state.rs: in_cover_at", "crates/table"],
        tests: &[
            "crates/d3/tests/rulebook.rs::terrain_lakes_woods_and_towns",
            "crates/d3/tests/rulebook.rs::rivers_are_crossed_only_at_fords_and_marshes_not_at_all",
            "crates/d3/tests/rulebook.rs::artillery_on_a_hill_sees_over_units",
            "crates/d3/tests/rulebook.rs::entrenched_shooters_roll_two_d3_and_keep_the_higher",
            "crates/d3/tests/rulebook.rs::woods_cover_skirmishers_and_entrenchments_do_not_cover_cavalry",
            "crates/d3/tests/rulebook.rs::no_unit_ends_a_retirement_in_a_held_town_nor_horse_a_charge_in_one",
        ],
    },
    Sec {
        section: "5",
        title: "Shooting",
        summary: "Only units that did not move shoot, once, at an enemy in their 45° arc (all round in a town) with a clear line of sight, within 6\" (muskets) or 24\" (artillery): D3 line, D3+1 veterans, D3-1 skirmishers and artillery. The shooter is marked engaged. A cavalry or skirmish target may retire its full move straight away from the shooter for one hit fewer, when that move keeps the 6\" stop and the rules of disengaging.",
        code: &["crates/d3/src/rules.rs: check_shoot, shoot, retire_to"],
        tests: &[
            "crates/d3/tests/audit_2026_12_04.rs::m3_a_retirement_keeps_the_6_inch_stop_shooting",
            "crates/d3/tests/audit_2026_12_04.rs::m3_a_retirement_does_not_pass_within_6_inches_of_another_enemy_disengaging",
            "crates/d3/tests/rulebook.rs::shooting_needs_range_arc_and_sight",
            "crates/d3/tests/rulebook.rs::commanders_do_not_block_a_line_of_sight",
            "crates/d3/tests/rulebook.rs::a_unit_in_a_town_shoots_all_round",
            "crates/d3/tests/rulebook.rs::artillery_reaches_exactly_twenty_four_inches_and_woods_deeper_than_six_block_sight",
            "crates/d3/tests/rulebook.rs::shooting_dice_by_type",
            "crates/d3/tests/rulebook.rs::the_shooting_marker_lapses_once_its_target_is_beyond_range",
            "crates/d3/tests/rulebook.rs::cavalry_and_skirmishers_shot_at_may_retire_a_full_move_for_one_hit_fewer",
        ],
    },
    Sec {
        section: "6",
        title: "Charges",
        summary: "Only cavalry charge, moving straight at the target into contact (cavalry already touching it do not charge it again), never at units in cover or squares; D3+1 hits, -1 on a hill, -1 against cavalry, doubled on a flank or rear and against skirmishers. A charged gun is lost unless infantry stand within 3\", when it is unmanned while the cavalry touch it.",
        code: &["crates/d3/src/rules.rs: check_charge, resolve_charges, unmanned"],
        tests: &["crates/d3/tests/audit_2026_12_04.rs::m2_cavalry_in_contact_do_not_charge_again_without_moving_charges", 
            "crates/d3/tests/rulebook.rs::a_charge_moves_straight_into_contact",
            "crates/d3/tests/rulebook.rs::charge_hits_and_their_modifiers",
            "crates/d3/tests/rulebook.rs::cavalry_cannot_charge_cover_squares_or_commanders",
            "crates/d3/tests/rulebook.rs::charged_artillery_is_lost_alone_and_unmanned_near_infantry",
            "crates/d3/tests/rulebook.rs::a_charge_is_fought_only_if_the_cavalry_still_touch_their_target",
        ],
    },
    Sec {
        section: "7",
        title: "Eliminating Units",
        summary: "A unit goes beyond 6 hits, or beyond 12 in cover; a unit in cover with 6 hits or more may not move. Checked at the end of each turn.",
        code: &["crates/d3/src/army.rs", "crates/d3/src/state.rs: eliminate, pinned"],
        tests: &[
            "crates/d3/tests/rulebook.rs::units_go_beyond_six_hits_or_twelve_in_cover",
            "crates/d3/tests/rulebook.rs::a_unit_is_in_cover_when_the_centre_of_its_base_is",
            "crates/d3/tests/rulebook.rs::a_unit_in_cover_with_six_hits_may_not_move_and_goes_beyond_twelve",
            "crates/d3/tests/rulebook.rs::pinned_units_neither_retire_nor_form_square",
        ],
    },
    Sec {
        section: "8",
        title: "Veterans",
        summary: "Veteran infantry shoot D3+1 and their loss costs 2 resolve.",
        code: &["crates/d3/src/units.rs: resolve_loss", "crates/d3/data/units.toml"],
        tests: &["crates/d3/tests/rulebook.rs::shooting_dice_by_type", "crates/d3/tests/rulebook.rs::army_resolve_veterans_and_the_end_of_the_battle"],
    },
    Sec {
        section: "9",
        title: "Squares",
        summary: "Infantry form square as their move, so not when engaged; a square cannot shoot and cavalry cannot charge it; moving again leaves it.",
        code: &["crates/d3/src/rules.rs: check_square"],
        tests: &["crates/d3/tests/audit_2026_12_04.rs::m1_engaged_infantry_may_not_form_square_squares", "crates/d3/tests/rulebook.rs::squares_cannot_shoot_and_only_infantry_form_them", "crates/d3/tests/rulebook.rs::cavalry_cannot_charge_cover_squares_or_commanders"],
    },
    Sec {
        section: "10",
        title: "Army Resolve",
        summary: "Each army's resolve starts at half the number of its units, the commander not counted, rounded up, plus 1 for the general. Every unit eliminated takes 1 from its army's resolve and a veteran unit 2, and resolve never goes below 0. The moment an army's resolve reaches 0 the battle ends, whatever is left of the turn: that army retires from the field and the other army wins.",
        code: &["crates/d3/src/army.rs", "crates/d3/src/state.rs: eliminate"],
        tests: &["crates/d3/src/army.rs::tests::resolve_is_half_the_units_rounded_up_plus_one_for_the_general", "crates/d3/tests/rulebook.rs::army_resolve_veterans_and_the_end_of_the_battle"],
    },
    Sec {
        section: "11",
        title: "Army Commander",
        summary: "A commander who does not move gives units within 6\" an extra 6\" of move; commanders cannot be engaged (not shot at, not charged, never end a move within 6\" of an enemy, and stop on coming within 6\" of one like every unit) and must move away when an enemy comes within 6\".",
        code: &["crates/d3/src/rules.rs: allowance, commander_must_evade, check_move"],
        tests: &["crates/d3/tests/audit_2026_12_04.rs::n13_a_commander_obeys_the_6_inch_stop_movement", 
            "crates/d3/tests/rulebook.rs::a_commander_who_stays_still_gives_six_inches_more_to_units_within_six",
            "crates/d3/tests/rulebook.rs::a_commander_with_an_enemy_within_six_must_move_away",
            "crates/d3/tests/rulebook.rs::a_commander_who_must_move_away_gives_no_orders",
            "crates/d3/tests/rulebook.rs::a_commander_must_move_away_whenever_some_move_gets_him_clear",
            "crates/d3/tests/rulebook.rs::commanders_are_never_engaged",
        ],
    },
    Sec {
        section: "12",
        title: "Scenario: Fort Oswego",
        summary: "A 6' x 4' table in 6\" squares; the French, split evenly, arrive at the two short ends (the west and east edges), with one gun; the British deploy only in the middle 24\" of the table's length (not within 24\" of either end), the fort with their gun inside that strip (the gun stays in the fort all battle), and two prepared earthworks; two units a regiment.",
        code: &["crates/d3/data/scenarios/fort-oswego.toml", "crates/d3/src/scenario.rs"],
        tests: &["crates/d3/tests/audit_2026_12_04.rs::n14_the_forts_gun_stays_in_the_fort_fort_oswego", "crates/d3/tests/scenarios.rs::fort_oswego_is_set_up_as_the_text_says", "crates/d3/tests/scenarios.rs::a_unit_in_the_lake_is_refused"],
    },
];

/// Readings of the text made in code, each naming where it is carried out.
const READINGS: &[(&str, &str, &str)] = &[
    ("army resolve: units counted", "every unit but the commander", "the text adds the general separately (+1), so he is not also one of the units (army.rs: starting_resolve)"),
    ("moving base's facing", "the final facing, from the start", "the pivot at the start turns the base to the facing it ends with; the straight move and its 6\" stop are measured with that base, and the pivot in place must not overlap another base (rules.rs: check_move)"),
    ("disengaging", "move away from every enemy it is engaged with (neither the distance between centres nor the gap between bases ever shrinks along the move), end beyond 6\" of every enemy, and not come within 6\" of another on the way", "'move away' read as breaking contact by going away: a skirmisher may not disengage by passing through its enemy to end beyond it (rules.rs: check_move, moves_away)"),
    ("pinned units", "a unit in cover with 6 hits or more neither moves, pivots, charges, forms square nor retires from fire", "the text says it is not allowed to move, and a pivot, a square and a retirement are moves (rules.rs: mover, check_square, check_charge, retire_to)"),
    ("commanders and lines of sight", "a commander's base blocks no line of sight, his own army's or the enemy's", "commanders can be neither shot nor charged, so they are no screen: a line blocked by one would stop fire at targets no unit of the table stands before (rules.rs: screens)"),
    ("engaging enemies", "every type but commanders", "commanders cannot be engaged, so they neither stop moves nor hold units in combat (state.rs: enemies_near)"),
    ("commander near enemies", "never ends a move within 6\" of an enemy, and like every unit stops on coming within 6\" of one on the way (an enemy already that near does not stop him); with an enemy within 6\" he must move away: `pass` is refused until he has, whenever some legal move gets him clear (his candidate orders, and failing them every tenth-inch point within his move, facing as he does)", "commanders cannot be engaged, the 6\" stop is a rule of all movement, and the obligation must not lapse because a menu missed a way out (rules.rs: check_move_from, commander_must_evade, escape)"),
    ("commander's orders", "a unit within 6\" of a commander who has not moved may move 6\" more; using it holds the commander still that turn; a commander with an enemy within 6\" gives no orders", "so that an earlier move is never made illegal by a later one; and only a commander who does not move gives orders, while one with an enemy near must move away (rules.rs: allowance)"),
    ("shooting marker", "on the shooter, naming its target; lifted when that target is eliminated, or at the start of a turn when the target is beyond the shooter's range (6\" muskets, 24\" a gun)", "the text marks the unit that shoots and holds it until its enemy is eliminated; read literally, 8.6 % of infantry and artillery unit-turns of simulated battles were frozen by a marker, 84 % of them with the target out of range (it had retired or disengaged): a fight the target has broken off is over (rules.rs: lapse_markers; state.rs: engaged)"),
    ("field of fire", "45° either side of straight ahead, measured from the front edge (a 90° arc, its boundary lines included), a target with any part of its base inside; all round from a town", "the text's '45 degree field of fire' read as One-Hour Wargames draws it, as the project's reading (rules/tabletop.md) does; from the front edge, so a unit does not fire past its own flanks (table: Rect::in_arc)"),
    ("lines of sight", "from the middle of the shooter's front edge to the target's centre, a corner or the middle of a side: seen if one line is clear", "the text asks only for a clear line of sight; any part of a target in view can be fired at (table: Layout::line_of_sight)"),
    ("woods and sight", "a line of sight passes through up to 6\" of woods in all, not more", "the text says only that woods give cover; 6\" (musket range) lets skirmishers in a wood fire out and be fired at from its edge, while a deep wood hides what is behind it (table: sight_line)"),
    ("hills, towns and sight", "a hill or a town blocks a line of sight unless the shooter or the target has some part of its base on or in it; artillery with some part of its base on a hill sees over units", "the text lets artillery on a hill see over units, so hills must otherwise hide; a town hides what is behind it, not what is in it (table: sight_line)"),
    ("units and sight", "every unit's base but the shooter's, the target's and the commanders' blocks a line of sight, friend or foe", "the text asks for a clear line of sight; only artillery on a hill sees over units (rules.rs: screens)"),
    ("flank and rear", "the ground round the target is cut by its base's diagonals, extended; the cavalry's centre, where it made contact, lies in front, on a flank or to the rear (on a diagonal: front before flank, flank before rear)", "the text names flank and rear without drawing them; the diagonals are the usual tabletop reading (table: Rect::side_towards)"),
    ("retiring from fire", "straight away from the shooter, the full move, holding the facing; offered only when the whole move is possible: on the table, over ground the unit may cross, through no unit (cavalry), ending on none and in no town it may not end in (a town another unit holds, or any town for cavalry), away from every enemy within 6\" of it, never coming within 6\" of another enemy on the way nor ending within 6\" of any", "the text gives no direction; a retirement is a move and keeps the rules of moves: the 6\" stop, and, from the shooter within 6\", the rules of disengaging; a full move they would cut short is no retirement (rules.rs: retire_to, town_at_end)"),
    ("towns: where a move ends", "a base with any part in a town is in it for the rules that bar a town: only infantry and skirmishers end a move (a charge, a retirement) there, and one unit to a town", "a town's one occupant may not share it with a second base at all, and cavalry may not end a charge in one (rules.rs: town_at_end)"),
    ("a pivot in place", "an order to the unit's own place to the tenth of an inch (the point of the grain nearest its centre) turns it on its exact centre without moving it", "orders name places to a tenth of an inch, and a unit off that grid (a garrison at 43.25\", anyone after a charge or a retirement) could otherwise never pivot, engaged or not (actions.rs: destination)"),
    ("the 6\" stop and the grain of orders", "a move may end up to 0.075\" past the point where it first comes within 6\" of an enemy", "places are typed to a tenth of an inch and that point is almost never on the grid: held to it exactly, a unit could only ever stop short of musket range, never in it (rules.rs: STOP_GRAIN)"),
    ("a charge fought without contact", "not fought: the charge needs the cavalry still touching its target when the charges phase begins, and flank or rear is judged where contact was made", "a cavalry or skirmish target shot at in the same turn may retire out of contact before the charges are fought, and a charge is a fight between bases in contact (rules.rs: resolve_charges)"),
    ("charges and the 6\" stop", "a charge is not stopped 6\" short of anyone", "the text's exception for moving at an enemy to charge (rules.rs: check_charge)"),
    ("cavalry already in contact", "do not charge the unit they touch again where they stand; they may move away (disengage) and charge again in a later turn", "a charge occurs whenever cavalry move into contact, and the text has no melee that goes on (rules.rs: check_charge)"),
    ("the fort's gun", "a unit marked `stays` in a scenario never leaves the terrain its `in` names: Fort Oswego's gun may pivot and shoot, and move only within the fort", "the text says the gun must be located in the fort, not only set up there (rules.rs: check_move_from; scenario.rs: stays_in)"),
    ("charge modifiers", "the two -1s first, then the doublings; never below 0", "the text lists them without an order (rules.rs: resolve_charges)"),
    ("an unmanned gun", "a gun in contact with enemy cavalry (charged with infantry within 3\") neither shoots, moves nor pivots until the cavalry move away", "the text unmans it until the cavalry move away; turning it out of contact would man it again without their moving (rules.rs: unmanned, check_move_from)"),
    ("infantry near a charged gun", "line or veteran infantry of the gun's army", "skirmishers are listed apart from infantry in the text (rules.rs: resolve_charges)"),
    ("veterans an army", "at most 4 veteran infantry units an army, none at all allowed; a scenario file with more is refused", "the text allows \"up to 2-4\": read as a most of 4, its upper figure (scenario.rs: MAX_VETERANS)"),
    ("squares", "line and veteran infantry; forming is the unit's move, so engaged infantry (an enemy within 6\", or its shooting marker) may not form square", "squares are an infantry formation; the text forms them during the move, and engaged infantry cannot move, only pivot to face an enemy (rules.rs: check_square)"),
    ("in cover", "the centre of the base in woods, a town, or (for all but cavalry) an entrenchment, or on its edge; the one reading for every rule that asks: cavalry may not charge it, it is eliminated beyond 12 hits, not 6, and held in place from 6", "a unit in cover is in the wood or behind the works; read as any part of the base, a hundredth of an inch over the edge gave 12 hits, charge immunity and the best of 2D3 (state.rs: in_cover_at, stands_in)"),
    ("in a town, an entrenchment, on a hill", "the centre of the base in it, as for cover: a shooter so placed in a town fires all round, in an entrenchment (all but cavalry) rolls the best of 2D3; a charge's target so placed on a hill takes one hit fewer", "one reading of standing in terrain for everything terrain gives (state.rs: stands_in_kind); only entry rules (woods, towns) and lines of sight count any part of a base"),
];

/// Every section, where it lives and its tests, and every assumed value.
pub fn rulebook() -> RuleBook {
    let mut assumed = Vec::new();
    for t in Type::ALL {
        let s = units().get(t);
        if let Some(why) = &s.assumed {
            assumed.push(AssumedValue {
                name: format!("{} base", s.name),
                value: format!("{}\" x {}\"", s.footprint.frontage(), s.footprint.depth()),
                reason: why.clone(),
            });
        }
    }
    for (name, _) in SCENARIOS {
        if let Ok(s) = Scenario::named(name) {
            for (what, why) in &s.assumed {
                let (name, value) = scenario_value(&s, what);
                assumed.push(AssumedValue {
                    name,
                    value,
                    reason: why.clone(),
                });
            }
        }
    }
    for (name, value, reason) in READINGS {
        assumed.push(AssumedValue {
            name: name.to_string(),
            value: value.to_string(),
            reason: reason.to_string(),
        });
    }
    for (name, value, reason) in limits() {
        assumed.push(AssumedValue {
            name: name.to_string(),
            value,
            reason: reason.to_string(),
        });
    }
    RuleBook::new(SECTIONS, assumed)
}

/// The limits a scenario file must keep (it is refused, naming the field, otherwise): the
/// text has none, but a hostile file must not make a battle too big to load, draw or play.
fn limits() -> Vec<(&'static str, String, &'static str)> {
    use crate::scenario::{MAX_ID, MAX_TEXT, MAX_TURNS, MAX_UNITS, MAX_ZONES};
    use fiw_table::{MAX_POINTS, MAX_SIDE, MAX_SQUARES, MAX_TABLE_POINTS, MAX_TERRAIN};
    vec![
        ("limit: the table", format!("at most {MAX_SIDE}\" a side, and a grid of at most {MAX_SQUARES} squares a side"), "no real table comes near it; a table a billion inches wide took for ever to draw, and orders (tenths of an inch in 16 bits) reach 3,276.7\""),
        ("limit: terrain", format!("at most {MAX_TERRAIN} pieces and {MAX_TABLE_POINTS} points in all, each polygon (terrain or deployment zone) at most {MAX_POINTS} points"), "every move and line of sight is measured against the terrain, and checking that a polygon never crosses itself grows with the square of its points (50,000 took minutes)"),
        ("limit: units", format!("at most {MAX_UNITS} in a battle"), "an order numbers its unit in a byte"),
        ("limit: deployment zones", format!("at most {MAX_ZONES} an army"), "each unit is checked against every zone"),
        ("limit: turns", format!("at most {MAX_TURNS}"), "a scenario asking for four thousand million rounds would never end in a simulation"),
        ("limit: unit names", format!("at most {MAX_ID} characters"), "every order and most log lines carry one"),
        ("limit: a scenario file", format!("at most {MAX_TEXT} bytes"), "a save carries its scenario's text, and a file this size is read and checked at once"),
        ("limit: facings and places", "finite numbers (a facing of nan or inf is refused)".to_string(), "a facing that is not a number was read as 0 without a word"),
    ]
}

/// A scenario's assumed value as a name and the value chosen: `first = french`, a piece of
/// terrain and its kind, an army's deployment (its keep-off distances, or the box its zones
/// fill) or its forces (how many units, and which).
fn scenario_value(s: &Scenario, what: &str) -> (String, String) {
    if let Some((name, value)) = what.split_once(" = ") {
        return (name.to_string(), value.to_string());
    }
    for (k, army) in s.armies.iter().enumerate() {
        let side = if k == 0 { "british" } else { "french" };
        if what.ends_with(&format!("{side} deployment zones")) {
            let value = if army.keep_off.is_empty() {
                let boxes: Vec<String> = army
                    .zones
                    .iter()
                    .map(|z| {
                        let (lo, hi) = z.bounds();
                        format!("x {}–{}\", y {}–{}\"", lo.x, hi.x, lo.y, hi.y)
                    })
                    .collect();
                boxes.join("; ")
            } else {
                let edges: Vec<String> = army
                    .keep_off
                    .iter()
                    .map(|(e, d)| format!("{d}\" off the {} edge", format!("{e:?}").to_lowercase()))
                    .collect();
                format!("no nearer than {}", edges.join(", "))
            };
            return (what.to_string(), value);
        }
    }
    match what.strip_suffix(')').and_then(|w| w.split_once(" (")) {
        Some((name, inside)) if name.ends_with(" forces") => {
            let units = inside.split("; the general ").next().unwrap_or("");
            let count = units.split(", ").filter(|u| !u.is_empty()).count();
            (
                name.to_string(),
                format!("{count} units and the general: {inside}"),
            )
        }
        Some((name, kind)) => (name.to_string(), kind.to_string()),
        None => (what.to_string(), "as in the scenario file".to_string()),
    }
}

/// The rule book as Markdown: the text of `docs/rules/d3.md`.
pub fn markdown(book: &RuleBook) -> String {
    book.markdown(
        "D3 Horse & Musket: the rules as fiw implements them",
        "Generated from `crates/d3/src/rulebook.rs` and the data files (the same text \
         `fiw rules d3` prints); do not edit by hand. Regenerate with\n\
         `FIW_BLESS=1 cargo test -p fiw-d3 rulebook`.\n\n\
         The text has no section numbers: fiw numbers its headings in order, taking \
         Interpenetration, Disengaging and Terrain Effects as parts of Movement. Titles are the \
         text's headings, and the rule an illegal order cites is the title; summaries are the \
         project's own words. Code paths are relative to the workspace root; `file.rs: name` \
         names the functions that carry the rule out.\n\n",
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

    /// Every code path and item, and every test, the book names exists.
    #[test]
    fn every_reference_exists() {
        let book = rulebook();
        assert!(
            book.sections.iter().all(|s| !s.tests.is_empty()),
            "a section without a test"
        );
        let bad = book.unresolved_references(root());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert!(book.assumed.iter().any(|a| a.name.contains("Fort Oswego")));
        assert!(book.assumed.len() > 20);
        for a in &book.assumed {
            assert!(
                !a.value.trim().is_empty() && !a.reason.trim().is_empty(),
                "{} has no value or reason",
                a.name
            );
        }
        let find = |n: &str| {
            book.assumed
                .iter()
                .find(|a| a.name == n)
                .map(|a| a.value.as_str())
        };
        assert_eq!(find("Fort Oswego: turns"), Some("15"));
        assert_eq!(find("Fort Oswego: objective"), Some("Fort Oswego"));
        assert_eq!(
            find("Fort Oswego: the west earthwork"),
            Some("entrenchment")
        );
        assert_eq!(
            find("Fort Oswego: british deployment zones"),
            Some("no nearer than 24\" off the east edge, 24\" off the west edge")
        );
        assert!(find("Fort Oswego: french forces")
            .is_some_and(|v| v.starts_with("14 units and the general: fr-reg-1a")));
    }

    /// L5 (audit of 2026-12-04, `fiw rules d3`): the unit counts agree with their reasons,
    /// which count the general apart ("the fort's gun and the general (13 units)",
    /// "fourteen units split evenly ... the general comes with the eastern column").
    #[test]
    fn l5_unit_counts_agree_with_their_reasons() {
        let book = rulebook();
        let value = |n: &str| {
            book.assumed
                .iter()
                .find(|a| a.name == n)
                .map(|a| a.value.clone())
                .unwrap_or_default()
        };
        let british = value("Fort Oswego: british forces");
        assert!(
            british.starts_with("13 units and the general: "),
            "{british}"
        );
        assert!(british.ends_with("; the general br-gen"), "{british}");
        let french = value("Fort Oswego: french forces");
        assert!(french.starts_with("14 units and the general: "), "{french}");
    }

    /// `docs/rules/d3.md` is `markdown(&rulebook())`; `FIW_BLESS=1` rewrites it.
    #[test]
    fn the_docs_match_the_rulebook() {
        let regenerate = "FIW_BLESS=1 cargo test -p fiw-d3 rulebook";
        RuleBook::check_doc(
            root(),
            "docs/rules/d3.md",
            &markdown(&rulebook()),
            regenerate,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
