-- Quick pairing (#46; PROTOCOL.md, Quick pairing): the site's one pool of
-- waiting seeks, shared by every node. One seek per player; a seek lives while
-- its node renews it (seeks/seek_store.hpp, kSeekLeaseMs); at most kMaxSeeks.
CREATE TABLE seeks (
  id         TEXT    PRIMARY KEY,
  player     INTEGER NOT NULL UNIQUE REFERENCES players (id),
  name       TEXT    NOT NULL,
  kind       TEXT    NOT NULL,
  account    INTEGER NOT NULL,
  pool       TEXT    NOT NULL,  -- "yinsh:blitz/3+2/rated": seekers of one pool may meet
  rating     REAL    NOT NULL,  -- the player's in the pool's perf when placed
  rating_min INTEGER NOT NULL,  -- the opponent's, 0: no bound
  rating_max INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  renewed_at INTEGER NOT NULL
);
CREATE INDEX seeks_by_pool ON seeks (pool, rating);
CREATE INDEX seeks_by_renewal ON seeks (renewed_at);
-- Each player's last opponent by quick pairing: the same two do not meet
-- twice in a row while someone else fits. Kept a week.
CREATE TABLE seek_pairs (
  player   INTEGER PRIMARY KEY REFERENCES players (id),
  opponent INTEGER NOT NULL,
  at       INTEGER NOT NULL
);
CREATE INDEX seek_pairs_by_time ON seek_pairs (at);
