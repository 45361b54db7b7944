//! The one place that knows which games exist. Everything else in the front end is generic over
//! [`fiw_engine::Game`]; adding a game is one arm in [`for_game!`] and one [`CliGame`] impl.

use crate::error::{CliError, CliResult};
use fiw_engine::Game;

/// The games this build knows, by command-line name.
pub const KNOWN: &[&str] = &["louisbourg"];

/// Set-up flags given on the command line (`play`, `sim`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SetupFlags {
    /// `--solitaire-setup`: Louisbourg's section-14 fixed French set-up.
    pub solitaire_setup: bool,
}

/// What the front end needs of a game beyond [`Game`]: how the set-up flags become options.
pub trait CliGame: Game {
    /// The game's options for these flags; a flag the game has no use for is bad usage.
    fn options(flags: &SetupFlags) -> CliResult<Self::Options>;
}

impl CliGame for fiw_louisbourg::Louisbourg {
    fn options(flags: &SetupFlags) -> CliResult<Self::Options> {
        Ok(fiw_louisbourg::Options { solitaire_setup: flags.solitaire_setup, ..Default::default() })
    }
}

/// The error for a game name this build does not know.
pub fn unknown_game(name: &str) -> CliError {
    CliError::usage(format!("unknown game '{name}' (known: {})", KNOWN.join(", ")))
}

/// Runs `$body` with `$G` bound to the game type named by `$name`, or fails with exit 2.
///
/// `for_game!(name, G => play::run::<G>(..))`: the body must evaluate to a `CliResult`.
macro_rules! for_game {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            "louisbourg" => {
                type $G = fiw_louisbourg::Louisbourg;
                $body
            }
            other => Err($crate::games::unknown_game(other)),
        }
    };
}
pub(crate) use for_game;

/// The seat index for a side name, or a one-line error listing the sides.
pub fn seat_named<G: Game>(name: &str) -> CliResult<usize> {
    G::seat_named(name).ok_or_else(|| {
        CliError::usage(format!(
            "unknown side '{name}' for {} (sides: {})",
            G::NAME,
            G::SEATS.join(", ")
        ))
    })
}
