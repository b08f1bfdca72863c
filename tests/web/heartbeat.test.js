// The connection's heartbeat (issue #15, item 6): after the welcome, a ping once
// nothing was heard for 2 s, the connection lost once nothing was heard for 5 s
// (and a ping went out 3 s before), every message heard starting the silence
// again; the clock is passed in. And which messages only answer a ping.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Heartbeat, PING_AFTER_MS, LOST_AFTER_MS } from '../../web-client/js/heartbeat.js';
import { Connection, isPingAnswer } from '../../web-client/js/connection.js';

/** What is due at each of `times`, sending the pings that are due (as the connection does). */
function run(heartbeat, times) {
  return times.map((now) => {
    const due = heartbeat.due(now);
    if (due === 'ping') heartbeat.pinged(now);
    return due;
  });
}

describe('the heartbeat', () => {
  test('the protocol\'s limits: ping after 2 s, lost after 5 s', () => {
    assert.equal(PING_AFTER_MS, 2000);
    assert.equal(LOST_AFTER_MS, 5000);
  });

  test('nothing is due before the welcome, nor after a stop', () => {
    const heartbeat = new Heartbeat();
    assert.deepEqual(run(heartbeat, [0, 3000, 60000]), [null, null, null]);
    heartbeat.heard(1000);
    assert.equal(heartbeat.due(60000), null, 'a message before the start starts nothing');
    heartbeat.start(100000);
    heartbeat.stop();
    assert.equal(heartbeat.due(200000), null);
  });

  test('a silent connection: a ping at 2 s, another at 4 s, lost at 5 s', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(1000);
    assert.deepEqual(run(heartbeat, [1000, 2999, 3000, 3250, 4999, 5000, 5999]),
      [null, null, 'ping', null, null, 'ping', null]);
    assert.equal(heartbeat.due(6000), 'lost');
    assert.equal(heartbeat.due(9000), 'lost', 'and stays lost while a late answer may still come');
    assert.equal(heartbeat.due(15999), 'lost');
    assert.equal(heartbeat.due(16000), 'give-up', '15 s of silence: the socket is given up');
  });

  test('a late answer after "lost" ends the silence: no reconnect', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(0);
    run(heartbeat, [2000, 4000]);
    assert.equal(heartbeat.due(5000), 'lost');
    heartbeat.heard(7000);
    assert.equal(heartbeat.due(7000), null);
    assert.equal(heartbeat.due(16000), 'ping', 'a new silence starts with a ping');
  });

  test('every message heard starts the silence again', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(0);
    assert.deepEqual(run(heartbeat, [1500, 2000]), [null, 'ping']);
    heartbeat.heard(2100);  // the pong
    assert.deepEqual(run(heartbeat, [4000, 4100, 6000, 6100]), [null, 'ping', null, 'ping']);
    heartbeat.heard(7000);
    assert.deepEqual(run(heartbeat, [8999, 9000, 10999, 11000, 11999, 12000]), [null, 'ping', null, 'ping', null, 'lost'],
      'lost 3 s after the first ping of the silence, however many followed');
  });

  test('a busy connection is never pinged', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(0);
    const due = [];
    for (let now = 0; now < 60000; now += 250) {
      if (now % 1500 === 0) heartbeat.heard(now);
      due.push(heartbeat.due(now));
    }
    assert.deepEqual(due.filter(Boolean), []);
  });

  test('a check that comes late (a background tab\'s timer) pings before it gives up', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(0);
    assert.equal(heartbeat.due(60000), 'ping', 'a minute of silence, never asked: ask first');
    heartbeat.pinged(60000);
    assert.deepEqual(run(heartbeat, [61999, 62000, 62999]), [null, 'ping', null]);
    assert.equal(heartbeat.due(63000), 'lost', 'asked 3 s ago and still silent');
  });

  test('a start (the welcome of a new socket) forgets the old silence and ping', () => {
    const heartbeat = new Heartbeat();
    heartbeat.start(0);
    run(heartbeat, [2000, 4000]);
    assert.equal(heartbeat.due(5000), 'lost');
    heartbeat.start(8000);
    assert.deepEqual(run(heartbeat, [9999, 10000]), [null, 'ping']);
  });

  test('other limits', () => {
    const heartbeat = new Heartbeat({ pingAfter: 100, lostAfter: 300 });
    heartbeat.start(0);
    assert.deepEqual(run(heartbeat, [99, 100, 199, 200, 299, 300]), [null, 'ping', null, 'ping', null, 'lost']);
  });
});

describe('the answers to a ping', () => {
  test('a pong, with or without the ping\'s id', () => {
    assert.equal(isPingAnswer({ type: 'pong' }), true);
    assert.equal(isPingAnswer({ type: 'pong', id: 'ping-3' }), true);
  });

  test('the error of a server that has no ping, by the ping\'s id', () => {
    assert.equal(isPingAnswer({ type: 'error', code: 'bad_message', message: 'unknown message type "ping"', id: 'ping-12' }), true);
  });

  test('any other error is for the views', () => {
    assert.equal(isPingAnswer({ type: 'error', code: 'not_your_turn', message: 'not your turn', id: 'action-4' }), false);
    assert.equal(isPingAnswer({ type: 'error', code: 'rate_limited', message: 'slow down' }), false);
    assert.equal(isPingAnswer({ type: 'error', code: 'x', message: 'y', id: 'ping-' }), false);
    assert.equal(isPingAnswer({ type: 'error', code: 'x', message: 'y', id: 7 }), false);
    assert.equal(isPingAnswer({ type: 'event', id: 'ping-1' }), false);
  });
});

test('the connection passes no answer to a ping on to the views', () => {
  const connection = new Connection();
  const seen = [];
  connection.addEventListener('message', (e) => seen.push(e.detail));
  connection.receive({ type: 'pong', id: 'ping-1' });
  connection.receive({ type: 'error', code: 'bad_message', message: 'unknown message type', id: 'ping-2' });
  connection.receive({ type: 'error', code: 'not_your_turn', message: 'not your turn', id: 'action-3' });
  assert.deepEqual(seen.map((m) => m.id), ['action-3']);
});
