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
// except ratings.json, written by hand from PROTOCOL.md's "Ratings" (its `about` says what).
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

/**
 * A document just big enough for the views' h() and s() (web-client/js/ui.js):
 * elements with attributes, children, text, `dataset`, listeners and
 * querySelector(All) for simple selectors (`tag#id.class[attr="value"]`, and
 * descendants separated by spaces). Installed on globalThis (document, Node)
 * for the tests of the calling describe block, like fakeBrowser().
 */
export function fakeDocument() {
  class FakeNode {}
  class Text extends FakeNode {
    constructor(text) { super(); this.data = text; }
    get textContent() { return this.data; }
  }
  class Element extends FakeNode {
    constructor(tag, namespace = 'http://www.w3.org/1999/xhtml') {
      super();
      this.tagName = tag; this.namespaceURI = namespace; this.attributes = new Map(); this.childNodes = []; this.listeners = {};
      this.dataset = new Proxy({}, {
        get: (_, key) => this.getAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`) ?? undefined,
        set: (_, key, value) => { this.setAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value); return true; },
      });
    }
    setAttribute(name, value) { this.attributes.set(name, String(value)); }
    getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
    hasAttribute(name) { return this.attributes.has(name); }
    get id() { return this.getAttribute('id') || ''; }
    get children() { return this.childNodes.filter((n) => n instanceof Element); }
    append(...nodes) { for (const n of nodes) this.childNodes.push(n instanceof FakeNode ? n : new Text(String(n))); }
    replaceChildren(...nodes) { this.childNodes = []; this.append(...nodes); }
    contains(node) { return node === this || this.childNodes.some((n) => n instanceof Element && n.contains(node)); }
    addEventListener(type, listener) { (this.listeners[type] ||= []).push(listener); }
    dispatch(type, event = {}) { for (const listener of this.listeners[type] || []) listener({ target: this, preventDefault() {}, stopPropagation() {}, ...event }); }
    get textContent() { return this.childNodes.map((n) => n.textContent).join(''); }
    set textContent(text) { this.replaceChildren(String(text)); }
    matches(compound) {
      const parts = compound.match(/^([a-z0-9-]+)?((?:#[\w-]+|\.[\w-]+|\[[^\]]+\])*)$/i);
      if (!parts) throw new Error(`the fake document does not read the selector "${compound}"`);
      if (parts[1] && parts[1].toLowerCase() !== this.tagName.toLowerCase()) return false;
      for (const [piece] of parts[2].matchAll(/#[\w-]+|\.[\w-]+|\[[^\]]+\]/g)) {
        if (piece[0] === '#' && this.id !== piece.slice(1)) return false;
        if (piece[0] === '.' && !(this.getAttribute('class') || '').split(/\s+/).includes(piece.slice(1))) return false;
        if (piece[0] === '[') {
          const [, name, value] = piece.match(/^\[([\w-]+)(?:="([^"]*)")?\]$/);
          if (!this.hasAttribute(name) || (value !== undefined && this.getAttribute(name) !== value)) return false;
        }
      }
      return true;
    }
    descendants() { return this.children.flatMap((c) => [c, ...c.descendants()]); }
    querySelectorAll(selector) {
      const steps = selector.trim().split(/\s+/);
      let found = [this];
      for (const step of steps) found = [...new Set(found.flatMap((n) => n.descendants()).filter((n) => n.matches(step)))];
      return found;
    }
    querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
  }
  const saved = {};
  beforeEach(() => {
    for (const key of ['document', 'Node']) saved[key] = Object.getOwnPropertyDescriptor(globalThis, key);
    const document = {
      title: '',
      createElement: (tag) => new Element(tag),
      createElementNS: (namespace, tag) => new Element(tag, namespace),
      createTextNode: (text) => new Text(text),
    };
    Object.defineProperty(globalThis, 'document', { value: document, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'Node', { value: FakeNode, configurable: true, writable: true });
  });
  afterEach(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete globalThis[key];
    }
  });
  return { root: () => new Element('main') };
}
