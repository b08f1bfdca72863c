// The ladders' pages: /ladders (every ladder) and /ladders/ID (its standings,
// Join and Challenge where they apply, the challenges the reader must answer
// first (accept, a time, decline: #43), the open challenges with links to
// their games, the recent results). ladders.js decides what is shown; a
// `pairing` for this ladder (a challenge made, maybe by someone else) loads it again.
import { h, table, messageLine } from './ui.js';
import { getJson, postJson, formatTime, formatDate } from './api.js';
import { ladderRow, ladderModel, answerRule, LADDER_STATUS } from './ladders.js';
import { refusalText } from './competition.js';
import { showCompetitionList } from './competition_list.js';

export class LadderListView {
  constructor(root) {
    this.root = root;
    showCompetitionList(root, {
      plural: 'ladders',
      title: 'Ladders',
      intro: 'Challenge ladders: join at the bottom, challenge the players a few places above you, and take their place when you win. Every game is rated.',
      url: '/api/ladders',
      headings: ['Ladder', 'Pool', 'Clock', 'Status', 'Players'],
      rowOf: ladderRow,
      attributes: (r) => ({ 'data-ladder': r.id, 'data-status': r.status }),
      cells: (r) => [h('a', { href: r.href }, r.name), r.pool, r.clock, r.statusLabel, String(r.players)],
      empty: 'No ladder yet: an administrator creates them.',
    });
  }
}

/** Where a player stands and whom they may challenge: nobody is above number 1. */
export function youText(position, reach) {
  if (position === 1) return 'You are number 1: nobody is above you to challenge. The players below you may challenge you.';
  const places = Math.min(reach, position - 1);
  return `You are number ${position}. You may challenge active players up to ${places} place${places === 1 ? '' : 's'} above you.`;
}

export class LadderView {
  constructor(root, connection, id) {
    this.root = root;
    this.id = id;
    this.path = `/api/ladders/${encodeURIComponent(id)}`;
    this.model = null;
    document.title = 'Ladder · GIPF Arena';
    this.message = messageLine('ladder-message');
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading the ladder…'));
    connection.addEventListener('message', (e) => {
      const m = e.detail;
      if (m.type === 'pairing' && m.source && m.source.kind === 'ladder' && String(m.source.id) === String(this.id)) this.load();
    });
    this.load();
  }

  async load() {
    let answer;
    try {
      answer = await getJson(this.path);
    } catch (error) {
      const text = error.status === 404 ? 'There is no such ladder.' : `The ladder could not be loaded: ${error.message}`;
      this.root.replaceChildren(h('div', { class: 'panel', id: 'ladder-missing' }, h('p', {}, text), h('p', {}, h('a', { href: '/ladders' }, 'Every ladder'))));
      return;
    }
    this.render(ladderModel(answer));
  }

  render(model) {
    this.model = model;
    document.title = `${model.name} · Ladders · GIPF Arena`;
    this.root.replaceChildren(h('section', { class: 'panel competition', id: 'ladder', 'data-ladder': model.id, 'data-status': model.status },
      h('p', { class: 'crumbs' }, h('a', { href: '/ladders' }, 'Ladders')),
      h('h1', { id: 'ladder-name' }, model.name),
      h('p', { class: 'facts-line' }, `${model.pool} · ${model.clock} · `,
        h('span', { id: 'ladder-status', class: `state ${model.status}` }, LADDER_STATUS[model.status] || model.status),
        ` · ${model.rows.length} player${model.rows.length === 1 ? '' : 's'}`,
        model.answerHours ? ` · challenges wait ${model.answerHours} h for an answer` : '',
        model.bots ? ' · bot accounts welcome' : ''),
      // what this reader must answer comes first: in view without scrolling (#43)
      this.answers(model),
      this.you(model),
      this.message,
      h('h2', {}, 'Standings'),
      this.standings(model),
      h('h2', {}, 'Open challenges'),
      this.list('ladder-challenges', model.challenges, 'No open challenge.'),
      h('h2', {}, 'Recent results'),
      this.list('ladder-results', model.results, 'No finished game yet.')));
  }

  /** Where the reader stands: Join, log in, or their place and reach. */
  you(model) {
    if (model.canJoin) {
      return h('div', { class: 'actionbar' }, h('button', { class: 'primary', id: 'ladder-join', onclick: (e) => this.join(e.target) }, 'Join the ladder'));
    }
    if (!model.signedIn) return h('p', { class: 'hint', id: 'ladder-you' }, 'Sign up or log in to join the ladder and challenge its players.');
    if (model.position === null) return h('p', { class: 'hint', id: 'ladder-you' }, 'You are not on this ladder.');
    return h('p', { id: 'ladder-you', 'data-position': model.position }, youText(model.position, model.reach));
  }

  standings(model) {
    if (!model.rows.length) return h('p', { class: 'hint', id: 'ladder-standings-empty' }, 'Nobody is on the ladder yet.');
    return table({ class: 'standings', id: 'ladder-standings' }, ['#', 'Player', 'Rating', { text: 'Open', title: 'Open challenges' }, ''],
      model.rows.map((row) => ({
        attributes: { 'data-username': row.username, 'data-position': row.position, 'data-status': row.status, class: row.you ? 'you' : null },
        cells: [
          String(row.position),
          [h('a', { href: row.href }, row.username), row.status === 'inactive' ? [' ', h('span', { class: 'state inactive', title: 'No ladder game for 30 days: cannot be challenged' }, 'inactive')] : null],
          h('span', { class: row.provisional ? 'rating provisional' : 'rating' }, row.rating),
          String(row.open),
          row.challenge ? h('button', { class: 'challenge', 'data-defender': row.username, onclick: (e) => this.challenge(row.username, e.target) }, 'Challenge') : '',
        ],
      })));
  }

