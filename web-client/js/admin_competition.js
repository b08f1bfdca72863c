// The admin console's ladders and events (protocol/PROTOCOL.md, "Ladder API",
// "Events"): create a ladder; edit, pause, reopen or close it, seed its order,
// add, remove or reinstate a player and set a game's result; create an event;
// start it, pair the next round, withdraw a player, set a result and close it.
// Each open game of the picked ladder and each pairing without a result of the
// picked event has its own result buttons, confirmed in words that name the
// game and the result; only the commands the picked one's state allows are offered.
// The body builders below check the form before asking the server, which
// checks everything again and audits every command. Admins only.
import { h, messageLine, table } from './ui.js';
import { getJson, postJson, patchJson, USERNAME_PATTERN } from './api.js';
import { PERFS, perfLabel } from './ratings.js';
import { clockPicker } from './clock_form.js';
import { ladderPath, eventPath, refusalText } from './competition.js';
import { LADDER_STATUS } from './ladders.js';
import { EVENT_KINDS } from './events.js';
import { gameModule } from './games/index.js';

const RESULTS = [['1-0', 'White wins (1-0)'], ['0-1', 'Black wins (0-1)'], ['1/2-1/2', 'Draw (1/2-1/2, YINSH)']];

/** {game, variant} of a pool ("yinsh:blitz"). */
const pool = (perf) => { const [game, variant] = perf.split(':'); return { game, variant }; };

/** A name of 1–60 characters, or a problem. */
function nameProblem(name) {
  const length = [...name].length;
  return length < 1 || length > 60 ? 'A name has 1 to 60 characters.' : '';
}

/**
 * The body of POST /api/admin/ladders, or {problem}. `answerHours` (text):
 * how long a challenge waits for its answer, 0 to 336 hours (0: the game
 * starts at once); left out: the server's default, 48. `bots`: bot accounts
 * may join (#45; left out: they may not).
 * @param {{name: string, perf: string, clock: {clock: object|null}|{problem: string}, answerHours?: string, bots?: boolean}} form `clock`: timeControlOf's answer
 */
export function ladderCreateBody({ name, perf, clock, answerHours = '', bots = false }) {
  const trimmed = name.trim();
  const hours = String(answerHours).trim();
  const badHours = hours !== '' && !(/^\d{1,3}$/.test(hours) && Number(hours) <= 336);
  const problem = nameProblem(trimmed) || clock.problem || (clock.clock ? '' : 'A ladder game needs a clock (rated games do).')
    || (badHours ? 'The answer time is 0 to 336 hours (0: the game starts at once).' : '');
  if (problem) return { problem };
  return { body: { name: trimmed, ...pool(perf), clock: clock.clock, ...(hours === '' ? {} : { answer_hours: Number(hours) }), ...(bots ? { bots: true } : {}) } };
}

/**
 * The order of a seed from what was typed (usernames separated by lines,
 * commas or spaces), or {problem}: every username valid and at most once.
 * @param {string} text
 */
export function seedOrder(text) {
  const order = text.split(/[\s,]+/).filter(Boolean);
  const bad = order.find((name) => !USERNAME_PATTERN.test(name));
  if (bad) return { problem: `"${bad}" is not a username.` };
  const seen = new Set();
  for (const name of order) {
    if (seen.has(name.toLowerCase())) return { problem: `${name} is listed twice.` };
    seen.add(name.toLowerCase());
  }
  return { order };
}

/**
 * The body of POST /api/admin/events, or {problem}: `rounds` for Swiss
 * (1–30), `cycles` for a round robin (1 or 2), `start_minutes` 1–10080,
 * `start_at` only when given (ms since the epoch), `bots` only when bot
 * accounts may register (#45).
 * @param {{name: string, kind: string, perf: string, clock: object, rounds?: string|number,
 *   cycles?: string|number, autoPair: boolean, startMinutes: string|number, startAt?: number|null, bots?: boolean}} form
 */
