-- Player tokens are credentials: keep only their SHA-256. The server hashes the
-- rows already present right after this migration (SqliteStore::migrate).
ALTER TABLE players RENAME COLUMN token TO token_hash;
