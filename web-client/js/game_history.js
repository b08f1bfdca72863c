// A player's whole history on their profile (#43): every finished public
// game, newest first, ten a page, with its result from the player's side (won,
// lost, a draw) and filters by game, variant, speed, rated, result and opponent (#46), from
// GET /api/players/USERNAME/games (PROTOCOL.md, Account API). The filters and
// the page live in the section; each change asks the server again.
import { h } from './ui.js';
import { getJson, formatTime } from './api.js';
import { games, gameModule, variantLabel } from './games/index.js';
import { modeLabel } from './ratings.js';

export const PER_PAGE = 10;
const OUTCOMES = { won: 'Won', lost: 'Lost', drawn: 'Draw' };

/**
 * How a finished game went for `username` (ignoring case): 'won', 'lost',
 * 'drawn', or null (not their game, or no result: an aborted one).
 * @param {{white?: {name: string}|null, black?: {name: string}|null, result: string}} row
 */
export function outcomeFor(row, username) {
  const me = username.toLowerCase();
  const color = row.white && row.white.name.toLowerCase() === me ? 'white' : row.black && row.black.name.toLowerCase() === me ? 'black' : null;
  if (!color) return null;
  if (row.result === '1/2-1/2') return 'drawn';
  if (row.result === '1-0') return color === 'white' ? 'won' : 'lost';
  if (row.result === '0-1') return color === 'black' ? 'won' : 'lost';
  return null;
}

/** The history's speeds (PROTOCOL.md, Account API: protocol::speed_of). */
export const SPEEDS = [['blitz', 'Blitz'], ['rapid', 'Rapid'], ['classical', 'Classical'], ['correspondence', 'Correspondence'], ['untimed', 'Untimed']];

/**
 * The request for a page of `username`'s games with `filters` ({game,
 * variant, speed, rated, result, opponent}; empty ones left out).
 */
export function historyPath(username, filters, page) {
  const params = new URLSearchParams({ per_page: String(PER_PAGE) });
  if (page > 1) params.set('page', String(page));
  for (const key of ['game', 'variant', 'speed', 'rated', 'result', 'opponent']) {
    const value = (filters[key] || '').trim();
    if (value) params.set(key, value);
  }
  return `/api/players/${encodeURIComponent(username)}/games?${params}`;
}

function safeLabel(options) {
  try { return variantLabel(options); } catch { return options ? `${options.game} ${options.variant}` : '?'; }
}

export class GameHistory {
  constructor(username) {
    this.username = username;
    this.filters = { game: '', variant: '', speed: '', rated: '', result: '', opponent: '' };
    this.page = 1;
    this.asked = 0;  // numbers the requests: only the last one's answer is drawn
    const select = (id, label, options) => h('select', { id, 'aria-label': label }, options.map(([value, text]) => h('option', { value }, text)));
    this.game = select('history-game', 'Game', [['', 'Every game'], ...games.map((g) => [g.name, g.title])]);
    this.variant = select('history-variant', 'Variant', [['', 'Every variant']]);
    this.speed = select('history-speed', 'Speed', [['', 'Every speed'], ...SPEEDS]);
    this.rated = select('history-rated', 'Rated or casual', [['', 'Rated and casual'], ['true', 'Rated'], ['false', 'Casual']]);
    this.result = select('history-result', 'Result', [['', 'Every result'], ['won', 'Won'], ['lost', 'Lost'], ['drawn', 'Drawn']]);
    this.fillVariants();
    this.opponent = h('input', { id: 'history-opponent', type: 'search', maxlength: 40, placeholder: 'Opponent', 'aria-label': 'Opponent', autocomplete: 'off' });
    this.game.addEventListener('change', () => { this.fillVariants(); this.filter(); });
    for (const control of [this.variant, this.speed, this.rated, this.result]) control.addEventListener('change', () => this.filter());
    this.opponent.addEventListener('change', () => this.filter());
    this.list = h('div', { id: 'profile-history' }, h('p', { class: 'hint' }, 'Loading the games…'));
    this.element = h('section', { class: 'game-history', id: 'game-history' },
      h('h2', {}, 'Games'),
      h('form', { class: 'form-row history-filters', role: 'search', onsubmit: (e) => { e.preventDefault(); this.filter(); } },
        this.game, this.variant, this.speed, this.rated, this.result, this.opponent),
      this.list);
    this.load();
  }

  /** The variants of the game chosen (none: every game's variants together are not offered). */
  fillVariants() {
    const chosen = this.game.value ? gameModule(this.game.value) : null;
    this.variant.replaceChildren(h('option', { value: '' }, 'Every variant'),
      ...(chosen ? chosen.variants.map((v) => h('option', { value: v.name }, v.label)) : []));
    this.variant.disabled = !chosen;
  }

  filter() {
    this.filters = { game: this.game.value, variant: this.variant.value, speed: this.speed.value, rated: this.rated.value,
      result: this.result.value, opponent: this.opponent.value };
    this.page = 1;
    this.load();
  }

  async load() {
    const number = ++this.asked;
    let answer;
    try {
      answer = await getJson(historyPath(this.username, this.filters, this.page));
    } catch (error) {
      if (number === this.asked) this.list.replaceChildren(h('p', { class: 'hint', id: 'history-error' }, `The games could not be loaded: ${error.message}`));
      return;
    }
    if (number === this.asked) this.render(answer);
  }

  render({ games: rows = [], total = 0, page = 1 }) {
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const filtered = Object.values(this.filters).some((v) => v.trim());
    if (!rows.length) {
      this.list.replaceChildren(h('p', { class: 'hint', id: 'profile-recent' }, filtered ? 'No game matches these filters.' : 'No finished games yet.'));
      return;
    }
    const go = (to) => { this.page = to; this.load(); };
    this.list.replaceChildren(
      h('ul', { class: 'list', id: 'profile-recent' }, rows.map((g) => {
        const outcome = outcomeFor(g, this.username);
        return h('li', { 'data-game': g.id, 'data-rated': String(!!g.rated), 'data-outcome': outcome || '' },
          h('span', {}, `${safeLabel(g.options)} · ${modeLabel(g.rated)} · ${g.white ? g.white.name : '?'} – ${g.black ? g.black.name : '?'} · ${g.result || '—'}${g.reason ? ` (${g.reason})` : ''}`,
            h('span', { class: 'hint' }, ` · ${formatTime(g.finished_at || g.created_at)}`)),
          h('span', { class: 'history-end' },
            outcome ? h('span', { class: `outcome ${outcome}` }, OUTCOMES[outcome]) : null,
            h('a', { href: `/?replay=${encodeURIComponent(g.id)}`, class: 'replay' }, 'Replay')));
      })),
      h('div', { class: 'pager' },
        page > 1 ? h('button', { type: 'button', id: 'history-previous', onclick: () => go(page - 1) }, '◀ Newer') : null,
        h('span', { class: 'hint', id: 'history-page' }, `Page ${page} of ${pages} · ${total} game${total === 1 ? '' : 's'}`),
        page < pages ? h('button', { type: 'button', id: 'history-next', onclick: () => go(page + 1) }, 'Older ▶') : null));
  }
}
