// The owner's own account controls on /account/settings (#43; PROTOCOL.md,
// Account API): a new password (the current one asked; every other browser
// logged out), and closing the account (the password asked, refused while a
// game is unfinished; the name stays on its games, and nobody may take it).
import { h } from './ui.js';
import { postJson } from './api.js';

/** A labelled password field: a row of the settings form. */
function passwordField(id, label, autocomplete) {
  const input = h('input', { type: 'password', id, required: true, maxlength: 128, autocomplete });
  return { input, row: h('div', { class: 'field' }, h('label', { for: id }, label), input) };
}

/** A line under a form saying how its last submission went ('ok' or 'error'). */
function outcomeLine(id) {
  const line = h('p', { class: 'form-outcome', id, role: 'status' });
  return {
    line,
    show(text, kind) { line.textContent = text; line.dataset.kind = kind; },
  };
}

/** The password section: current, new, and the new again. */
export function passwordSection() {
  const current = passwordField('password-current', 'Current password', 'current-password');
  const next = passwordField('password-new', 'New password (8 to 128 characters)', 'new-password');
  const again = passwordField('password-again', 'The new password again', 'new-password');
  next.input.minLength = 8;
  const outcome = outcomeLine('password-outcome');
  const form = h('form', { class: 'settings-form', id: 'password-form', onsubmit: async (e) => {
    e.preventDefault();
    if (next.input.value !== again.input.value) return outcome.show('The new password and its repetition differ.', 'error');
    try {
      await postJson('/api/account/password', { current: current.input.value, password: next.input.value });
      form.reset();
      outcome.show('Your password is changed. Every other browser was logged out.', 'ok');
    } catch (error) { outcome.show(error.message, 'error'); }
  } }, current.row, next.row, again.row, h('button', { type: 'submit', class: 'primary', id: 'password-change' }, 'Change the password'), outcome.line);
  return h('section', { class: 'panel settings', id: 'password-settings' }, h('h2', {}, 'Password'), form);
}

/** Closing the account, with what it means said first. */
export function closeSection() {
  const password = passwordField('close-password', 'Your password', 'current-password');
  const outcome = outcomeLine('close-outcome');
  const form = h('form', { class: 'settings-form', id: 'close-form', onsubmit: async (e) => {
    e.preventDefault();
    if (!confirm('Close your account for good? You will not be able to log in again.')) return;
    try {
      await postJson('/api/account/close', { password: password.input.value });
      location.assign('/?closed=1');
    } catch (error) { outcome.show(error.message, 'error'); }
  } }, password.row, h('button', { type: 'submit', class: 'danger', id: 'close-account' }, 'Close my account'), outcome.line);
  return h('section', { class: 'panel settings', id: 'close-settings' }, h('h2', {}, 'Close your account'),
    h('p', {}, 'You are logged out everywhere and cannot log in again. You leave every ladder and event. Your games stay, under your name, and nobody else may take the name. Finish or resign your unfinished games first.'),
    form);
}
