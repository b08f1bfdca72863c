// The mail pages (PROTOCOL.md, Mail): /account/settings (an address and the
// notification switches), /account/verify#TOKEN and /account/reset#TOKEN (the
// links the server mails; the token stays in the fragment, never sent in a
// URL), /account/forgot (ask for a reset link).
import { getJson, postJson } from './api.js';
import { h } from './ui.js';

const SWITCHES = [
  ['turn', 'Your move in a correspondence game, when you are not on the site'],
  ['clock', 'Less than a day left on a correspondence clock'],
  ['challenge', 'A ladder challenge for you'],
  ['round', 'An event round paired with your game, or your event starting within the hour'],
  ['report', 'The outcome of your report'],
];

/** Whether `path` is one of the mail pages. */
export const mailPage = (path) => ['/account/settings', '/account/verify', '/account/reset', '/account/forgot'].includes(path);

export class MailView {
  constructor(root, path) {
    this.root = root;
    this.status = h('p', { class: 'mail-status', role: 'status' });
    const token = location.hash.slice(1);
    if (path === '/account/verify') this.verify(token);
    else if (path === '/account/reset') this.reset(token);
    else if (path === '/account/forgot') this.forgot();
    else this.settings();
  }

  show(title, ...children) {
    this.root.replaceChildren(h('section', { class: 'mail-page' }, h('h1', {}, title), ...children, this.status));
  }

  say(text) { this.status.textContent = text; }

  async verify(token) {
    this.show('Confirm your address');
    try {
      const answer = await postJson('/api/account/email/verify', { token });
      this.say(`Done: GIPF Arena's mail now goes to ${answer.address}.`);
    } catch (err) { this.say(err.message); }
  }

  reset(token) {
    const password = h('input', { type: 'password', id: 'reset-password', minlength: 8, maxlength: 128, required: true, autocomplete: 'new-password' });
    const form = h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const answer = await postJson('/api/account/reset/confirm', { token, password: password.value });
          this.say(`Your password is changed, ${answer.username}: you were logged out everywhere. Log in with the new one.`);
          form.remove();
        } catch (err) { this.say(err.message); }
      },
    }, h('label', {}, 'New password ', password), h('button', { type: 'submit' }, 'Set the password'));
    this.show('Choose a new password', form);
  }

  forgot() {
    const login = h('input', { type: 'text', id: 'forgot-login', required: true, maxlength: 254, autocomplete: 'username' });
    const form = h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await postJson('/api/account/reset', { login: login.value });
          this.say('If that names an account with a confirmed address, a link is on its way there. It works for an hour.');
        } catch (err) { this.say(err.message); }
      },
    }, h('label', {}, 'Username or address ', login), h('button', { type: 'submit' }, 'Send me a link'));
    this.show('Forgot your password?', form);
  }

  async settings() {
    let current;
    try { current = await getJson('/api/account/email'); } catch (err) { this.show('Mail'); return this.say(err.message); }
    if (!current.mail) { this.show('Mail'); return this.say('This server sends no mail.'); }
    const email = h('input', { type: 'email', id: 'mail-address', required: true, maxlength: 254 });
    const password = h('input', { type: 'password', id: 'mail-password', required: true, autocomplete: 'current-password' });
    const form = h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await postJson('/api/account/email', { email: email.value, password: password.value });
          this.say(`A link is on its way to ${email.value}: open it to confirm the address.`);
        } catch (err) { this.say(err.message); }
      },
    }, h('label', {}, 'Address ', email), h('label', {}, ' Your password ', password), h('button', { type: 'submit' }, 'Send the link'));
    const boxes = SWITCHES.map(([key, label]) => {
      const box = h('input', { type: 'checkbox', id: `notify-${key}` });
      box.checked = current.notify[key];
      box.addEventListener('change', async () => {
        try { await postJson('/api/account/notify', { [key]: box.checked }); this.say('Saved.'); }
        catch (err) { box.checked = !box.checked; this.say(err.message); }
      });
      return h('label', { class: 'mail-switch' }, box, ' ', label);
    });
    this.show('Mail',
      h('p', {}, current.address ? `Mail goes to ${current.address}.` : 'No confirmed address yet.'),
      current.pending ? h('p', {}, `Waiting for you to open the link sent to ${current.pending}.`) : '',
      form, h('h2', {}, 'Mail me when'), ...boxes);
  }
}
