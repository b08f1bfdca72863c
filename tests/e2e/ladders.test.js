// A ladder in the browser (issue #14, PROTOCOL.md "Ladders and events"): an
// admin made with the command line logs in and creates a ladder in the admin
// console (the audit log lists it); two players log in, find it from the
// header's Ladders link and join it from its page (ann first: number 1, bob
// number 2); bob, the lower one, has a Challenge button next to ann (ann none
// next to bob) and challenges her; both are told by the pairing notice, and
// the ladder page lists the open challenge; ann follows the notice, bob the
// link the page gave him, both sit in the game room, and ann, the defender,
// resigns. The ladder page then shows bob at number 1 and ann at 2, the
// result among the recent ones, and the same two cannot meet again this week
// (409 cooldown). Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath, assertAccessible } from './support.js';

const ADMIN = { username: 'root1', password: 'administrator-pass-1' };
const ANN = { username: 'ann', password: 'ann-password-1' };
const BOB = { username: 'bob', password: 'bob-password-22' };
const PHONE = { width: 375, height: 812 };
const LADDER = 'Club ladder';

const env = useServer({ accounts: [{ ...ADMIN, role: 'admin' }, ANN, BOB] });
const { open, logIn } = env;

/** The ladder page's standings: [[position, username], …]. */
const standings = (page) => page.$$eval('#ladder-standings tbody tr', (rows) => rows.map((r) => [Number(r.dataset.position), r.dataset.username]));
/** POST `body` as JSON from `page` (its session): {status, json}. */
const post = (page, path, body = {}) => page.evaluate(async ([p, b]) => {
  const response = await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
  return { status: response.status, json: await response.json() };
}, [path, body]);

test('an admin creates a ladder, two players join, the lower one challenges and wins', async () => {
  const pages = {};
  try {
    await ladder(pages);
  } catch (error) {
    for (const [name, page] of Object.entries(pages)) {
      await page.screenshot({ path: screenshotPath(`ladders-failed-${name}.png`), fullPage: true }).catch(() => {});
      error.message += `\n${name} at ${page.url()}, page errors ${JSON.stringify(page.errors)}`;
    }
    throw error;
  }
});

