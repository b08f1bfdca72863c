// The one WebSocket to the server: identifies with the stored token, reconnects
// with a growing delay, and on every reconnect asks each room it follows for the
// events and chat it missed (resync since the last seq it saw, chat_since the
// last chat seq). A signed-in browser sends
// its session cookie with the upgrade: the server then knows the account and
// ignores the token (welcome.account, welcome.token null).
// A quiet connection is asked with a `ping` (heartbeat.js says when); one that
// stays silent is taken for lost, closed and opened again, as if the server had
// closed it. The answers to pings are not passed on to the views.
// A hello answered with an error instead of a welcome (too many new players
// from this address, a store failing) leaves the socket useless: it is closed
// and another tried later, the refusal kept for the page to show; before, the
// page said "connecting…" for ever.
import { Heartbeat } from './heartbeat.js';

export const TOKEN_KEY = 'gipf-arena-token';
const NAME_KEY = 'gipf-arena-name';
const HEARTBEAT_CHECK_MS = 250;  // how often the heartbeat is asked what is due
const CONNECT_TIMEOUT_MS = 10000;  // a socket still connecting after this is given up and tried again
const HELLO_ID = 'hello';  // the hello's id: the server answers it in the welcome, or in the error refusing it
const MAX_DELAY_MS = 5000;  // the reconnect delay grows up to this
// too_many_players lasts until an older new player leaves the server's hour
// window: asking every few seconds would not help sooner
const TOO_MANY_PLAYERS_DELAY_MS = 60000;

export class Connection extends EventTarget {
  constructor() {
    super();
    this.state = 'connecting';
    this.player = null;
    this.account = null;  // {id, username, role} when signed in, from welcome
    this.rooms = new Map();  // room id -> {since, chatSince}: the last event and chat seq seen
    this.delay = 500;
    this.socket = null;
    this.welcomed = false;  // a welcome came before: the next one is a reconnect
    this.heartbeat = new Heartbeat();
    this.beating = null;  // the heartbeat's timer, while a socket is open
    this.pings = 0;  // numbers the pings' ids: ping-1, ping-2, ...
    this.silent = false;  // the heartbeat found it silent: "reconnecting" shown, a late answer still welcome
    this.refusal = null;  // the error the last hello was answered with, until a welcome: why it is not connected
  }

