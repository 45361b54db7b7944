use fiw_campaign::{Action, BattleKind, Campaign, Options};
use fiw_engine::Game;
use fiw_solitaire::Side;
fn main() {
    let mut legal = Vec::new();
    let mut found: std::collections::BTreeMap<String, Vec<(u64, String, usize)>> =
        Default::default();
    for k in 0..3000u64 {
        for side in [Side::British, Side::French] {
            let mut g = Campaign::new(&Options { side }, k).unwrap();
            let mut steps = 0;
            while g.to_move().is_some() && steps < 2000 {
                g.legal_actions(&mut legal);
                if let Some(w) = g.waiting_attack() {
                    let e = found.entry(format!("{:?}", w.battle)).or_default();
                    if e.len() < 5 {
                        e.push((k, side.id().to_string(), steps));
                    }
                    g.apply(Action::Map(fiw_solitaire::Action::Roll)).unwrap();
                    steps += 1;
                    continue;
                }
                let a = legal[0];
                g.apply(a).unwrap();
                steps += 1;
            }
        }
    }
    for (k, v) in found {
        println!("{k}: {v:?}");
    }
    let _ = BattleKind::Open;
}
