-- Conditional lines (#46): in a correspondence game, a player's pairs "if they
-- play X, I play Y" (the engine's notation, a turn's actions joined by ';',
-- the entries joined by a newline), kept until played, broken or cancelled.
-- `from_ply`: the ply the line was set or last advanced at.
-- (PostgreSQL: migrations/postgres/015.)
CREATE TABLE conditional_lines (
  room     TEXT    NOT NULL REFERENCES rooms (id),
  seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
  from_ply INTEGER NOT NULL,
  line     TEXT    NOT NULL,
  at       INTEGER NOT NULL,
  PRIMARY KEY (room, seat)
) WITHOUT ROWID;
