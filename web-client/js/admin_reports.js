// The moderators' reports queue in /admin (protocol/PROTOCOL.md, "Trust and
// safety"): the open reports, oldest first, each resolved with an outcome the
// reporter reads; the resolved ones, newest first, with who resolved them.
import { h, messageLine } from './ui.js';
import { getJson, postJson, formatTime, profilePath } from './api.js';

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
        report.room ? [' · ', h('a', { href: `/?watch=${report.room}` }, `game ${report.room}`)] : null),
      h('p', { class: 'reason' }, report.reason));
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
