// The client's account pieces that run without a page: the JSON API helpers
// (web-client/js/api.js), the connection's welcome for an account and its ban
// (connection.js, with a stand-in WebSocket and localStorage), and the words for
// games ended by a moderator or a ban (game_view.js, games/index.js).
import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { postJson, getJson, ApiError, untilOf, credentialsProblem, mayActOn, isStaff, profilePath, USERNAME_PATTERN } from '../../web-client/js/api.js';
import { Connection, TOKEN_KEY } from '../../web-client/js/connection.js';
import { endingText, challengeable } from '../../web-client/js/game_view.js';
import { resultText } from '../../web-client/js/games/index.js';
import { gipf } from '../../web-client/js/games/gipf.js';
import { yinsh } from '../../web-client/js/games/yinsh.js';
import { fixture, fakeBrowser } from './support.js';

const moderated = fixture('moderated.json');

describe('the JSON API', () => {
  const realFetch = globalThis.fetch;
  let calls;
  const answer = (status, body, headers = {}) => {
    globalThis.fetch = async (path, init) => {
      calls.push({ path, init });
      return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
        { status, headers: { 'Content-Type': 'application/json', ...headers } });
    };
  };
  beforeEach(() => { calls = []; });
  afterEach(() => { globalThis.fetch = realFetch; });

  test('a POST is JSON, with the session cookie', async () => {
    answer(201, { account: { id: 3, username: 'ada', role: 'player' } });
    const body = await postJson('/api/account/signup', { username: 'ada', password: 'correct horse', guest_token: 'abc' });
    assert.deepEqual(body, { account: { id: 3, username: 'ada', role: 'player' } });
    assert.equal(calls.length, 1);
    const { path, init } = calls[0];
    assert.equal(path, '/api/account/signup');
    assert.equal(init.method, 'POST');
    assert.deepEqual(init.headers, { 'Content-Type': 'application/json' });
    assert.equal(init.credentials, 'same-origin');
    assert.deepEqual(JSON.parse(init.body), { username: 'ada', password: 'correct horse', guest_token: 'abc' });
  });

  test('an empty POST sends {}; 204 is null', async () => {
    answer(204);
    assert.equal(await postJson('/api/account/logout'), null);
    assert.equal(calls[0].init.body, '{}');
  });

  test('the server\'s error comes back in its words, with its code and status', async () => {
    answer(401, { error: { code: 'bad_credentials', message: 'Wrong username or password.' } });
    await assert.rejects(postJson('/api/account/login', { username: 'ada', password: 'nope nope' }), (error) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.equal(error.code, 'bad_credentials');
      assert.equal(error.message, 'Wrong username or password.');
      return true;
    });
  });

  test('a ban\'s end, wherever the answer puts it', async () => {
    const until = Date.UTC(2031, 0, 1);
    answer(403, { error: { code: 'banned', message: 'This account is banned.', until } });
    const inside = await postJson('/x').catch((e) => e);
    assert.equal(inside.code, 'banned');
    assert.equal(untilOf(inside), until);
    answer(403, { error: { code: 'banned', message: 'This account is banned.' }, until });
    assert.equal(untilOf(await postJson('/x').catch((e) => e)), until);
    answer(403, { error: { code: 'banned', message: 'This account is banned.' } });
    assert.equal(untilOf(await postJson('/x').catch((e) => e)), null);
  });

  test('an answer that is not JSON, a 429 with Retry-After, no answer at all', async () => {
    answer(502, '<html>bad gateway</html>');
    const bad = await getJson('/api/account').catch((e) => e);
    assert.equal(bad.code, 'http_502');
    assert.match(bad.message, /502/);
    answer(429, { error: { code: 'rate_limited', message: 'Too many failed logins.' } }, { 'Retry-After': '120' });
    const limited = await postJson('/api/account/login', {}).catch((e) => e);
    assert.equal(limited.message, 'Too many failed logins. Try again in 120 s.');
    globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
    const offline = await getJson('/api/account').catch((e) => e);
    assert.equal(offline.code, 'network');
    assert.equal(offline.status, 0);
  });

  test('a GET carries the cookie and no body', async () => {
    answer(200, { users: [], page: 1, per_page: 50, total: 0 });
    await getJson('/api/admin/users?q=&page=1');
    assert.equal(calls[0].init.method, 'GET');
    assert.equal(calls[0].init.credentials, 'same-origin');
    assert.equal(calls[0].init.body, undefined);
  });
});

