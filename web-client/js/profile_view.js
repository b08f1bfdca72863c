// A player's page, /@/USERNAME: the account from GET /api/players/USERNAME
// (username, role, member since, games played), its rating in every pool, the
// rating history of one pool as a chart (GET /api/players/USERNAME/ratings/PERF;
// first the pool with the most games), and every finished game of its, paged and
// filtered (game_history.js), each with a link to its replay.
import { h, svgTree } from './ui.js';
import { getJson, formatDate } from './api.js';
import { ratingRows, busiestPerf, perfLabel } from './ratings.js';
import { GameHistory } from './game_history.js';
import { ratingChart } from './rating_chart.js';
import { leaderboardPath } from './leaderboard_view.js';
import { trustControls } from './trust_controls.js';
import { challengeSection } from './challenge_form.js';
import { followButton } from './follow_view.js';

const ROLES = { player: 'Player', moderator: 'Moderator', admin: 'Administrator' };

export class ProfileView {
  constructor(root, username) {
    this.root = root;
    this.username = username;
    document.title = `${username} · GIPF Arena`;
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading the player…'));
    this.load();
  }

  async load() {
    let player;
    try {
      ({ player } = await getJson(`/api/players/${encodeURIComponent(this.username)}`));
    } catch (error) {
      const text = error.status === 404 ? `There is no such player: ${this.username}.` : `The player could not be loaded: ${error.message}`;
      this.root.replaceChildren(h('div', { class: 'panel', id: 'profile-missing' }, h('p', {}, text), h('p', {}, h('a', { href: '/' }, 'Back to the lobby'))));
      return;
    }
    this.render(player);
  }

  render(player) {
    this.username = player.username;  // as the account writes it
    document.title = `${player.username} · GIPF Arena`;
    this.root.replaceChildren(h('section', { class: 'panel profile', id: 'profile', 'data-username': player.username },
      h('h1', { id: 'profile-username' }, player.username,
        player.bot ? h('span', { class: 'kind-badge kind-bot', id: 'profile-bot', title: 'a program playing through the bot API' }, 'bot') : null),
      player.closed ? h('p', { class: 'hint', id: 'profile-closed' }, 'This account was closed by its owner.') : null,
      h('dl', { class: 'facts' },
        h('dt', {}, 'Role'), h('dd', { id: 'profile-role' }, ROLES[player.role] || player.role),
        h('dt', {}, 'Member since'), h('dd', { id: 'profile-since' }, formatDate(player.created_at)),
        h('dt', {}, 'Games played'), h('dd', { id: 'profile-games' }, String(player.games_played ?? 0))),
      this.ratings(player.ratings),
      // every finished game, paged and filtered, each won or lost from this player's side (#43)
      new GameHistory(player.username).element));
    // who is signed in: asked once, for the challenge and the trust controls
    const signedIn = getJson('/api/account').then(({ account }) => account, () => null);
    // a challenge to this player (#45): signed in, on another's page
    signedIn.then((account) => {
      const section = challengeSection(player, account);
      // near the top: on a bot's page it is what a visitor came for
      if (section) this.root.querySelector('#profile .facts')?.after(section);
      // a game's player list links here to challenge (#46): the form comes into view
      if (section && globalThis.location?.hash === '#challenge-form') {
        section.scrollIntoView();
        section.querySelector('select, button')?.focus({ preventScroll: true });
      }
    });
    // follow (#46): beside the facts, where the challenge goes too
    followButton(player.username, signedIn).then((button) => {
      if (button) this.root.querySelector('#profile .facts')?.after(button);
    });
    // report and block (or, on one's own page, one's reports and their outcomes)
    trustControls(player.username, signedIn).then((controls) => {
      if (controls) this.root.querySelector('#profile')?.append(controls);
      // a report's notice leads here (#43): the section came after the page
      if (globalThis.location?.hash === '#my-reports') this.root.querySelector('#my-reports')?.scrollIntoView();
    });
  }

  /** Every pool's rating as a table, and the history chart with its pool picker (null when the server sent none). */
  ratings(values) {
    const rows = ratingRows(values);
    if (!rows.length) return null;
    const table = h('table', { class: 'ratings', id: 'ratings' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Pool'), h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col', title: 'Rating deviation: how sure the rating is' }, 'RD'), h('th', { scope: 'col' }, 'Games'))),
      h('tbody', {}, rows.map((row) => h('tr', {
        'data-perf': row.perf, 'data-rating': row.value.rating, 'data-rd': row.value.rd, 'data-games': row.games, 'data-provisional': String(row.provisional),
      },
      h('th', { scope: 'row' }, h('a', { href: leaderboardPath(row.perf) }, row.label)),
      h('td', { class: 'rating' }, row.rating), h('td', {}, String(row.rd)), h('td', {}, String(row.games))))));
    // the history of one pool: the busiest first, any other on demand
    const picker = h('select', { id: 'chart-perf', 'aria-label': 'Rating history of' }, rows.map((row) => h('option', { value: row.perf }, `${row.label} (${row.games})`)));
    picker.value = busiestPerf(values);
    this.chart = h('div', { class: 'chart-wrap', id: 'chart-wrap' });
    picker.addEventListener('change', () => this.loadHistory(picker.value));
    this.loadHistory(picker.value);
    return h('div', { class: 'profile-ratings' },
      h('h2', {}, 'Ratings'), table,
      h('p', { class: 'hint' }, 'A rating with ? is provisional: fewer games, less certain.'),
      h('div', { class: 'form-row' }, h('label', { for: 'chart-perf' }, 'History'), picker),
      this.chart);
  }

  /** Draws the rating history of `perf` (the last one asked for wins). */
  async loadHistory(perf) {
    this.shownPerf = perf;
    this.chart.replaceChildren(h('p', { class: 'hint' }, 'Loading the history…'));
    let history;
    try {
      // a perf is letters and a colon: sent as it is (a colon is at home in a path)
      ({ history } = await getJson(`/api/players/${encodeURIComponent(this.username)}/ratings/${perf}`));
    } catch (error) {
      if (this.shownPerf === perf) this.chart.replaceChildren(h('p', { class: 'hint', id: 'chart-error' }, `The history could not be loaded: ${error.message}`));
      return;
    }
    if (this.shownPerf !== perf) return;  // another pool was picked meanwhile
    const svg = svgTree(ratingChart(history || [], { perf }));
    svg.setAttribute('aria-label', `${svg.getAttribute('aria-label')} in ${perfLabel(perf)}`);
    this.chart.replaceChildren(svg);
  }
}
