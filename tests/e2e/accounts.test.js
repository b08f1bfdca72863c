// Accounts in the browser (PROTOCOL.md, "Accounts, sessions and roles"): a guest
// plays, signs up and keeps the game; a second player signs up (a taken name is
// refused in words); log out, a wrong password refused, log in again; a plain
// player gets no admin page; the two accounts play part of a game by clicks;
// a moderator made with the command line aborts a game and bans a player from
// /admin: the banned player's game is resigned (the opponent sees it), their
// page is disconnected and logging in is refused with `banned` until the unban;
// an admin reads the audit log and makes a player a moderator.
// A sign-up whose answer reaches the page after the socket closed still ends
// signed in.
// The steps run in order and share the pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'playwright-core';
import { useServer, newPage, playByClicks, screenshotPath } from './support.js';

const MOD = { username: 'mod1', password: 'moderator-pass-1' };
const ADMIN = { username: 'root1', password: 'administrator-pass-1' };
const ALICE = { username: 'alice', password: 'alice-password-1' };
const BOB = { username: 'bob', password: 'bob-password-22' };

let alice;  // desktop
let bob;    // a phone
let moderator;
const rooms = {};

const env = useServer({ accounts: [{ ...MOD, role: 'moderator' }, { ...ADMIN, role: 'admin' }] });
const { open, at } = env;

/** Waits until the header names the account (the page reloaded with its cookie). */
async function signedIn(page, username) {
  await page.waitForFunction((name) => document.querySelector('#profile-link')?.textContent === name, username);
  await page.waitForSelector('.connection[data-state="open"]');
  await page.waitForSelector('#logout');
}

