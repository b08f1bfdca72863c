// Finding a game and a friend (#46) in Chromium: two browsers press YINSH 5+5
// in the lobby's quick pairing and land in the same game; alice challenges bob from his
// profile; bob, on the lobby, sees the card under the header and the bell's
// count, declines once with a reason (alice's page says it in words), then
// accepts the next from the card and both pages open the same game. A
// challenger who left the form's page is taken to the game all the same, when
// bob accepts from the bell's list.
// Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath } from './support.js';

const ALICE = { username: 'alice', password: 'alice-password-1' };
const BOB = { username: 'bob', password: 'bob-password-1' };

const env = useServer({ accounts: [ALICE, BOB] });

async function challengeFromProfile(page, name) {
  await env.open(page, `/@/${name}`);
  await page.waitForSelector('#challenge-form');
  await page.selectOption('#challenge-game', 'yinsh');
  await page.selectOption('#challenge-variant', 'normal');
  await page.selectOption('#challenge-color', 'white');
  await page.selectOption('#challenge-clock', '5+5');  // real-time: the card, no notice of its own
  await page.click('#challenge-send');
  await page.waitForFunction(() => /Waiting for/.test(document.querySelector('#challenge-status')?.textContent ?? ''));
}

// Bob accepts alice's challenge (she plays white) from its card: both pages open the same game.
async function acceptFromTheCard(alice, bob) {
  await bob.waitForSelector('#challenges .challenge-notice');
  await bob.click('#challenges .challenge-accept');
  await bob.waitForSelector('#status[data-status="live"][data-you="black"]');
  await alice.waitForSelector('#status[data-status="live"][data-you="white"]');
  assert.equal(new URL(alice.url()).searchParams.get('room'), new URL(bob.url()).searchParams.get('room'));
  assert.deepEqual(alice.errors, []);
}

test('a challenge from a profile is declined with a reason, then accepted from the card: both open the game', async () => {
  const alice = await newPage(env.browser);
  const bob = await newPage(env.browser, { width: 390, height: 844 });  // a phone
  await env.logIn(alice, ALICE);
  await env.logIn(bob, BOB);

  await challengeFromProfile(alice, 'bob');
  await bob.waitForSelector('#challenges .challenge-notice');
  assert.match(await bob.textContent('#challenges .challenge-notice .text'), /^alice challenges you: YINSH normal · 5\+5 · casual · you play black$/);
  await bob.waitForFunction(() => document.querySelector('#bell .bell-count')?.textContent === '1');
  assert.match(await bob.getAttribute('#bell', 'aria-label'), /1 challenge to answer/);
  await bob.screenshot({ path: screenshotPath('finding-challenge-card.png'), fullPage: true });
  await bob.selectOption('#challenges .decline-reason', 'tooSlow');
  await bob.click('#challenges .challenge-decline');
  await bob.waitForFunction(() => !document.querySelector('#challenges .challenge-notice'));
  await alice.waitForFunction(() => /bob declined: “Too slow for me”\./.test(document.querySelector('#challenge-status')?.textContent ?? ''));
  assert.equal(await bob.isHidden('#bell .bell-count'), true);

  await alice.click('#challenge-send');
  await acceptFromTheCard(alice, bob);
  assert.deepEqual(bob.errors, []);
  // From the game's player list, alice may challenge bob again (not herself): his profile's form comes into view
  assert.equal(await alice.$('.player[data-color="white"] .challenge-link'), null);
  await alice.click('.player[data-color="black"] .challenge-link');
  await alice.waitForSelector('#challenge-form');
  assert.equal(new URL(alice.url()).pathname, '/@/bob');
  assert.equal(await alice.evaluate(() => document.activeElement?.closest('#challenge-form') !== null), true);
  await alice.context().close();
  await bob.context().close();
});

