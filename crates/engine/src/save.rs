use crate::{Dice, EngineError, Game, Outcome};
use serde::{Deserialize, Serialize};

/// The save file format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The largest save file fiw reads: a whole game of the longest game fiw plays is a few
/// hundred kilobytes, so anything bigger is not a save, and reading it would only fill memory.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// A saved game: the set-up, the seed and the actions, which together are the whole game.
///
/// Actions are kept in their typed text form so a save can be read (and reviewed) by a person.
/// `digest` fingerprints the state the actions reach; replay refuses a file whose actions do
/// not reach it, or whose outcome is not the one they reach, which catches edits and
/// truncation.
///
/// A save is the referee's record of the whole game: the seed (so every future roll and the
/// order of the deck) and both sides' secrets. A local save is its owner's file and keeps no
/// secret from its owner; to share a game without them, show it as one seat saw it
/// (`fiw replay FILE --seat SIDE`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile<O> {
    /// Always [`SAVE_FORMAT`] when written by this build.
    pub format: u32,
    /// The game's command-line name.
    pub game: String,
    /// Set-up options.
    pub options: O,
    /// The dice seed.
    pub seed: u64,
    /// Every action, in order, as typed.
    pub actions: Vec<String>,
    /// Fingerprint of the state after the last action.
    pub digest: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// With manual dice (players rolling real dice): every result they typed, in order, so
    /// the game replays exactly. Absent for seeded dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual_dice: Option<Vec<u8>>,
    /// Who played each seat (`human`, `ai`, …), in seat order, so that a resumed game seats
    /// them again. Empty in saves written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// The rules version the game was played under ([`Game::RULES_VERSION`]); 1 in saves
    /// written before it was kept, all of which were.
    #[serde(default = "first_rules")]
    pub rules: u32,
}

fn first_rules() -> u32 {
    1
}

impl<O: Serialize + for<'de> Deserialize<'de>> SaveFile<O> {
    /// A save of `state`, reached from `options` and `seed` by `actions`.
    pub fn of<G: Game<Options = O>>(state: &G, options: &O, seed: u64, actions: Vec<String>) -> Self
    where
        O: Clone,
    {
        let manual_dice = state
            .dice()
            .filter(|d| d.is_manual())
            .map(|d| d.answers().to_vec());
        SaveFile {
            format: SAVE_FORMAT,
            game: G::NAME.to_string(),
            options: options.clone(),
            seed,
            actions,
            digest: state.digest(),
            outcome: state.outcome(),
            manual_dice,
            seats: Vec::new(),
            rules: G::RULES_VERSION,
        }
    }

    /// The same save, noting who played each seat.
    pub fn seated(mut self, seats: Vec<String>) -> Self {
        self.seats = seats;
        self
    }

    /// The file as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The dice the game was set up with: seeded, or manual with the recorded answers queued.
    pub fn dice(&self) -> Dice {
        match &self.manual_dice {
            Some(answers) => Dice::manual(self.seed, answers),
            None => Dice::new(self.seed),
        }
    }
}

/// Reads just the game name of a save, to pick the game before parsing the rest.
pub fn game_of(json: &str) -> Result<String, EngineError> {
    #[derive(Deserialize)]
    struct Head {
        format: u32,
        game: String,
    }
    let head: Head =
        serde_json::from_str(json).map_err(|e| EngineError::Malformed(e.to_string()))?;
    if head.format != SAVE_FORMAT {
        return Err(EngineError::Format {
            found: head.format,
            expected: SAVE_FORMAT,
        });
    }
    Ok(head.game)
}

/// A save replayed from scratch.
pub struct Replayed<G: Game> {
    /// The state the actions reach.
    pub state: G,
    /// The file as read.
    pub save: SaveFile<G::Options>,
    /// The older rules version the save was made under, when it was brought to this build's
    /// (every action still replays): [`crate::changes_between`] says what changed.
    pub brought_from: Option<u32>,
}

