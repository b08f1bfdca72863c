// Records the unit tests' fixtures (tests/web/fixtures/) from the real server:
//   cd tests/web && GIPF_ARENA_BIN=../../build/server/gipf-arena node --experimental-websocket record_fixtures.js [NAME...]
// (NAMEs: gipf_basic yinsh_normal cancelled moderated clocks_chat; all by default)
// Three clients, white, black and a spectator, play with fixed choices (the
// server sends the legal actions sorted, so the games come out the same every time);
// every message each one receives but `welcome` is written, in order of arrival.
// moderated.json comes from a second server with a moderator made by the
// command line: games aborted, adjudicated and resigned for a banned account
// (that account's welcome and the close of its socket are written too).
// clocks_chat.json comes from a third server with claims allowed after 1 s:
// live-clock games lost on time, claimed, aborted and rematched, with chat.
// Not a test: `node --test` leaves it alone.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = process.env.GIPF_ARENA_BIN || new URL('../../build/server/gipf-arena', import.meta.url).pathname;
const fixtures = new URL('./fixtures/', import.meta.url);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const MODERATOR = { username: 'mod1', password: 'moderator-password' };

/**
 * The server on a fresh database; with `moderator`, that account made first
 * with the command line; `args`: more flags.
 */
async function startServer({ moderator = false, args = [] } = {}) {
  const db = join(mkdtempSync(join(tmpdir(), 'gipf-arena-fixtures-')), 'fixtures.db');
  if (moderator) {
    execFileSync(bin, ['admin', 'add-account', MODERATOR.username, '--role', 'moderator', '--db', db],
      { input: `${MODERATOR.password}\n`, stdio: ['pipe', 'ignore', 'inherit'] });
  }
  const child = spawn(bin, ['--port', '0', '--db', db, '--log-level', 'warn', '--open-room-ttl', '2', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const host = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/http:\/\/([^\s/]+)\//);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`gipf-arena exited with ${code}`)));
  });
  return { host, stop: () => child.kill('SIGTERM') };
}

/** Polls until `probe` returns something. */
async function until(probe, what, timeoutMs = 10000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await pause(10)) {
    const found = probe();
    if (found) return found;
  }
  throw new Error(`no ${what} within ${timeoutMs} ms`);
}

class Client {
  /** `cookie`: the session cookie of an account (`arena_session=...`), sent with the upgrade. */
  constructor(host, name, cookie = null) {
    this.host = host;
    this.name = name;
    this.cookie = cookie;
    this.log = [];
    this.closed = null;
  }

  async open() {
    this.socket = new WebSocket(`ws://${this.host}/ws`, this.cookie ? { headers: { Cookie: this.cookie } } : undefined);
    this.socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'welcome') this.welcomed = message;
      else this.log.push(message);
    });
    this.socket.addEventListener('close', (event) => { this.closed = { code: event.code, reason: event.reason }; });
    await new Promise((resolve) => this.socket.addEventListener('open', resolve));
    this.send({ type: 'hello', protocol: 1, name: this.name });
    await until(() => this.welcomed, `welcome for ${this.name}`);
  }

  /** Sends a message; returns where the answers will start in the log. */
  send(message) {
    this.socket.send(JSON.stringify(message));
    return this.log.length;
  }

  /** The first message from log index `from` on that `found` accepts. */
  expect(found, from = 0, timeoutMs = 10000) {
    return until(() => this.log.slice(from).find(found), `message for ${this.name}`, timeoutMs);
  }

  close() { this.socket.close(); }
}

const isEvent = (kind) => (m) => m.type === 'event' && m.kind === kind;

/** `sender` sends `message`; resolves to what `watcher` receives next that `found` accepts. */
function ask(sender, message, watcher, found) {
  const from = watcher.log.length;
  sender.send(message);
  return watcher.expect(found, from);
}

/** Creates a room as white (with the time control `clock`, if any), the spectator watches, black joins. */
async function startGame({ white, black, spectator }, game, variant, clock = undefined) {
  const create = { type: 'create_room', game, variant, color: 'white' };
  if (clock) create.clock = clock;
  const made = white.send(create);
  const { room } = await white.expect((m) => m.type === 'room_created', made);
  await white.expect((m) => m.type === 'room', made);
  const watching = spectator.send({ type: 'watch', room });
  await spectator.expect((m) => m.type === 'room' && m.room.id === room, watching);
  const joining = black.send({ type: 'join_room', room });
  await black.expect((m) => m.type === 'room' && m.room.id === room, joining);
  return room;
}