async function ladder(pages) {
  // the admin creates the ladder: YINSH normal, the default clock (3 days per move)
  const admin = pages.admin = await newPage(env.browser);
  await logIn(admin, ADMIN);
  await open(admin, '/admin');
  await admin.waitForSelector('#admin-ladders');
  await admin.click('#ladder-create-open');
  await admin.fill('#ladder-name', LADDER);
  await admin.selectOption('#ladder-perf', 'yinsh:normal');
  assert.equal(await admin.inputValue('#ladder-clock'), 'correspondence');
  assert.equal(await admin.inputValue('#ladder-clock-days'), '3');
  await admin.click('#ladder-create-submit');
  const created = await admin.waitForSelector('#ladder-created-link');
  const path = await created.getAttribute('href');
  assert.match(path, /^\/ladders\/[^/]+$/);
  await admin.waitForSelector('#ladder-pick option:checked', { state: 'attached' });
  assert.match(await admin.textContent('#ladder-pick option:checked'), new RegExp(`^${LADDER} · YINSH normal · open`));
  await admin.waitForSelector('#audit li[data-action="ladder_create"]');

  // ann finds it from the header and joins first: number 1
  const ann = pages.ann = await newPage(env.browser);
  await logIn(ann, ANN);
  await ann.click('#ladders-link');
  await ann.waitForSelector('#ladders-table');
  await ann.click(`#ladders-table a[href="${path}"]`);
  await ann.waitForSelector(`#ladder[data-status="open"] #ladder-name`);
  assert.equal(await ann.textContent('#ladder-name'), LADDER);
  await ann.click('#ladder-join');
  await ann.waitForSelector('#ladder-standings tr[data-username="ann"][data-position="1"]');
  assert.match(await ann.textContent('#ladder-message'), /number 1/);
  assert.equal(await ann.$('#ladder-join'), null, 'no Join once on it');

  // bob, on a phone, joins: number 2, and may challenge ann
  const bob = pages.bob = await newPage(env.browser, PHONE);
  await logIn(bob, BOB);
  await open(bob, path);
  await bob.click('#ladder-join');
  await bob.waitForSelector('#ladder-standings tr[data-username="bob"][data-position="2"]');
  assert.deepEqual(await standings(bob), [[1, 'ann'], [2, 'bob']]);
  assert.match(await bob.textContent('#ladder-standings tr[data-username="ann"]'), /1500\?/, 'a provisional rating reads 1500?');
  await bob.waitForSelector('#ladder-standings tr[data-username="ann"] button.challenge[data-defender="ann"]');

  // ann, above, may challenge nobody
  await open(ann, path);
  await ann.waitForSelector('#ladder-standings tr[data-username="bob"]');
  assert.equal(await ann.$('button.challenge'), null, 'nobody is above number 1');

  // bob challenges ann: it waits for her answer (the ladder's 48 hours, #43)
  await bob.click('button.challenge[data-defender="ann"]');
  await bob.waitForFunction(() => /You challenged ann: they have until .+ to accept, choose a time or decline/.test(document.getElementById('ladder-message').textContent));
  await bob.waitForSelector('#ladder-challenges li[data-state="proposed"][data-challenger="bob"] button.withdraw');
  // ann's page shows the challenge first, its answers in view without scrolling, what each costs said
  await open(ann, path);
  const asked = await ann.waitForSelector('#ladder-answers .answer[data-challenger="bob"]');
  const inView = await ann.evaluate(() => {
    const r = document.querySelector('#ladder-answers .answer button.accept').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.ok(inView, 'Accept is in view');
  assert.match(await asked.textContent(), /You may decline one challenge every 30 days/);
  await ann.screenshot({ path: screenshotPath('ladders-answer-laptop.png') });
  await ann.click('#ladder-answers .answer[data-challenger="bob"] button.accept');
  const link = await ann.waitForSelector('#challenge-room');
  const room = new URLSearchParams((await link.getAttribute('href')).split('?')[1]).get('room');
  assert.ok(room, 'the challenge names its room');
  for (const [page, opponent] of [[ann, 'bob'], [bob, 'ann']]) {
    const notice = await page.waitForSelector(`#pairings .pairing[data-room="${room}"][data-source="ladder"]`);
    assert.match(await notice.textContent(), new RegExp(`Your ladder game in ${LADDER} against ${opponent} is ready: you play (white|black)`));
  }
  // the pairing made ann's page load the ladder again: the open challenge, hers to play
  const challenge = await ann.waitForSelector(`#ladder-challenges li[data-room="${room}"][data-challenger="bob"][data-defender="ann"]`);
  assert.equal(await challenge.$eval('a.game', (a) => a.getAttribute('href')), `/?room=${room}`);
  await bob.screenshot({ path: screenshotPath('ladders-challenge-phone.png'), fullPage: true });

  // ann follows her page's link, bob the notice: both are seated in the live game
  await ann.click('#challenge-room');
  await bob.click(`#pairings .pairing[data-room="${room}"] a.pairing-go`);
  const colors = {};
  for (const [name, page] of [['ann', ann], ['bob', bob]]) {
    await page.waitForURL((url) => url.searchParams.get('room') === room);
    const status = await page.waitForSelector('#status[data-status="live"]:is([data-you="white"], [data-you="black"])');
    colors[name] = await status.getAttribute('data-you');
  }
  assert.notEqual(colors.ann, colors.bob);
  await ann.waitForSelector(`#room-mode[data-rated="true"][data-perf="yinsh:normal"]`);
  assert.equal(await ann.$('#abort'), null, 'a ladder game cannot be aborted');

  // the defender resigns
  ann.once('dialog', (dialog) => dialog.accept());
  await ann.click('#resign');
  const winner = colors.bob;
  for (const page of [ann, bob]) await page.waitForSelector(`#result[data-winner="${winner}"][data-reason="resignation"]`);

  // bob took ann's place
  await open(bob, path);
  await bob.waitForSelector('#ladder-standings tr[data-username="bob"][data-position="1"]');
  assert.deepEqual(await standings(bob), [[1, 'bob'], [2, 'ann']]);
  const result = await bob.waitForSelector(`#ladder-results li[data-room="${room}"][data-outcome="challenger"]`);
  assert.match(await result.textContent(), /^bob beat ann/);
  assert.equal(await bob.$(`#ladder-challenges li[data-room="${room}"]`), null, 'the challenge is no longer open');
  await bob.screenshot({ path: screenshotPath('ladders-after-phone.png'), fullPage: true });

  // ann, now below, may not meet bob again this week: no button, and the server says cooldown
  await open(ann, path);
  await ann.waitForSelector('#ladder-standings tr[data-username="ann"][data-position="2"]');
  assert.equal(await ann.$('button.challenge[data-defender="bob"]'), null);
  const refused = await ann.evaluate(async (api) => {
    const response = await fetch(`${api}/challenge`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ defender: 'bob' }) });
    return { status: response.status, body: await response.json() };
  }, `/api${path}`);
  assert.deepEqual([refused.status, refused.body.error.code], [409, 'cooldown']);

  for (const [name, page] of Object.entries(pages)) assert.deepEqual(page.errors, [], `${name}'s page had no errors`);
}

