// Every page gets connected, or keeps trying and says so. A browser keeps each
// page's HTTP connections open after loading its scripts (six per context), so
// a few dozen pages from one address used to fill the server's per-address
// limit with idle connections: the next page's scripts were refused (429),
// its main.js never ran, and it said "connecting…" for ever (play.test.js
// failed so, now and then, at its twentieth page). The server now gives up an
// idle connection for a new one; a page whose scripts fail anyway loads again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer } from './support.js';

// A limit a handful of pages fills with their idle connections (6 each, and 1 WebSocket).
const env = useServer({ args: ['--max-connections-per-address', '16'] });

test('pages one after another from one address, many more connections than its limit: each gets connected', async () => {
  const pages = [];
  for (let i = 0; i < 6; i++) {
    const page = await newPage(env.browser);
    await env.open(page);  // waits for connected
    pages.push(page);
  }
  // the WebSockets are never given up: every page is still connected
  for (const page of pages) assert.equal(await page.getAttribute('#connection', 'data-state'), 'open');
  for (const page of pages) assert.deepEqual(page.errors, []);
});

test('a page whose scripts could not be fetched says so, loads again and connects', async () => {
  const page = await newPage(env.browser);
  let refused = 0;
  await page.route('**/js/ui.js', (route) => {
    if (refused++ === 0) return route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":{"code":"too_many_connections"}}' });
    return route.continue();
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(env.at('/'));
  await page.waitForFunction(() => /could not load the page/.test(document.querySelector('#connection .label').textContent));
  await page.waitForSelector('.connection[data-state="open"]');
  assert.equal(loads, 2, 'loaded again once');
  assert.equal(refused, 2, 'ui.js asked for twice');
  assert.deepEqual(page.errors, []);
});