/**
 * Plays `count` chosen actions, the n-th the legal action at (n * 7919) mod
 * their number; returns each colour's last action {ply, action}.
 */
async function play({ white, black }, room, count) {
  const last = {};
  let ply = 0;
  for (let n = 0; n < count; n++) {
    const legal = await until(() => [...white.log, ...black.log].find((m) => m.type === 'legal' && m.room === room && m.ply === ply), `legal at ply ${ply}`);
    const client = legal.player === 'white' ? white : black;
    const action = legal.actions[(n * 7919) % legal.actions.length];
    const from = client.send({ type: 'action', room, ply, action, think_ms: 5 });
    last[legal.player] = { ply, action };
    ply = (await client.expect((m) => m.type === 'event' && m.kind === 'action' && m.room === room, from)).ply;
  }
  return last;
}

async function clients(server) {
  const all = { white: new Client(server.host, 'Ada'), black: new Client(server.host, 'Bo'), spectator: new Client(server.host, 'Cy') };
  for (const client of Object.values(all)) await client.open();
  return all;
}

async function recordGipf(server) {
  const all = await clients(server);
  const { white, black, spectator } = all;
  const room = await startGame(all, 'gipf', 'basic');
  const last = await play(all, room, 19);
  // black sends its last action again: a duplicate
  await black.expect((m) => m.type === 'ack' && m.duplicate, black.send({ type: 'action', room, ply: last.black.ply, action: last.black.action }));
  // the spectator asks for the last three events (it has them), then from ahead of the room (a snapshot)
  const { seq } = await spectator.expect((m) => m.type === 'event' && m.ply === 20);
  await spectator.expect((m) => m.type === 'ack' && m.missed, spectator.send({ type: 'resync', room, since: seq - 3 }));
  await pause(200);
  await spectator.expect((m) => m.type === 'room', spectator.send({ type: 'resync', room, since: seq + 1000 }));
  await ask(black, { type: 'resign', room }, spectator, isEvent('resigned'));
  spectator.send({ type: 'leave', room });
  await white.expect((m) => m.type === 'spectators' && m.count === 0);
  await pause(200);
  const game = await (await fetch(`http://${server.host}/api/games/${room}`)).json();
  for (const client of Object.values(all)) client.close();
  return { ...all, game };
}

async function recordYinsh(server) {
  const all = await clients(server);
  const { white, black, spectator } = all;
  const room = await startGame(all, 'yinsh', 'normal');
  const last = await play(all, room, 12);
  await ask(white, { type: 'offer_draw', room }, black, isEvent('draw_offered'));
  await ask(black, { type: 'answer_draw', room, accept: false }, white, isEvent('draw_declined'));
  // an action for a ply that has passed: refused with stale_ply
  await ask(black, { type: 'action', room, ply: 0, action: last.black.action }, black, (m) => m.type === 'error');
  await ask(black, { type: 'offer_draw', room }, white, isEvent('draw_offered'));
  await ask(white, { type: 'answer_draw', room, accept: true }, spectator, isEvent('draw_agreed'));
  await pause(200);
  for (const client of Object.values(all)) client.close();
  return all;
}

async function recordCancelled(server) {
  const creator = new Client(server.host, 'Ada'), spectator = new Client(server.host, 'Cy');
  await creator.open();
  await spectator.open();
  const { room } = await creator.expect((m) => m.type === 'room_created', creator.send({ type: 'create_room', game: 'yinsh', variant: 'blitz', color: 'black' }));
  await spectator.expect((m) => m.type === 'room', spectator.send({ type: 'watch', room }));
  await ask(creator, { type: 'cancel_room', room }, spectator, isEvent('cancelled'));
  // the spectator asks for every event: created, cancelled
  const from = spectator.send({ type: 'resync', room, since: 0 });
  await spectator.expect(isEvent('cancelled'), from);
  const second = creator.send({ type: 'create_room', game: 'gipf', variant: 'tournament', color: 'black' });
  const { room: expiring } = await creator.expect((m) => m.type === 'room_created', second);
  await creator.expect((m) => m.type === 'event' && m.kind === 'cancelled' && m.room === expiring, second, 15000);  // --open-room-ttl
  creator.close();
  spectator.close();
  return { creator, spectator };
}

