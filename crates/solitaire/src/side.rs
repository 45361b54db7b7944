//! The two sides, and the two seats of the solitaire table (the player and the BOT).

/// British or French (1: the player takes either, the BOT the other): the kernel's sides.
pub use fiw_engine::Side;

/// +1 for the British, −1 for the French: the direction a side advances along a route.
pub fn sign(side: Side) -> i8 {
    match side {
        Side::British => 1,
        Side::French => -1,
    }
}

/// The seat of the player (DESIGN: in solitaire the seats are `player` and `bot`).
pub const PLAYER: usize = 0;
/// The seat of the BOT, which never decides: its chart roll is resolved inside the engine.
pub const BOT: usize = 1;
