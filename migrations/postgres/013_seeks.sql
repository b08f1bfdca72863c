-- Quick pairing (#46): see migrations/020_seeks.sql.
CREATE TABLE seeks (
  id         TEXT COLLATE "C" PRIMARY KEY,
  player     BIGINT NOT NULL UNIQUE REFERENCES players (id),
  name       TEXT NOT NULL,
  kind       TEXT COLLATE "C" NOT NULL,
  account    BIGINT NOT NULL,
  pool       TEXT COLLATE "C" NOT NULL,
  rating     DOUBLE PRECISION NOT NULL,
  rating_min BIGINT NOT NULL,
  rating_max BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  renewed_at BIGINT NOT NULL
);
CREATE INDEX seeks_by_pool ON seeks (pool, rating);
CREATE INDEX seeks_by_renewal ON seeks (renewed_at);
CREATE TABLE seek_pairs (
  player   BIGINT PRIMARY KEY REFERENCES players (id),
  opponent BIGINT NOT NULL,
  at       BIGINT NOT NULL
);
CREATE INDEX seek_pairs_by_time ON seek_pairs (at);
