// Helpers for the web client's unit tests. The fixtures are messages recorded
// from the real server (gipf-arena, protocol version 1) by record_fixtures.js:
// what each client (white, black, a spectator) received, in order, but `welcome`.
//   gipf_basic.json       a GIPF basic game with a forced removal, a duplicate
//                         action, a spectator's resync (missed, then snapshot)
//                         and a resignation
//   gipf_basic_game.json  the same game from GET /api/games/ID
//   yinsh_normal.json     a YINSH game: placements, a draw offered and declined,
//                         one offered and agreed, a stale action refused
//   cancelled.json        a room cancelled by its creator, one expired
//   moderated.json        games a moderator ended (aborted, adjudicated) and one
//                         resigned for a banned account, with that account's
//                         welcome and the close of its socket; `games` names the rooms
// Every fixture is deep-frozen, so a reducer that writes to its input throws.
import { readFileSync } from 'node:fs';
import { beforeEach, afterEach } from 'node:test';
import { reduce } from '../../web-client/js/room_state.js';

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A fixture file of tests/web/fixtures, parsed and frozen. */
export function fixture(name) {
  return deepFreeze(JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')));
}

/** The room after the messages, in order. */
export function fold(messages, state = null) {
  return messages.reduce((room, message) => reduce(room, message), state);
}

/** The messages before the first that `found` accepts (all of them if none). */
export function before(messages, found) {
  const index = messages.findIndex(found);
  return index < 0 ? messages : messages.slice(0, index);
}

/** The first message that `found` accepts; fails the test if there is none. */
export function first(messages, found) {
  const message = messages.find(found);
  if (!message) throw new Error('no such message in the fixture');
  return message;
}

export const isEvent = (kind, seq) => (m) => m.type === 'event' && m.kind === kind && (seq === undefined || m.seq === seq);
export const isType = (type) => (m) => m.type === type;

/**
 * A browser's WebSocket, localStorage and location faked on globalThis for the
 * tests of the calling describe block: installed before each test, the real
 * ones (if any) put back after. `sockets` lists the sockets opened (each with
 * the messages it `sent`), `store` is localStorage; both are emptied before
 * each test.
 */
export function fakeBrowser() {
  const sockets = [];
  const store = new Map();
  const saved = {};
  class FakeSocket extends EventTarget {
    static OPEN = 1;
    constructor(url) { super(); this.url = url; this.readyState = 1; this.sent = []; sockets.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() {}
  }
  beforeEach(() => {
    sockets.length = 0;
    store.clear();
    for (const key of ['WebSocket', 'localStorage', 'location']) saved[key] = Object.getOwnPropertyDescriptor(globalThis, key);
    Object.defineProperty(globalThis, 'WebSocket', { value: FakeSocket, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, writable: true, value: {
      getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) } });
    Object.defineProperty(globalThis, 'location', { value: { protocol: 'http:', host: 'arena.test' }, configurable: true, writable: true });
  });
  afterEach(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete globalThis[key];
    }
  });
  return { sockets, store };
}
