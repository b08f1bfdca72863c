-- Bots in a competition (#45): bot accounts play challenges only, unless an
-- admin lets them into a ladder or an event (`bots`, 0 or 1; default 0).
-- (PostgreSQL: migrations/postgres/014.)
ALTER TABLE ladders ADD COLUMN bots INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN bots INTEGER NOT NULL DEFAULT 0;
