-- Accounts, optional: a lasting name, sessions on every device, notices, history, ratings.
-- Play by invitation without an account goes on as before.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    -- the name as given, and lower-cased for lookups: two accounts cannot differ by case alone
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    -- argon2id, in the PHC string format
    password TEXT NOT NULL,
    -- never shown to anyone else; verified by a link
    email TEXT,
    email_verified BIGINT,
    -- 'turn' (a mail each time it is the player's move), 'digest' (one a day), 'off'
    notices TEXT NOT NULL,
    digest_hour BIGINT NOT NULL,
    last_digest BIGINT,
    -- the key of the mails' one-click unsubscribe links
    unsubscribe TEXT NOT NULL,
    created BIGINT NOT NULL,
    suspended BIGINT,
    deleted BIGINT
);

-- Signed-in browsers: a cookie's token, stored as its SHA-256.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Single-use links mailed to an account (verify its e-mail, reset its password), hashed.
CREATE TABLE account_links (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    kind TEXT NOT NULL,
    -- the address a verification link verifies
    email TEXT,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    spent BIGINT
);

-- A seat held by an account (its credential is the account's session, on any device), and an
-- invitation only one account may take.
ALTER TABLE holders ADD COLUMN account_id TEXT;
ALTER TABLE links ADD COLUMN for_account TEXT;

-- Games posted to the public lobby: open until a player takes the seat.
CREATE TABLE lobby (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    -- the seat open to take
    seat BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    posted BIGINT NOT NULL,
    taken BIGINT
);

-- Glicko-2 ratings, per account and kind of game (Louisbourg, D3, skirmish), of rated games
-- between two accounts; a game's rating is applied once, when it ends.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE TABLE rated (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    applied BIGINT
);
