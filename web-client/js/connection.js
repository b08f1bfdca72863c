// The one WebSocket to the server: identifies with the stored token, reconnects
// with a growing delay, and on every reconnect asks each room it follows for the
// events and chat it missed (resync since the last seq it saw, chat_since the
// last chat seq). A signed-in browser sends
// its session cookie with the upgrade: the server then knows the account and
// ignores the token (welcome.account, welcome.token null).

export const TOKEN_KEY = 'gipf-arena-token';
const NAME_KEY = 'gipf-arena-name';

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
  }

  start() { this.open(); }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      const hello = { type: 'hello', protocol: 1 };
      const token = localStorage.getItem(TOKEN_KEY);
      const name = localStorage.getItem(NAME_KEY);
      if (token) hello.token = token;
      if (name) hello.name = name;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
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
      this.setState('reconnecting');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    });
  }

  receive(message) {
    if (message.type === 'welcome') {
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
