-- The rules version a game was last played under (each game crate declares its own, and bumps
-- it with every change to what an action does): a game stored under an older version is
-- replayed under the current rules, goes on if every entry still replays, and is kept
-- read-only, under the version it was made under, if one does not. Games stored before this
-- column were all played under version 1.
ALTER TABLE games ADD COLUMN rules BIGINT NOT NULL DEFAULT 1;

-- The spectators' link of a rematch: random, and kept so that every seat that asks for the
-- rematch is given the same one (spectators' links are public; they hold no secret).
ALTER TABLE rematches ADD COLUMN spectator TEXT;
