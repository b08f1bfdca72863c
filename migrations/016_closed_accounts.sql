-- An account its owner closed (#43): it logs in no more, its sessions and
-- address are gone, it leaves every ladder and event, and its name stays
-- taken and on its games. ms since the epoch; 0: open. (PostgreSQL:
-- migrations/postgres/009.)
ALTER TABLE accounts ADD COLUMN closed_at INTEGER NOT NULL DEFAULT 0;
