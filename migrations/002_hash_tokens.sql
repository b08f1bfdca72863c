-- Player tokens are credentials: keep only their SHA-256, as 64 lower-case hex
-- digits. sha256() is the store's own SQL function, registered on the
-- connection that migrates (server/store/migrations.hpp).
ALTER TABLE players RENAME COLUMN token TO token_hash;
UPDATE players SET token_hash = sha256(token_hash);