  list(id, items, empty) {
    if (!items.length) return h('p', { class: 'hint', id }, empty);
    return h('ul', { class: 'list', id }, items.map((c) => h('li', {
      'data-room': c.room, 'data-challenger': c.challenger, 'data-defender': c.defender, 'data-outcome': c.outcome, 'data-state': c.state,
      class: c.mine ? 'mine' : null,
    },
    h('span', {}, c.text, h('span', { class: 'hint' }, ` · ${c.outcome ? formatDate(c.at) : formatTime(c.at)}`)),
    c.href ? h('a', { class: 'game', href: c.href }, c.outcome ? 'Replay' : c.mine ? 'Play' : 'Watch') : null,
    c.sent ? h('button', { type: 'button', class: 'withdraw', 'data-challenge': c.id, onclick: (e) => {
      if (confirm(`Withdraw your challenge of ${c.defender}?`)) this.answer(c, 'withdraw', e.target);
    } }, 'Withdraw') : null)));
  }

  /** The challenges the reader must answer: accept, a time for the game, or decline, with what each costs. */
  answers(model) {
    if (!model.toAnswer.length) return null;
    return h('section', { class: 'ladder-answers', id: 'ladder-answers', 'aria-label': 'Challenges for you' },
      model.toAnswer.map((c) => {
        const when = h('input', { type: 'datetime-local', id: `answer-time-${c.id}`, 'aria-label': 'The game\'s time' });
        return h('div', { class: 'answer', 'data-challenge': c.id, 'data-challenger': c.challenger },
          h('p', { class: 'answer-what' }, `${c.challenger} challenges you (${c.white} plays white). Answer by ${formatTime(c.answerBy)}.`),
          h('div', { class: 'actionbar' },
            h('button', { class: 'primary accept', id: `accept-${c.id}`, onclick: (e) => this.answer(c, 'accept', e.target) }, 'Accept: play now'),
            h('button', { class: 'decline', id: `decline-${c.id}`, onclick: (e) => {
              if (!c.declineForfeits || confirm(`Declining now counts as a loss: ${c.challenger} takes your place. Decline?`)) this.answer(c, 'decline', e.target);
            } }, c.declineForfeits ? 'Decline (counts as a loss)' : 'Decline')),
          h('div', { class: 'form-row answer-time' }, h('label', { for: `answer-time-${c.id}` }, 'Or play at'), when,
            h('button', { class: 'schedule', id: `schedule-${c.id}`, onclick: (e) => {
              const at = new Date(when.value).getTime();
              if (!when.value || !Number.isFinite(at)) { this.message.show('Choose a day and a time first.', 'error'); when.focus(); return; }
              this.answer(c, 'schedule', e.target, { start_at: at });
            } }, 'Propose this time')),
          h('p', { class: 'hint answer-rule', 'data-forfeits': String(c.declineForfeits) }, answerRule(c)));
      }));
  }

  /** Sends an answer to challenge `c` (accept, decline, schedule, withdraw); the page then shows the ladder as it is. */
  async answer(c, verb, button, body = {}) {
    button.disabled = true;
    try {
      const { challenge } = await postJson(`${this.path}/challenges/${encodeURIComponent(c.id)}/${verb}`, body);
      await this.load();
      if (verb === 'accept') {
        this.message.replaceChildren(`You accepted ${c.challenger}'s challenge: your game is ready. `,
          h('a', { id: 'challenge-room', href: `/?room=${encodeURIComponent(challenge.room)}` }, 'Go to the game'));
        this.message.dataset.kind = 'ok';
      } else {
        const words = {
          decline: challenge.outcome === 'challenger' ? `You declined: it counts as a loss, ${c.challenger} took your place.` : `You declined ${c.challenger}'s challenge.`,
          schedule: `Your game against ${c.challenger} starts at ${formatTime(challenge.start_at)}: you both are told then.`,
          withdraw: `You withdrew your challenge of ${c.defender}.`,
        }[verb];
        this.message.show(words, 'ok');
      }
      delete this.message.dataset.code;
    } catch (error) {
      this.message.show(refusalText(error), 'error');
      this.message.dataset.code = error.code;
      button.disabled = false;
    }
  }

  async join(button) {
    button.disabled = true;
    try {
      const { position } = await postJson(`${this.path}/join`, {});
      this.message.show(`You joined the ladder at number ${position}.`);
      await this.load();
    } catch (error) {
      this.message.show(refusalText(error), 'error');
      this.message.dataset.code = error.code;
      button.disabled = false;
    }
  }

  async challenge(defender, button) {
    button.disabled = true;
    try {
      const { challenge } = await postJson(`${this.path}/challenge`, { defender });
      await this.load();
      if (challenge.state === 'proposed') {
        // the defender answers first (#43)
        this.message.show(`You challenged ${defender}: they have until ${formatTime(challenge.answer_by)} to accept, choose a time or decline. You are told of their answer.`, 'ok');
      } else {
        this.message.replaceChildren(`You challenged ${defender}: your game is ready. `,
          h('a', { id: 'challenge-room', href: `/?room=${encodeURIComponent(challenge.room)}` }, 'Go to the game'));
        this.message.dataset.kind = 'ok';
      }
      delete this.message.dataset.code;
    } catch (error) {
      this.message.show(refusalText(error, { defender, reach: this.model && this.model.reach }), 'error');
      this.message.dataset.code = error.code;
      button.disabled = false;
    }
  }
}
