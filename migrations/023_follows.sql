-- Following (#46): an account follows others (at most 500, social/follow_store.hpp);
-- blocks win (a block deletes the follows between the two, and refuses new
-- ones). `presence`: each node's players with a connection there, a row per
-- (player, node) while they have one; a node's rows count only while its
-- heartbeat is fresh, and go when it starts again. `notify_follow`: a notice
-- in the bell when someone followed starts a game (1: on).
-- (PostgreSQL: migrations/postgres/016.)
CREATE TABLE follows (
  follower   INTEGER NOT NULL REFERENCES players (id),
  followed   INTEGER NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_by_followed ON follows (followed);
CREATE TABLE presence (
  player INTEGER NOT NULL REFERENCES players (id),
  node   TEXT    NOT NULL,
  since  INTEGER NOT NULL,
  PRIMARY KEY (player, node)
);
CREATE INDEX presence_by_node ON presence (node);
ALTER TABLE account_mail ADD COLUMN notify_follow INTEGER NOT NULL DEFAULT 1;
