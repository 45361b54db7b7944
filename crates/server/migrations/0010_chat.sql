-- A game's chat: the players' room and the spectators' room, each line numbered in its game
-- (`n`, given under the game's writer lock), kept with the game and never in its save or
-- replay. During the game neither room reads the other; once it is over both are open to all.
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games (id),
    n BIGINT NOT NULL,
    room TEXT NOT NULL,
    seat BIGINT,
    account_id TEXT,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- A seat that stopped reading another seat's lines in the players' room.
CREATE TABLE chat_mutes (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    muted BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, muted)
);

-- A line a seat holder reported to the operator (`fiw admin reports` lists them).
CREATE TABLE chat_reports (
    game_id TEXT NOT NULL REFERENCES games (id),
    n BIGINT NOT NULL,
    by_seat BIGINT NOT NULL,
    why TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, n, by_seat)
);
