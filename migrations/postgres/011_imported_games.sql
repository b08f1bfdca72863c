-- Games brought in from elsewhere (#44): see migrations/018_imported_games.sql.
CREATE TABLE imported_games (
  id          TEXT COLLATE "C" PRIMARY KEY,
  game        TEXT COLLATE "C" NOT NULL,
  variant     TEXT COLLATE "C" NOT NULL,
  white_extra BIGINT NOT NULL DEFAULT 0,
  black_extra BIGINT NOT NULL DEFAULT 0,
  white_name  TEXT NOT NULL,
  black_name  TEXT NOT NULL,
  result      TEXT COLLATE "C" NOT NULL,
  reason      TEXT COLLATE "C" NOT NULL,
  plies       BIGINT NOT NULL,
  format      TEXT COLLATE "C" NOT NULL CHECK (format IN ('arena', 'official', 'sgf')),
  record      TEXT NOT NULL,
  imported_by BIGINT NOT NULL REFERENCES players (id),
  created_at  BIGINT NOT NULL
);
CREATE INDEX imported_games_by_player ON imported_games (imported_by, created_at);
