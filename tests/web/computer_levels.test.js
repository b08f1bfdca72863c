// The computer's levels in the lobby's Opponent menu (#47): the words and the
// provisional rating the server's GET /api/computer gives for the chosen game,
// and the plain label while they are not known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelLabel, fetchLevels } from '../../web-client/js/computer_levels.js';

const LEVELS = [
  { level: 1, words: 'beginner', player: 'Bot level 1', ratings: { gipf: 790, yinsh: 810 } },
  { level: 6, words: 'expert', player: 'Bot level 6', ratings: { gipf: 1912.4, yinsh: 1744 } },
];

test('a level reads as its words and its rating in the chosen game', () => {
  assert.equal(levelLabel(1, LEVELS, 'gipf'), 'Computer level 1 · beginner · ≈790');
  assert.equal(levelLabel(1, LEVELS, 'yinsh'), 'Computer level 1 · beginner · ≈810');
  assert.equal(levelLabel(6, LEVELS, 'gipf'), 'Computer level 6 · expert · ≈1912');
});

test('without the levels, or for a level the server did not describe, the plain label', () => {
  assert.equal(levelLabel(3, null, 'gipf'), 'Computer level 3');
  assert.equal(levelLabel(3, LEVELS, 'gipf'), 'Computer level 3');
  assert.equal(levelLabel(1, [{ level: 1, words: 'beginner' }], 'gipf'), 'Computer level 1 · beginner');
});

test('the levels are fetched from /api/computer; any failure gives null', async () => {
  const asked = [];
  const ok = async (url) => { asked.push(url); return { ok: true, json: async () => ({ levels: LEVELS }) }; };
  assert.deepEqual(await fetchLevels(ok), LEVELS);
  assert.deepEqual(asked, ['/api/computer']);
  assert.equal(await fetchLevels(async () => ({ ok: false, json: async () => ({}) })), null);
  assert.equal(await fetchLevels(async () => ({ ok: true, json: async () => ({ nothing: 1 }) })), null);
  assert.equal(await fetchLevels(async () => { throw new TypeError('offline'); }), null);
});
