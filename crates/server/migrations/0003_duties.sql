-- What the server does on its own: "your turn" webhooks, one per seat, with how the last
-- delivery went (shown to that seat only), and clocks. A game whose clock runs out ends with
-- an entry of its own, kind 'timeout' (beside 'action', 'undo' and 'resign'), made by the
-- seat that ran out, so that the game replays to the same end. A game's time control is kept
-- with its other options of play, in games.players.
CREATE TABLE webhooks (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    url TEXT NOT NULL,
    created BIGINT NOT NULL,
    last_error TEXT,
    last_error_at BIGINT,
    last_ok_at BIGINT,
    PRIMARY KEY (game_id, seat)
);
