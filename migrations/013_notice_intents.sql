-- Notifications asked for by what caused them (#35: "queued in the same
-- transaction as what caused it"). An action in a live correspondence game
-- that hands the decision to the other player writes its row here in the
-- action's own transaction. The mail service resolves each row later (the
-- player's presence, their switches, once per turn, the digest) into zero or
-- one notice and mail, deleting the row in the transaction that writes them:
-- a crash between the move and its mail leaves the row for the next start,
-- and a resolved row is gone, so the mail is never lost nor sent twice.
-- Bounded: one row per player, kind and game (a newer one replaces it).
CREATE TABLE notice_intents (
  id         INTEGER PRIMARY KEY,
  player     INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL,              -- turn
  room       TEXT    NOT NULL DEFAULT '',   -- the game
  seq        INTEGER NOT NULL DEFAULT 0,    -- the room's event that caused it
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX notice_intents_once ON notice_intents (player, kind, room);
CREATE INDEX notice_intents_by_room ON notice_intents (room, id);
