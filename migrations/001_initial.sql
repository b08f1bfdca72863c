-- Players, rooms (one game each) and every accepted event in order.
CREATE TABLE players (
  id         INTEGER PRIMARY KEY,
  token      TEXT    NOT NULL UNIQUE,
  name       TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE rooms (
  id          TEXT    PRIMARY KEY,
  game        TEXT    NOT NULL CHECK (game IN ('gipf', 'yinsh')),
  variant     TEXT    NOT NULL,
  white_extra INTEGER NOT NULL DEFAULT 0,
  black_extra INTEGER NOT NULL DEFAULT 0,
  private     INTEGER NOT NULL DEFAULT 0,
  white       INTEGER REFERENCES players (id),
  black       INTEGER REFERENCES players (id),
  status      TEXT    NOT NULL CHECK (status IN ('open', 'live', 'finished')),
  result      TEXT    NOT NULL DEFAULT '',
  reason      TEXT    NOT NULL DEFAULT '',
  plies       INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  finished_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX rooms_by_status ON rooms (status, created_at);

CREATE TABLE events (
  room   TEXT    NOT NULL REFERENCES rooms (id),
  seq    INTEGER NOT NULL,
  kind   TEXT    NOT NULL,
  player INTEGER REFERENCES players (id),
  color  TEXT    NOT NULL DEFAULT '',
  action TEXT    NOT NULL DEFAULT '',
  at     INTEGER NOT NULL,
  PRIMARY KEY (room, seq)
) WITHOUT ROWID;
