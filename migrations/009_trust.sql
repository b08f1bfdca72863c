-- Trust and safety (#34).
-- An account's username as a confusable skeleton (protocol/name_skeleton.hpp):
-- a guest may not take a name with the skeleton of an account's username. A
-- username is [A-Za-z0-9_-] only, so its skeleton is this expression of its
-- lower-case key; the server computes the same for new accounts.
ALTER TABLE accounts ADD COLUMN username_skeleton TEXT NOT NULL DEFAULT '';
UPDATE accounts SET username_skeleton =
  replace(replace(replace(replace(replace(replace(replace(replace(username_key,
    '_', ''), '-', ''), '0', 'o'), '1', 'l'), 'i', 'l'), '5', 's'), 'rn', 'm'), 'vv', 'w');
CREATE INDEX accounts_by_skeleton ON accounts (username_skeleton);

-- Reports of a player by an account, from a game or a profile; a moderator
-- resolves each with an outcome (audited). Bounded: kMaxReports rows (the
-- oldest resolved ones go first), and per reporter a rate (report_service).
CREATE TABLE reports (
  id          INTEGER PRIMARY KEY,
  reporter    INTEGER NOT NULL REFERENCES accounts (id),
  player      INTEGER NOT NULL REFERENCES players (id),  -- who is reported (an account's or a guest's player)
  room        TEXT,                                      -- the game, if one was named
  reason      TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  outcome     TEXT    NOT NULL DEFAULT '',
  resolved_by INTEGER REFERENCES accounts (id),
  resolved_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX reports_by_status ON reports (status, id);
CREATE INDEX reports_by_reporter ON reports (reporter, id);

-- Blocks between players (an account blocks an account): the blocked one may
-- not challenge the blocker nor join their private invitation; the blocker
-- does not see their chat. Bounded per blocker (kMaxBlocks).
CREATE TABLE blocks (
  blocker    INTEGER NOT NULL REFERENCES players (id),
  blocked    INTEGER NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked);
