-- A room nobody joined can be cancelled (by its creator, or by the server when
-- it has waited too long): a fourth status. SQLite changes a CHECK constraint
-- only by rebuilding the table; the server runs migrations with foreign keys
-- off and checks them before committing.
CREATE TABLE rooms_new (
  id          TEXT    PRIMARY KEY,
  game        TEXT    NOT NULL CHECK (game IN ('gipf', 'yinsh')),
  variant     TEXT    NOT NULL,
  white_extra INTEGER NOT NULL DEFAULT 0,
  black_extra INTEGER NOT NULL DEFAULT 0,
  private     INTEGER NOT NULL DEFAULT 0,
  white       INTEGER REFERENCES players (id),
  black       INTEGER REFERENCES players (id),
  status      TEXT    NOT NULL CHECK (status IN ('open', 'live', 'finished', 'cancelled')),
  result      TEXT    NOT NULL DEFAULT '',
  reason      TEXT    NOT NULL DEFAULT '',
  plies       INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  finished_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO rooms_new (id, game, variant, white_extra, black_extra, private, white, black, status, result, reason, plies,
                       created_at, finished_at)
  SELECT id, game, variant, white_extra, black_extra, private, white, black, status, result, reason, plies,
         created_at, finished_at FROM rooms;
DROP TABLE rooms;
ALTER TABLE rooms_new RENAME TO rooms;
CREATE INDEX rooms_by_status ON rooms (status, created_at);
