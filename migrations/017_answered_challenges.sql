-- A ladder challenge waits for the defender's answer (#43): a ladder sets how
-- long (answer_hours; 0: the game starts at once, as before), and a challenge
-- is `proposed` (waiting until answer_by), `scheduled` (its room made at
-- start_at, a time the defender chose) or `playing` (its room exists; every
-- challenge before this migration). A decline or no answer ends it with its
-- outcome and reason (declined, no_answer, withdrawn). (PostgreSQL:
-- migrations/postgres/010.)
ALTER TABLE ladders ADD COLUMN answer_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ladder_challenges ADD COLUMN state TEXT NOT NULL DEFAULT 'playing'
  CHECK (state IN ('proposed', 'scheduled', 'playing'));
ALTER TABLE ladder_challenges ADD COLUMN answer_by INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ladder_challenges ADD COLUMN start_at INTEGER NOT NULL DEFAULT 0;
-- The challenges a minute's sweep looks at: waiting for an answer or a time.
CREATE INDEX ladder_challenges_waiting ON ladder_challenges (state) WHERE open = 1 AND state <> 'playing';
