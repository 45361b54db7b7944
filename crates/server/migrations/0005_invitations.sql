-- Seats that belong to whoever takes them. A game's links are kept apart from its seats:
-- every link is stored as its token's SHA-256, and says what it grants: a seat holder's
-- credential ('seat', one per device of the holder), the spectators' link ('spectators'), an
-- invitation that claims its seat once ('invitation'), or a one-time code that adds a device
-- of the holder's before it expires ('device'). An invitation or a code once used is spent,
-- with who used it and when.
CREATE TABLE links (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT,
    spent BIGINT,
    spent_by TEXT
);
CREATE INDEX links_game ON links (game_id);
INSERT INTO links (token_hash, game_id, seat, kind, created)
    SELECT token_hash, game_id, seat, CASE WHEN seat < 0 THEN 'spectators' ELSE 'seat' END, 0
    FROM seats;

-- Who holds each human seat: the name given when it was taken, and since when (claimed NULL:
-- its invitation is still open). The games before invitations held their seats from the start.
CREATE TABLE holders (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    name TEXT,
    claimed BIGINT,
    PRIMARY KEY (game_id, seat)
);
INSERT INTO holders (game_id, seat, name, claimed)
    SELECT game_id, seat, name, 0 FROM seats WHERE seat >= 0;

DROP TABLE seats;
