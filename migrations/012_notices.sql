-- The notices bell (#35, "in the site too"): what the site told a player
-- (the events it mails about, for every player, with or without an address),
-- newest first in the header's list. Bounded: each player keeps the newest
-- kNoticesKept (100, store/notice_store.hpp); older rows go as new ones come.
CREATE TABLE notices (
  id         INTEGER PRIMARY KEY,
  player     INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL,              -- turn, clock, challenge, round, event, report
  text       TEXT    NOT NULL,              -- one line that says what to do
  path       TEXT    NOT NULL DEFAULT '',   -- the site's page it is about ("/?room=ID")
  room       TEXT    NOT NULL DEFAULT '',   -- the game, if any
  created_at INTEGER NOT NULL,
  read_at    INTEGER NOT NULL DEFAULT 0     -- 0: unread
);
CREATE INDEX notices_by_player ON notices (player, id);
CREATE INDEX notices_by_game ON notices (player, kind, room);

-- A 'turn' mail still queued gathers the player's other games waiting for a
-- move (a digest): one line per game, newline-separated.
ALTER TABLE outbox ADD COLUMN digest_lines TEXT NOT NULL DEFAULT '';
