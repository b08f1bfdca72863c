// The web client's side of the bot and board API (#45): a challenge's body
// from the profile page's form, what the page says of a challenge as it
// stands, and the scopes a token is made with (PROTOCOL.md, Bot and board API).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { challengeBody, challengeStatusText } from '../../web-client/js/challenge_form.js';
import { chosenScopes, SCOPES } from '../../web-client/js/token_settings.js';

test('a challenge says only what was chosen: no clock for untimed, rated only when ticked', () => {
  assert.deepEqual(challengeBody({ game: 'yinsh', variant: 'normal', color: 'random', rated: false, clock: null }),
    { game: 'yinsh', variant: 'normal', color: 'random' });
  const clock = { kind: 'live', initial_ms: 300000, increment_ms: 5000 };
  assert.deepEqual(challengeBody({ game: 'gipf', variant: 'standard', color: 'white', rated: true, clock }),
    { game: 'gipf', variant: 'standard', color: 'white', clock, rated: true });
});

test('the page says where a challenge stands, in words for each status', () => {
  const c = (status, reason) => ({ status, reason, destination: { name: 'robo' } });
  assert.equal(challengeStatusText(c('created')), 'Waiting for robo to answer…');
  assert.equal(challengeStatusText(c('accepted')), 'robo accepted: the game opens.');
  assert.equal(challengeStatusText(c('declined', 'generic')), 'robo declined.');
  assert.equal(challengeStatusText(c('declined', 'tooSlow')), 'robo declined: “Too slow for me”.');
  assert.equal(challengeStatusText(c('canceled', 'expired')), 'The challenge expired: nobody answered in time.');
  assert.equal(challengeStatusText(c('canceled', 'canceled')), 'The challenge was canceled.');
});

test('a token is made with the scopes ticked, in the server\'s order, and only those the server knows', () => {
  assert.deepEqual(SCOPES.map(([name]) => name), ['board:play', 'bot:play', 'challenge:read', 'challenge:write']);
  assert.deepEqual(chosenScopes({ 'challenge:write': true, 'board:play': true, 'bot:play': false }), ['board:play', 'challenge:write']);
  assert.deepEqual(chosenScopes({ admin: true }), []);
});
