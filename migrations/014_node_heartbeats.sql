-- When each server was last alive (#31): every node (or the one server,
-- "single") writes its own clock here every second. A room that resumes after
-- its server died (another node took its lease over, or the one server
-- restarted) credits its running clock the time after its old server's last
-- heartbeat: nobody could move then. Rows of nodes long gone and holding no
-- lease are deleted by the heartbeat itself. (PostgreSQL: migrations/postgres/007.)
CREATE TABLE node_heartbeats (
  node     TEXT PRIMARY KEY CHECK (length(node) BETWEEN 1 AND 64),
  alive_at INTEGER NOT NULL
);