/** Opens the dialog of `mode` ('signup' or 'login') from the header, fills it and submits. */
async function submitAccount(page, mode, { username, password }) {
  if (!(await page.$('#account-dialog[open]'))) await page.click(`#${mode}`);
  await page.waitForSelector(`#account-dialog[open] form[data-mode="${mode}"] #username`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('#account-submit');
}

/** The error the dialog shows: {code, text} once it is shown. */
async function accountError(page, code) {
  const error = await page.waitForSelector(`#account-error[data-code="${code}"]:not([hidden])`);
  return (await error.textContent()).trim();
}

async function createGame(page, color = 'white') {
  await open(page);
  await page.selectOption('#game', 'yinsh');
  await page.selectOption('#variant', 'blitz');
  await page.selectOption('#color', color);
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"]');
  return new URL(page.url()).searchParams.get('room');
}

async function joinFromLobby(page, room) {
  await open(page);
  await page.click(`li[data-room="${room}"] a.join`);
  await page.waitForSelector('#status[data-status="live"]');
}

test('a guest plays a game, signs up and keeps it', async () => {
  alice = await newPage(env.browser);
  bob = await newPage(env.browser, { width: 375, height: 812 });  // a phone

  await open(alice);
  await alice.waitForSelector('#signup');
  await alice.waitForSelector('#login');
  assert.equal(await alice.$('#logout'), null, 'a guest has no log out');
  assert.notEqual((await alice.textContent('#who')).trim(), '', 'the guest name is shown');

  // a game between two guests, resigned after a few moves
  rooms.guestGame = await createGame(alice);
  await joinFromLobby(bob, rooms.guestGame);
  await alice.waitForSelector('#status[data-status="live"]');
  await playByClicks([alice, bob], { seed: 3, clicks: 6 });
  alice.once('dialog', (dialog) => dialog.accept());
  await alice.click('button.danger:has-text("Resign")');
  for (const page of [alice, bob]) await page.waitForSelector('#result[data-winner="black"]');
  // and one still waiting for an opponent
  rooms.open = await createGame(alice);

  // a username the server would refuse is caught at once, in words
  await open(alice);
  await submitAccount(alice, 'signup', { username: 'al', password: ALICE.password });
  assert.match(await alice.textContent('#account-error'), /3 to 20/);
  await submitAccount(alice, 'signup', ALICE);
  await signedIn(alice, ALICE.username);
  assert.equal(await alice.$('#signup'), null);
  assert.equal(await alice.$('#admin-link'), null, 'no admin link for a player');
  await alice.waitForSelector('#name', { state: 'hidden' });  // an account plays under its username
  assert.match(await alice.textContent('#playing-as'), /alice/);
  assert.equal(await alice.getAttribute('#profile-link', 'href'), '/@/alice');

  // the room the guest opened is still the account's
  await open(alice, `/?room=${rooms.open}`);
  await alice.waitForSelector('#status[data-status="open"][data-you="white"]');

  // the profile lists the guest's finished game, with its replay
  await alice.click('#profile-link');
  await alice.waitForSelector('#profile-username');
  assert.equal(await alice.textContent('#profile-username'), 'alice');
  assert.equal(await alice.textContent('#profile-role'), 'Player');
  assert.ok(Number(await alice.textContent('#profile-games')) >= 1, 'games played counts the guest game');
  await alice.click(`#profile-recent a[href="/?replay=${rooms.guestGame}"]`);
  await alice.waitForSelector('#position');

  // a profile that does not exist
  await alice.goto(at('/@/nobody-here'));
  assert.match(await (await alice.waitForSelector('#profile-missing')).textContent(), /no such player/i);

  // the second guest signs up on the phone; a taken username (ignoring case) is refused in words
  await open(bob);
  const otherTab = await bob.context().newPage();  // its socket is closed by the sign-up: it starts again as the account
  await open(otherTab);
  await submitAccount(bob, 'signup', { username: 'ALICE', password: BOB.password });
  assert.ok((await accountError(bob, 'username_taken')).length > 0);
  await bob.screenshot({ path: screenshotPath('accounts-signup-phone.png') });
  await submitAccount(bob, 'signup', BOB);
  await signedIn(bob, BOB.username);
  await signedIn(otherTab, BOB.username);
  await otherTab.close();
  await open(bob, `/@/${BOB.username}`);
  await bob.waitForSelector(`#profile-recent a[href="/?replay=${rooms.guestGame}"]`);
});

test('log out, a wrong password refused in words, log in again', async () => {
  await open(alice);
  await alice.click('#logout');
  await alice.waitForSelector('#login');
  await alice.waitForSelector('.connection[data-state="open"]');
  assert.equal(await alice.$('#profile-link'), null);
  await alice.waitForSelector('#name', { state: 'visible' });  // a guest again, with a name form

  await submitAccount(alice, 'login', { username: ALICE.username, password: 'not-her-password' });
  assert.ok((await accountError(alice, 'bad_credentials')).length > 0);
  await submitAccount(alice, 'login', ALICE);  // the dialog is still open
  await signedIn(alice, ALICE.username);
});

test('a plain player has no admin link and the admin page refuses', async () => {
  await open(alice);
  assert.equal(await alice.$('#admin-link'), null);
  const page = await alice.context().newPage();  // the same cookie
  await page.goto(at('/admin'));
  const refused = await page.waitForSelector('#admin-refused');
  assert.match(await refused.textContent(), /moderators/);
  assert.equal(await page.$('#users'), null);
  const status = await page.evaluate(async () => (await fetch('/api/admin/users?q=&page=1')).status);
  assert.equal(status, 403, 'and so does the server');
  await page.close();
});

test('the two accounts play part of a game by clicks', async () => {
  rooms.live = await createGame(alice);
  await joinFromLobby(bob, rooms.live);
  await alice.waitForSelector('#status[data-status="live"]');
  for (const page of [alice, bob]) {
    assert.match(await page.textContent('.player[data-color="white"]'), /alice/);
    assert.match(await page.textContent('.player[data-color="black"]'), /bob/);
  }
  assert.equal(await bob.getAttribute('#status', 'data-you'), 'black');
  await playByClicks([alice, bob], { seed: 5, clicks: 8 });
  for (const page of [alice, bob]) await page.waitForSelector('#moves li');
  assert.equal(await alice.$('#result'), null, 'still being played');
});

test('a moderator aborts a game and bans a player from the admin page', async () => {
  moderator = await newPage(env.browser);
  await open(moderator);
  await submitAccount(moderator, 'login', MOD);
  await signedIn(moderator, MOD.username);
  await moderator.click('#admin-link');
  await moderator.waitForSelector('#users li[data-user="bob"]');
  assert.equal(await moderator.$('#admin-audit'), null, 'the audit log is for admins');
  assert.equal(await moderator.$('#users li[data-user="mod1"] details'), null, 'no action on oneself');

  // search
  await moderator.fill('#user-search', 'bo');
  await moderator.press('#user-search', 'Enter');
  await moderator.waitForFunction(() => {
    const users = [...document.querySelectorAll('#users li[data-user]')].map((li) => li.dataset.user);
    return users.length === 1 && users[0] === 'bob';
  });

  // abort the room alice opened as a guest, while she looks at it
  const waiting = await alice.context().newPage();
  await open(waiting, `/?room=${rooms.open}`);
  await waiting.waitForSelector('#status[data-status="open"]');
  await moderator.fill('#game-id', rooms.open);
  await moderator.fill('#game-reason', 'test room left open');
  await moderator.click('#abort-game');
  await moderator.waitForSelector('#game-message[data-kind="ok"]');
  const aborted = await waiting.waitForSelector('#aborted');
  assert.match(await aborted.textContent(), /aborted by a moderator: test room left open/);
  await waiting.waitForSelector('#status[data-status="cancelled"]');
  await waiting.screenshot({ path: screenshotPath('accounts-aborted.png') });
  await waiting.goto(at(`/?replay=${rooms.open}`));  // the stored game says so too
  await waiting.waitForSelector('#position');
  assert.match(await waiting.textContent('main'), /The game was aborted: it has no result/);
  await waiting.close();

  // ban bob, who is in a live game with alice
  const row = '#users li[data-user="bob"]';
  await moderator.click(`${row} summary`);
  await moderator.fill(`${row} .ban-minutes`, '60');
  await moderator.fill(`${row} .ban-reason`, 'abusive language');
  await moderator.click(`${row} button.ban`);
  await moderator.waitForSelector('#users li[data-user="bob"][data-banned="true"]');
  await moderator.waitForSelector('#users-message[data-kind="ok"]');
  assert.match(await moderator.textContent(row), /abusive language/);
  await moderator.screenshot({ path: screenshotPath('accounts-admin.png'), fullPage: true });

  // the game is resigned for bob: alice sees the result and why
  await alice.waitForSelector('#result[data-winner="white"][data-reason="resignation"]');
  const ending = await alice.waitForSelector('#ending[data-note="banned"]');
  assert.match(await ending.textContent(), /bob.*banned/);
  assert.equal(await alice.getAttribute('#status', 'data-status'), 'finished');
  await alice.screenshot({ path: screenshotPath('accounts-opponent-banned.png') });

  // bob's page is disconnected and says so; his game offers nothing more to click
  await bob.waitForSelector('#banned');
  await bob.waitForSelector('.connection[data-state="banned"]');
  assert.match(await bob.textContent('#status'), /banned/);
  assert.equal((await bob.$$('[data-choice]')).length, 0);
  assert.equal(await bob.$('button:has-text("Resign")'), null);
  await bob.screenshot({ path: screenshotPath('accounts-banned-phone.png'), fullPage: true });

  // logging in again is refused with `banned`, and until when
  await submitAccount(bob, 'login', BOB);
  assert.match(await accountError(bob, 'banned'), /banned.*until/i);
  await bob.keyboard.press('Escape');

  // until the unban
  await moderator.click(`${row} button.unban`);
  await moderator.waitForSelector('#users li[data-user="bob"][data-banned="false"]');
  await open(bob);
  await submitAccount(bob, 'login', BOB);
  await signedIn(bob, BOB.username);

  for (const page of [alice, bob, moderator]) assert.deepEqual(page.errors, []);
});

test('an admin reads the audit log and makes a player a moderator', async () => {
  const admin = await newPage(env.browser);
  await open(admin);
  await submitAccount(admin, 'login', ADMIN);
  await signedIn(admin, ADMIN.username);
  await admin.click('#admin-link');
  await admin.waitForSelector('#audit li[data-action="ban"]');
  const audit = await admin.$$eval('#audit li[data-action]', (items) => items.map((li) => [li.dataset.action, li.textContent]));
  const ban = audit.find(([action]) => action === 'ban');
  assert.match(ban[1], /mod1 ban bob/);
  assert.match(ban[1], /abusive language/);
  assert.ok(audit.some(([action, text]) => action === 'abort' && text.includes(rooms.open)), 'the abort is audited');
  assert.ok(audit.some(([action, text]) => action === 'unban' && /mod1/.test(text)));
  assert.ok(audit.some(([, text]) => text.includes('command line')), 'the accounts made with the command line');

  const row = '#users li[data-user="alice"]';
  await admin.click(`${row} summary`);
  await admin.selectOption(`${row} select.role`, 'moderator');
  await admin.click(`${row} button.set-role`);
  await admin.waitForSelector('#users li[data-user="alice"][data-role="moderator"]');
  await admin.waitForSelector('#audit li[data-action="set_role"]');
  // no role select on an admin (themselves)
  assert.equal(await admin.$('#users li[data-user="root1"] select.role'), null);

  // alice's open page was told her role changed and reloaded: it has the admin link
  await alice.waitForSelector('#admin-link', { timeout: 60000 });
  await open(alice);
  await alice.click('#admin-link');
  await alice.waitForSelector('#users li[data-user="bob"] details');
  assert.equal(await alice.$('#admin-audit'), null);
  assert.equal(await alice.$('#users li[data-user="mod1"] details'), null, 'a moderator acts on players only');
  await admin.screenshot({ path: screenshotPath('accounts-admin-audit.png'), fullPage: true });
  for (const page of [admin, alice]) assert.deepEqual(page.errors, []);
});

test('a sign-up answered after the server closed the guest socket still ends signed in', async () => {
  // The server closes the guest's socket ("signed up") before it answers the
  // request that sets the cookie; on a loaded machine the close can reach the
  // page first. Here the answer always comes 1.5 s late: the request goes out
  // from a separate cookie jar, so only the delayed answer sets the cookie.
  const page = await newPage(env.browser);
  await open(page);
  const api = await request.newContext();
  await page.route('**/api/account/signup', async (route) => {
    const answer = await api.fetch(route.request());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response: answer });
  });
  await submitAccount(page, 'signup', { username: 'latecomer', password: 'latecomer-password' });
  await signedIn(page, 'latecomer');
  assert.deepEqual(page.errors, []);
  await api.dispose();
  await page.context().close();
});
