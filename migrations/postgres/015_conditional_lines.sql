-- Conditional lines (#46): see migrations/022 (SQLite).
CREATE TABLE conditional_lines (
  room     TEXT COLLATE "C" NOT NULL REFERENCES rooms (id),
  seat     TEXT COLLATE "C" NOT NULL CHECK (seat IN ('white', 'black')),
  from_ply BIGINT NOT NULL,
  line     TEXT COLLATE "C" NOT NULL,
  at       BIGINT NOT NULL,
  PRIMARY KEY (room, seat)
);
