-- A game as the engine keeps it: options, a secret seed and the append-only list of entries
-- (actions, undos, resignations) that rebuilds it. The same SQL runs on SQLite and PostgreSQL.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    players TEXT NOT NULL,
    version BIGINT NOT NULL,
    created BIGINT NOT NULL,
    finished BIGINT
);

CREATE TABLE entries (
    game_id TEXT NOT NULL REFERENCES games (id),
    version BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- One row per human seat and one for spectators (seat -1): the token's SHA-256, never the token.
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    name TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX games_unfinished ON games (finished);
