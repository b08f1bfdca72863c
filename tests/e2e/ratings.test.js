// Ratings in the browser (issue #13, PROTOCOL.md "Ratings"): a guest has no
// Rated switch; two players sign up; the switch says why it does not apply
// untimed or with extra pieces; one account creates a rated YINSH game with a
// 10+5 clock; a guest may only watch it; the other account finds it in the
// lobby with the creator's rating and joins; both make a first action, then
// White resigns. Both result banners show both ratings' change (again after a
// reload, from the snapshot), the seats show the new ratings, and each profile
// has a changed YINSH normal rating after one game with a one-point chart, and
// lists the game as rated. The leaderboard of the pool lists nobody yet (one
// game leaves the RD high). Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath } from './support.js';

const ANN = { username: 'ann', password: 'ann-password-1' };
const BOB = { username: 'bob', password: 'bob-password-22' };
const PHONE = { width: 375, height: 812 };
const PERF = 'yinsh:normal';

const env = useServer();
const { open, signUp } = env;

/**
 * Makes the player's decision (the first choice offered) and waits until it was
 * taken. A click sends at once (the choices go), so choices still there mean
 * the click met a board being redrawn: it is tried again, a few times at most.
 */
async function act(page) {
  for (let tries = 0; tries < 5; tries++) {
    await page.click('[data-choice]');
    if (await page.evaluate(() => !document.querySelector('[data-choice]'))) break;
  }
  await page.waitForFunction(() => !document.querySelector('[data-choice]') && !/Sending/.test(document.getElementById('status').textContent));
}

/** The Rated switch's state: {shown, disabled, note}. */
async function ratedSwitch(page) {
  return page.evaluate(() => ({
    shown: !document.getElementById('rated-row').hidden,
    disabled: document.getElementById('rated').disabled,
    note: document.getElementById('rated-note').textContent,
  }));
}

const lines = (page) => page.$$eval('#rating-change li', (items) => items.map((li) => ({
  color: li.dataset.color, name: li.dataset.name, text: li.textContent,
  before: Number(li.dataset.before), after: Number(li.dataset.after), difference: Number(li.dataset.difference),
})));

test('a rated game changes both ratings: the result banner, the seats, the profiles', async () => {
  const ann = await newPage(env.browser);
  const bob = await newPage(env.browser, PHONE);
  try {
    await ratedGame(ann, bob);
  } catch (error) {
    // what each page showed, for the failure's reader
    for (const [name, page] of [['ann', ann], ['bob', bob]]) {
      await page.screenshot({ path: screenshotPath(`ratings-failed-${name}.png`), fullPage: true }).catch(() => {});
      error.message += `\n${name} at ${page.url()}, page errors ${JSON.stringify(page.errors)}`;
    }
    throw error;
  }
});

