-- Bots in a competition (#45): see migrations/021 (SQLite).
ALTER TABLE ladders ADD COLUMN bots BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN bots BIGINT NOT NULL DEFAULT 0;
