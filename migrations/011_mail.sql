-- Mail (#35): addresses, one-time links, a durable outbox.
-- An account's address: `address` is verified (mail goes only there), `pending`
-- awaits the link sent to it. Switches for each kind of notification mail.
CREATE TABLE account_mail (
  account          INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  address          TEXT    NOT NULL DEFAULT '',
  address_key      TEXT    NOT NULL DEFAULT '',  -- lower(address): reset by address
  notify_turn      INTEGER NOT NULL DEFAULT 1,
  notify_clock     INTEGER NOT NULL DEFAULT 1,
  notify_challenge INTEGER NOT NULL DEFAULT 1,
  notify_round     INTEGER NOT NULL DEFAULT 1,
  notify_report    INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX account_mail_by_address ON account_mail (address_key);

-- One-time links (verify an address: 24 h; reset a password: 1 h), kept as
-- the SHA-256 of the token like sessions; used_at set once, on use.
CREATE TABLE mail_tokens (
  token_hash TEXT    PRIMARY KEY,
  account    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose    TEXT    NOT NULL CHECK (purpose IN ('verify', 'reset')),
  address    TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX mail_tokens_by_account ON mail_tokens (account, purpose, created_at);
CREATE INDEX mail_tokens_by_expiry ON mail_tokens (expires_at);

-- The outbox: a mail is queued in the transaction of what caused it and
-- sent by the mailer. state: queued (due at next_attempt), sending (claimed:
-- never sent again, see mailer.hpp), sent, failed. Bodies are emptied once the
-- mail leaves the queue (they may hold a one-time link).
CREATE TABLE outbox (
  id               INTEGER PRIMARY KEY,
  account          INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  recipient        TEXT    NOT NULL,
  room             TEXT    NOT NULL DEFAULT '',  -- a notification's game ('' none)
  kind             TEXT    NOT NULL,
  subject          TEXT    NOT NULL,
  text_body        TEXT    NOT NULL,
  html_body        TEXT    NOT NULL,
  unsubscribe_hash TEXT    NOT NULL DEFAULT '',
  list_unsubscribe TEXT    NOT NULL DEFAULT '',  -- the List-Unsubscribe URL, emptied with the bodies
  created_at       INTEGER NOT NULL,
  state            TEXT    NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt     INTEGER NOT NULL,
  last_error       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox (state, next_attempt);
CREATE INDEX outbox_by_account ON outbox (account, created_at);
CREATE INDEX outbox_by_game ON outbox (account, kind, room);
CREATE INDEX outbox_by_created ON outbox (created_at);
CREATE INDEX outbox_by_unsubscribe ON outbox (unsubscribe_hash);

