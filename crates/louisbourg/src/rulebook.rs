//! `fiw rules louisbourg`: every section, where it lives, the tests that show it, and every
//! assumed value.
use fiw_engine::RuleBook;

/// The rule book as implemented.
pub fn rulebook() -> RuleBook {
    RuleBook::default()
}
