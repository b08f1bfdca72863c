-- A ladder challenge waits for the defender's answer (#43): see
-- migrations/017 (SQLite) for the states and columns.
ALTER TABLE ladders ADD COLUMN answer_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ladder_challenges ADD COLUMN state TEXT COLLATE "C" NOT NULL DEFAULT 'playing'
  CHECK (state IN ('proposed', 'scheduled', 'playing'));
ALTER TABLE ladder_challenges ADD COLUMN answer_by BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ladder_challenges ADD COLUMN start_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX ladder_challenges_waiting ON ladder_challenges (state) WHERE open = 1 AND state <> 'playing';
