// The account's own settings (#43) in Chromium, at the review's two viewports:
// /account/settings lays the mail switches out as a list of rows a finger can
// hit; the owner changes the password (a wrong current one refused, every
// other browser logged out) and closes the account (refused while a game
// waits; then logged out, the login refused, the profile says so). A server
// with mail on (an SMTP server nobody answers: nothing here needs a mail sent).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer, screenshotPath, assertAccessible } from './support.js';

const FAY = { username: 'fay43', password: 'fay-password-43' };
const GUS = { username: 'gus43', password: 'gus-password-43' };
const env = useServer({
  accounts: [FAY, GUS],
  args: (port) => ['--smtp', 'smtp://127.0.0.1:9', '--mail-from', 'arena@example.org', '--public-origin', `http://127.0.0.1:${port}`],
});
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: the settings page: the mail switches a list of rows, each a finger's height, then the password and closing`, async () => {
    const page = await newPage(env.browser, viewport);
    await env.logIn(page, FAY);
    await page.click('#mail-link');
    await page.waitForSelector('#notify-turn');
    assert.equal(await page.isChecked('#notify-follow'), true, 'the bell tells of a followed player\'s game, by default');
    const rows = await page.$$eval('.mail-switch', (labels) => labels.map((l) => {
      const r = l.getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height), left: Math.round(r.left) };
    }));
    assert.equal(rows.length, 6, 'five mail switches, then the bell\'s (#46)');
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i].top >= rows[i - 1].top + rows[i - 1].height - 1, `a row each: ${JSON.stringify(rows)}`);
    assert.ok(rows.every((r) => r.height >= 44), `a finger's height: ${JSON.stringify(rows)}`);
    assert.equal(new Set(rows.map((r) => r.left)).size, 1, 'aligned');
    // a label's whole row toggles its switch
    const before = await page.isChecked('#notify-clock');
    await page.click('.mail-switch[for="notify-clock"] span');
    await page.waitForFunction(() => document.getElementById('mail-status').textContent === 'Saved.');
    assert.equal(await page.isChecked('#notify-clock'), !before);
    for (const id of ['#password-form', '#close-form']) assert.equal(await page.isVisible(id), true);
    assert.equal(await page.title(), 'Settings · GIPF Arena');
    await page.screenshot({ path: screenshotPath(`settings-${viewport.width}.png`), fullPage: true });
    await assertAccessible(page, `settings page at ${name}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the owner changes the password: a wrong current one is refused; the other browser is logged out; the new one logs in', async () => {
  const here = await newPage(env.browser, LAPTOP);
  const there = await newPage(env.browser, PHONE);
  await env.logIn(here, FAY);
  await env.logIn(there, FAY);
  await env.open(here, '/account/settings');
  await here.fill('#password-current', 'not the password');
  await here.fill('#password-new', 'fay-new-password');
  await here.fill('#password-again', 'fay-new-password');
  await here.click('#password-change');
  await here.waitForSelector('#password-outcome[data-kind="error"]');
  assert.match(await here.innerText('#password-outcome'), /Wrong password/);
  await here.fill('#password-current', FAY.password);
  await here.fill('#password-again', 'fay-other-password');
  await here.click('#password-change');
  assert.match(await here.innerText('#password-outcome'), /differ/);
  await here.fill('#password-again', 'fay-new-password');
  await here.click('#password-change');
  await here.waitForSelector('#password-outcome[data-kind="ok"]');
  assert.equal(await here.inputValue('#password-current'), '', 'the form is emptied');
  await here.screenshot({ path: screenshotPath('settings-password-changed-1366.png') });
  // the other browser is a guest now; this one is still Fay
  await there.reload();
  await there.waitForSelector('#login');
  await here.reload();
  await here.waitForFunction((name) => document.querySelector('#profile-link')?.textContent === name, FAY.username);
  await env.logIn(there, { ...FAY, password: 'fay-new-password' });
  assert.deepEqual([...here.errors, ...there.errors], []);
  await here.context().close();
  await there.context().close();
});

test('375×812: closing the account: refused while a game waits; then logged out, the login refused, the profile says so', async () => {
  const page = await newPage(env.browser, PHONE);
  await env.logIn(page, GUS);
  await page.selectOption('#game', 'yinsh');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"]');
  const room = new URL(page.url()).searchParams.get('room');
  await env.open(page, '/account/settings');
  await page.fill('#close-password', GUS.password);
  page.on('dialog', (dialog) => dialog.accept());  // "Close your account for good?"
  await page.click('#close-account');
  await page.waitForSelector('#close-outcome[data-kind="error"]');
  assert.match(await page.innerText('#close-outcome'), /unfinished game/);
  await env.open(page, `/?room=${room}`);
  await page.click('#cancel-room');
  await page.waitForSelector('#status[data-status="cancelled"]');
  await env.open(page, '/account/settings');
  await page.fill('#close-password', GUS.password);
  await page.click('#close-account');
  await page.waitForURL((url) => url.pathname === '/' && !url.search);
  await page.waitForFunction(() => /account is closed/.test(document.getElementById('toast')?.textContent || ''));
  await page.waitForSelector('#login');  // a guest again
  await page.click('#login');
  await page.fill('#username', GUS.username);
  await page.fill('#password', GUS.password);
  await page.click('#account-submit');
  await page.waitForFunction(() => /closed by its owner/.test(document.querySelector('#account-dialog .form-error')?.textContent || ''));
  await page.screenshot({ path: screenshotPath('settings-closed-login-375.png') });
  await env.open(page, `/@/${GUS.username}`);
  await page.waitForSelector('#profile-closed');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
