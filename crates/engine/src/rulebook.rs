use serde::{Deserialize, Serialize};

/// One section of a rulebook as fiw implements it, for `fiw rules`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RuleSection {
    /// Section number as printed (`"8.3.1"`).
    pub section: String,
    /// Section title.
    pub title: String,
    /// What the rule does, in the project's own words.
    pub summary: String,
    /// Where it lives in the code (`crates/louisbourg/src/moves.rs`).
    pub code: Vec<String>,
    /// Tests that show it (`tests/rulebook.rs::road_limits_8_3_1`).
    pub tests: Vec<String>,
}

/// A value the rule text does not print, chosen by the project.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AssumedValue {
    /// What it is (`road white-point – black-rock`).
    pub name: String,
    /// The value chosen.
    pub value: String,
    /// Why it was chosen.
    pub reason: String,
}

/// Everything `fiw rules <game>` lists.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RuleBook {
    /// The sections, in rulebook order.
    pub sections: Vec<RuleSection>,
    /// Every assumed value, with its reason.
    pub assumed: Vec<AssumedValue>,
}
