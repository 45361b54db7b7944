-- Each seat's private notes: shown to that seat alone, never in a save, a replay or a message
-- to anyone else.
CREATE TABLE notes (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    text TEXT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The game a finished one is played again as, with the sides swapped: one per game, so that
-- both seats asking for a rematch meet in the same new game.
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    rematch_id TEXT NOT NULL REFERENCES games (id)
);
