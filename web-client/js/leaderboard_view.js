// The leaderboards, /leaderboard?perf=PERF&page=N (no pool named: the busiest): a tab for each pool and its
// best players from GET /api/leaderboard (only ratings the server is sure of:
// RD below 80), 50 a page, each name a link to the profile. The tabs and pages
// are links, so that the address says what is shown and Back works.
import { h } from './ui.js';
import { getJson, profilePath } from './api.js';
import { PERFS, perfLabel, ratingLabel } from './ratings.js';

/** The page of a pool's leaderboard (the perf as it is: letters and a colon). */
export function leaderboardPath(perf, page = 1) {
  return `/leaderboard?perf=${perf}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * What the address asks for: a known pool (else null: the busiest is shown)
 * and a page from 1.
 * @param {string} search location.search
 * @returns {{perf: string|null, page: number}}
 */
export function leaderboardQuery(search) {
  const params = new URLSearchParams(search);
  const perf = PERFS.includes(params.get('perf')) ? params.get('perf') : null;
  const page = Number(params.get('page'));
  return { perf, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/**
 * The pool a leaderboard opens on when the address names none: the one with
 * the most listed players (the first of PERFS on a tie, or when all are empty),
 * so that a visitor does not land on an empty tab (#43).
 * @param {{perf: string, total: number}[]} answers first pages of GET /api/leaderboard
 */
export function busiestPool(answers) {
  let best = null;
  for (const perf of PERFS) {
    const answer = answers.find((a) => a && a.perf === perf);
    if (answer && (best === null || (answer.total || 0) > (best.total || 0))) best = answer;
  }
  return best && best.total > 0 ? best.perf : PERFS[0];
}

/**
 * The table of an answer of GET /api/leaderboard: {perf, page, per_page,
 * total, players: [{rank, username, rating, rd, games, provisional}]}, ratings
 * rounded (with the server's provisional "?"),
 * and the links to the pages before and after (null at either end).
 * @param {object} answer
 */
export function leaderboardModel({ perf, page, per_page: perPage, total, players }) {
  const pages = Math.max(1, Math.ceil((total || 0) / (perPage || 50)));
  return {
    perf, label: perfLabel(perf), page, pages, total,
    rows: (players || []).map((p) => ({
      rank: p.rank, username: p.username, href: profilePath(p.username),
      rating: ratingLabel({ rating: p.rating, provisional: !!p.provisional }), rd: String(Math.round(p.rd)), games: p.games, value: p.rating,
    })),
    previous: page > 1 ? leaderboardPath(perf, Math.min(page - 1, pages)) : null,
    next: page < pages ? leaderboardPath(perf, page + 1) : null,
  };
}

/**
 * Who is listed, in words: the server lists ratings it is sure of (RD below
 * 80, protocol/PROTOCOL.md "Rating API"). From the start (RD 350), Glicko-2
 * takes about 20 rated games against settled players to get there (21 even
 * games against RD 50 opponents), more against new players (about 30 against
 * RD 200, 60 against RD 350).
 */
export const LISTED_RULE = 'A player is listed once their rating in the pool is settled (RD below 80): about 20 rated games against settled players, more against new ones. Until then the rating is shown with a ? on profiles and in games.';

export class LeaderboardView {
  constructor(root, search) {
    this.root = root;
    this.query = leaderboardQuery(search);
    this.body = h('div', { id: 'leaderboard-body' }, h('p', { class: 'hint' }, 'Loading the leaderboard…'));
    this.tabs = h('nav', { class: 'tabs', id: 'leaderboard-tabs', 'aria-label': 'Pools' });
    this.section = h('section', { class: 'panel leaderboard', id: 'leaderboard' },
      h('h1', {}, 'Leaderboards'), this.tabs, h('p', { class: 'hint', id: 'leaderboard-rule' }, LISTED_RULE), this.body);
    root.replaceChildren(this.section);
    this.showTabs();
    this.load();
  }

  /** The tabs, the pool shown marked (none while the busiest is being found). */
  showTabs() {
    const { perf } = this.query;
    if (perf) {
      this.section.dataset.perf = perf;
      document.title = `Leaderboard · ${perfLabel(perf)} · GIPF Arena`;
    }
    this.tabs.replaceChildren(...PERFS.map((p) => h('a', {
      href: leaderboardPath(p), 'data-perf': p, class: p === perf ? 'tab current' : 'tab', 'aria-current': p === perf ? 'page' : null,
    }, perfLabel(p))));
  }

  async load() {
    const { page } = this.query;
    let answer;
    try {
      if (!this.query.perf) {
        // no pool named: the first page of each, and the busiest shown (its address kept for Back)
        const answers = await Promise.all(PERFS.map((p) => getJson(`/api/leaderboard?perf=${p}&page=1`)));
        this.query.perf = busiestPool(answers);
        answer = answers[PERFS.indexOf(this.query.perf)];
        if (typeof history !== 'undefined' && history.replaceState) history.replaceState(null, '', leaderboardPath(this.query.perf));
        this.showTabs();
      } else {
        answer = await getJson(`/api/leaderboard?perf=${this.query.perf}&page=${page}`);
      }
    } catch (error) {
      this.body.replaceChildren(h('p', { id: 'leaderboard-error' }, `The leaderboard could not be loaded: ${error.message}`));
      return;
    }
    this.render(leaderboardModel(answer));
  }

  render(model) {
    if (!model.rows.length) {
      this.body.replaceChildren(h('p', { class: 'hint', id: 'leaderboard-empty' },
        model.page > 1 ? 'No players on this page.' : `Nobody is on the ${model.label} leaderboard yet: a player appears after about 20 rated games in this pool (RD below 80).`));
      return;
    }
    this.body.replaceChildren(
      h('table', { class: 'ratings', id: 'leaderboard-table', 'data-perf': model.perf },
        h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', 'RD', 'Games'].map((title) => h('th', { scope: 'col' }, title)))),
        h('tbody', {}, model.rows.map((row) => h('tr', { 'data-username': row.username, 'data-rank': row.rank, 'data-rating': row.value },
          h('td', {}, String(row.rank)),
          h('th', { scope: 'row' }, h('a', { href: row.href }, row.username)),
          h('td', { class: 'rating' }, row.rating), h('td', {}, row.rd), h('td', {}, String(row.games)))))),
      h('div', { class: 'pager' },
        model.previous ? h('a', { href: model.previous, id: 'leaderboard-previous' }, '◀ Previous') : null,
        h('span', { class: 'hint', id: 'leaderboard-page' }, `Page ${model.page} of ${model.pages} · ${model.total} players`),
        model.next ? h('a', { href: model.next, id: 'leaderboard-next' }, 'Next ▶') : null));
  }
}