/** A request to the JSON API; resolves to {status, body, cookie} (cookie: the `name=value` it set). */
async function api(server, method, path, body, cookie) {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(`http://${server.host}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const set = response.headers.get('set-cookie');
  const answer = { status: response.status, body: text ? JSON.parse(text) : null, cookie: set ? set.split(';')[0] : null };
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return answer;
}

/**
 * Games a moderator ends: one aborted, one adjudicated (black wins), and one
 * resigned for a player whose account is banned (the account's socket is closed).
 */
async function recordModerated(server) {
  const moderator = (await api(server, 'POST', '/api/account/login', MODERATOR)).cookie;
  const all = await clients(server);
  const { white, black, spectator } = all;
  const games = {};

  games.aborted = await startGame(all, 'yinsh', 'blitz');
  await play(all, games.aborted, 4);
  const aborted = await api(server, 'POST', `/api/admin/games/${games.aborted}/abort`, { reason: 'the players asked for it' }, moderator);
  for (const client of [white, black, spectator]) await client.expect((m) => isEvent('aborted')(m) && m.room === games.aborted);

  games.adjudicated = await startGame(all, 'gipf', 'basic');
  await play(all, games.adjudicated, 4);
  const adjudicated = await api(server, 'POST', `/api/admin/games/${games.adjudicated}/adjudicate`, { result: '0-1', reason: 'white left a lost position' }, moderator);
  for (const client of [white, black, spectator]) await client.expect((m) => isEvent('adjudicated')(m) && m.room === games.adjudicated);

  // an account (signed up with the cookie, not a guest token) plays white and is banned
  const signup = await api(server, 'POST', '/api/account/signup', { username: 'Dee', password: 'dee-password' });
  const account = new Client(server.host, 'Dee', signup.cookie);
  await account.open();
  const seated = { white: account, black, spectator };
  games.banned = await startGame(seated, 'yinsh', 'normal');
  await play(seated, games.banned, 4);
  const banned = await api(server, 'POST', '/api/admin/users/Dee/ban', { minutes: 60, reason: 'abusive chat' }, moderator);
  for (const client of [black, spectator]) await client.expect((m) => isEvent('resigned')(m) && m.room === games.banned);
  await until(() => account.closed, 'the banned account\'s socket closed');
  await pause(200);
  for (const client of Object.values(all)) client.close();
  return { ...all, account, games, answers: { aborted: aborted.body, adjudicated: adjudicated.body, banned: banned.body } };
}

/**
 * Clocks, the life of a game and chat (PROTOCOL.md): a YINSH game on a live
 * clock with chat in both channels (the spectator resyncs with chat_since, a
 * player's delete_chat is refused), resigned and rematched; one aborted by a
 * player; one lost on time (2 s each); one claimed after black's socket closed
 * on its decision (the server allows claims after 1 s). `rooms` names them.
 */
async function recordClocksChat(server) {
  const all = await clients(server);
  const { white, black, spectator } = all;
  const rooms = {};
  const live = { kind: 'live', initial_ms: 60000, increment_ms: 2000 };

  rooms.chat = await startGame(all, 'yinsh', 'normal', live);
  await white.expect((m) => m.type === 'chat_history' && m.room === rooms.chat);
  await ask(white, { type: 'chat', room: rooms.chat, text: 'good luck' }, black, (m) => m.type === 'chat');
  await ask(spectator, { type: 'chat', room: rooms.chat, text: 'go white' }, white, (m) => m.type === 'chat' && m.channel === 'spectators');
  await ask(black, { type: 'chat', room: rooms.chat, text: 'thanks' }, white, (m) => m.type === 'chat' && m.text === 'thanks');
  await play(all, rooms.chat, 4);
  // a player may not delete chat; the spectator asks for what it missed since the first chat message
  await ask(white, { type: 'delete_chat', room: rooms.chat, seq: 2 }, white, (m) => m.type === 'error');
  const { seq } = await spectator.expect((m) => m.type === 'event' && m.room === rooms.chat && m.ply === 4);
  await ask(spectator, { type: 'resync', room: rooms.chat, since: seq - 2, chat_since: 1 }, spectator, (m) => m.type === 'chat_history');
  await ask(white, { type: 'rematch', room: rooms.chat }, white, (m) => m.type === 'error' && m.code === 'game_not_over');
  await ask(white, { type: 'resign', room: rooms.chat }, spectator, isEvent('resigned'));
  await ask(white, { type: 'rematch', room: rooms.chat }, black, (m) => m.type === 'rematch_offer');
  const { next } = await ask(black, { type: 'rematch', room: rooms.chat }, spectator, (m) => m.type === 'rematch');
  rooms.rematch = next;
  await black.expect((m) => m.type === 'room' && m.room.id === next, black.send({ type: 'join_room', room: next }));
  await white.expect((m) => m.type === 'room' && m.room.id === next, white.send({ type: 'join_room', room: next }));

  rooms.aborted = await startGame(all, 'yinsh', 'normal', live);
  await play(all, rooms.aborted, 1);
  await ask(black, { type: 'abort', room: rooms.aborted }, white, (m) => isEvent('aborted')(m) && m.room === rooms.aborted);

  rooms.timeout = await startGame(all, 'yinsh', 'normal', { kind: 'live', initial_ms: 2000, increment_ms: 0 });
  await play(all, rooms.timeout, 2);
  for (const client of [white, black, spectator]) await client.expect((m) => isEvent('timeout')(m) && m.room === rooms.timeout, 0, 15000);

  // black leaves on its decision: white is told when it may claim, and claims
  rooms.claimed = await startGame(all, 'yinsh', 'normal', live);
  await play(all, rooms.claimed, 3);
  black.close();
  const gone = await white.expect((m) => m.type === 'opponent_gone' && m.room === rooms.claimed);
  await until(() => Date.now() >= gone.claim_at, 'the moment to claim', 15000);
  await ask(white, { type: 'claim_victory', room: rooms.claimed }, spectator, (m) => isEvent('claimed')(m) && m.room === rooms.claimed);
  await pause(200);
  for (const client of [white, spectator]) client.close();
  return { ...all, rooms };
}

/** One message a line, so that a diff shows what changed. */
function write(name, parts) {
  const body = Object.entries(parts).map(([key, value]) => (Array.isArray(value)
    ? `${JSON.stringify(key)}: [\n${value.map((m) => JSON.stringify(m)).join(',\n')}\n]`
    : `${JSON.stringify(key)}: ${JSON.stringify(value)}`));
  writeFileSync(new URL(name, fixtures), `{\n${body.join(',\n')}\n}\n`);
}

const wanted = new Set(process.argv.slice(2));
const recording = (name) => wanted.size === 0 || wanted.has(name);

if (['gipf_basic', 'yinsh_normal', 'cancelled'].some(recording)) {
  const server = await startServer();
  try {
    if (recording('gipf_basic')) {
      const gipf = await recordGipf(server);
      write('gipf_basic.json', { white: gipf.white.log, black: gipf.black.log, spectator: gipf.spectator.log });
      write('gipf_basic_game.json', { game: gipf.game });
    }
    if (recording('yinsh_normal')) {
      const yinsh = await recordYinsh(server);
      write('yinsh_normal.json', { white: yinsh.white.log, black: yinsh.black.log, spectator: yinsh.spectator.log });
    }
    if (recording('cancelled')) {
      const cancelled = await recordCancelled(server);
      write('cancelled.json', { creator: cancelled.creator.log, spectator: cancelled.spectator.log });
    }
  } finally {
    server.stop();
  }
}
if (recording('moderated')) {
  const moderated = await startServer({ moderator: true });
  try {
    const m = await recordModerated(moderated);
    write('moderated.json', {
      games: m.games, white: m.white.log, black: m.black.log, spectator: m.spectator.log,
      account: m.account.log, account_welcome: m.account.welcomed, account_closed: m.account.closed, answers: m.answers,
    });
  } finally {
    moderated.stop();
  }
}
if (recording('clocks_chat')) {
  const server = await startServer({ args: ['--claim-after-seconds', '1'] });
  try {
    const c = await recordClocksChat(server);
    write('clocks_chat.json', { rooms: c.rooms, white: c.white.log, black: c.black.log, spectator: c.spectator.log });
  } finally {
    server.stop();
  }
}
