-- The bot and board API (#45): see migrations/019_bot_api.sql.
ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
CREATE TABLE api_tokens (
  id         TEXT COLLATE "C" PRIMARY KEY,
  account    BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
  scopes     TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX api_tokens_by_account ON api_tokens (account, created_at);
CREATE TABLE challenges (
  id          TEXT COLLATE "C" PRIMARY KEY,
  challenger  BIGINT NOT NULL REFERENCES accounts (id),
  destination BIGINT NOT NULL REFERENCES accounts (id),
  game        TEXT COLLATE "C" NOT NULL,
  variant     TEXT COLLATE "C" NOT NULL,
  white_extra BIGINT NOT NULL DEFAULT 0,
  black_extra BIGINT NOT NULL DEFAULT 0,
  clock       TEXT NOT NULL,
  color       TEXT COLLATE "C" NOT NULL CHECK (color IN ('white', 'black', 'random')),
  rated       BIGINT NOT NULL,
  status      TEXT COLLATE "C" NOT NULL CHECK (status IN ('created', 'accepted', 'declined', 'canceled')),
  reason      TEXT NOT NULL DEFAULT '',
  room        TEXT COLLATE "C" NOT NULL DEFAULT '',
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT NOT NULL
);
CREATE INDEX challenges_by_destination ON challenges (destination, status);
CREATE INDEX challenges_by_challenger ON challenges (challenger, status);
CREATE INDEX challenges_by_expiry ON challenges (status, expires_at);
-- One open challenge per pair and direction, whatever two requests race.
CREATE UNIQUE INDEX challenges_open_pair ON challenges (challenger, destination) WHERE status = 'created';
