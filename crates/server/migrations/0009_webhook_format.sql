-- The body a webhook is sent: 'fiw' (fiw's own JSON: game_id, event, seat, link, text…) or
-- 'discord' (Discord's execute-webhook JSON, {"content": …}), where wargame clubs talk.
ALTER TABLE webhooks ADD COLUMN format TEXT NOT NULL DEFAULT 'fiw';
