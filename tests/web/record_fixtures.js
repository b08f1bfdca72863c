// Records the unit tests' fixtures (tests/web/fixtures/) from the real server:
//   cd tests/web && GIPF_ARENA_BIN=../../build/server/gipf-arena node --experimental-websocket record_fixtures.js
// Three clients, white, black and a spectator, play with fixed choices (the
// server sends the legal actions sorted, so the games come out the same every time);
// every message each one receives but `welcome` is written, in order of arrival.
// Not a test: `node --test` leaves it alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = process.env.GIPF_ARENA_BIN || new URL('../../build/server/gipf-arena', import.meta.url).pathname;
const fixtures = new URL('./fixtures/', import.meta.url);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer() {
  const db = join(mkdtempSync(join(tmpdir(), 'gipf-arena-fixtures-')), 'fixtures.db');
  const child = spawn(bin, ['--port', '0', '--db', db, '--log-level', 'warn', '--open-room-ttl', '2'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  constructor(host, name) {
    this.host = host;
    this.name = name;
    this.log = [];
  }

  async open() {
    this.socket = new WebSocket(`ws://${this.host}/ws`);
    this.socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'welcome') this.welcomed = true;
      else this.log.push(message);
    });
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

/** Creates a room as white, the spectator watches, black joins. */
async function startGame({ white, black, spectator }, game, variant) {
  const { room } = await white.expect((m) => m.type === 'room_created', white.send({ type: 'create_room', game, variant, color: 'white' }));
  await white.expect((m) => m.type === 'room');
  await spectator.expect((m) => m.type === 'room', spectator.send({ type: 'watch', room }));
  await black.expect((m) => m.type === 'room', black.send({ type: 'join_room', room }));
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
    const from = client.send({ type: 'action', room, ply, action });
    last[legal.player] = { ply, action };
    ply = (await client.expect((m) => m.type === 'event' && m.kind === 'action', from)).ply;
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

/** One message a line, so that a diff shows what changed. */
function write(name, parts) {
  const body = Object.entries(parts).map(([key, value]) => (Array.isArray(value)
    ? `${JSON.stringify(key)}: [\n${value.map((m) => JSON.stringify(m)).join(',\n')}\n]`
    : `${JSON.stringify(key)}: ${JSON.stringify(value)}`));
  writeFileSync(new URL(name, fixtures), `{\n${body.join(',\n')}\n}\n`);
}

const server = await startServer();
try {
  const gipf = await recordGipf(server);
  write('gipf_basic.json', { white: gipf.white.log, black: gipf.black.log, spectator: gipf.spectator.log });
  write('gipf_basic_game.json', { game: gipf.game });
  const yinsh = await recordYinsh(server);
  write('yinsh_normal.json', { white: yinsh.white.log, black: yinsh.black.log, spectator: yinsh.spectator.log });
  const cancelled = await recordCancelled(server);
  write('cancelled.json', { creator: cancelled.creator.log, spectator: cancelled.spectator.log });
} finally {
  server.stop();
}