test('a player who blocked you is offered to nobody as your challenge (#43): no Challenge button next to them', async () => {
  const CARL = { username: 'carl43', password: 'carl-password-43' };
  const DIDI = { username: 'didi43', password: 'didi-password-43' };
  const admin = await newPage(env.browser);
  await logIn(admin, ADMIN);
  const made = await post(admin, '/api/admin/ladders', { name: 'Blocks ladder', game: 'yinsh', variant: 'blitz' });
  assert.equal(made.status, 201);
  const path = `/ladders/${made.json.ladder.id}`;
  const [carl, didi] = [await newPage(env.browser, PHONE), await newPage(env.browser)];
  await env.signUp(carl, CARL);
  await env.signUp(didi, DIDI);
  assert.equal((await post(carl, `/api/ladders/${made.json.ladder.id}/join`)).status, 200);  // number 1
  assert.equal((await post(didi, `/api/ladders/${made.json.ladder.id}/join`)).status, 200);  // number 2
  await open(didi, path);
  await didi.waitForSelector(`button.challenge[data-defender="${CARL.username}"]`);  // may challenge carl
  assert.equal((await post(carl, `/api/blocks/${DIDI.username}`)).status, 201);
  await open(didi, path);
  await didi.waitForSelector(`#ladder-standings tr[data-username="${CARL.username}"]`);
  assert.equal(await didi.locator(`button.challenge[data-defender="${CARL.username}"]`).count(), 0,
    'no Challenge that would be refused');
  await didi.screenshot({ path: screenshotPath('ladders-blocked-no-challenge.png'), fullPage: true });
  for (const page of [admin, carl, didi]) assert.deepEqual(page.errors, []);
});

test('375×812: the challenged player answers at the top of the ladder; a second decline within 30 days is said to cost the game (#43)', async () => {
  const ERIN = { username: 'erin43', password: 'erin-password-43' };
  const FINN = { username: 'finn43', password: 'finn-password-43' };
  const GWEN = { username: 'gwen43', password: 'gwen-password-43' };
  const admin = await newPage(env.browser);
  await logIn(admin, ADMIN);
  const made = await post(admin, '/api/admin/ladders', { name: 'Answers ladder', game: 'yinsh', variant: 'normal', answer_hours: 24 });
  assert.equal(made.status, 201);
  const api = `/api/ladders/${made.json.ladder.id}`;
  const path = `/ladders/${made.json.ladder.id}`;
  const erin = await newPage(env.browser, PHONE);
  const [finn, gwen] = [await newPage(env.browser), await newPage(env.browser)];
  for (const [page, account] of [[erin, ERIN], [finn, FINN], [gwen, GWEN]]) {
    await env.signUp(page, account);
    assert.equal((await post(page, `${api}/join`)).status, 200);  // erin 1, finn 2, gwen 3
  }
  assert.equal((await post(finn, `${api}/challenge`, { defender: ERIN.username })).status, 201);
  // erin, on her phone: the challenge first, its buttons in view, the rule said; she declines (free)
  await open(erin, path);
  await erin.waitForSelector(`#ladder-answers .answer[data-challenger="${FINN.username}"]`);
  const seen = await erin.evaluate(() => [...document.querySelectorAll('#ladder-answers .answer button')].map((b) => {
    const r = b.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.height >= 44;
  }));
  assert.ok(seen.length === 3 && seen.every(Boolean), `Accept, Decline and Propose in view, a finger's size: ${seen}`);
  assert.match(await erin.textContent('#ladder-answers .answer-rule'), /You may decline one challenge every 30 days/);
  await erin.screenshot({ path: screenshotPath('ladders-answer-375.png') });
  await assertAccessible(erin, 'ladder page with a challenge to answer at 375×812');
  await erin.click('#ladder-answers button.decline');
  await erin.waitForFunction((name) => document.getElementById('ladder-message').textContent === `You declined ${name}'s challenge.`, FINN.username);
  await erin.waitForSelector(`#ladder-results li[data-outcome="aborted"][data-challenger="${FINN.username}"]`);
  // gwen challenges erin: declining now would cost the game, and the page says so before
  assert.equal((await post(gwen, `${api}/challenge`, { defender: ERIN.username })).status, 201);
  await open(erin, path);
  const rule = await erin.waitForSelector(`#ladder-answers .answer[data-challenger="${GWEN.username}"] .answer-rule[data-forfeits="true"]`);
  assert.match(await rule.textContent(), /^Declining now counts as a loss/);
  assert.match(await erin.textContent('#ladder-answers button.decline'), /counts as a loss/);
  // she puts it off an hour instead: gwen reads the time on the ladder
  const inAnHour = await erin.evaluate(() => {
    const d = new Date(Date.now() + 3600 * 1000);
    const pad = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await erin.fill('#ladder-answers input[type="datetime-local"]', inAnHour);
  await erin.click('#ladder-answers button.schedule');
  await erin.waitForFunction(() => /starts at/.test(document.getElementById('ladder-message').textContent));
  await open(gwen, path);
  await gwen.waitForSelector(`#ladder-challenges li[data-state="scheduled"][data-challenger="${GWEN.username}"]`);
  for (const page of [admin, erin, finn, gwen]) assert.deepEqual(page.errors, []);
  for (const page of [admin, erin, finn, gwen]) await page.context().close();
});
