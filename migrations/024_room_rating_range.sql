-- An open room's range for its joiner's rating (#46): the creator asks for an
-- opponent rated at least `rating_min` and at most `rating_max` in the room's
-- game and variant (0: any). (PostgreSQL: migrations/postgres/017.)
ALTER TABLE rooms ADD COLUMN rating_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN rating_max INTEGER NOT NULL DEFAULT 0;
