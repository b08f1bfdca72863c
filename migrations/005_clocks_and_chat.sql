-- Clocks, lag and chat (#12). A room's time control: kind '' (untimed), 'live'
-- (Fischer: a bank and an increment) or 'correspondence' (days per move), by
-- protocol::clock_kind_name. No CHECK on the kind, so that a new kind needs no
-- rebuild of the table; the store refuses to read a kind it does not know.
-- Rooms created before this migration are untimed.
ALTER TABLE rooms ADD COLUMN clock_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN clock_initial_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN clock_days INTEGER NOT NULL DEFAULT 0;

-- An action's measured network lag, which clocks credit back in part: what a
-- restarting server needs to recompute the remaining times.
ALTER TABLE events ADD COLUMN lag_ms INTEGER NOT NULL DEFAULT 0;

-- Every chat message of a room, numbered per room from 1 (apart from its
-- events). A moderator's deletion keeps the message, marked deleted.
CREATE TABLE chat (
  room    TEXT    NOT NULL REFERENCES rooms (id),
  seq     INTEGER NOT NULL,
  channel TEXT    NOT NULL CHECK (channel IN ('players', 'spectators')),
  player  INTEGER NOT NULL REFERENCES players (id),
  name    TEXT    NOT NULL,  -- the writer's name when they wrote
  text    TEXT    NOT NULL,
  at      INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (room, seq)
) WITHOUT ROWID;