describe('usernames, passwords, roles', () => {
  test('usernames: 3–20 of A–Z a–z 0–9 _ -', () => {
    for (const good of ['abc', 'Alice_99', 'a-b', 'x'.repeat(20)]) assert.ok(USERNAME_PATTERN.test(good), good);
    for (const bad of ['ab', 'x'.repeat(21), 'al ice', 'élodie', 'a<b', 'ab\n', '']) assert.ok(!USERNAME_PATTERN.test(bad), bad);
  });

  test('a problem in words before asking the server', () => {
    assert.equal(credentialsProblem('alice', 'long enough'), '');
    assert.match(credentialsProblem('al', 'long enough'), /3 to 20/);
    assert.match(credentialsProblem('alice', 'short'), /at least 8/);
    assert.equal(credentialsProblem('alice', 'ééééé'), '', 'eight bytes of UTF-8 are enough');
    assert.match(credentialsProblem('alice', 'x'.repeat(129)), /at most 128/);
    assert.match(credentialsProblem('alice', 'é'.repeat(65)), /at most 128/, 'bytes, not characters');
  });

  test('who moderates, and whom', () => {
    const admin = { id: 1, role: 'admin' }, mod = { id: 2, role: 'moderator' }, player = { id: 3, role: 'player' };
    assert.ok(isStaff(admin) && isStaff(mod));
    assert.ok(!isStaff(player) && !isStaff(null));
    assert.ok(mayActOn(mod, player));
    assert.ok(!mayActOn(mod, { id: 4, role: 'moderator' }), 'a moderator acts only on players');
    assert.ok(!mayActOn(mod, admin));
    assert.ok(mayActOn(admin, mod) && mayActOn(admin, player));
    assert.ok(!mayActOn(admin, { id: 5, role: 'admin' }), 'never on an admin');
    assert.ok(!mayActOn(admin, admin), 'never on themselves');
    assert.ok(!mayActOn(player, { id: 6, role: 'player' }));
  });

  test('profile links', () => {
    assert.equal(profilePath('Alice_99'), '/@/Alice_99');
    assert.equal(profilePath('a/b?c'), '/@/a%2Fb%3Fc');
  });
});

