-- Games brought in from elsewhere (#44): a record in any format the arena
-- reads (arena, official, boardspace SGF), replayed step by step by the
-- engine, and kept as the arena's own record. Never rated, never in anyone's
-- statistics: the players are names, not accounts. Bounded per account
-- (sql::kMaxImportsPerPlayer) and in size (the record).
CREATE TABLE imported_games (
  id          TEXT PRIMARY KEY,
  game        TEXT NOT NULL,
  variant     TEXT NOT NULL,
  white_extra INTEGER NOT NULL DEFAULT 0,
  black_extra INTEGER NOT NULL DEFAULT 0,
  white_name  TEXT NOT NULL,
  black_name  TEXT NOT NULL,
  result      TEXT NOT NULL,
  reason      TEXT NOT NULL,
  plies       INTEGER NOT NULL,
  format      TEXT NOT NULL CHECK (format IN ('arena', 'official', 'sgf')),
  record      TEXT NOT NULL,
  imported_by INTEGER NOT NULL REFERENCES players (id),
  created_at  INTEGER NOT NULL
);
CREATE INDEX imported_games_by_player ON imported_games (imported_by, created_at);