  start() { this.open(); }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    const connecting = setTimeout(() => {
      if (this.socket !== socket || socket.readyState !== 0) return;  // 0: still CONNECTING
      this.socket = null;
      socket.close();
      this.retry();
    }, CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(connecting);
      if (this.socket !== socket) return;
      // from the open on, not from the welcome: a server that never welcomes is silent too
      // (a ping before hello is answered with not_identified, which is heard all the same)
      this.heartbeat.start(performance.now());
      this.beating = setInterval(() => this.beat(), HEARTBEAT_CHECK_MS);
      const hello = { type: 'hello', protocol: 1, id: HELLO_ID };
      const token = localStorage.getItem(TOKEN_KEY);
      const name = localStorage.getItem(NAME_KEY);
      if (token) hello.token = token;
      if (name) hello.name = name;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;  // a socket given up as lost
      this.heartbeat.heard(performance.now());
      if (this.silent) { this.silent = false; this.setState('open'); }  // only slow, not gone
      this.receive(JSON.parse(event.data));
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(connecting);
      if (this.socket !== socket) return;
      this.stopBeating();
      if (event.code === 1008 && event.reason === 'banned') {
        // the account was banned: its session is gone, reconnecting would make a guest
        this.socket = null;
        this.account = null;
        this.setState('banned');
        this.dispatchEvent(new CustomEvent('banned'));
        return;
      }
      if (event.code === 1008 && ['signed up', 'logged out', 'role changed'].includes(event.reason)) {
        // this browser signed up or logged out (maybe in another tab), or an
        // admin changed the account's role: the page reloads (see main.js) as
        // whoever it is now rather than reconnect
        this.socket = null;
        this.dispatchEvent(new CustomEvent('identity', { detail: event.reason }));
        return;
      }
      this.retry();
    });
  }

  /** Opens a new socket after the current delay, which grows for the next time. */
  retry() {
    this.setState('reconnecting');
    setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  /** Pings a quiet connection; gives up on a silent one (its close, whenever it comes, is ignored). */
  beat() {
    const now = performance.now();
    const due = this.heartbeat.due(now);
    if (!due || !this.socket) return;
    if (due === 'ping') {
      if (this.socket.readyState !== WebSocket.OPEN) return;
      this.pings += 1;
      this.socket.send(JSON.stringify({ type: 'ping', id: `ping-${this.pings}` }));
      this.heartbeat.pinged(now);
      return;
    }
    if (due === 'lost') {
      // silent too long: say so and send nothing more; a late answer brings it back
      if (this.state === 'open') { this.silent = true; this.setState('reconnecting'); }
      return;
    }
    const socket = this.socket;
    this.socket = null;
    this.stopBeating();
    socket.close();
    this.retry();
  }

  stopBeating() {
    this.silent = false;
    clearInterval(this.beating);
    this.beating = null;
    this.heartbeat.stop();
  }

  receive(message) {
    if (isPingAnswer(message)) return;
    if (isHelloRefusal(message)) return this.refused(message);
    if (message.type === 'welcome') {
      this.refusal = null;
      this.player = message.player;
      this.account = message.account || null;
      if (message.token) localStorage.setItem(TOKEN_KEY, message.token);  // null for an account: keep the guest's
      this.delay = 500;
      const reconnect = this.welcomed;
      this.welcomed = true;
      this.setState('open');
      this.dispatchEvent(new CustomEvent('welcome', { detail: { ...message, reconnect } }));
      if (reconnect) {
        for (const [room, { since, chatSince }] of this.rooms) this.send(resyncMessage(room, since, chatSince));
      }
      return;
    }
    this.dispatchEvent(new CustomEvent('message', { detail: message }));
  }

  /**
   * The hello was answered with an error: this socket will never be
   * identified. It is closed, and its close reconnects as any other does,
   * after the delay the refusal asks for. (A hello that raced a ban is also
   * closed by the server, 1008 "banned": whichever close comes first is the
   * one the page sees.)
   */
  refused(message) {
    this.refusal = message;
    this.delay = Math.max(this.delay, refusalDelay(message));
    this.dispatchEvent(new CustomEvent('refused', { detail: message }));
    this.socket?.close();
  }

  setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: state }));
  }

  /** Sends a message if connected; returns false (and sends nothing) otherwise. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || this.state !== 'open') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Remembers the last event and chat message seen in a room, for resync after a reconnect. */
  follow(room, seq, chatSeq = 0) { this.rooms.set(room, { since: seq, chatSince: chatSeq }); }

  rememberName(name) { localStorage.setItem(NAME_KEY, name); }
}

/** The resync for a room: the events since `since`, the chat since `chatSince` (left out when 0, the default). */
export function resyncMessage(room, since, chatSince = 0) {
  return chatSince > 0 ? { type: 'resync', room, since, chat_since: chatSince } : { type: 'resync', room, since };
}

/** Whether a message is the error the server answered a hello with, instead of a welcome. */
export function isHelloRefusal(message) {
  return message.type === 'error' && message.id === HELLO_ID;
}

/** The least delay before the next hello after `refusal` (0: the usual growing delay). */
export function refusalDelay(refusal) {
  return refusal.code === 'too_many_players' ? TOO_MANY_PLAYERS_DELAY_MS : 0;
}

/**
 * Whether a message only answers the heartbeat: a `pong`, or the `error` a
 * server without pings answers one with (its `id` is the ping's, `ping-N`).
 * Either way it was heard; neither is for the views.
 */
export function isPingAnswer(message) {
  if (message.type === 'pong') return true;
  return message.type === 'error' && typeof message.id === 'string' && /^ping-\d+$/.test(message.id);
}
