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

/// The seat that plays `side` when the player has chosen `player`: the player's own side is
/// the `player` seat's, the other the BOT's (or, with two players, C11, the second person's).
/// The one mapping between seats and sides: the board, the campaign's battles and the pages
/// that name a seat by its side all use it.
pub fn seat_of(player: Side, side: Side) -> usize {
    if side == player {
        PLAYER
    } else {
        BOT
    }
}

/// The side `seat` plays when the player has chosen `player`: the inverse of [`seat_of`].
pub fn side_of(player: Side, seat: usize) -> Side {
    if seat == PLAYER {
        player
    } else {
        player.other()
    }
}
