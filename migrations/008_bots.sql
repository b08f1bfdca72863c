-- Computer opponents: one player per level, named "Bot level N". A bot's
-- token_hash is no SHA-256 (64 hex digits), so no token a client sends can
-- match it: nobody can sign in as a bot.
CREATE TABLE bots (
  level  INTEGER PRIMARY KEY CHECK (level BETWEEN 1 AND 6),
  player INTEGER NOT NULL UNIQUE REFERENCES players (id)
);
INSERT INTO players (token_hash, name, created_at) VALUES
  ('bot:1', 'Bot level 1', 0), ('bot:2', 'Bot level 2', 0), ('bot:3', 'Bot level 3', 0),
  ('bot:4', 'Bot level 4', 0), ('bot:5', 'Bot level 5', 0), ('bot:6', 'Bot level 6', 0);
INSERT INTO bots (level, player)
  SELECT CAST(substr(token_hash, 5) AS INTEGER), id FROM players WHERE token_hash GLOB 'bot:[1-6]';
