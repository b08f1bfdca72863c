-- An open room's range for its joiner's rating (#46): see migrations/024 (SQLite).
ALTER TABLE rooms ADD COLUMN rating_min BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN rating_max BIGINT NOT NULL DEFAULT 0;
