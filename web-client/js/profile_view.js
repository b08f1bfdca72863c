// A player's page, /@/USERNAME: the account from GET /api/players/USERNAME
// (username, role, member since, games played) and its newest finished games,
// each with a link to its replay.
import { h } from './ui.js';
import { getJson, formatDate, formatTime } from './api.js';
import { variantLabel } from './games/index.js';

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
    document.title = `${player.username} · GIPF Arena`;
    const recent = player.recent || [];
    this.root.replaceChildren(h('section', { class: 'panel profile', id: 'profile', 'data-username': player.username },
      h('h1', { id: 'profile-username' }, player.username),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Role'), h('dd', { id: 'profile-role' }, ROLES[player.role] || player.role),
        h('dt', {}, 'Member since'), h('dd', { id: 'profile-since' }, formatDate(player.created_at)),
        h('dt', {}, 'Games played'), h('dd', { id: 'profile-games' }, String(player.games_played ?? 0))),
      h('h2', {}, 'Recent games'),
      recent.length
        ? h('ul', { class: 'list', id: 'profile-recent' }, recent.map((g) => h('li', { 'data-game': g.id },
          h('span', {}, `${safeLabel(g.options)} · ${g.white ? g.white.name : '?'} – ${g.black ? g.black.name : '?'} · ${g.result ?? '—'}${g.reason ? ` (${g.reason})` : ''}`,
            h('span', { class: 'hint' }, ` · ${formatTime(g.finished_at || g.created_at)}`)),
          h('a', { href: `/?replay=${encodeURIComponent(g.id)}`, class: 'replay' }, 'Replay'))))
        : h('p', { class: 'hint', id: 'profile-recent' }, 'No finished games yet.')));
  }
}

function safeLabel(options) {
  try { return variantLabel(options); } catch { return options ? `${options.game} ${options.variant}` : '?'; }
}