describe('the connection of an account', () => {
  const { sockets, store } = fakeBrowser();

  const welcome = (fields) => ({ type: 'welcome', protocol: 1, player: { id: 7, name: 'ada' }, new: false, ...fields });

  test('the welcome the server sends an account (recorded)', () => {
    const recorded = moderated.account_welcome;
    assert.equal(recorded.token, null);
    assert.deepEqual(recorded.account, { id: 2, role: 'player', username: 'Dee' });
    store.set(TOKEN_KEY, 'kept');
    const connection = new Connection();
    connection.receive(structuredClone(recorded));
    assert.equal(store.get(TOKEN_KEY), 'kept');
    assert.deepEqual(connection.account, recorded.account);
    assert.equal(connection.player.name, 'Dee');
  });

  test('a guest\'s welcome stores the token; an account\'s (token null) keeps the guest\'s', () => {
    const guest = new Connection();
    guest.receive(welcome({ token: 'guest-token', account: null }));
    assert.equal(store.get(TOKEN_KEY), 'guest-token');
    assert.equal(guest.account, null);
    const signedIn = new Connection();
    const account = { id: 4, username: 'ada', role: 'moderator' };
    const seen = [];
    signedIn.addEventListener('welcome', (e) => seen.push(e.detail));
    signedIn.receive(welcome({ token: null, account }));
    assert.equal(store.get(TOKEN_KEY), 'guest-token', 'never overwritten with null');
    assert.deepEqual(signedIn.account, account);
    assert.deepEqual(seen[0].account, account);
    assert.equal(signedIn.state, 'open');
  });

  test('closed with 1008 banned: no reconnecting, the page is told', () => {
    const connection = new Connection();
    const states = [];
    let banned = 0;
    connection.addEventListener('state', (e) => states.push(e.detail));
    connection.addEventListener('banned', () => banned++);
    connection.start();
    assert.equal(sockets.length, 1);
    sockets[0].dispatchEvent(new Event('open'));
    assert.equal(sockets[0].sent[0].type, 'hello');
    connection.receive(welcome({ token: null, account: { id: 4, username: 'ada', role: 'player' } }));
    const close = new Event('close');
    Object.assign(close, moderated.account_closed);  // as recorded: 1008 banned
    sockets[0].dispatchEvent(close);
    assert.equal(banned, 1);
    assert.equal(connection.state, 'banned');
    assert.equal(connection.account, null);
    assert.deepEqual(states, ['open', 'banned']);
    assert.equal(connection.send({ type: 'lobby_subscribe' }), false, 'nothing goes out any more');
  });

  test('closed for signing up or logging out (maybe in another tab): the page starts again', () => {
    for (const reason of ['signed up', 'logged out']) {
      sockets.length = 0;
      const connection = new Connection();
      const changes = [];
      connection.addEventListener('identity', (e) => changes.push(e.detail));
      connection.start();
      const close = new Event('close');
      Object.assign(close, { code: 1008, reason });
      sockets[0].dispatchEvent(close);
      assert.deepEqual(changes, [reason]);
      assert.notEqual(connection.state, 'reconnecting', 'no reconnect as the old identity');
    }
  });

  test('any other close reconnects as before', async () => {
    const connection = new Connection();
    connection.delay = 1;
    let banned = 0;
    connection.addEventListener('banned', () => banned++);
    connection.start();
    const close = new Event('close');
    Object.assign(close, { code: 1008, reason: 'rate limited' });
    sockets[0].dispatchEvent(close);
    assert.equal(connection.state, 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(sockets.length, 2, 'a new socket');
    assert.equal(banned, 0);
    const end = new Event('close');
    Object.assign(end, { code: 1008, reason: 'banned' });
    sockets[1].dispatchEvent(end);  // no more reconnecting (nor a connect timeout) after the test
  });
});

describe('games ended by a moderator or a ban, in words', () => {
  const seats = { white: { id: 1, name: 'Ada' }, black: { id: 2, name: 'Bo' } };

  test('aborted, adjudicated, resigned for a ban', () => {
    assert.equal(endingText({ seats, result: null, ending: { kind: 'aborted', note: 'asked by both' } }),
      'The game was aborted by a moderator: asked by both');
    assert.equal(endingText({ seats, result: { winner: 'white', reason: 'adjudication' }, ending: { kind: 'adjudicated', note: 'Bo left' } }),
      'The result was set by a moderator: Bo left');
    assert.equal(endingText({ seats, result: { winner: 'white', reason: 'resignation' }, ending: { kind: 'resigned', note: 'banned' } }),
      'Black (Bo) was banned: the game counts as resigned.');
    assert.equal(endingText({ seats, result: { winner: 'white', reason: 'resignation' }, ending: null }), null);
  });

  test('an adjudicated result', () => {
    assert.equal(resultText({ winner: 'black', reason: 'adjudication' }, gipf), 'Black wins by a moderator\'s decision.');
    assert.equal(resultText({ winner: null, reason: 'adjudication' }, yinsh), 'Drawn by a moderator\'s decision.');
  });
});

test('a game\'s player list offers to challenge an account or a bot, never oneself, a guest or the computer (#46)', () => {
  assert.equal(challengeable({ id: 2, name: 'bob', kind: 'account' }, false), true);
  assert.equal(challengeable({ id: 3, name: 'robo', kind: 'bot' }, false), true);
  assert.equal(challengeable({ id: 4, name: 'mod', kind: 'moderator' }, false), true);
  assert.equal(challengeable({ id: 2, name: 'bob', kind: 'account' }, true), false);
  assert.equal(challengeable({ id: 5, name: 'Guest 12', kind: 'guest' }, false), false);
  assert.equal(challengeable({ id: 6, name: 'Bot level 2', kind: 'computer' }, false), false);
  assert.equal(challengeable(null, false), false);
});

