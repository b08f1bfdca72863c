-- When each server was last alive (#31); see migrations/014_node_heartbeats.sql for the why.
CREATE TABLE node_heartbeats (
  node     TEXT COLLATE "C" PRIMARY KEY CHECK (length(node) BETWEEN 1 AND 64),
  alive_at BIGINT NOT NULL
);
