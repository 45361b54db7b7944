//! Prints the D3 battle an attack on a fort becomes, as a scenario file to play alone:
//!
//! ```sh
//! cargo run -p fiw-campaign --example fort_battle -- hudson british > carillon.toml
//! fiw play d3 --scenario carillon.toml
//! ```
//!
//! Arguments: the region (`ohio`, `mohawk`, `hudson`, `atlantic`) and the attacking side; the
//! markers are the set-up's, each side with its +2 army in the region (the player's set-up puts
//! both sides' armies in the same regions), and the attack is on the next town of the route.

use fiw_campaign::fort::fort_battle;
use fiw_campaign::rules::rules;
use fiw_campaign::{BattleKind, Situation};
use fiw_solitaire::armies::armies;
use fiw_solitaire::map::map;
use fiw_solitaire::{Board, Pending, Side};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(region), Some(side)) = (args.first(), args.get(1)) else {
        eprintln!("usage: fort_battle REGION british|french");
        std::process::exit(2);
    };
    let Some(r) = map().region_named(region) else {
        eprintln!("fort_battle: no region '{region}' (ohio, mohawk, hudson, atlantic)");
        std::process::exit(2);
    };
    let Some(side) = Side::parse(side) else {
        eprintln!("fort_battle: the side is british or french, not '{side}'");
        std::process::exit(2);
    };
    let mut b = Board::start(Side::British);
    b.ocean = side;
    for s in [Side::British, Side::French] {
        let list = &armies().list;
        if let Some(a) = (0..list.len()).find(|&a| list[a].side == s && list[a].drm == 2) {
            b.army[r as usize][s.index()] = a as u8;
        }
    }
    let situation = Situation::of(&b, Pending { region: r, side });
    if BattleKind::of(&situation) != BattleKind::Fort {
        eprintln!(
            "fort_battle: the {} attack on {} is a {} battle, not a fort's",
            side.name(),
            situation.town_name(),
            BattleKind::of(&situation).word()
        );
        std::process::exit(1);
    }
    // the attackers sized as a campaign sizes them, by the data's ratio for the chart's band
    let ratio = rules().fort.ratio_for(&situation);
    match fort_battle(&situation, rules(), ratio, &mut fiw_engine::Dice::new(1)) {
        Ok(g) => print!("{}", g.text),
        Err(e) => {
            eprintln!("fort_battle: {e}");
            std::process::exit(1);
        }
    }
}
