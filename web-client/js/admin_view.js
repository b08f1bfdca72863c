// The moderators' page, /admin (protocol/PROTOCOL.md, "Admin API"): the reports
// queue (admin_reports.js), the users
// with a search, ban / unban and mute / unmute for each, the role for admins;
// aborting or adjudicating a game by its id; for admins the ladders and events
// (admin_competition.js) and the audit log. Shown
// only to moderators and admins; the server checks every request again.
import { h, messageLine } from './ui.js';
import { getJson, postJson, formatTime, formatDate, profilePath, isStaff, mayActOn } from './api.js';
import { ladderSection, eventSection } from './admin_competition.js';
import { reportsSection } from './admin_reports.js';

const MAX_MINUTES = 5256000;  // ten years
const ROLES = ['player', 'moderator', 'admin'];
const RESULTS = [['1-0', 'White wins (1-0)'], ['0-1', 'Black wins (0-1)'], ['1/2-1/2', 'Draw (1/2-1/2, YINSH)']];

const active = (until) => typeof until === 'number' && until > Date.now();
const pages = (total, perPage) => Math.max(1, Math.ceil((total || 0) / (perPage || 50)));

export class AdminView {
  constructor(root) {
    this.root = root;
    this.account = null;
    this.users = { q: '', page: 1, per_page: 50, total: 0 };
    this.audit = { page: 1, per_page: 50, total: 0 };
    document.title = 'Admin · GIPF Arena';
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading…'));
    this.start();
  }

  async start() {
    let account = null;
    try {
      ({ account } = await getJson('/api/account'));
    } catch (error) {
      if (error.status !== 401) {
        this.root.replaceChildren(h('p', { class: 'panel' }, `The page could not be loaded: ${error.message}`));
        return;
      }
    }
    if (!isStaff(account)) {
      this.root.replaceChildren(h('section', { class: 'panel', id: 'admin-refused' },
        h('h1', {}, 'Moderators only'),
        h('p', {}, 'This page is for moderators and administrators.',
          account ? '' : ' If you are one, log in first.'),
        h('p', {}, h('a', { href: '/' }, 'Back to the lobby'))));
      return;
    }
    this.account = account;
    this.build();
    this.loadUsers();
    if (this.isAdmin) this.loadAudit();
  }

  get isAdmin() { return this.account.role === 'admin'; }