async function ratedGame(ann, bob) {

  // a guest has no Rated switch
  await open(ann);
  await ann.waitForSelector('#create');
  assert.equal((await ratedSwitch(ann)).shown, false, 'no Rated switch for a guest');

  await signUp(ann, ANN);
  await signUp(bob, BOB);

  // the switch applies with a clock and without extra pieces, and says why not otherwise
  await open(ann);
  await ann.waitForSelector('#rated-row:not([hidden])');
  await ann.selectOption('#clock', 'untimed');
  let rated = await ratedSwitch(ann);
  assert.equal(rated.disabled, true, 'untimed: no rating');
  assert.match(rated.note, /needs a clock/);
  await ann.selectOption('#game', 'gipf');
  await ann.selectOption('#variant', 'basic');
  await ann.selectOption('#clock', '5+5');
  assert.equal((await ratedSwitch(ann)).disabled, false, 'GIPF basic with a clock, no extra pieces');
  await ann.selectOption('#white-extra', '1');
  rated = await ratedSwitch(ann);
  assert.equal(rated.disabled, true, 'extra pieces: unrated');
  assert.match(rated.note, /unrated/);

  // ann creates a rated YINSH game, 10 minutes + 5 seconds a move, as White
  await ann.selectOption('#game', 'yinsh');
  await ann.selectOption('#variant', 'normal');
  await ann.selectOption('#color', 'white');
  await ann.selectOption('#clock', 'custom');
  await ann.fill('#clock-minutes', '10');
  await ann.fill('#clock-increment', '5');
  assert.equal((await ratedSwitch(ann)).disabled, false);
  await ann.check('#rated');
  await ann.click('#create');
  await ann.waitForSelector('#status[data-status="open"][data-you="white"]');
  const room = new URL(ann.url()).searchParams.get('room');
  await ann.waitForSelector(`#room-mode[data-rated="true"][data-perf="${PERF}"]`);
  assert.match(await ann.textContent('#room-mode'), /^Rated/);
  assert.equal(await ann.textContent('#time-control'), '10+5');
  await ann.waitForFunction(() => /ann \(1500\?\)/.test(document.querySelector('.player[data-color="white"]')?.textContent));

  // a guest sees it in the lobby, but its seat is for accounts: opening it, they watch
  const guest = await newPage(env.browser);
  await open(guest);
  const seen = await guest.waitForSelector(`#open-rooms li[data-room="${room}"][data-rated="true"]`);
  assert.equal(await seen.$('a.join'), null, 'no Join for a guest');
  assert.match(await seen.textContent(), /sign up or log in to join/);
  await open(guest, `/?room=${room}`);
  await guest.waitForSelector('#status[data-status="open"][data-you="spectator"]');
  assert.deepEqual(guest.errors, []);
  await guest.context().close();

  // bob finds it in the lobby: rated, with ann's rating; joins
  await open(bob);
  const entry = await bob.waitForSelector(`#open-rooms li[data-room="${room}"][data-rated="true"][data-perf="${PERF}"]`);
  assert.match(await entry.textContent(), /10\+5 · Rated · ann \(1500\?\) waits · you play black/);
  await bob.click(`li[data-room="${room}"] a.join`);
  await bob.waitForSelector('#status[data-status="live"][data-you="black"]');
  await bob.waitForFunction(() => /bob \(1500\?\)/.test(document.querySelector('.player[data-color="black"]')?.textContent));
  await ann.waitForSelector('#status[data-status="live"]');

  // both act (a game is rated only then), and White resigns
  await act(ann);
  await act(bob);
  for (const page of [ann, bob]) await page.waitForFunction(() => document.getElementById('resign') && !document.getElementById('abort'));
  ann.once('dialog', (dialog) => dialog.accept());
  await ann.click('#resign');

  // both banners: the result and both ratings' change
  const change = {};
  for (const page of [ann, bob]) {
    await page.waitForSelector('#result[data-winner="black"][data-reason="resignation"]');
    await page.waitForSelector(`#result #rating-change[data-perf="${PERF}"] li[data-color="black"]`);
    const [white, black] = await lines(page);
    assert.deepEqual([white.color, white.name, black.color, black.name], ['white', 'ann', 'black', 'bob']);
    assert.equal(white.before, 1500);
    assert.equal(black.before, 1500);
    assert.ok(white.after < 1500 && black.after > 1500, `the loser falls, the winner rises: ${white.after}, ${black.after}`);
    assert.ok(white.difference < 0 && black.difference > 0);
    assert.match(white.text, /^ann 1500\? → \d{4}\?? \(\u2212\d+\)$/);
    assert.match(black.text, /^bob 1500\? → \d{4}\?? \(\+\d+\)$/);
    assert.ok(white.text.includes(` → ${Math.round(white.after)}`) && black.text.includes(` → ${Math.round(black.after)}`));
    // the seats now show the new ratings
    for (const [color, side] of [['white', white], ['black', black]]) {
      assert.equal(Number(await page.getAttribute(`.player[data-color="${color}"]`, 'data-rating')), side.after);
      assert.ok((await page.textContent(`.player[data-color="${color}"]`)).includes(`(${Math.round(side.after)}`));
    }
    change.white = white;
    change.black = black;
  }
  await bob.screenshot({ path: screenshotPath('ratings-result-phone.png') });

  // opened again, the finished room's snapshot (its rating_change) says the same
  await open(bob, `/?room=${room}`);
  await bob.waitForSelector('#result #rating-change li[data-color="black"]');
  assert.deepEqual(await lines(bob), [change.white, change.black]);

  // each profile: the YINSH normal rating as after the game, one game, a chart of one point
  for (const [page, user, side] of [[ann, ANN.username, change.white], [bob, BOB.username, change.black]]) {
    await open(page, `/@/${user}`);
    const row = await page.waitForSelector(`#ratings tr[data-perf="${PERF}"]`);
    const rating = Number(await row.getAttribute('data-rating'));
    assert.notEqual(rating, 1500, `${user}'s rating changed`);
    assert.ok(Math.abs(rating - side.after) < 1e-6, `${user}: ${rating} is the banner's ${side.after}`);
    assert.equal(await row.getAttribute('data-games'), '1');
    const others = await page.$$eval(`#ratings tbody tr:not([data-perf="${PERF}"])`, (rows) => rows.map((r) => [r.dataset.perf, Number(r.dataset.rating), r.dataset.games]));
    assert.deepEqual(others.map(([perf]) => perf), ['gipf:basic', 'gipf:standard', 'gipf:tournament', 'yinsh:blitz']);
    for (const [perf, value, games] of others) assert.deepEqual([value, games], [1500, '0'], perf);
    assert.equal(await page.inputValue('#chart-perf'), PERF, 'the chart shows the pool of the most games');
    const chart = await page.waitForSelector(`#rating-chart[data-perf="${PERF}"][data-points="1"]`);
    const points = await chart.$$eval('circle.rating-point', (dots) => dots.map((d) => Number(d.dataset.rating)));
    assert.equal(points.length, 1);
    assert.ok(Math.abs(points[0] - side.after) < 1e-6, `the point is ${user}'s rating after the game`);
    const recent = await page.waitForSelector(`#profile-recent li[data-game="${room}"]`);
    assert.equal(await recent.getAttribute('data-rated'), 'true');
    assert.match(await recent.textContent(), /^YINSH normal · Rated · ann – bob · 0-1/);
  }
  await bob.screenshot({ path: screenshotPath('ratings-profile-phone.png'), fullPage: true });

  // the pool's leaderboard, from the header: one game leaves the RD far above 80, so nobody yet
  await ann.click('#leaderboard-link');
  await ann.waitForSelector('#leaderboard-tabs a[aria-current="page"]');
  await ann.click(`#leaderboard-tabs a[data-perf="${PERF}"]`);
  await ann.waitForSelector(`#leaderboard[data-perf="${PERF}"] #leaderboard-empty`);

  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
}
