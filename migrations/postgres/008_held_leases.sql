-- A renewal touches only the leases a node holds now (#42): a released lease
-- keeps its row (and its epoch) with expires_at = 0, and is neither renewed
-- nor read again by its old owner's renewals. Indexed by (owner, expires_at),
-- a renewal reads the node's held rows only, however many rooms it ever
-- served. (SQLite: migrations/015.)
DROP INDEX room_leases_owner;
CREATE INDEX room_leases_held ON room_leases (owner, expires_at);
