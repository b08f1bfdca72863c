-- Which node owns a live room (#30; SQLite: 010): one row per room while some
-- node serves it. `epoch` grows by one each time the room changes hands; the
-- owner's event writes carry it and are refused once it moved on (fencing).
-- `expires_at` is the database's clock (ms since the epoch), renewed by the owner.
CREATE TABLE room_leases (
  room       TEXT COLLATE "C" PRIMARY KEY REFERENCES rooms (id),
  owner      TEXT COLLATE "C" NOT NULL CHECK (length(owner) BETWEEN 1 AND 64),
  epoch      BIGINT NOT NULL CHECK (epoch >= 1),
  expires_at BIGINT NOT NULL
);
CREATE INDEX room_leases_owner ON room_leases (owner);