export function eventCreateBody({ name, kind, perf, clock, rounds, cycles, autoPair, startMinutes, startAt = null, bots = false }) {
  const trimmed = name.trim();
  const problem = nameProblem(trimmed) || clock.problem || (clock.clock ? '' : 'An event game needs a clock (rated games do).');
  if (problem) return { problem };
  const body = { name: trimmed, kind, ...pool(perf), clock: clock.clock };
  if (kind === 'swiss') {
    const n = Number(rounds);
    if (!Number.isInteger(n) || n < 1 || n > 30) return { problem: 'A Swiss event has 1 to 30 rounds.' };
    body.rounds = n;
  } else if (kind === 'round-robin') {
    const n = Number(cycles);
    if (n !== 1 && n !== 2) return { problem: 'A round robin is single (1 cycle) or double (2).' };
    body.cycles = n;
  } else {
    return { problem: `Unknown kind "${kind}".` };
  }
  const minutes = Number(startMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10080) return { problem: 'The time to start a game is 1 to 10080 minutes.' };
  body.auto_pair = !!autoPair;
  body.start_minutes = minutes;
  if (typeof startAt === 'number' && Number.isFinite(startAt) && startAt > 0) body.start_at = startAt;
  if (bots) body.bots = true;
  return { body };
}

/** The body of a game's result (ladder or event), or {problem}. */
export function resultBody({ room, result, reason }) {
  const id = room.trim();
  if (!/^[a-z0-9]{1,32}$/.test(id)) return { problem: 'Enter the game\'s id (the letters and digits after ?room= in its address).' };
  if (!reason.trim()) return { problem: 'Give a reason: the players see it.' };
  return { body: { room: id, result, reason: reason.trim() } };
}

/** The results a game of `game` may get: a draw only where the game has draws (its module says). */
export function resultsFor(game) {
  let draws = true;  // a game this client does not know: every result, the server decides
  try { draws = gameModule(game).draws; } catch { /* unknown */ }
  return RESULTS.filter(([value]) => value !== '1/2-1/2' || draws);
}

/** A result in words for a confirmation: "White wins (1-0)". */
export const resultWords = (result) => (RESULTS.find(([value]) => value === result) || [result, result])[1].replace(', YINSH', '');

/**
 * The question before a game's result is set: it names the game and the result.
 * @param {{what: string, white: string, black: string, room: string, result: string, reason: string}} game
 *   `what`: "Round 2, board 1" or "Challenge"
 */
export function resultQuestion({ what, white, black, room, result, reason }) {
  return `${what}: ${white} (White) – ${black} (Black), game ${room}.\nSet the result ${resultWords(result)}?\nReason shown to the players: ${reason}`;
}

/**
 * The games an admin may decide, each with its result buttons: the event
 * pairings of every round without a result (a bye is no game), or a ladder's
 * open challenges. Rows: {what, white, black, room, href}.
 */
export function decidableEventGames(answer) {
  const games = [];
  for (const { round, pairings = [] } of (answer && answer.rounds) || []) {
    for (const p of pairings) {
      if (p.black === null || !p.room || p.result) continue;
      games.push({ what: `Round ${round}, board ${p.board}`, white: p.white, black: p.black, room: p.room });
    }
  }
  return games;
}

export function decidableLadderGames(answer) {
  // a challenge waiting for its answer or its time has no game to decide (#43)
  return ((answer && answer.challenges) || []).filter((c) => (c.state || 'playing') === 'playing').map((c) => ({
    what: `${c.challenger} challenges ${c.defender}`, white: c.white, black: c.black, room: c.room,
  }));
}

/** What an event's state allows (protocol/PROTOCOL.md, "Events"): start while registering, the next round and results while running. */
export function eventActions(status) {
  return {
    start: status === 'registering',
    nextRound: status === 'running',
    close: status === 'registering' || status === 'running',
    withdraw: status === 'registering' || status === 'running',
    results: status === 'running' || status === 'finished' || status === 'closed',
  };
}

/** What a ladder's state allows: a closed ladder does not change (409 ladder_closed). */
export function ladderActions(status) {
  const closed = status === 'closed';
  return { open: status === 'paused', pause: status === 'open', close: !closed, edit: !closed, editSet: !closed, players: !closed, results: !closed };
}

