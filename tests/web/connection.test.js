// A hello answered with an error instead of a welcome (too many new players
// from the address, the store failing): the connection must not stay
// "connecting…" for ever on a socket that will never be identified. It closes
// it, says so, and tries again (connection.js, with a stand-in WebSocket).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, isHelloRefusal, refusalDelay } from '../../web-client/js/connection.js';
import { fakeBrowser } from './support.js';

const refusal = (code, message) => ({ type: 'error', code, message, id: 'hello' });
const welcome = { type: 'welcome', protocol: 1, id: 'hello', player: { id: 3, name: 'Guest 3' }, token: 't3', new: true };

/** A close event as the browser fires it. */
function closeEvent(code, reason = '') {
  return Object.assign(new Event('close'), { code, reason });
}

describe('a hello refused', () => {
  const { sockets } = fakeBrowser();

  /** A started connection whose first socket opened and sent its hello; `closes` counts its close() calls. */
  function opened() {
    const connection = new Connection();
    const states = [];
    connection.addEventListener('state', (e) => states.push(e.detail));
    connection.start();
    const socket = sockets[0];
    socket.closes = 0;
    socket.close = () => { socket.closes++; };
    socket.dispatchEvent(new Event('open'));
    return { connection, states, socket };
  }

  test('the hello carries an id, so that its answer is known', () => {
    const { connection, socket } = opened();
    assert.deepEqual(socket.sent[0], { type: 'hello', protocol: 1, id: 'hello' });
    connection.receive(welcome);
    assert.equal(connection.state, 'open');
    connection.stopBeating();
  });

  test('the refused socket is closed; its close reconnects, saying why, and a welcome on the next one connects', async () => {
    const { connection, states, socket } = opened();
    connection.delay = 1;
    const refused = [];
    connection.addEventListener('refused', (e) => refused.push(e.detail.code));
    connection.receive(refusal('internal', 'the server could not identify you'));
    assert.deepEqual(refused, ['internal']);
    assert.equal(socket.closes, 1, 'the socket is given up');
    assert.equal(connection.refusal.message, 'the server could not identify you');
    socket.dispatchEvent(closeEvent(1005));
    assert.deepEqual(states, ['reconnecting'], 'never "open" on the refused socket');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(sockets.length, 2, 'a new socket');
    sockets[1].dispatchEvent(new Event('open'));
    assert.equal(sockets[1].sent[0].type, 'hello');
    connection.receive(welcome);
    assert.equal(connection.state, 'open');
    assert.equal(connection.refusal, null, 'connected: nothing refused any more');
    sockets[1].dispatchEvent(closeEvent(1008, 'banned'));  // no more reconnecting after the test
  });

  test('too many new players from the address: the next hello waits a minute', () => {
    const { connection, socket } = opened();
    connection.receive(refusal('too_many_players', 'too many new players from your address lately'));
    assert.equal(connection.delay, 60000);
    assert.equal(socket.closes, 1);
    connection.stopBeating();
  });

  test('a hello that raced a ban: the server\'s 1008 "banned" close ends it, no reconnect', () => {
    const { connection, states, socket } = opened();
    connection.receive(refusal('forbidden', 'this account is banned'));
    socket.dispatchEvent(closeEvent(1008, 'banned'));
    assert.deepEqual(states, ['banned']);
    assert.equal(sockets.length, 1);
  });

  test('any other error still goes to the views', () => {
    const { connection } = opened();
    const seen = [];
    connection.addEventListener('message', (e) => seen.push(e.detail.code));
    connection.receive(welcome);
    connection.receive({ type: 'error', code: 'not_your_turn', message: 'not your turn', id: 'action-1' });
    connection.receive({ type: 'error', code: 'rate_limited', message: 'slow down' });
    assert.deepEqual(seen, ['not_your_turn', 'rate_limited']);
    assert.equal(connection.state, 'open');
    assert.equal(sockets[0].closes, 0);
    connection.stopBeating();
  });
});

test('which answers refuse a hello, and how long the next one waits', () => {
  assert.equal(isHelloRefusal(refusal('internal', 'x')), true);
  assert.equal(isHelloRefusal({ type: 'error', code: 'not_identified', message: 'send hello first', id: 'ping-1' }), false);
  assert.equal(isHelloRefusal({ type: 'error', code: 'internal', message: 'x' }), false);
  assert.equal(isHelloRefusal(welcome), false);
  assert.equal(refusalDelay(refusal('too_many_players', 'x')), 60000);
  assert.equal(refusalDelay(refusal('internal', 'x')), 0, 'the usual growing delay');
});
