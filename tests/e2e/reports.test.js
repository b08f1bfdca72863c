// Reports in the browser (PROTOCOL.md, "Trust and safety"): a player reports
// another from their profile; a moderator finds it in /admin's reports queue
// and resolves it with an outcome; the reporter reads the outcome on their own
// profile. A report made from a game's chat shows the moderators the game and
// what the reported player wrote there (#43). The steps run in order and share
// the pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath, assertAccessible } from './support.js';

const MOD = { username: 'mod1', password: 'moderator-pass-1' };
const RITA = { username: 'rita', password: 'rita-password-1' };
const TROY = { username: 'troy', password: 'troy-password-1' };

const env = useServer({ accounts: [{ ...MOD, role: 'moderator' }, RITA, TROY] });
const { open, at } = env;

let rita;
let moderator;

test('a player reports another from their profile', async () => {
  rita = await newPage(env.browser);
  await env.logIn(rita, RITA);
  await rita.goto(at('/@/troy'));
  await rita.waitForSelector('#report-form');
  await rita.fill('#report-reason', 'rude in chat');
  await rita.click('#report-player');
  await rita.waitForSelector('#trust-message[data-kind="ok"]');
});

test('a moderator resolves it in the reports queue of /admin', async () => {
  moderator = await newPage(env.browser);
  await env.logIn(moderator, MOD);
  await open(moderator, '/admin');
  const item = await moderator.waitForSelector('#reports li.report[data-status="open"]');
  assert.match(await item.textContent(), /troy/);
  assert.match(await item.textContent(), /rude in chat/);
  await moderator.fill('#reports li.report input.report-outcome', 'troy was warned');
  await moderator.click('#reports li.report button.resolve');
  await moderator.waitForSelector('#reports-message[data-kind="ok"]');
  await moderator.click('#reports-resolved');
  const resolved = await moderator.waitForSelector('#reports li.report[data-status="resolved"]');
  assert.match(await resolved.textContent(), /Resolved by mod1/);
  await moderator.screenshot({ path: screenshotPath('reports-admin.png'), fullPage: true });
});

test('the reporter reads the outcome on their profile', async () => {
  await rita.goto(at('/@/rita'));
  const line = await rita.waitForSelector('#my-reports li[data-status="resolved"]');
  assert.match(await line.textContent(), /troy was warned/);
  for (const page of [rita, moderator]) assert.deepEqual(page.errors, []);
});

test('a report from a game\'s chat shows the moderators the game and the lines the player wrote there', async () => {
  await open(rita, '/');
  await rita.selectOption('#game', 'yinsh');
  await rita.click('#create');
  await rita.waitForSelector('#status[data-status="open"]');
  const room = new URL(rita.url()).searchParams.get('room');
  const troy = await newPage(env.browser);
  await env.logIn(troy, TROY);
  await open(troy, `/?room=${room}`);
  await troy.waitForSelector('#status[data-status="live"]');
  for (const text of ['first rude line', 'second rude line']) {
    await troy.fill('#chat-input', text);
    await troy.click('#chat-send');
    await troy.waitForFunction(() => document.getElementById('chat-input').value === '');
  }
  const line = rita.locator('#chat-players li', { hasText: 'second rude line' });
  await line.waitFor();
  rita.once('dialog', (dialog) => dialog.accept('insults in the game'));
  await line.locator('.report-chat').click();
  await rita.waitForFunction(() => /Reported/.test(document.getElementById('toast')?.textContent || ''));

  await open(moderator, '/admin');
  const item = moderator.locator('#reports li.report[data-status="open"]', { hasText: 'insults in the game' });
  await item.waitFor();
  assert.equal(await item.locator('a.report-game').getAttribute('href'), `/?watch=${room}`);
  const lines = await item.locator('.reported-lines li .text').allInnerTexts();
  assert.deepEqual(lines, ['first rude line', 'second rude line']);
  assert.equal(await item.locator('.reported-lines li.deleted').count(), 0);
  await moderator.screenshot({ path: screenshotPath('reports-admin-chat.png'), fullPage: true });
  await assertAccessible(moderator, 'reports queue');
  for (const page of [rita, troy, moderator]) assert.deepEqual(page.errors, []);
  await troy.context().close();
});