/** A labelled field in a form row. */
const row = (label, id, field, ...more) => h('div', { class: 'form-row' }, h('label', { for: id }, label), field, ...more);
const perfSelect = (id) => h('select', { id }, PERFS.map((perf) => h('option', { value: perf }, perfLabel(perf))));
const resultSelect = (id) => h('select', { id }, RESULTS.map(([value, label]) => h('option', { value }, label)));
const input = (id, attributes = {}) => h('input', { id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', ...attributes });

const shortResult = (result) => (result === '1/2-1/2' ? '½-½' : result);

/**
 * The games an admin may decide, a row each with a button per result (and a
 * link to the game); `decide(game, result)` asks and sends. `id` names the table.
 */
function gamesTable(id, games, gameName, decide) {
  if (!games.length) return h('p', { class: 'hint', id }, 'No game waits for a result.');
  return table({ class: 'standings admin-games', id }, ['Game', 'White', 'Black', 'Set the result'], games.map((g) => ({
    attributes: { 'data-room': g.room, 'data-white': g.white, 'data-black': g.black },
    cells: [h('a', { href: `/?watch=${encodeURIComponent(g.room)}` }, g.what), g.white, g.black,
      h('span', { class: 'actionbar' }, resultsFor(gameName).map(([result]) => h('button', {
        type: 'button', class: 'set-result', 'data-result': result,
        // the visible text first, then what it does and to which game
        'aria-label': `${shortResult(result)}, ${resultWords(result)}: ${g.what}, ${g.white} – ${g.black}`,
        onclick: () => decide(g, result),
      }, shortResult(result))))],
  })));
}

/**
 * A section that manages one kind of thing (ladders or events): a create
 * form, a picker of the existing ones and commands on the picked one.
 */
class Manager {
  /**
   * @param {{kind: 'ladder'|'event', list: string, path: (id: string) => string, label: (item: object) => string, onChange: () => void}} spec
   */
  constructor(spec) {
    this.spec = spec;
    this.items = [];
    this.message = messageLine(`${spec.kind}-admin-message`);
    this.picker = h('select', { id: `${spec.kind}-pick`, 'aria-label': `The ${spec.kind}` });
    this.pageLink = h('a', { id: `${spec.kind}-page-link`, href: '#' }, 'its page');
    // an event's FIDE report, for any pairing program (#43)
    this.trfLink = spec.kind === 'event' ? h('a', { id: 'event-trf-link', href: '#', download: '' }, 'its TRF') : null;
    this.picker.addEventListener('change', () => this.picked());
  }

  get id() { return this.picker.value; }

  async load(select = null) {
    try {
      const answer = await getJson(`/api/${this.spec.list}`);
      this.items = answer[this.spec.list] || [];
    } catch (error) {
      this.message.show(error.message, 'error');
      return;
    }
    const keep = select ?? this.picker.value;
    this.picker.replaceChildren(...this.items.map((item) => h('option', { value: item.id }, this.spec.label(item))));
    if (keep !== '' && this.items.some((item) => String(item.id) === String(keep))) this.picker.value = String(keep);
    this.picked();
  }

  /** The picked one as the list sent it, or null. */
  get item() { return this.items.find((item) => String(item.id) === String(this.picker.value)) || null; }

  picked() {
    this.pageLink.hidden = !this.items.length;
    if (this.items.length) this.pageLink.href = this.spec.path(this.id);
    if (this.trfLink) {
      this.trfLink.hidden = !this.items.length;
      if (this.items.length) this.trfLink.href = `/api/events/${encodeURIComponent(this.id)}/trf`;
    }
    this.spec.onPick?.(this.item);
  }

  /** Sends a command about the picked one; `done(answer)` says what happened. */
  async run(send, done) {
    if (!this.items.length) return this.message.show(`Create a ${this.spec.kind} first.`, 'error');
    try {
      const answer = await send(this.id);
      this.message.show(done(answer), 'ok');
      delete this.message.dataset.code;
      await this.load();
      this.spec.onChange();
    } catch (error) {
      this.message.show(refusalText(error), 'error');
      this.message.dataset.code = error.code;
    }
  }

  /** A check first: a problem is shown, a body is sent. */
  checked(made, send, done) {
    if (made.problem) return this.message.show(made.problem, 'error');
    return this.run((id) => send(id, made), done);
  }
}

/** The admin console's Ladders section; `onChange` runs after every command (the audit log). */
export function ladderSection(onChange) {
  const m = new Manager({
    kind: 'ladder', list: 'ladders', path: ladderPath, onChange, onPick: (ladder) => refresh(ladder),
    label: (l) => `${l.name} · ${perfLabel(`${l.game}:${l.variant}`)} · ${l.status} · ${l.players} players`,
  });
  // the open games of the picked ladder, each with its result buttons
  const gamesBox = h('div', { id: 'ladder-games-box' });
  const gameReason = input('ladder-game-reason', { maxlength: 200, autocapitalize: 'sentences', spellcheck: 'true' });
  const decide = (ladder, g, result) => {
    const reason = gameReason.value.trim();
    if (!reason) { m.message.show('Give a reason first: the players see it.', 'error'); gameReason.focus(); return; }
    if (!confirm(resultQuestion({ ...g, result, reason }))) return;
    m.run((id) => postJson(api(id, 'result'), { room: g.room, result, reason }),
      () => `${g.what} (${g.white} – ${g.black}, game ${g.room}): ${resultWords(result)}.`);
  };
  let shown = null;  // the ladder whose games are drawn
  async function refresh(ladder) {
    const allowed = ladderActions(ladder ? ladder.status : 'closed');
    for (const [key, element] of Object.entries(parts)) element.hidden = !allowed[key];
    shown = ladder ? ladder.id : null;
    if (!ladder) { gamesBox.replaceChildren(); return; }
    try {
      const answer = await getJson(`/api/ladders/${encodeURIComponent(ladder.id)}`);
      if (shown !== ladder.id) return;  // another one was picked meanwhile
      gamesBox.replaceChildren(gamesTable('ladder-games', decidableLadderGames(answer), ladder.game, (g, result) => decide(ladder, g, result)));
    } catch (error) {
      gamesBox.replaceChildren(h('p', { class: 'hint' }, `The ladder's games could not be loaded: ${error.message}`));
    }
  }
  const parts = {};
  const api = (id, command = '') => `/api/admin/ladders/${encodeURIComponent(id)}${command ? `/${command}` : ''}`;
  const standingsText = (answer) => `Standings: ${(answer.standings || []).map((s) => `${s.position}. ${s.username}`).join(', ') || 'nobody'}.`;

  // create
  const name = input('ladder-name', { maxlength: 60, required: true, autocapitalize: 'sentences', spellcheck: 'true' });
  const perf = perfSelect('ladder-perf');
  const clock = clockPicker({ id: 'ladder-clock', untimed: false });
  const answerHours = input('ladder-answer-hours', { type: 'number', min: 0, max: 336, step: 1, value: '48', inputmode: 'numeric' });
  const bots = h('input', { id: 'ladder-bots', type: 'checkbox' });
  const create = h('form', { id: 'ladder-create', onsubmit: async (e) => {
    e.preventDefault();
    const made = ladderCreateBody({ name: name.value, perf: perf.value, clock: clock.control(), answerHours: answerHours.value, bots: bots.checked });
    if (made.problem) return m.message.show(made.problem, 'error');
    try {
      const { ladder } = await postJson('/api/admin/ladders', made.body);
      m.message.replaceChildren(`Ladder ${ladder.name} created. `, h('a', { href: ladderPath(ladder.id), id: 'ladder-created-link' }, 'Open its page'));
      m.message.dataset.kind = 'ok';
      name.value = '';
      await m.load(ladder.id);
      onChange();
    } catch (error) {
      m.message.show(refusalText(error), 'error');
    }
  } },
  row('Name', 'ladder-name', name), row('Pool', 'ladder-perf', perf), row('Time control', 'ladder-clock', clock.select), ...clock.rows,
  row('Answer time (hours)', 'ladder-answer-hours', answerHours,
    h('span', { class: 'hint' }, 'how long a challenged player has to accept, choose a time or decline; 0: the game starts at once')),
  row('Bot accounts', 'ladder-bots', bots, h('span', { class: 'hint' }, 'may join (programs playing through the bot API)')),
  h('button', { class: 'primary', type: 'submit', id: 'ladder-create-submit' }, 'Create the ladder'));

  // edit: name, clock, status
  const newName = input('ladder-new-name', { maxlength: 60, autocapitalize: 'sentences', spellcheck: 'true' });
  const newClock = clockPicker({ id: 'ladder-new-clock', untimed: false });
  const patch = (body, done) => m.run((id) => patchJson(api(id), body), ({ ladder }) => done(ladder));
  const status = (value, label) => h('button', { type: 'button', id: `ladder-${value === 'open' ? 'reopen' : value === 'paused' ? 'pause' : 'close'}`, class: value === 'closed' ? 'danger' : null, onclick: () => {
    if (value === 'closed' && !confirm('Close the ladder for good? It cannot change after that.')) return;
    patch({ status: value }, (l) => `${l.name}: ${LADDER_STATUS[l.status] || l.status}.`);
  } }, label);

  // players
  const seed = h('textarea', { id: 'ladder-seed', rows: 4, placeholder: 'usernames, best first: one a line', spellcheck: 'false', autocapitalize: 'none' });
  const player = input('ladder-player', { maxlength: 20, placeholder: 'username' });
  const playerCommand = (command, words) => h('button', { type: 'button', id: `ladder-${command}`, onclick: () => {
    const username = player.value.trim();
    if (!USERNAME_PATTERN.test(username)) return m.message.show('Enter a username.', 'error');
    m.run((id) => postJson(api(id, command), { username }), (answer) => `${username} ${words}. ${standingsText(answer)}`);
  } }, command[0].toUpperCase() + command.slice(1));

  // a game's result
  const room = input('ladder-room', { maxlength: 32 });
  const result = resultSelect('ladder-result');
  const reason = input('ladder-reason', { maxlength: 200, autocapitalize: 'sentences', spellcheck: 'true' });

  const section = h('section', { class: 'panel', id: 'admin-ladders' },
    h('h2', {}, 'Ladders'),
    h('details', { class: 'moderate' }, h('summary', { id: 'ladder-create-open' }, 'Create a ladder'), create),
    m.message,
    h('div', { class: 'form-row' }, h('label', { for: 'ladder-pick' }, 'Ladder'), m.picker, m.pageLink),
    parts.editSet = h('fieldset', {}, h('legend', {}, 'Edit'),
      parts.edit = h('div', {}, row('Name', 'ladder-new-name', newName, h('button', { type: 'button', id: 'ladder-rename', onclick: () => {
        const problem = nameProblem(newName.value.trim());
        if (problem) return m.message.show(problem, 'error');
        patch({ name: newName.value.trim() }, (l) => `The ladder is now called ${l.name}.`);
      } }, 'Rename')),
      row('Time control', 'ladder-new-clock', newClock.select, h('button', { type: 'button', id: 'ladder-set-clock', onclick: () => {
        const control = newClock.control();
        if (control.problem) return m.message.show(control.problem, 'error');
        patch({ clock: control.clock }, (l) => `${l.name}: later games are played with the new clock.`);
      } }, 'Set the clock')),
      ...newClock.rows),
      h('div', { class: 'actionbar' }, parts.open = status('open', 'Open'), parts.pause = status('paused', 'Pause'), parts.close = status('closed', 'Close')),
      h('div', { class: 'actionbar' },
        h('button', { type: 'button', id: 'ladder-bots-on', onclick: () => patch({ bots: true }, (l) => `${l.name}: bot accounts may join.`) }, 'Let bot accounts join'),
        h('button', { type: 'button', id: 'ladder-bots-off', onclick: () => patch({ bots: false }, (l) => `${l.name}: bot accounts may not join (those on it stay).`) }, 'Keep bot accounts out'))),
    parts.players = h('fieldset', {}, h('legend', {}, 'Players'),
      row('Seed', 'ladder-seed', seed, h('button', { type: 'button', id: 'ladder-seed-submit', onclick: () => {
        const made = seedOrder(seed.value);
        if (made.problem) return m.message.show(made.problem, 'error');
        m.run((id) => postJson(api(id, 'seed'), { order: made.order }), (answer) => `Seeded. ${standingsText(answer)}`);
      } }, 'Set this order')),
      row('Player', 'ladder-player', player, playerCommand('add', 'joins at the bottom'), playerCommand('remove', 'is removed'), playerCommand('reinstate', 'is active again'))),
    parts.results = h('fieldset', {}, h('legend', {}, 'Open games: set a result'),
      row('Reason', 'ladder-game-reason', gameReason, h('span', { class: 'hint' }, 'shown to the players')),
      gamesBox,
      h('details', { class: 'moderate' }, h('summary', {}, 'Another game, by its id'),
        row('Game id', 'ladder-room', room), row('Result', 'ladder-result', result), row('Reason', 'ladder-reason', reason),
        h('button', { type: 'button', id: 'ladder-result-submit', onclick: () => {
          const made = resultBody({ room: room.value, result: result.value, reason: reason.value });
          if (!made.problem && !confirm(`Game ${made.body.room}: set the result ${resultWords(made.body.result)}?`)) return;
          m.checked(made, (id, { body }) => postJson(api(id, 'result'), body), () => `The game ${room.value.trim()} is decided: ${resultWords(result.value)}.`);
        } }, 'Set the result'))));
  m.load();
  return section;
}

/** The admin console's Events section. */
export function eventSection(onChange) {
  const m = new Manager({
    kind: 'event', list: 'events', path: eventPath, onChange, onPick: (event) => refresh(event),
    label: (e) => `${e.name} · ${EVENT_KINDS[e.kind] || e.kind} · ${e.status}${e.current_round ? ` · round ${e.current_round}` : ''} · ${e.players} players`,
  });
  const api = (id, command) => `/api/admin/events/${encodeURIComponent(id)}/${command}`;
  const eventText = ({ event }) => `${event.name}: ${event.status}${event.current_round ? `, round ${event.current_round}${event.rounds ? ` of ${event.rounds}` : ''}` : ''}.`;

  const name = input('event-name', { maxlength: 60, autocapitalize: 'sentences', spellcheck: 'true' });
  const kind = h('select', { id: 'event-kind' }, Object.entries(EVENT_KINDS).map(([value, label]) => h('option', { value }, label)));
  const perf = perfSelect('event-perf');
  const clock = clockPicker({ id: 'event-clock', untimed: false });
  const rounds = input('event-rounds', { type: 'number', min: 1, max: 30, value: 5, inputmode: 'numeric' });
  const cycles = h('select', { id: 'event-cycles' }, h('option', { value: 1 }, 'single (1 cycle)'), h('option', { value: 2 }, 'double (2 cycles, colours swapped)'));
  const autoPair = h('input', { id: 'event-auto-pair', type: 'checkbox' });
  const bots = h('input', { id: 'event-bots', type: 'checkbox' });
  const startMinutes = input('event-start-minutes', { type: 'number', min: 1, max: 10080, value: 10, inputmode: 'numeric' });
  const startAt = input('event-start-at', { type: 'datetime-local' });
  const roundsRow = row('Rounds', 'event-rounds', rounds);
  const cyclesRow = row('Cycles', 'event-cycles', cycles);
  const refreshKind = () => { roundsRow.hidden = kind.value !== 'swiss'; cyclesRow.hidden = kind.value !== 'round-robin'; };
  kind.addEventListener('change', refreshKind);
  refreshKind();
  const create = h('form', { id: 'event-create', onsubmit: async (e) => {
    e.preventDefault();
    const made = eventCreateBody({
      name: name.value, kind: kind.value, perf: perf.value, clock: clock.control(), rounds: rounds.value, cycles: cycles.value,
      autoPair: autoPair.checked, startMinutes: startMinutes.value, startAt: startAt.value ? new Date(startAt.value).getTime() : null, bots: bots.checked,
    });
    if (made.problem) return m.message.show(made.problem, 'error');
    try {
      const { event } = await postJson('/api/admin/events', made.body);
      m.message.replaceChildren(`Event ${event.name} created: registration is open. `, h('a', { href: eventPath(event.id), id: 'event-created-link' }, 'Open its page'));
      m.message.dataset.kind = 'ok';
      name.value = '';
      await m.load(event.id);
      onChange();
    } catch (error) {
      m.message.show(refusalText(error), 'error');
    }
  } },
  row('Name', 'event-name', name), row('Kind', 'event-kind', kind), row('Pool', 'event-perf', perf),
  row('Time control', 'event-clock', clock.select), ...clock.rows, roundsRow, cyclesRow,
  row('Pair by itself', 'event-auto-pair', autoPair, h('span', { class: 'hint' }, 'each next round as soon as the last one is complete')),
  row('Minutes to start', 'event-start-minutes', startMinutes, h('span', { class: 'hint' }, 'a live-clock game not started by then is lost by who did not act')),
  row('Announced start', 'event-start-at', startAt, h('span', { class: 'hint' }, 'optional')),
  row('Bot accounts', 'event-bots', bots, h('span', { class: 'hint' }, 'may register (programs playing through the bot API)')),
  h('button', { class: 'primary', type: 'submit', id: 'event-create-submit' }, 'Create the event'));

  // the pairings of the picked event that have no result yet, each with its result buttons
  const gamesBox = h('div', { id: 'event-games-box' });
  const gameReason = input('event-game-reason', { maxlength: 200, autocapitalize: 'sentences', spellcheck: 'true' });
  const decide = (g, result) => {
    const reason = gameReason.value.trim();
    if (!reason) { m.message.show('Give a reason first: the players see it.', 'error'); gameReason.focus(); return; }
    if (!confirm(resultQuestion({ ...g, result, reason }))) return;
    m.run((id) => postJson(api(id, 'result'), { room: g.room, result, reason }),
      (answer) => `${g.what} (${g.white} – ${g.black}, game ${g.room}): ${resultWords(result)}. ${eventText(answer)}`);
  };
  const parts = {};
  let shown = null;
  async function refresh(event) {
    const allowed = eventActions(event ? event.status : 'closed');
    for (const [key, element] of Object.entries(parts)) element.hidden = !allowed[key];
    shown = event ? event.id : null;
    if (!event) { gamesBox.replaceChildren(); return; }
    try {
      const answer = await getJson(`/api/events/${encodeURIComponent(event.id)}`);
      if (shown !== event.id) return;
      gamesBox.replaceChildren(gamesTable('event-games', decidableEventGames(answer), event.game, decide));
    } catch (error) {
      gamesBox.replaceChildren(h('p', { class: 'hint' }, `The event's games could not be loaded: ${error.message}`));
    }
  }
  const command = (id, label, path, confirmText = null) => h('button', { type: 'button', id, class: path === 'close' ? 'danger' : null, onclick: () => {
    if (confirmText && !confirm(confirmText)) return;
    m.run((event) => postJson(api(event, path), {}), eventText);
  } }, label);
  const player = input('event-player', { maxlength: 20, placeholder: 'username' });
  const room = input('event-room', { maxlength: 32 });
  const result = resultSelect('event-result');
  const reason = input('event-reason', { maxlength: 200, autocapitalize: 'sentences', spellcheck: 'true' });

  const section = h('section', { class: 'panel', id: 'admin-events' },
    h('h2', {}, 'Events'),
    h('details', { class: 'moderate' }, h('summary', { id: 'event-create-open' }, 'Create an event'), create),
    m.message,
    h('div', { class: 'form-row' }, h('label', { for: 'event-pick' }, 'Event'), m.picker, m.pageLink, ' · ', m.trfLink),
    h('div', { class: 'actionbar' },
      parts.start = command('event-start', 'Start (pair round 1)', 'start', 'Start the event? Registration closes and round 1 is paired now.'),
      parts.nextRound = command('event-next-round', 'Pair the next round', 'next-round'),
      parts.close = command('event-close', 'Close', 'close', 'Close the event? No more rounds are paired; games in progress go on.')),
    parts.withdraw = h('fieldset', {}, h('legend', {}, 'Withdraw a player'),
      row('Player', 'event-player', player, h('button', { type: 'button', id: 'event-withdraw', onclick: () => {
        const username = player.value.trim();
        if (!USERNAME_PATTERN.test(username)) return m.message.show('Enter a username.', 'error');
        m.run((id) => postJson(api(id, 'withdraw'), { username }), (answer) => `${username} is withdrawn. ${eventText(answer)}`);
      } }, 'Withdraw'))),
    parts.results = h('fieldset', {}, h('legend', {}, 'Games without a result'),
      row('Reason', 'event-game-reason', gameReason, h('span', { class: 'hint' }, 'shown to the players')),
      gamesBox,
      h('details', { class: 'moderate' }, h('summary', {}, 'Another game, by its id'),
        row('Game id', 'event-room', room), row('Result', 'event-result', result), row('Reason', 'event-reason', reason),
        h('button', { type: 'button', id: 'event-result-submit', onclick: () => {
          const made = resultBody({ room: room.value, result: result.value, reason: reason.value });
          if (!made.problem && !confirm(`Game ${made.body.room}: set the result ${resultWords(made.body.result)}?`)) return;
          m.checked(made, (id, { body }) => postJson(api(id, 'result'), body), (answer) => `The game ${room.value.trim()} is decided: ${resultWords(result.value)}. ${eventText(answer)}`);
        } }, 'Set the result'))));
  m.load();
  return section;
}