test('a challenger who went on to another page is taken to the game once it is accepted there, from the bell', async () => {
  const alice = await newPage(env.browser);
  const bob = await newPage(env.browser);
  await env.logIn(alice, ALICE);
  await env.logIn(bob, BOB);
  await challengeFromProfile(alice, 'bob');
  await env.open(alice, '/leaderboard');  // no challenge form here: the inbox follows the answer
  // Bob answers from the bell's list (#46): the same card, Accept and Decline
  await bob.waitForFunction(() => document.querySelector('#bell .bell-count')?.textContent === '1');
  await bob.click('#bell');
  await bob.waitForSelector('#notices .bell-challenges .challenge-notice');
  assert.match(await bob.textContent('#notices .challenge-notice .text'), /^alice challenges you: YINSH normal/);
  await bob.click('#notices .challenge-accept');
  await bob.waitForSelector('#status[data-status="live"][data-you="black"]');
  await alice.waitForSelector('#status[data-status="live"][data-you="white"]');
  assert.equal(new URL(alice.url()).searchParams.get('room'), new URL(bob.url()).searchParams.get('room'));
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
  await alice.context().close();
  await bob.context().close();
});

test('following: alice follows bob from his profile; the lobby shows him online, the bell tells her when his game begins, and the lobby offers to watch it', async () => {
  const alice = await newPage(env.browser);
  const bob = await newPage(env.browser);
  const guest = await newPage(env.browser);
  await env.logIn(alice, ALICE);
  await env.logIn(bob, BOB);
  await env.open(alice, '/@/bob');
  await alice.click('#follow-player');
  await alice.waitForFunction(() => document.querySelector('#follow-player')?.textContent === 'Unfollow');
  await env.open(alice, '/');
  await alice.waitForSelector('#following li[data-username="bob"][data-state="online"]');  // bob's page is open
  // bob opens a game; a guest joins it: it begins, and alice hears of it in the bell
  await env.open(bob, '/');
  await bob.selectOption('#game', 'yinsh');
  await bob.selectOption('#variant', 'normal');
  await bob.selectOption('#color', 'white');
  await bob.click('#create');
  await bob.waitForSelector('#status[data-status="open"][data-you="white"]');
  const room = new URL(bob.url()).searchParams.get('room');
  await env.open(guest, `/?room=${room}`);
  await bob.waitForSelector('#status[data-status="live"]');
  await alice.waitForFunction(() => document.querySelector('#bell .bell-count')?.textContent === '1');
  await env.open(alice, '/');
  await alice.waitForSelector(`#following li[data-username="bob"][data-state="playing"] a.watch[data-room="${room}"]`);
  await alice.screenshot({ path: screenshotPath('finding-following.png'), fullPage: true });
  await alice.click(`#following a.watch[data-room="${room}"]`);
  await alice.waitForSelector('#status[data-you="spectator"]');
  assert.deepEqual([...alice.errors, ...bob.errors, ...guest.errors], []);
});

test('quick pairing: two browsers press YINSH 5+5 and get the same game', async () => {
  const guest = await newPage(env.browser, { width: 390, height: 844 });  // a guest, on a phone
  const bob = await newPage(env.browser);
  await env.open(guest, '/');
  await env.logIn(bob, BOB);
  await guest.waitForSelector('#quick-pairing .quick-speed[data-game="yinsh"][data-variant="normal"][data-speed="5+5"]');
  assert.equal(await guest.isHidden('#quick-rated'), true);  // a guest's games are casual
  await guest.click('#quick-pairing .quick-speed[data-game="yinsh"][data-variant="normal"][data-speed="5+5"]');
  await guest.waitForSelector('#quick-pairing .quick-speed.seeking[data-speed="5+5"]');
  assert.match(await guest.textContent('#quick-status'), /Looking for an opponent/);
  await guest.screenshot({ path: screenshotPath('finding-quick-pairing.png'), fullPage: true });
  // Bob's account would seek a rated game; unticked, his seek is casual like the guest's.
  await bob.uncheck('#quick-rated');
  await bob.click('#quick-pairing .quick-speed[data-game="yinsh"][data-variant="normal"][data-speed="5+5"]');
  await guest.waitForSelector('#status[data-status="live"]');
  await bob.waitForSelector('#status[data-status="live"]');
  assert.equal(new URL(guest.url()).searchParams.get('room'), new URL(bob.url()).searchParams.get('room'));
  const colors = [await guest.getAttribute('#status', 'data-you'), await bob.getAttribute('#status', 'data-you')].sort();
  assert.deepEqual(colors, ['black', 'white']);
  assert.deepEqual(guest.errors, []);
  assert.deepEqual(bob.errors, []);
  await guest.context().close();
  await bob.context().close();
});
