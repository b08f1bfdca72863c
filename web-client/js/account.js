// The header's account controls and the sign-up / log-in dialog. A guest sees
// their guest name, "Sign up" and "Log in"; an account its username (a link to
// its profile), "Log out", and for moderators and admins an "Admin" link. After
// signing up, logging in or out the page reloads, so that the WebSocket opens
// again with (or without) the session cookie.
import { h } from './ui.js';
import { postJson, untilOf, formatTime, credentialsProblem, profilePath, isStaff } from './api.js';
import { TOKEN_KEY } from './connection.js';

/**
 * Fills the header: `who` gets the name (a profile link for an account),
 * `controls` the buttons and links.
 * @param {HTMLElement} who
 * @param {HTMLElement} controls
 * @param {{account: object|null, name: string}} identity
 */
export function renderHeader(who, controls, { account, name }) {
  if (account) {
    who.replaceChildren(h('a', { href: profilePath(account.username), id: 'profile-link', title: 'Your profile' }, account.username));
    who.dataset.account = account.role;
    controls.replaceChildren(...[
      isStaff(account) ? h('a', { href: '/admin', id: 'admin-link' }, 'Admin') : null,
      h('a', { href: '/account/settings', id: 'mail-link', title: 'Your mail, your password, your account' }, 'Settings'),
      h('button', { type: 'button', id: 'logout', onclick: logout }, 'Log out'),
    ].filter(Boolean));
  } else {
    who.replaceChildren(name ? h('span', { title: 'Your guest name' }, name) : '');
    delete who.dataset.account;
    controls.replaceChildren(
      h('button', { type: 'button', id: 'signup', onclick: () => openDialog('signup') }, 'Sign up'),
      h('button', { type: 'button', id: 'login', onclick: () => openDialog('login') }, 'Log in'));
  }
}

// While this page's own sign-up, log-in or log-out request is under way, the
// server may close the socket ("signed up", "logged out") before the answer
// that sets or clears the cookie has arrived: reloading then would start the
// page with the old identity and drop the answer. Such a reload waits for the
// request, which reloads the page itself when it succeeds.
let changing = false;
let reloadAfterChange = false;

/** The page reloads as whoever it is now, once no identity change of its own is under way. */
export function reloadForIdentity() {
  if (changing) reloadAfterChange = true;
  else location.reload();
}

/**
 * Runs `request` (an identity change) with the socket's reloads held back; the
 * caller reloads when it succeeds. When it fails after the socket asked for a
 * reload (another tab changed who this browser is), that reload happens.
 */
async function changeIdentity(request) {
  changing = true;
  try {
    await request();
  } catch (err) {
    if (reloadAfterChange) location.reload();
    throw err;
  } finally {
    changing = false;
  }
}

async function logout(event) {
  event.target.disabled = true;
  try {
    await changeIdentity(() => postJson('/api/account/logout', {}));
  } catch { /* the cookie may be gone already: reloading shows the truth */ }
  location.reload();
}

const TEXT = {
  signup: { title: 'Sign up', submit: 'Create the account', other: 'Have an account? Log in', autocomplete: 'new-password' },
  login: { title: 'Log in', submit: 'Log in', other: 'No account yet? Sign up', autocomplete: 'current-password' },
};

let dialog = null;

/** Opens the dialog for `mode`: 'signup' or 'login'. */
export function openDialog(mode) {
  dialog?.remove();
  const text = TEXT[mode];
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, maxlength: 20, autocapitalize: 'none', spellcheck: 'false' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: text.autocomplete, required: true });
  const error = h('p', { class: 'form-error', id: 'account-error', role: 'alert', hidden: true });
  const submit = h('button', { class: 'primary', type: 'submit', id: 'account-submit' }, text.submit);
  const show = (message, code = 'local') => {
    error.textContent = message;
    error.hidden = !message;
    if (message) error.dataset.code = code; else delete error.dataset.code;
  };

  const form = h('form', { class: 'account-form', 'data-mode': mode, novalidate: true, onsubmit: async (e) => {
    e.preventDefault();
    const name = username.value.trim();
    const problem = mode === 'signup' ? credentialsProblem(name, password.value)
      : (!name || !password.value ? 'Enter your username and password.' : '');
    if (problem) { show(problem); return; }
    show('');
    submit.disabled = true;
    submit.textContent = mode === 'signup' ? 'Creating…' : 'Logging in…';
    try {
      await changeIdentity(async () => {
        if (mode === 'signup') {
          const body = { username: name, password: password.value };
          const token = localStorage.getItem(TOKEN_KEY);
          if (token) body.guest_token = token;  // the account takes over the guest's games
          await postJson('/api/account/signup', body);
          if (token) localStorage.removeItem(TOKEN_KEY);  // it stops working
        } else {
          await postJson('/api/account/login', { username: name, password: password.value });
        }
      });
      location.reload();
    } catch (err) {
      const until = err.code === 'banned' ? untilOf(err) : null;
      show(until ? `${err.message} (until ${formatTime(until)})` : err.message, err.code);
      submit.disabled = false;
      submit.textContent = text.submit;
      password.focus();
    }
  } },
  h('h2', {}, text.title),
  h('div', { class: 'field' }, h('label', { for: 'username' }, 'Username'), username,
    mode === 'signup' ? h('span', { class: 'hint' }, '3–20 letters, digits, _ or -') : null),
  h('div', { class: 'field' }, h('label', { for: 'password' }, 'Password'), password,
    mode === 'signup' ? h('span', { class: 'hint' }, 'At least 8 characters') : null),
  mode === 'signup' && localStorage.getItem(TOKEN_KEY) ? h('p', { class: 'hint' }, 'Your games as a guest move to the new account.') : null,
  error,
  h('div', { class: 'actionbar' }, submit,
    h('button', { type: 'button', id: 'account-cancel', onclick: () => dialog?.close() }, 'Cancel')),
  h('p', {}, h('a', { href: '#', id: 'account-switch', onclick: (e) => { e.preventDefault(); openDialog(mode === 'signup' ? 'login' : 'signup'); } }, text.other)),
  mode === 'login' ? h('p', {}, h('a', { href: '/account/forgot', id: 'account-forgot' }, 'Forgot your password?')) : null);

  const element = h('dialog', { class: 'account-dialog', id: 'account-dialog', 'aria-label': text.title }, form);
  element.addEventListener('close', () => element.remove());
  dialog = element;
  document.body.append(element);
  element.showModal();
  username.focus();
}
