-- Notifications asked for by what caused them (#35: "queued in the same
-- transaction as what caused it"). Each cause writes its row here in its own
-- transaction: an action in a live correspondence game that hands the
-- decision to the other player (turn), a ladder challenge (challenge, for the
-- challenged player), an event round's pairing (round, for both players of
-- each game), a report's resolution (report, for the reporter). The mail
-- service resolves each row later into zero or one notice and mail, deleting
-- the row in the transaction that writes them: a crash between the cause and
-- its mail leaves the row for the next start, and a resolved row is gone, so
-- the mail is never lost nor sent twice. A turn's words are made when it is
-- resolved (presence, once per turn, the digest are decided then); the other
-- kinds carry theirs, made by the cause from what it wrote.
-- Bounded: a turn has one row per player and game (a newer move replaces it);
-- the others one per player and game (challenge, round) or report.
CREATE TABLE notice_intents (
  id         INTEGER PRIMARY KEY,
  player     INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL,              -- turn, challenge, round, report
  room       TEXT    NOT NULL DEFAULT '',   -- the game ('' for a report)
  seq        INTEGER NOT NULL DEFAULT 0,    -- turn: the room's event that caused it; report: the report's id
  subject    TEXT    NOT NULL DEFAULT '',   -- challenge, round, report: the notice's words
  body       TEXT    NOT NULL DEFAULT '',
  path       TEXT    NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL               -- the cause's time; 0 for a pairing (its write has no clock)
);
CREATE UNIQUE INDEX notice_intents_once ON notice_intents (player, kind, room, seq);
CREATE INDEX notice_intents_by_room ON notice_intents (room, id);
