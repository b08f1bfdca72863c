-- Glicko-2 ratings (#13): one row per player and perf ("game:variant") once the
-- player has a rated game there (before that: 1500 / 350 / 0.06), and one
-- history row per player and rated game, with the values before and after it.
-- Both are written in the transaction of the event that ends the rated game.
ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
  player       INTEGER NOT NULL REFERENCES players (id),
  perf         TEXT    NOT NULL,
  rating       REAL    NOT NULL,
  rd           REAL    NOT NULL,
  volatility   REAL    NOT NULL,
  games        INTEGER NOT NULL,
  last_game_at INTEGER NOT NULL,  -- ms since the epoch: inactivity grows RD from here
  PRIMARY KEY (player, perf)
) WITHOUT ROWID;
-- The leaderboard: best first among the settled ratings of a perf.
CREATE INDEX ratings_by_perf ON ratings (perf, rating DESC);

CREATE TABLE rating_history (
  player        INTEGER NOT NULL REFERENCES players (id),
  perf          TEXT    NOT NULL,
  room          TEXT    NOT NULL REFERENCES rooms (id),
  color         TEXT    NOT NULL CHECK (color IN ('white', 'black')),
  at            INTEGER NOT NULL,
  before_rating REAL    NOT NULL,  -- as of the game's end, inactivity applied
  before_rd     REAL    NOT NULL,
  rating        REAL    NOT NULL,  -- after the game
  rd            REAL    NOT NULL,
  volatility    REAL    NOT NULL,
  PRIMARY KEY (room, color)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_player ON rating_history (player, perf, at);