/// Replays a save file from its set-up and seed, checking every action, the final digest and
/// the recorded outcome. A save made under an older rules version is replayed under this
/// build's rules: it is brought to them when every action still replays (its digest and
/// outcome, reached by the older rules, are not compared), and refused, naming the action,
/// when one does not.
pub fn replay<G: Game>(json: &str, logging: bool) -> Result<Replayed<G>, EngineError> {
    replay_stepwise::<G>(json, logging, |_, _| {})
}

/// [`replay`], calling `each(index, state)` after the set-up (index 0) and after every action
/// (index = actions so far): how a game is shown as one seat saw it, step by step.
pub fn replay_stepwise<G: Game>(
    json: &str,
    logging: bool,
    mut each: impl FnMut(usize, &G),
) -> Result<Replayed<G>, EngineError> {
    let name = game_of(json)?;
    if name != G::NAME {
        return Err(EngineError::WrongGame {
            found: name,
            expected: G::NAME.to_string(),
        });
    }
    let save: SaveFile<G::Options> =
        serde_json::from_str(json).map_err(|e| EngineError::Malformed(e.to_string()))?;
    let older = match save.rules.cmp(&G::RULES_VERSION) {
        std::cmp::Ordering::Greater => {
            return Err(EngineError::NewerRules {
                game: G::NAME.to_string(),
                made_under: save.rules,
                current: G::RULES_VERSION,
            })
        }
        std::cmp::Ordering::Less => Some(save.rules),
        std::cmp::Ordering::Equal => None,
    };
    let outdated = |e: EngineError| match (older, e) {
        (Some(made_under), EngineError::Illegal { index, text, error }) => {
            EngineError::OlderRules {
                game: G::NAME.to_string(),
                made_under,
                current: G::RULES_VERSION,
                index,
                text,
                error,
            }
        }
        (_, e) => e,
    };
    let short = |state: &mut G, index: usize, text: &str| -> Result<(), EngineError> {
        match state.dice_mut().and_then(Dice::take_need) {
            Some(need) => Err(EngineError::Illegal {
                index,
                text: text.to_string(),
                error: crate::RuleError::input(format!(
                    "the save's manual dice run out: it needs '{}'",
                    need.label
                )),
            }),
            None => Ok(()),
        }
    };
    let mut state =
        G::with_dice(&save.options, save.dice()).map_err(|error| EngineError::Illegal {
            index: 0,
            text: "(set-up options)".into(),
            error,
        })?;
    short(&mut state, 0, "(set-up)").map_err(outdated)?;
    state.set_logging(logging);
    each(0, &state);
    for (index, text) in save.actions.iter().enumerate() {
        let illegal = |error| {
            outdated(EngineError::Illegal {
                index,
                text: text.clone(),
                error,
            })
        };
        if state.to_move().is_none() {
            return Err(illegal(crate::RuleError::input(
                "the game is already over before this action",
            )));
        }
        let action = state.parse_action(text).map_err(illegal)?;
        state.apply(action).map_err(illegal)?;
        short(&mut state, index, text).map_err(outdated)?;
        each(index + 1, &state);
    }
    if older.is_some() {
        // the digest and the outcome were reached by the older rules
        return Ok(Replayed {
            state,
            save,
            brought_from: older,
        });
    }
    let found = state.digest();
    if found != save.digest {
        return Err(EngineError::Digest {
            recorded: save.digest.clone(),
            found,
        });
    }
    if state.outcome() != save.outcome {
        return Err(EngineError::Outcome {
            recorded: describe(&save.outcome),
            found: describe(&state.outcome()),
        });
    }
    Ok(Replayed {
        state,
        save,
        brought_from: None,
    })
}

