// The mail pages (PROTOCOL.md, Mail): /account/settings (an address and the
// notification switches, then the password and closing the account:
// account_settings.js), /account/verify#TOKEN and /account/reset#TOKEN (the
// links the server mails; the token stays in the fragment, never sent in a
// URL), /account/forgot (ask for a reset link).
import { getJson, postJson } from './api.js';
import { h } from './ui.js';
import { passwordSection, closeSection } from './account_settings.js';
import { tokensSection } from './token_settings.js';

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
    this.status = h('p', { class: 'mail-status', id: 'mail-status', role: 'status' });
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
      // a second open of the same link changes nothing: say so, not "Done" again (#43)
      this.say(answer.already_verified ? `Already verified: GIPF Arena's mail goes to ${answer.address}.`
        : `Done: GIPF Arena's mail now goes to ${answer.address}.`);
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

  /** /account/settings: the mail (when the server sends any), the password, closing the account. */
  async settings() {
    document.title = 'Settings · GIPF Arena';
    const mail = h('section', { class: 'panel settings', id: 'mail-settings' }, h('h2', {}, 'Mail'), this.status);
    this.root.replaceChildren(h('div', { class: 'settings-page' }, h('h1', {}, 'Settings'), mail, tokensSection(), passwordSection(), closeSection()));
    let current;
    try { current = await getJson('/api/account/email'); } catch (err) { return this.say(err.message); }
    const box = ([key, label]) => {
      const input = h('input', { type: 'checkbox', id: `notify-${key}` });
      input.checked = current.notify[key] !== false;
      input.addEventListener('change', async () => {
        try { await postJson('/api/account/notify', { [key]: input.checked }); this.say('Saved.'); }
        catch (err) { input.checked = !input.checked; this.say(err.message); }
      });
      return h('li', {}, h('label', { class: 'mail-switch', for: `notify-${key}` }, input, h('span', {}, label)));
    };
    // a notice in the bell only, never a mail (#46): there with or without mail
    const bell = h('fieldset', { class: 'mail-switches', id: 'bell-switches' }, h('legend', {}, 'Tell me in the bell when'),
      h('ul', {}, box(['follow', 'Someone I follow starts a game'])));
    if (!current.mail) {
      mail.replaceChildren(h('h2', {}, 'Notices'), bell, this.status);
      return this.say('This server sends no mail.');
    }
    const email = h('input', { type: 'email', id: 'mail-address', required: true, maxlength: 254, autocomplete: 'email' });
    const password = h('input', { type: 'password', id: 'mail-password', required: true, autocomplete: 'current-password' });
    const form = h('form', {
      class: 'settings-form', id: 'mail-form',
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await postJson('/api/account/email', { email: email.value, password: password.value });
          this.say(`A link is on its way to ${email.value}: open it to confirm the address.`);
        } catch (err) { this.say(err.message); }
      },
    }, h('div', { class: 'field' }, h('label', { for: 'mail-address' }, current.address ? 'A new address' : 'Your address'), email),
    h('div', { class: 'field' }, h('label', { for: 'mail-password' }, 'Your password'), password),
    h('button', { type: 'submit' }, 'Send the link'));
    const boxes = SWITCHES.map(box);
    mail.replaceChildren(h('h2', {}, 'Mail'),
      h('p', { id: 'mail-current' }, current.address ? `Mail goes to ${current.address}.` : 'No confirmed address yet.'),
      current.pending ? h('p', { class: 'hint' }, `Waiting for you to open the link sent to ${current.pending}.`) : '',
      form,
      h('fieldset', { class: 'mail-switches' }, h('legend', {}, 'Mail me when'), h('ul', {}, boxes)),
      bell,
      this.status);
  }
}
