// Personal API tokens on /account/settings (#45; PROTOCOL.md, Bot and board
// API): the account's tokens (name, scopes, when made), a form to make one
// (its secret shown once, with a copy button), and revoking. A token lets a
// program (an engine, a board of one's own) play for the account.
import { h, copyWithFallback } from './ui.js';
import { getJson, postJson, deleteJson, formatDate } from './api.js';

export const SCOPES = [
  ['board:play', 'play my games from a program or a board of my own'],
  ['bot:play', 'play as a bot (a bot account only)'],
  ['challenge:read', 'see challenges and games as they start'],
  ['challenge:write', 'make, accept and decline challenges'],
];

/** The scopes ticked in a form, in the server's order. */
export function chosenScopes(checked) {
  return SCOPES.map(([name]) => name).filter((name) => checked[name]);
}

export function tokensSection() {
  const list = h('ul', { class: 'token-list', id: 'token-list' });
  const name = h('input', { id: 'token-name', required: true, maxlength: 64, placeholder: 'e.g. my engine' });
  const boxes = Object.fromEntries(SCOPES.map(([scope]) => [scope, h('input', { type: 'checkbox', id: `scope-${scope.replace(':', '-')}`, value: scope })]));
  const secret = h('div', { class: 'token-secret', id: 'token-secret', hidden: true });
  const outcome = h('p', { class: 'form-outcome', id: 'token-outcome', role: 'status' });
  const say = (text, kind) => { outcome.textContent = text; outcome.dataset.kind = kind; };
  const load = async () => {
    try {
      const { tokens } = await getJson('/api/account/tokens');
      list.replaceChildren(...(tokens.length ? tokens.map((t) => h('li', { 'data-token': t.id },
        h('span', { class: 'token-name' }, t.name), ' ', h('span', { class: 'hint' }, `${t.scopes.join(', ')} · made ${formatDate(t.created_at)}`), ' ',
        h('button', { type: 'button', class: 'revoke', onclick: async () => {
          if (!confirm(`Revoke the token "${t.name}"? Programs using it stop at once.`)) return;
          try { await deleteJson(`/api/account/tokens/${t.id}`); await load(); } catch (error) { say(error.message, 'error'); }
        } }, 'Revoke'))) : [h('li', { class: 'hint' }, 'No token yet.')]));
    } catch (error) { say(error.message, 'error'); }
  };
  const form = h('form', { class: 'settings-form', id: 'token-form', onsubmit: async (e) => {
    e.preventDefault();
    const scopes = chosenScopes(Object.fromEntries(Object.entries(boxes).map(([k, box]) => [k, box.checked])));
    if (!scopes.length) return say('Choose at least one thing the token may do.', 'error');
    try {
      const { token } = await postJson('/api/account/tokens', { name: name.value, scopes });
      const note = h('span', { class: 'hint', id: 'token-copied', role: 'status' });
      secret.replaceChildren(h('p', {}, 'Your new token. Copy it now: it is not shown again.'), h('code', { id: 'token-secret-text' }, token.secret), ' ',
        h('button', { type: 'button', onclick: () => copyWithFallback(token.secret, note, { label: 'Your token', id: 'token-copy' }) }, 'Copy'), ' ', note);
      secret.hidden = false;
      form.reset();
      say(`The token "${token.name}" is made.`, 'ok');
      await load();
    } catch (error) { say(error.message, 'error'); }
  } },
  h('div', { class: 'field' }, h('label', { for: 'token-name' }, 'Name'), name),
  h('fieldset', { class: 'scopes' }, h('legend', {}, 'It may'),
    SCOPES.map(([scope, words]) => h('label', { class: 'switch-row', for: boxes[scope].id }, boxes[scope], ` ${scope}: ${words}`))),
  h('button', { type: 'submit', class: 'primary', id: 'token-create' }, 'Make a token'), outcome);
  load();
  return h('section', { class: 'panel settings', id: 'token-settings' }, h('h2', {}, 'API tokens'),
    h('p', {}, 'A token lets a program play for you through the bot and board API (see the protocol). Keep it secret: whoever has it acts as you there.'),
    list, form, secret);
}