fn describe(outcome: &Option<Outcome>) -> String {
    match outcome {
        None => "no outcome (the game goes on)".into(),
        Some(o) => format!(
            "{} on turn {} ({})",
            match o.winner {
                Some(seat) => format!("seat {seat} wins"),
                None => "a draw".into(),
            },
            o.turn,
            o.reason
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::{Pile, PileOptions};
    use crate::{Policy, RandomPolicy};

    fn finished_pile(seed: u64) -> (Pile, Vec<String>) {
        let options = PileOptions::default();
        let mut g = Pile::new(&options, seed).unwrap();
        let mut policies: Vec<Box<dyn Policy<Pile>>> = vec![
            Box::new(RandomPolicy::new(1)),
            Box::new(RandomPolicy::new(2)),
        ];
        let mut texts = Vec::new();
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            let a = crate::decide(&g, seat, policies[seat].as_mut(), &mut legal).unwrap();
            texts.push(g.action_text(&a));
            g.apply(a).unwrap();
        }
        (g, texts)
    }

    #[test]
    fn an_edited_outcome_is_refused_though_the_digest_matches() {
        let (g, texts) = finished_pile(4);
        let save = SaveFile::of(&g, &PileOptions::default(), 4, texts);
        assert!(replay::<Pile>(&save.to_json(), true).is_ok());
        let mut edited = save.clone();
        let mut o = edited.outcome.clone().unwrap();
        o.winner = o.winner.map(|w| 1 - w);
        edited.outcome = Some(o);
        let e = replay::<Pile>(&edited.to_json(), true).err().unwrap();
        assert!(matches!(e, EngineError::Outcome { .. }), "{e}");
        let mut erased = save.clone();
        erased.outcome = None;
        assert!(matches!(
            replay::<Pile>(&erased.to_json(), true).err().unwrap(),
            EngineError::Outcome { .. }
        ));
    }

    #[test]
    fn a_save_of_older_rules_is_brought_to_these_when_every_action_replays() {
        let (g, texts) = finished_pile(6);
        let mut save = SaveFile::of(&g, &PileOptions::default(), 6, texts);
        assert_eq!(save.rules, Pile::RULES_VERSION);
        save.rules = Pile::RULES_VERSION - 1;
        // what the older rules reached is not this build's to check
        save.digest = "reached by the older rules".into();
        let r = replay::<Pile>(&save.to_json(), true).unwrap();
        assert_eq!(r.brought_from, Some(Pile::RULES_VERSION - 1));
        assert_eq!(r.state.digest(), g.digest());
    }

    #[test]
    fn a_save_of_older_rules_whose_action_no_longer_replays_says_which_in_one_line() {
        let (g, mut texts) = finished_pile(7);
        texts[2] = "an action of the older rules".into();
        let mut save = SaveFile::of(&g, &PileOptions::default(), 7, texts);
        save.rules = 0;
        let e = replay::<Pile>(&save.to_json(), true).err().unwrap();
        assert!(
            matches!(
                e,
                EngineError::OlderRules {
                    index: 2,
                    made_under: 0,
                    ..
                }
            ),
            "{e}"
        );
        let line = e.to_string();
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.contains("rules version 0") && line.contains("no longer replays"),
            "{line}"
        );
    }

    #[test]
    fn a_save_of_newer_rules_is_refused_and_a_save_without_a_version_is_of_the_first() {
        let (g, texts) = finished_pile(8);
        let mut save = SaveFile::of(&g, &PileOptions::default(), 8, texts);
        save.rules = Pile::RULES_VERSION + 1;
        let e = replay::<Pile>(&save.to_json(), true).err().unwrap();
        assert!(matches!(e, EngineError::NewerRules { .. }), "{e}");
        let mut old: serde_json::Value = serde_json::from_str(&save.to_json()).unwrap();
        old.as_object_mut().unwrap().remove("rules");
        let read: SaveFile<PileOptions> = serde_json::from_value(old).unwrap();
        assert_eq!(read.rules, 1);
    }

    #[test]
    fn actions_after_the_end_are_refused() {
        let (g, mut texts) = finished_pile(5);
        let last = texts.last().cloned().unwrap();
        texts.push(last);
        let save = SaveFile::of(&g, &PileOptions::default(), 5, texts);
        let e = replay::<Pile>(&save.to_json(), true).err().unwrap();
        assert!(e.to_string().contains("already over"), "{e}");
    }
}
