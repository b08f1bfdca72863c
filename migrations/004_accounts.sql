-- Accounts (a username and an Argon2id password hash) over players: an account
-- owns one player row, its identity in rooms and events; a guest who signs up
-- hands their player row over. Sessions keep only the SHA-256 of their cookie.
-- The audit log records every moderation and admin command.
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  player        INTEGER NOT NULL UNIQUE REFERENCES players (id),
  username      TEXT    NOT NULL,
  username_key  TEXT    NOT NULL UNIQUE,  -- lower(username): unique ignoring case
  password_hash TEXT    NOT NULL,         -- crypto_pwhash_str's Argon2id string
  role          TEXT    NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'moderator', 'admin')),
  banned_until  INTEGER NOT NULL DEFAULT 0,
  ban_reason    TEXT    NOT NULL DEFAULT '',
  muted_until   INTEGER NOT NULL DEFAULT 0,
  mute_reason   TEXT    NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
  token_hash TEXT    PRIMARY KEY,  -- sha256 of the cookie, 64 lower-case hex digits
  account    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions (account, created_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

CREATE TABLE audit_log (
  id      INTEGER PRIMARY KEY,
  actor   INTEGER REFERENCES accounts (id),  -- NULL: the command line
  action  TEXT    NOT NULL,
  target  TEXT    NOT NULL DEFAULT '',
  details TEXT    NOT NULL DEFAULT '{}',      -- a JSON object
  address TEXT    NOT NULL DEFAULT '',
  at      INTEGER NOT NULL
);

-- A moderator's words on an event (aborted, adjudicated), or why the server
-- acted (a banned player's resignation).
ALTER TABLE events ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- A player's games, for profiles and for bans (their rooms still open or live).
CREATE INDEX rooms_by_white ON rooms (white, status);
CREATE INDEX rooms_by_black ON rooms (black, status);
