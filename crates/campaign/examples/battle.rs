//! Prints the battle an attack becomes, as a scenario file to play alone: a D3 battle for a
//! fort, a skirmish for an open town, or for the British siege of Louisbourg the Louisbourg
//! game's armies (`atlantic british louisbourg`; `fiw play louisbourg --scenario FILE.toml`).
//!
//! ```sh
//! cargo run -p fiw-campaign --example battle -- hudson british > carillon.toml
//! fiw play d3 --scenario carillon.toml
//! cargo run -p fiw-campaign --example battle -- ohio french presque-isle > presque-isle.toml
//! fiw play skirmish --scenario presque-isle.toml
//! cargo run -p fiw-campaign --example battle -- ohio french presque-isle militia > raid.toml
//! ```
//!
//! Arguments: the region (`ohio`, `mohawk`, `hudson`, `atlantic`), the attacking side, and the
//! town attacked (its id; the next town of the route if none is given); `militia` leaves the
//! defenders their militia alone. The markers are the set-up's, each side with its +2 army in
//! the region (the player's set-up puts both sides' armies in the same regions).

use fiw_campaign::battles::Battles;
use fiw_campaign::Situation;
use fiw_solitaire::armies::armies;
use fiw_solitaire::map::map;
use fiw_solitaire::{Board, Pending, Side};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(region), Some(side)) = (args.first(), args.get(1)) else {
        eprintln!("usage: battle REGION british|french [TOWN] [militia]");
        std::process::exit(2);
    };
    let Some(r) = map().region_named(region) else {
        eprintln!("battle: no region '{region}' (ohio, mohawk, hudson, atlantic)");
        std::process::exit(2);
    };
    let Some(side) = Side::parse(side) else {
        eprintln!("battle: the side is british or french, not '{side}'");
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
    if args.iter().skip(2).any(|a| a == "militia") {
        b.army[r as usize][side.other().index()] = fiw_solitaire::armies::NO_ARMY;
    }
    let town = args.get(2).filter(|a| *a != "militia");
    if let Some(town) = town {
        // the front from which the attack falls on that town
        let front = (-1..map().len[r as usize] as i8 - 1).find(|&f| {
            b.front[r as usize] = f;
            b.can_attack(r, side) && map().regions[r as usize].towns[b.target(r, side)].id == *town
        });
        if front.is_none() {
            eprintln!(
                "battle: the {} never attack '{town}' in {region}",
                side.name()
            );
            std::process::exit(2);
        }
    }
    let situation = Situation::of(&b, Pending { region: r, side });
    // the attackers sized as a campaign sizes them, by the data's ratio for the chart's band
    let battles = Battles::of(&situation);
    let made = battles.make(
        &situation,
        battles.ratio(situation.sixths),
        &mut fiw_engine::Dice::new(1),
    );
    match made {
        Ok(g) => print!("{}", g.text),
        Err(e) => {
            eprintln!("battle: {e}");
            std::process::exit(1);
        }
    }
}
