// The challenges to and from a signed-in account as its pages keep them (#46):
// the list GET /api/challenge gives, then each `challenge` message, and the
// words of a card and of an answer (PROTOCOL.md, Challenges).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyChallenges, listedChallenges, challengeHeard, directionOf, incomingText, answerText, termsText, realTimeCount, DECLINE_REASONS,
} from '../../web-client/js/challenges.js';

// A challenge as the server sends it (protocol::player_challenge_view).
const challenge = (id, from, to, extra = {}) => ({
  id, challenger: { name: from, bot: false, id: 1 }, destination: { name: to, bot: false, id: 2 },
  options: { game: 'yinsh', variant: 'normal' }, clock: { kind: 'live', initial_ms: 300000, increment_ms: 5000 },
  color: 'random', rated: false, status: 'created', created_at: 1, expires_at: 2, ...extra,
});

test('a challenge is in when it is to the account (its name in any case), out when it is its own', () => {
  assert.equal(directionOf(challenge('a', 'robo', 'Alice'), 'alice'), 'in');
  assert.equal(directionOf(challenge('a', 'alice', 'robo'), 'ALICE'), 'out');
});

test('an open challenge heard is added once; an answered one leaves its list', () => {
  let state = listedChallenges({ in: [challenge('a', 'robo', 'alice')], out: [] });
  state = challengeHeard(state, challenge('b', 'bob', 'alice'), 'alice');
  state = challengeHeard(state, challenge('b', 'bob', 'alice', { rated: true }), 'alice');  // the same again, changed
  assert.deepEqual(state.in.map((c) => c.id), ['a', 'b']);
  assert.equal(state.in[1].rated, true);
  state = challengeHeard(state, challenge('c', 'alice', 'carol'), 'alice');
  assert.deepEqual(state.out.map((c) => c.id), ['c']);
  state = challengeHeard(state, challenge('a', 'robo', 'alice', { status: 'canceled', reason: 'expired' }), 'alice');
  state = challengeHeard(state, challenge('c', 'alice', 'carol', { status: 'accepted', room: 'r1' }), 'alice');
  assert.deepEqual(state, { in: [challenge('b', 'bob', 'alice', { rated: true })], out: [] });
  assert.deepEqual(challengeHeard(emptyChallenges(), challenge('x', 'bob', 'alice', { status: 'declined' }), 'alice'), emptyChallenges());
});

test('a card says who challenges, the terms and the colour the account plays', () => {
  assert.equal(termsText(challenge('a', 'robo', 'alice')), 'YINSH normal · 5+5 · casual');
  const bot = challenge('a', 'robo', 'alice', { color: 'white', rated: true });
  bot.challenger.bot = true;
  assert.equal(incomingText(bot), 'robo (BOT) challenges you: YINSH normal · 5+5 · rated · you play black');
  assert.match(incomingText(challenge('a', 'bob', 'alice', { color: 'black', clock: null })), /^bob challenges you: .* · untimed · casual · you play white$/);
  assert.match(incomingText(challenge('a', 'bob', 'alice')), /colours drawn at random$/);
});

test('the challenger hears the answer in words, with the decline reason; an open one says nothing', () => {
  assert.equal(answerText(challenge('a', 'alice', 'bob', { status: 'accepted', room: 'r' })), 'bob accepted your challenge.');
  assert.equal(answerText(challenge('a', 'alice', 'bob', { status: 'declined', reason: 'generic' })), 'bob declined your challenge.');
  assert.equal(answerText(challenge('a', 'alice', 'bob', { status: 'declined', reason: 'tooFast' })), 'bob declined your challenge: “Too fast for me”.');
  assert.equal(answerText(challenge('a', 'alice', 'bob', { status: 'canceled', reason: 'expired' })), 'Your challenge to bob expired.');
  assert.equal(answerText(challenge('a', 'alice', 'bob', { status: 'canceled', reason: 'canceled' })), null);
  assert.equal(answerText(challenge('a', 'alice', 'bob')), null);
});

test('the decline reasons are the ten the server takes', () => {
  assert.deepEqual(DECLINE_REASONS.map(([code]) => code),
    ['generic', 'later', 'tooFast', 'tooSlow', 'timeControl', 'rated', 'casual', 'variant', 'noBot', 'onlyBot']);
});

test('the bell counts the real-time challenges: one that waits days has its own notice', () => {
  const state = listedChallenges({
    in: [challenge('a', 'bob', 'alice'), challenge('b', 'cy', 'alice', { clock: null }),
      challenge('c', 'dee', 'alice', { clock: { kind: 'correspondence', days_per_move: 3 } })],
    out: [challenge('d', 'alice', 'eve')],
  });
  assert.equal(realTimeCount(state), 1);
  assert.equal(realTimeCount(emptyChallenges()), 0);
});
