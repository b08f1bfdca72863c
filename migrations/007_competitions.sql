-- Challenge ladders and events (#14). Their games are rooms; a room knows it
-- belongs to one (`competition`) and, with a live clock, by when it must start
-- (`start_by`, ms since the epoch; 0: no deadline). Standings and results move
-- in the transaction of the event that ends the room's game.
ALTER TABLE rooms ADD COLUMN competition INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN start_by INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ladders (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL,
  game          TEXT    NOT NULL,
  variant       TEXT    NOT NULL,
  clock_kind         TEXT    NOT NULL,  -- the time control, as in rooms
  clock_initial_ms   INTEGER NOT NULL DEFAULT 0,
  clock_increment_ms INTEGER NOT NULL DEFAULT 0,
  clock_days         INTEGER NOT NULL DEFAULT 0,
  status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paused', 'closed')),
  created_at    INTEGER NOT NULL
);

-- A ladder's order: position 1 is the top. Active players come first.
CREATE TABLE ladder_players (
  ladder       INTEGER NOT NULL REFERENCES ladders (id),
  player       INTEGER NOT NULL REFERENCES players (id),
  position     INTEGER NOT NULL,
  last_game_at INTEGER NOT NULL,  -- the last finished ladder game, or joining
  drops        INTEGER NOT NULL DEFAULT 0,
  inactive     INTEGER NOT NULL DEFAULT 0,
  time_losses  TEXT    NOT NULL DEFAULT '',  -- when they lost on time (ms), comma-separated, within 30 days
  PRIMARY KEY (ladder, player)
) WITHOUT ROWID;

CREATE TABLE ladder_challenges (
  id          INTEGER PRIMARY KEY,
  ladder      INTEGER NOT NULL REFERENCES ladders (id),
  challenger  INTEGER NOT NULL REFERENCES players (id),
  defender    INTEGER NOT NULL REFERENCES players (id),
  room        TEXT    NOT NULL UNIQUE,  -- the game's room (created right after the challenge)
  white       INTEGER NOT NULL,         -- the drawn colours
  black       INTEGER NOT NULL,
  created_at  INTEGER NOT NULL,
  open        INTEGER NOT NULL DEFAULT 1,
  outcome     TEXT    NOT NULL DEFAULT '' CHECK (outcome IN ('', 'challenger', 'defender', 'draw', 'aborted')),
  reason      TEXT    NOT NULL DEFAULT '',
  finished_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ladder_challenges_by_ladder ON ladder_challenges (ladder, created_at);
-- The open challenges (a page's counts, the checks, a restart's pending games).
CREATE INDEX ladder_challenges_open ON ladder_challenges (ladder, challenger, defender) WHERE open = 1;

CREATE TABLE tournaments (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL,
  kind          TEXT    NOT NULL CHECK (kind IN ('round-robin', 'swiss')),
  game          TEXT    NOT NULL,
  variant       TEXT    NOT NULL,
  clock_kind         TEXT    NOT NULL,
  clock_initial_ms   INTEGER NOT NULL DEFAULT 0,
  clock_increment_ms INTEGER NOT NULL DEFAULT 0,
  clock_days         INTEGER NOT NULL DEFAULT 0,
  rounds        INTEGER NOT NULL,  -- swiss: as set; round robin: 0 until the start
  cycles        INTEGER NOT NULL DEFAULT 1,
  status        TEXT    NOT NULL DEFAULT 'registering' CHECK (status IN ('registering', 'running', 'finished', 'closed')),
  start_at      INTEGER NOT NULL DEFAULT 0,
  auto_pair     INTEGER NOT NULL DEFAULT 0,
  start_minutes INTEGER NOT NULL,
  current_round INTEGER NOT NULL DEFAULT 0,
  created_at    INTEGER NOT NULL
);

CREATE TABLE tournament_players (
  tournament INTEGER NOT NULL REFERENCES tournaments (id),
  player     INTEGER NOT NULL REFERENCES players (id),
  number     INTEGER NOT NULL DEFAULT 0,  -- the start number, from the start on
  rating     REAL    NOT NULL DEFAULT 0,  -- the rating at the start (Swiss pairs by it)
  withdrawn  INTEGER NOT NULL DEFAULT 0,
  joined_at  INTEGER NOT NULL,
  PRIMARY KEY (tournament, player)
) WITHOUT ROWID;

CREATE TABLE tournament_pairings (
  tournament INTEGER NOT NULL REFERENCES tournaments (id),
  round      INTEGER NOT NULL,
  board      INTEGER NOT NULL,
  white      INTEGER NOT NULL REFERENCES players (id),
  black      INTEGER REFERENCES players (id),  -- NULL: white has a bye
  room       TEXT UNIQUE,                      -- NULL: no game (a bye, a forfeit)
  result     TEXT    NOT NULL DEFAULT '',      -- 1-0 0-1 1/2-1/2, '' while playing
  reason     TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (tournament, round, board)
) WITHOUT ROWID;