  build() {
    // users
    const search = h('input', { id: 'user-search', type: 'search', placeholder: 'username starts with…', autocomplete: 'off', 'aria-label': 'Search users', maxlength: 20 });
    let timer = null;
    search.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => { this.users.q = search.value.trim(); this.users.page = 1; this.loadUsers(); }, 300);
    });
    const searchForm = h('form', { class: 'form-row', id: 'user-search-form', onsubmit: (e) => {
      e.preventDefault();
      clearTimeout(timer);
      this.users.q = search.value.trim();
      this.users.page = 1;
      this.loadUsers();
    } }, search, h('button', { type: 'submit', id: 'user-search-submit' }, 'Search'));
    this.userList = h('ul', { class: 'list users', id: 'users' });
    this.usersPage = h('span', { id: 'users-page', class: 'hint' });
    this.usersPrev = h('button', { type: 'button', id: 'users-prev', onclick: () => { this.users.page--; this.loadUsers(); } }, '◀ Previous');
    this.usersNext = h('button', { type: 'button', id: 'users-next', onclick: () => { this.users.page++; this.loadUsers(); } }, 'Next ▶');
    this.usersMessage = messageLine('users-message');

    // games
    const gameId = h('input', { id: 'game-id', required: true, maxlength: 32, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false' });
    const gameReason = h('input', { id: 'game-reason', required: true, maxlength: 200, autocomplete: 'off' });
    const gameResult = h('select', { id: 'game-result' }, RESULTS.map(([value, label]) => h('option', { value }, label)));
    this.gameMessage = messageLine('game-message');
    const gameCommand = (command) => async () => {
      const id = gameId.value.trim();
      const reason = gameReason.value.trim();
      if (!/^[a-z0-9]{1,32}$/.test(id)) return this.gameMessage.show('Enter the game\'s id (the letters and digits after ?room= in its address).', 'error');
      if (!reason) return this.gameMessage.show('Give a reason: the players see it.', 'error');
      const body = command === 'adjudicate' ? { result: gameResult.value, reason } : { reason };
      try {
        const answer = await postJson(`/api/admin/games/${id}/${command}`, body);
        const game = (answer && answer.game) || { id, result: '' };
        this.gameMessage.replaceChildren(
          command === 'abort' ? `Game ${game.id} aborted: it has no result. ` : `Game ${game.id} adjudicated: ${game.result}. `,
          h('a', { href: `/?watch=${game.id}` }, 'see the game'));
        this.gameMessage.dataset.kind = 'ok';
        if (this.isAdmin) this.loadAudit();
      } catch (error) {
        this.gameMessage.show(error.message, 'error');
      }
    };
    const gameForm = h('form', { id: 'game-form', onsubmit: (e) => e.preventDefault() },
      h('div', { class: 'form-row' }, h('label', { for: 'game-id' }, 'Game id'), gameId),
      h('div', { class: 'form-row' }, h('label', { for: 'game-reason' }, 'Reason'), gameReason),
      h('div', { class: 'form-row' }, h('label', { for: 'game-result' }, 'Result'), gameResult),
      h('div', { class: 'actionbar' },
        h('button', { type: 'button', class: 'danger', id: 'abort-game', onclick: gameCommand('abort') }, 'Abort (no result)'),
        h('button', { type: 'button', id: 'adjudicate-game', onclick: gameCommand('adjudicate') }, 'Adjudicate (set the result)')));

    const sections = [
      reportsSection(() => { if (this.isAdmin) this.loadAudit(); }),
      h('section', { class: 'panel', id: 'admin-users' },
        h('h2', {}, 'Users'), searchForm, this.usersMessage, this.userList,
        h('div', { class: 'pager' }, this.usersPrev, this.usersPage, this.usersNext)),
      h('section', { class: 'panel', id: 'admin-games' },
        h('h2', {}, 'Games'), h('p', { class: 'hint' }, 'Abort an open or live game, or set the result of a live one.'), gameForm, this.gameMessage),
    ];
    if (this.isAdmin) {
      sections.push(ladderSection(() => this.loadAudit()), eventSection(() => this.loadAudit()));
      this.auditList = h('ul', { class: 'list audit', id: 'audit' });
      this.auditPage = h('span', { id: 'audit-page', class: 'hint' });
      this.auditPrev = h('button', { type: 'button', id: 'audit-prev', onclick: () => { this.audit.page--; this.loadAudit(); } }, '◀ Newer');
      this.auditNext = h('button', { type: 'button', id: 'audit-next', onclick: () => { this.audit.page++; this.loadAudit(); } }, 'Older ▶');
      this.auditMessage = messageLine('audit-message');
      sections.push(h('section', { class: 'panel', id: 'admin-audit' },
        h('h2', {}, 'Audit log'), this.auditMessage, this.auditList,
        h('div', { class: 'pager' }, this.auditPrev, this.auditPage, this.auditNext)));
    }
    this.root.replaceChildren(h('div', { class: 'admin' },
      h('h1', {}, 'Moderation'),
      h('p', { class: 'hint' }, `Signed in as ${this.account.username} (${this.account.role}).`),
      ...sections));
  }

  async loadUsers() {
    const { q, page } = this.users;
    this.usersPrev.disabled = this.usersNext.disabled = true;
    try {
      const answer = await getJson(`/api/admin/users?q=${encodeURIComponent(q)}&page=${page}`);
      if (q !== this.users.q || page !== this.users.page) return;  // a newer request is on its way
      Object.assign(this.users, { page: answer.page ?? page, per_page: answer.per_page ?? 50, total: answer.total ?? 0 });
      const users = answer.users || [];
      this.userList.replaceChildren(...(users.length ? users.map((user) => this.userItem(user))
        : [h('li', { class: 'hint' }, q ? `No username starts with “${q}”.` : 'No users.')]));
      const last = pages(this.users.total, this.users.per_page);
      this.usersPage.textContent = `page ${this.users.page} of ${last} · ${this.users.total} user${this.users.total === 1 ? '' : 's'}`;
      this.usersPrev.disabled = this.users.page <= 1;
      this.usersNext.disabled = this.users.page >= last;
    } catch (error) {
      this.usersMessage.show(error.message, 'error');
      this.usersPrev.disabled = this.users.page <= 1;
      this.usersNext.disabled = false;
    }
  }

  userItem(user, open = false) {
    const banned = active(user.banned_until);
    const muted = active(user.muted_until);
    const item = h('li', { class: 'user', 'data-user': user.username, 'data-id': user.id, 'data-role': user.role, 'data-banned': String(banned), 'data-muted': String(muted) },
      h('div', { class: 'user-line' },
        h('a', { href: profilePath(user.username) }, user.username),
        h('span', { class: 'tag' }, user.role),
        h('span', { class: 'hint' }, `since ${formatDate(user.created_at)}`),
        banned ? h('span', { class: 'state banned' }, `banned until ${formatTime(user.banned_until)}: ${user.ban_reason || ''}`) : null,
        muted ? h('span', { class: 'state muted' }, `muted until ${formatTime(user.muted_until)}: ${user.mute_reason || ''}`) : null),
      mayActOn(this.account, user) ? this.userControls(user, { banned, muted, open })
        : h('span', { class: 'hint' }, user.id === this.account.id ? 'you' : 'no actions: same role or higher'));
    return item;
  }

  userControls(user, { banned, muted, open }) {
    const path = `/api/admin/users/${encodeURIComponent(user.username)}`;
    const details = h('details', { class: 'moderate', open });
    const run = async (command, body, done) => {
      try {
        const answer = await postJson(`${path}/${command}`, body);
        const updated = answer.user || user;
        details.closest('li').replaceWith(this.userItem(updated, true));
        this.usersMessage.show(done(updated), 'ok');
        if (this.isAdmin) this.loadAudit();
      } catch (error) {
        this.usersMessage.show(`${user.username}: ${error.message}`, 'error');
      }
    };
    const limited = (command, verb, done) => {
      const minutes = h('input', { class: `${command}-minutes`, type: 'number', min: 1, max: MAX_MINUTES, value: 1440, required: true, 'aria-label': `${verb} for how many minutes` });
      const reason = h('input', { class: `${command}-reason`, maxlength: 200, required: true, placeholder: 'reason', 'aria-label': `Reason to ${command}` });
      return h('form', { class: `form-row ${command}-form`, onsubmit: (e) => {
        e.preventDefault();
        const count = Number(minutes.value);
        const why = reason.value.trim();
        if (!Number.isInteger(count) || count < 1 || count > MAX_MINUTES) return this.usersMessage.show(`Minutes: a whole number from 1 to ${MAX_MINUTES}.`, 'error');
        if (!why) return this.usersMessage.show('Give a reason (at most 200 characters).', 'error');
        run(command, { minutes: count, reason: why }, done);
      } }, h('span', { class: 'verb' }, verb), minutes, h('span', { class: 'hint' }, 'minutes'), reason,
      h('button', { type: 'submit', class: `${command} danger` }, verb));
    };
    details.append(...[
      h('summary', {}, 'Moderate'),
      limited('ban', 'Ban', (u) => `${u.username} is banned until ${formatTime(u.banned_until)}.`),
      banned ? h('button', { type: 'button', class: 'unban', onclick: () => run('unban', {}, (u) => `${u.username} is no longer banned.`) }, 'Unban') : null,
      limited('mute', 'Mute', (u) => `${u.username} is muted until ${formatTime(u.muted_until)}.`),
      muted ? h('button', { type: 'button', class: 'unmute', onclick: () => run('unmute', {}, (u) => `${u.username} is no longer muted.`) }, 'Unmute') : null,
    ].filter(Boolean));
    if (this.isAdmin) {
      const role = h('select', { class: 'role', 'aria-label': `Role of ${user.username}` }, ROLES.map((r) => h('option', { value: r, selected: r === user.role }, r)));
      details.append(h('form', { class: 'form-row role-form', onsubmit: (e) => {
        e.preventDefault();
        run('role', { role: role.value }, (u) => `${u.username} is now ${u.role}.`);
      } }, h('span', { class: 'verb' }, 'Role'), role, h('button', { type: 'submit', class: 'set-role' }, 'Set the role')));
    }
    return details;
  }

  async loadAudit() {
    const { page } = this.audit;
    this.auditPrev.disabled = this.auditNext.disabled = true;
    try {
      const answer = await getJson(`/api/admin/audit?page=${page}`);
      if (page !== this.audit.page) return;
      Object.assign(this.audit, { page: answer.page ?? page, per_page: answer.per_page ?? 50, total: answer.total ?? 0 });
      const entries = answer.entries || [];
      this.auditList.replaceChildren(...(entries.length ? entries.map((entry) => h('li', { class: 'audit-entry', 'data-action': entry.action, 'data-target': targetText(entry.target) },
        h('span', { class: 'hint' }, formatTime(entry.at)),
        h('span', {}, h('strong', {}, entry.actor ? entry.actor.username : 'command line'), ` ${entry.action} `, h('strong', {}, targetText(entry.target))),
        h('code', { class: 'details' }, detailsText(entry.details)),
        h('span', { class: 'hint' }, entry.address ?? ''))) : [h('li', { class: 'hint' }, 'Nothing yet.')]));
      const last = pages(this.audit.total, this.audit.per_page);
      this.auditPage.textContent = `page ${this.audit.page} of ${last}`;
      this.auditPrev.disabled = this.audit.page <= 1;
      this.auditNext.disabled = this.audit.page >= last;
    } catch (error) {
      this.auditMessage.show(error.message, 'error');
      this.auditPrev.disabled = this.audit.page <= 1;
      this.auditNext.disabled = false;
    }
  }
}

function targetText(target) {
  if (target === null || target === undefined) return '';
  return typeof target === 'object' ? JSON.stringify(target) : String(target);
}

function detailsText(details) {
  if (!details || typeof details !== 'object') return details ? String(details) : '';
  const text = (key, value) => {
    if (typeof value === 'object') return JSON.stringify(value);
    if (typeof value === 'number' && /(^|_)(until|at)$/.test(key)) return value ? formatTime(value) : 'none';  // ms since the epoch
    return value;
  };
  return Object.entries(details).map(([key, value]) => `${key.replace(/_/g, ' ')}: ${text(key, value)}`).join(' · ');
}
