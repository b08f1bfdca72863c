-- The bot and board API (#45; PROTOCOL.md, Bot and board API).
-- A bot account: its owner turned it into one for good, before it played.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
-- Personal API tokens: only the SHA-256 of the secret is kept; at most
-- kMaxTokensPerAccount per account (bots/api_tokens.hpp).
CREATE TABLE api_tokens (
  id         TEXT    PRIMARY KEY,
  account    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name       TEXT    NOT NULL,
  token_hash TEXT    NOT NULL UNIQUE,
  scopes     TEXT    NOT NULL,  -- space-separated: bot:play board:play challenge:read challenge:write
  created_at INTEGER NOT NULL
);
CREATE INDEX api_tokens_by_account ON api_tokens (account, created_at);
-- Challenges between two accounts: one open per pair and direction; at most
-- kMaxOpenChallenges open per challenger; answered ones kept a day.
CREATE TABLE challenges (
  id          TEXT    PRIMARY KEY,
  challenger  INTEGER NOT NULL REFERENCES accounts (id),
  destination INTEGER NOT NULL REFERENCES accounts (id),
  game        TEXT    NOT NULL,
  variant     TEXT    NOT NULL,
  white_extra INTEGER NOT NULL DEFAULT 0,
  black_extra INTEGER NOT NULL DEFAULT 0,
  clock       TEXT    NOT NULL,  -- the time control as PROTOCOL.md writes it (JSON)
  color       TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
  rated       INTEGER NOT NULL,
  status      TEXT    NOT NULL CHECK (status IN ('created', 'accepted', 'declined', 'canceled')),
  reason      TEXT    NOT NULL DEFAULT '',
  room        TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX challenges_by_destination ON challenges (destination, status);
CREATE INDEX challenges_by_challenger ON challenges (challenger, status);
CREATE INDEX challenges_by_expiry ON challenges (status, expires_at);
-- One open challenge per pair and direction, whatever two requests race.
CREATE UNIQUE INDEX challenges_open_pair ON challenges (challenger, destination) WHERE status = 'created';
