// The notices bell (#35; PROTOCOL.md, "Notices"), on a phone's screen: a
// report's outcome reaches the reporter's open page live, the bell counts it,
// a click opens the list (and marks it read), and the count stays gone after
// a reload. The report and its resolution go through the API: the report
// pages have their own test (reports.test.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath } from './support.js';

const MOD = { username: 'mod1', password: 'moderator-pass-1' };
const RITA = { username: 'rita', password: 'rita-password-1' };
const TROY = { username: 'troy', password: 'troy-password-1' };

const env = useServer({ accounts: [{ ...MOD, role: 'moderator' }, RITA, TROY] });

const post = (page, path, body) => page.evaluate(async ([p, b]) => (await import('/js/api.js')).postJson(p, b), [path, body]);

test('a notice arrives live on the bell, opens in a list on a phone, and is read', async () => {
  const rita = await newPage(env.browser, { width: 390, height: 780 });
  await env.logIn(rita, RITA);
  await rita.waitForSelector('#bell');
  assert.equal(await rita.isHidden('#bell .bell-count'), true);
  const filed = await post(rita, '/api/reports', { username: 'troy', reason: 'rude in chat' });
  const moderator = await newPage(env.browser);
  await env.logIn(moderator, MOD);
  await post(moderator, `/api/admin/reports/${filed.report.id}/resolve`, { outcome: 'troy was warned' });

  await rita.waitForFunction(() => document.querySelector('#bell .bell-count')?.textContent === '1');
  await rita.click('#bell');
  const item = await rita.waitForSelector('#notices li.notice[data-kind="report"]');
  assert.match(await item.textContent(), /Read the outcome of your report of troy/);
  const box = await rita.$eval('#notices', (list) => { const r = list.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top }; });
  assert.ok(box.left >= 0 && box.right <= 390 && box.top >= 0 && box.top < 390, `the list is on the phone's screen: ${JSON.stringify(box)}`);
  await rita.waitForSelector('#bell .bell-count', { state: 'hidden' });
  await rita.screenshot({ path: screenshotPath('notices-phone.png') });

  await env.open(rita, '/');
  await rita.waitForSelector('#bell');
  await rita.click('#bell');
  await rita.waitForSelector('#notices li.notice[data-kind="report"]:not(.unread)');
  assert.equal(await rita.isHidden('#bell .bell-count'), true);
  // The notice leads to where its outcome is shown: her reports, on her profile (#43).
  await rita.click('#notices li.notice[data-kind="report"] a');
  await rita.waitForURL((url) => url.pathname === '/@/rita' && url.hash === '#my-reports');
  const reports = rita.locator('#my-reports');
  await reports.waitFor();
  assert.match(await reports.innerText(), /troy was warned/);
  const shown = await reports.evaluate((section) => { const r = section.getBoundingClientRect(); return r.top < window.innerHeight && r.bottom > 0; });
  assert.ok(shown, 'the reports are in the window');
  for (const page of [rita, moderator]) assert.deepEqual(page.errors, []);
});
