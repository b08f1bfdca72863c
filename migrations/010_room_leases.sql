-- Which node owns a live room (#30): one row per room while some node serves
-- it. `epoch` grows by one each time the room changes hands; the owner's event
-- writes carry it and are refused once it moved on (fencing), so an old owner
-- that was paused or cut off never writes after another node took the room.
-- `expires_at` is the database's clock (ms since the epoch), renewed by the
-- owner every few seconds. (PostgreSQL: migrations/postgres/003.)
CREATE TABLE room_leases (
  room       TEXT PRIMARY KEY REFERENCES rooms (id),
  owner      TEXT NOT NULL CHECK (length(owner) BETWEEN 1 AND 64),
  epoch      INTEGER NOT NULL CHECK (epoch >= 1),
  expires_at INTEGER NOT NULL
);
CREATE INDEX room_leases_owner ON room_leases (owner);
