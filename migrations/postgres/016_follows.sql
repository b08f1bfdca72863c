-- Following (#46): see migrations/023 (SQLite).
CREATE TABLE follows (
  follower   BIGINT NOT NULL REFERENCES players (id),
  followed   BIGINT NOT NULL REFERENCES players (id),
  created_at BIGINT NOT NULL,
  PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_by_followed ON follows (followed);
CREATE TABLE presence (
  player BIGINT NOT NULL REFERENCES players (id),
  node   TEXT COLLATE "C" NOT NULL,
  since  BIGINT NOT NULL,
  PRIMARY KEY (player, node)
);
CREATE INDEX presence_by_node ON presence (node);
ALTER TABLE account_mail ADD COLUMN notify_follow BIGINT NOT NULL DEFAULT 1;
