// The badge of who speaks or sits (web-client/js/names.js, kindLabel), by
// PROTOCOL.md, "Trust and safety": staff and guests are marked, so that a
// guest cannot pass for a moderator; an account is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindLabel } from '../../web-client/js/names.js';

test('every kind the server sends has its badge, a plain account none', () => {
  assert.equal(kindLabel({ kind: 'admin' }), 'admin');
  assert.equal(kindLabel({ kind: 'moderator' }), 'mod');
  assert.equal(kindLabel({ kind: 'guest' }), 'guest');
  assert.equal(kindLabel({ kind: 'computer' }), 'bot');
  assert.equal(kindLabel({ kind: 'bot' }), 'bot');  // a bot account (#45)
  assert.equal(kindLabel({ kind: 'account' }), '');
  assert.equal(kindLabel({ name: 'an older server' }), '');
  assert.equal(kindLabel(null), '');
});
