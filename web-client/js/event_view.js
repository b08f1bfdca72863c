// The events' pages: /events (every event) and /events/ID (registration with
// Join and Leave while it is open, the standings with their tie-breaks, a round
// robin's crosstable, and every round's pairings with links to their games).
// events.js decides what is shown; a `pairing` for this event loads it again.
import { h, table, messageLine } from './ui.js';
import { getJson, postJson, formatTime } from './api.js';
import { eventRow, eventModel } from './events.js';
import { refusalText } from './competition.js';
import { showCompetitionList } from './competition_list.js';

export class EventListView {
  constructor(root) {
    this.root = root;
    showCompetitionList(root, {
      plural: 'events',
      title: 'Events',
      intro: 'Round robins and Swiss tournaments: register while registration is open; the games of each round are made for you. Every game is rated.',
      url: '/api/events',
      headings: ['Event', 'Kind', 'Pool', 'Clock', 'Status', 'Players'],
      rowOf: eventRow,
      attributes: (r) => ({ 'data-event': r.id, 'data-status': r.status }),
      cells: (r) => [h('a', { href: r.href }, r.name), r.kind, r.pool, r.clock, r.progress, String(r.players)],
      empty: 'No event yet: an administrator creates them.',
    });
  }
}

export class EventView {
  constructor(root, connection, id) {
    this.root = root;
    this.connection = connection;
    this.id = id;
    this.path = `/api/events/${encodeURIComponent(id)}`;
    this.answer = null;
    document.title = 'Event · GIPF Arena';
    this.message = messageLine('event-message');
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading the event…'));
    // the account's name marks its own games: known once the connection is welcomed
    connection.addEventListener('welcome', () => { if (this.answer) this.render(); });
    connection.addEventListener('message', (e) => {
      const m = e.detail;
      if (m.type === 'pairing' && m.source && m.source.kind === 'event' && String(m.source.id) === String(this.id)) this.load();
    });
    this.load();
  }

  async load() {
    try {
      this.answer = await getJson(this.path);
    } catch (error) {
      const text = error.status === 404 ? 'There is no such event.' : `The event could not be loaded: ${error.message}`;
      this.root.replaceChildren(h('div', { class: 'panel', id: 'event-missing' }, h('p', {}, text), h('p', {}, h('a', { href: '/events' }, 'Every event'))));
      return;
    }
    this.render();
  }

  render() {
    const account = this.connection.account;
    const model = eventModel(this.answer, account ? account.username : null);
    document.title = `${model.name} · Events · GIPF Arena`;
    const format = model.kindName === 'swiss' ? `${model.rounds} rounds` : model.cycles === 2 ? 'double' : 'single';
    this.root.replaceChildren(h('section', { class: 'panel competition', id: 'event', 'data-event': model.id, 'data-status': model.status, 'data-kind': model.kindName },
      h('p', { class: 'crumbs' }, h('a', { href: '/events' }, 'Events')),
      h('h1', { id: 'event-name' }, model.name),
      h('p', { class: 'facts-line' }, `${model.kind} (${format}) · ${model.pool} · ${model.clock} · `,
        h('span', { id: 'event-status', class: `state ${model.status}` }, model.progress),
        model.startAt ? ` · starts ${formatTime(model.startAt)}` : '',
        model.bots ? ' · bot accounts welcome' : ''),
      this.registration(model),
      this.message,
      h('h2', {}, model.started ? 'Standings' : 'Registered players'),
      this.standings(model),
      model.crosstable ? [h('h2', {}, 'Crosstable'), this.crosstable(model.crosstable)] : null,
      model.pairings.length ? [h('h2', {}, 'Rounds'), ...[...model.pairings].reverse().map((round) => this.round(round))] : null,
      // the event as FIDE's tournament report: any pairing program checks the rounds (#43)
      model.started ? h('p', { class: 'hint' }, h('a', { id: 'event-trf', href: `/api/events/${encodeURIComponent(model.id)}/trf`, download: `event-${model.id}.trf` },
        'Download the TRF'), ' (FIDE\'s tournament report: every round, for any pairing program)') : null));
  }

  registration(model) {
    if (model.canJoin) return h('div', { class: 'actionbar' }, h('button', { class: 'primary', id: 'event-join', onclick: (e) => this.register('join', e.target) }, 'Register'));
    if (model.canLeave) {
      return h('div', { class: 'actionbar' }, h('span', { id: 'event-registered' }, 'You are registered.'),
        h('button', { id: 'event-leave', onclick: (e) => this.register('leave', e.target) }, 'Withdraw my registration'));
    }
    if (model.status === 'registering' && !model.signedIn) return h('p', { class: 'hint', id: 'event-you' }, 'Sign up or log in to register.');
    return null;
  }

  standings(model) {
    if (!model.standings.length) return h('p', { class: 'hint', id: 'event-standings' }, 'Nobody yet.');
    if (!model.started) {
      return table({ class: 'standings', id: 'event-standings' }, ['Player', 'Rating'], model.standings.map((s) => ({
        attributes: { 'data-username': s.username, class: s.you ? 'you' : null }, cells: [h('a', { href: s.href }, s.username), s.rating],
      })));
    }
    return table({ class: 'standings', id: 'event-standings' },
      ['#', { text: 'No.', title: 'Start number' }, 'Player', 'Rating', 'Score', ...model.breaks.map((b) => ({ text: b.heading, title: b.title }))],
      model.standings.map((s) => ({
        attributes: { 'data-username': s.username, 'data-rank': s.rank, 'data-score': s.score, 'data-withdrawn': String(s.withdrawn), class: s.you ? 'you' : null },
        cells: [String(s.rank), String(s.number), [h('a', { href: s.href }, s.username), s.withdrawn ? h('span', { class: 'withdrawn' }, ' (withdrawn)') : null],
          s.rating, h('strong', {}, s.score), ...s.breaks],
      })));
  }

  crosstable({ players, cells }) {
    return table({ class: 'standings crosstable', id: 'event-crosstable' },
      ['#', 'Player', ...players.map((p) => ({ text: String(p.row), title: p.username })), 'Score'],
      players.map((p, i) => ({ attributes: { 'data-username': p.username }, cells: [String(p.row), p.username, ...cells[i], h('strong', {}, p.score)] })));
  }

  round({ round, boards }) {
    return h('section', { class: 'round', 'data-round': round },
      h('h3', {}, `Round ${round}`),
      table({ class: 'standings pairings' }, ['Board', 'White', 'Black', 'Result', ''], boards.map((b) => ({
        attributes: { 'data-board': b.board, 'data-white': b.white, 'data-black': b.black ?? '', 'data-result': b.result, class: b.mine ? 'you' : null },
        cells: [String(b.board), b.white, b.bye ? h('span', { class: 'hint' }, 'bye') : b.black,
          h('span', { title: b.reason }, b.label), b.href ? h('a', { class: 'game', href: b.href }, b.result ? 'Replay' : b.mine ? 'Play' : 'Watch') : ''],
      }))));
  }

  async register(command, button) {
    button.disabled = true;
    try {
      const { players } = await postJson(`${this.path}/${command}`, {});
      this.message.show(command === 'join' ? `You are registered: ${players} player${players === 1 ? '' : 's'} so far.` : 'Your registration is withdrawn.');
      await this.load();
    } catch (error) {
      this.message.show(refusalText(error), 'error');
      this.message.dataset.code = error.code;
      button.disabled = false;
    }
  }
}
