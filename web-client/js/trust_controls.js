// Reporting and blocking a player from their profile (protocol/PROTOCOL.md,
// "Trust and safety"): for a signed-in viewer who is not that player. The
// reporter's own reports, with the moderators' outcomes, are listed on their
// own profile (GET /api/reports/mine), the server having no notices page.
import { h, messageLine } from './ui.js';
import { getJson, postJson, formatTime } from './api.js';

/**
 * The controls for the profile of `username`, or null without a session.
 * @param {string} username the profile's account
 * @param {Promise<object|null>} [signedIn] the signed-in account (null: none), when the page asked already
 * @returns {Promise<HTMLElement|null>}
 */
export async function trustControls(username, signedIn) {
  let account = null;
  if (signedIn) account = await signedIn;
  else try { ({ account } = await getJson('/api/account')); } catch { return null; }
  if (!account) return null;
  if (account.username.toLowerCase() === username.toLowerCase()) return myReports();
  const message = messageLine('trust-message');
  let blocked = false;
  try {
    const { blocks } = await getJson('/api/blocks');
    blocked = (blocks || []).some((b) => b.username.toLowerCase() === username.toLowerCase());
  } catch { /* shown as not blocked; the server decides */ }
  const blockButton = h('button', { type: 'button', id: 'block-player' });
  const showBlock = () => { blockButton.textContent = blocked ? 'Unblock' : 'Block'; };
  showBlock();
  blockButton.addEventListener('click', async () => {
    try {
      const path = `/api/blocks/${encodeURIComponent(username)}`;
      if (blocked) await fetch(path, { method: 'DELETE', credentials: 'same-origin' }).then((r) => { if (!r.ok && r.status !== 404) throw new Error(`The server answered ${r.status}.`); });
      else await postJson(path, {});
      blocked = !blocked;
      showBlock();
      message.show(blocked ? `${username} cannot challenge you or join your invitations, and you do not see their chat.` : `${username} is no longer blocked.`, 'ok');
    } catch (error) {
      message.show(error.message, 'error');
    }
  });
  const reason = h('input', { id: 'report-reason', maxlength: 200, required: true, placeholder: 'what happened', 'aria-label': `Why you report ${username}` });
  const form = h('form', { class: 'form-row', id: 'report-form', onsubmit: async (e) => {
    e.preventDefault();
    const text = reason.value.trim();
    if (!text) return message.show('Say what happened (at most 200 characters).', 'error');
    try {
      await postJson('/api/reports', { username, reason: text });
      reason.value = '';
      message.show('Reported. A moderator will look at it; the outcome appears on your profile.', 'ok');
    } catch (error) {
      message.show(error.message, 'error');
    }
  } }, reason, h('button', { type: 'submit', id: 'report-player' }, 'Report'));
  return h('section', { class: 'trust', id: 'trust-controls' }, h('h2', {}, 'Safety'), h('div', { class: 'actionbar' }, blockButton), form, message);
}

/** The viewer's own reports and their outcomes. */
async function myReports() {
  let reports = [];
  try { ({ reports } = await getJson('/api/reports/mine')); } catch { return null; }
  if (!reports || !reports.length) return null;
  return h('section', { class: 'trust', id: 'my-reports' }, h('h2', {}, 'Your reports'),
    h('ul', { class: 'list' }, reports.map((r) => h('li', { 'data-report': r.id, 'data-status': r.status },
      `${r.player.name} · ${formatTime(r.created_at)} · `,
      r.status === 'resolved' ? `resolved by ${r.resolved_by}: ${r.outcome}` : 'open'))));
}
