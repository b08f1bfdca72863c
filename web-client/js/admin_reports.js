// The moderators' reports queue in /admin (protocol/PROTOCOL.md, "Trust and
// safety"): the open reports, oldest first, each resolved with an outcome the
// reporter reads; the resolved ones, newest first, with who resolved them.
// Each names its game (to watch or replay) and shows what the reported player
// wrote there, deleted lines marked.
import { h, messageLine } from './ui.js';
import { getJson, postJson, formatTime, profilePath } from './api.js';

/**
 * What the reported player wrote in the report's game, as stored: a deleted
 * line is shown, marked (#43). Null when the report names no game.
 * @param {{room: string|null, player: {name: string}, chat?: {seq: number, channel: string, text: string, at: number, deleted: boolean}[]}} report
 */
export function reportedChat(report) {
  if (!report.room) return null;
  const lines = report.chat || [];
  if (!lines.length) return h('p', { class: 'hint reported-chat-empty' }, `${report.player.name} wrote nothing in that game's chat.`);
  return h('details', { class: 'reported-chat', open: true },
    h('summary', {}, `${report.player.name}'s chat in the game (${lines.length} line${lines.length === 1 ? '' : 's'})`),
    h('ol', { class: 'reported-lines' }, lines.map((line) => h('li', {
      'data-seq': line.seq, 'data-deleted': String(line.deleted), class: line.deleted ? 'deleted' : null,
    }, h('span', { class: 'hint' }, `${formatTime(line.at)} · ${line.channel === 'players' ? 'to the opponent' : 'to the spectators'}`), ' ',
    h('span', { class: 'text' }, line.text), line.deleted ? h('span', { class: 'tag' }, 'deleted') : null))));
}

/**
 * The section; `changed` is called after a resolution (the audit log moved).
 * @param {() => void} changed
 */
export function reportsSection(changed) {
  const state = { status: 'open' };
  const list = h('ul', { class: 'list reports', id: 'reports' });
  const message = messageLine('reports-message');
  const tabs = ['open', 'resolved'].map((status) => h('button', { type: 'button', id: `reports-${status}`, 'aria-pressed': String(status === state.status),
    onclick: () => { state.status = status; tabs.forEach((t) => t.setAttribute('aria-pressed', String(t.id === `reports-${status}`))); load(); } },
  status === 'open' ? 'Open' : 'Resolved'));

  const item = (report) => {
    const who = report.player.kind === 'guest' ? h('span', {}, `${report.player.name} (guest #${report.player.id})`)
      : h('a', { href: profilePath(report.player.name) }, report.player.name);
    const line = h('li', { class: 'report', 'data-report': report.id, 'data-status': report.status },
      h('div', {}, h('strong', {}, `#${report.id}`), ' ', who, ' reported by ', h('a', { href: profilePath(report.reporter) }, report.reporter),
        ' · ', h('span', { class: 'hint' }, formatTime(report.created_at)),
        report.room ? [' · ', h('a', { href: `/?watch=${report.room}`, class: 'report-game' }, `game ${report.room}`),
          ' (', h('a', { href: `/?replay=${report.room}` }, 'replay'), ')'] : null),
      h('p', { class: 'reason' }, report.reason),
      reportedChat(report));
    if (report.status === 'resolved') {
      line.append(h('p', { class: 'outcome' }, `Resolved by ${report.resolved_by} (${formatTime(report.resolved_at)}): ${report.outcome}`));
      return line;
    }
    const outcome = h('input', { class: 'report-outcome', maxlength: 200, required: true, placeholder: 'outcome (the reporter reads it)', 'aria-label': `Outcome of report ${report.id}` });
    line.append(h('form', { class: 'form-row resolve-form', onsubmit: async (e) => {
      e.preventDefault();
      const text = outcome.value.trim();
      if (!text) return message.show('Write the outcome (at most 200 characters).', 'error');
      try {
        await postJson(`/api/admin/reports/${report.id}/resolve`, { outcome: text });
        message.show(`Report #${report.id} resolved.`, 'ok');
        load();
        changed();
      } catch (error) {
        message.show(`Report #${report.id}: ${error.message}`, 'error');
      }
    } }, outcome, h('button', { type: 'submit', class: 'resolve' }, 'Resolve')));
    return line;
  };

  async function load() {
    const status = state.status;
    try {
      const answer = await getJson(`/api/admin/reports?status=${status}`);
      if (status !== state.status) return;
      const reports = answer.reports || [];
      list.replaceChildren(...(reports.length ? reports.map(item)
        : [h('li', { class: 'hint' }, status === 'open' ? 'No open reports.' : 'No resolved reports.')]));
    } catch (error) {
      message.show(error.message, 'error');
    }
  }

  load();
  return h('section', { class: 'panel', id: 'admin-reports' },
    h('h2', {}, 'Reports'), h('div', { class: 'actionbar' }, ...tabs), message, list);
}
