// The lobby, the replay and the connection indicator in Chromium (issue #15):
// the indicator notices a silent connection, the replay's controls and list,
// the lobby's new-game form and live games, and axe-core on the lobby, a live
// game and a replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage } from './support.js';

const env = useServer();

test('offline: the indicator says reconnecting, and connected again once back online', async () => {
  const page = await newPage(env.browser);
  await env.open(page, '/');
  await page.context().setOffline(true);
  await page.waitForSelector('#connection[data-state="reconnecting"]');
  await page.context().setOffline(false);
  await page.waitForSelector('#connection[data-state="open"]');
  assert.equal(await page.isVisible('#toast'), false, 'no answer to a ping shown as an error');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
