// Clocks, the life of a game and chat in the browser (issue #12): a one-minute
// game lost on time, a claim against an opponent whose page was closed, a
// rematch after a resignation, an abort, and the chat between two players and a
// spectator, where a moderator deletes a message. One server for all, with
// claims allowed 3 s after the decider left (--claim-after-seconds 3) and a
// moderator account made with the command line. Every wait is for a condition, with generous
// limits; only the lost-on-time game waits for the clock itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, screenshotPath } from './support.js';

const PHONE = { width: 375, height: 812 };
const MODERATOR = { username: 'mod1', password: 'moderator-password' };
const env = useServer({ accounts: [{ ...MODERATOR, role: 'moderator' }], args: ['--claim-after-seconds', '3'] });
const { open } = env;

/** Sets the guest's name in the lobby and waits until the server took it. */
async function setName(page, name) {
  await open(page);
  await page.fill('#name', name);
  await page.click('form.form-row button[type=submit]');
  await page.waitForFunction((n) => document.getElementById('who').textContent.includes(n), name);
}

/** Creates a YINSH game as White with the time control `clock` ({choice, minutes?, increment?}); returns the room id. */
async function createGame(page, name, clock = { choice: 'untimed' }) {
  await setName(page, name);
  await page.selectOption('#game', 'yinsh');
  await page.selectOption('#variant', 'normal');
  await page.selectOption('#color', 'white');
  await page.selectOption('#clock', clock.choice);
  if (clock.choice === 'custom') {
    await page.fill('#clock-minutes', clock.minutes);
    await page.fill('#clock-increment', clock.increment);
  }
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"][data-you="white"]');
  return new URL(page.url()).searchParams.get('room');
}

/** Takes the free seat (Black) of `room`. */
async function join(page, name, room) {
  await setName(page, name);
  await open(page, `/?room=${room}`);
  await page.waitForSelector('#status[data-status="live"][data-you="black"]');
}

/** Waits for the player's decision, makes it (the first choice offered), and waits until it was taken. */
async function act(page) {
  await page.click('[data-choice]', { timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-choice]') && !/Sending/.test(document.getElementById('status').textContent));
}

/** Two players in a live YINSH game: White created it, Black joined. */
async function startGame(names, clock) {
  const white = await newPage(env.browser);
  const black = await newPage(env.browser, PHONE);
  const room = await createGame(white, names[0], clock);
  await join(black, names[1], room);
  await white.waitForSelector('#status[data-status="live"]');
  return { white, black, room };
}

const noErrors = (...pages) => { for (const page of pages) assert.deepEqual(page.errors, [], 'no script errors'); };

test('a one-minute game lost on time: the clocks run down, the loser sees 0:00.0 and the result', async () => {
  const { white, black } = await startGame(['Flagger', 'Patient'], { choice: 'custom', minutes: '1', increment: '0' });
  const actions = [];  // the action frames White's page sends
  white.on('websocket', (ws) => ws.on('framesent', ({ payload }) => {
    const message = JSON.parse(payload);
    if (message.type === 'action') actions.push(message);
  }));
  assert.equal(await white.textContent('#time-control'), '1+0');
  for (const page of [white, black]) {
    assert.equal(await page.textContent('#clock-white'), '1:00');
    assert.equal(await page.textContent('#clock-black'), '1:00');
  }
  // both make their first move: the clocks start, White's runs
  await white.reload();  // the frames of a new socket are seen from now on
  await white.waitForSelector('#status[data-status="live"]');
  await act(white);
  assert.equal(await white.$('#clock-white.running'), null, 'no clock runs before both have moved');
  await act(black);
  await white.waitForSelector('#clock-white.running');
  await black.waitForSelector('#clock-white.running');
  assert.equal(await white.$('#clock-black.running'), null);
  assert.equal(await white.$('#abort'), null, 'both have moved: no abort any more');
  assert.equal(actions.length, 1);
  assert.ok(Number.isInteger(actions[0].think_ms) && actions[0].think_ms >= 0, `think_ms sent: ${JSON.stringify(actions[0])}`);

  // White waits: the clock turns the low-time colour under 20 s, shows tenths under 10 s, and falls
  await white.waitForSelector('#clock-white.low', { timeout: 70000 });
  await white.waitForFunction(() => /^0:0\d\.\d$/.test(document.getElementById('clock-white').textContent), null, { timeout: 30000, polling: 50 });
  await white.waitForSelector('#result[data-reason="timeout"]', { timeout: 30000 });
  await black.waitForSelector('#result[data-reason="timeout"]', { timeout: 30000 });
  assert.equal(await white.getAttribute('#result', 'data-winner'), 'black');
  assert.match(await white.textContent('#result'), /Black wins on time.*You lost/);
  assert.match(await black.textContent('#result'), /You won/);
  assert.equal(await white.textContent('#clock-white'), '0:00.0');
  assert.equal(await black.textContent('#clock-white'), '0:00.0');
  assert.equal(await white.getAttribute('#clock-white', 'data-ms'), '0');
  assert.match(await white.textContent('#clock-black'), /^0:5\d$|^1:00$/, 'Black\'s clock stood');
  assert.equal(await white.$('#clock-white.running'), null, 'nothing runs after the end');
  await white.screenshot({ path: screenshotPath('clocks-timeout-white.png') });
  await black.screenshot({ path: screenshotPath('clocks-timeout-black-phone.png'), fullPage: true });
  noErrors(white, black);
});

test('time given, then the opponent closed the page on their decision: a countdown, then Claim victory wins', async () => {
  const { white, black } = await startGame(['Stayer', 'Leaver'], { choice: '5+5' });
  assert.equal(await white.textContent('#time-control'), '5+5');
  await act(white);
  await act(black);
  await act(white);
  await black.waitForSelector('[data-choice]');  // Black's decision now
  // Black gives White 15 s (#46): White's standing clock shows them, and White is told who gave them
  const before = Number(await white.getAttribute('#clock-white', 'data-ms'));
  await black.click('#give-time');
  await white.waitForFunction(() => /Black \(Leaver\) gave you 15 seconds\./.test(document.getElementById('toast').textContent));
  await white.waitForFunction((ms) => Number(document.getElementById('clock-white').dataset.ms) === ms, before + 15000);
  assert.equal(await white.$('#give-time') !== null, true, 'White may give time back');
  await black.context().close();
  await white.waitForSelector('#claim-countdown', { timeout: 20000 });
  assert.match(await white.textContent('#claim-countdown'), /Black \(Leaver\) has left the game/);
  assert.equal(await white.$('#claim-victory'), null, 'no claim during the countdown');
  await white.waitForSelector('#claim-victory', { timeout: 20000 });
  assert.ok(await white.$('#claim-draw'), 'YINSH: a draw may be claimed too');
  await white.screenshot({ path: screenshotPath('clocks-claim.png') });
  await white.click('#claim-victory');
  await white.waitForSelector('#result[data-reason="abandonment"][data-winner="white"]');
  assert.match(await white.textContent('#result'), /White wins: Black left the game\. You won!/);
  assert.equal(await white.$('#claim'), null, 'the claim is over');
  noErrors(white);
});

test('a takeback (#46): Black asks after White moved, White accepts, Black plays the turn again', async () => {
  const { white, black } = await startGame(['Giver', 'Taker']);
  await act(white);
  await act(black);
  await act(white);  // ply 3: Black's decision
  await black.waitForSelector('[data-choice]');
  await black.click('#offer-takeback');
  await white.waitForSelector('#takeback-offer[data-by="black"] #accept-takeback');
  assert.match(await white.textContent('#takeback-offer'), /Black \(Taker\) asks to take back their last turn/);
  assert.match(await black.textContent('#takeback-offer'), /waiting for White \(Giver\) to answer/);
  assert.equal(await black.$('#offer-takeback'), null, 'one request at a time');
  await white.click('#accept-takeback');
  for (const page of [white, black]) await page.waitForSelector('#status[data-ply="1"]');
  await black.waitForFunction(() => /takeback request was accepted/.test(document.getElementById('toast').textContent));
  await black.waitForSelector('[data-choice]');  // Black's ring again
  assert.equal(await white.$('#takeback-offer'), null);
  await black.screenshot({ path: screenshotPath('clocks-takeback-black-phone.png'), fullPage: true });
  await act(black);
  await white.waitForSelector('#status[data-ply="2"]');
  noErrors(white, black);
});

test('a premove (#46): Black queues a ring while White thinks and the server plays it at once; one that became illegal is dropped and said so', async () => {
  const { white, black } = await startGame(['Quick', 'Ahead']);
  const premove = async (action) => {
    await black.click('#premove-open');
    await black.fill('#premove-input', action);
    await black.click('#premove-set');
    await black.waitForSelector('#premove-action');
    assert.equal(await black.textContent('#premove-action'), action);
  };
  await premove('f5');
  await white.click('[aria-label="place a ring on e3"]');
  for (const page of [white, black]) await page.waitForSelector('#status[data-ply="2"]');
  assert.equal(await black.$('#premove'), null, 'played: gone');
  assert.ok(await white.$('[aria-label="place a ring on f5"]') === null, 'f5 is taken');
  await premove('a2');
  await white.click('[aria-label="place a ring on a2"]');
  await black.waitForFunction(() => /a2 was not played for you/.test(document.getElementById('toast').textContent));
  await black.waitForSelector('[data-choice]');  // Black decides himself
  assert.equal(await black.$('#premove'), null);
  noErrors(white, black);
});

test('a rematch after a resignation: both ask, both land in the new room with the colours swapped', async () => {
  const { white, black, room } = await startGame(['Ren', 'Mae']);
  assert.equal(await white.textContent('#time-control'), 'untimed');
  await act(white);
  await act(black);
  white.once('dialog', (dialog) => dialog.accept());
  await white.click('#resign');
  for (const page of [white, black]) await page.waitForSelector('#result[data-reason="resignation"][data-winner="black"]');
  await white.click('#rematch');
  await white.waitForSelector('#rematch-offered');
  await black.waitForSelector('#rematch-panel[data-state="answer"]');
  assert.match(await black.textContent('#rematch-panel'), /White \(Ren\) asks for a rematch/);
  await black.click('#rematch');
  const moved = (url) => url.searchParams.has('room') && url.searchParams.get('room') !== room;
  await Promise.all([white.waitForURL(moved), black.waitForURL(moved)]);
  const next = new URL(white.url()).searchParams.get('room');
  assert.equal(new URL(black.url()).searchParams.get('room'), next);
  await white.waitForSelector('#status[data-status="live"][data-you="black"]');
  await black.waitForSelector('#status[data-status="live"][data-you="white"]');
  assert.match(await white.textContent('.player[data-color="white"]'), /Mae/);
  assert.match(await white.textContent('.player[data-color="black"]'), /Ren \(you\)/);
  assert.equal(await black.textContent('#time-control'), 'untimed', 'the same clock');
  // the old room shows the way to the new one, to whoever opens it
  const watcher = await newPage(env.browser);
  await open(watcher, `/?watch=${room}`);
  await watcher.waitForSelector('#rematch-link');
  assert.equal(await watcher.getAttribute('#rematch-link', 'href'), `/?watch=${next}`);
  noErrors(white, black, watcher);
});

test('abort before both have moved: the game ends without a result, the opponent is told', async () => {
  const { white, black } = await startGame(['Quitter', 'Waiter'], { choice: '3+2' });
  await white.waitForSelector('#abort');
  await black.waitForSelector('#abort');
  await act(white);
  assert.ok(await black.$('#abort'), 'still abortable after one move');
  black.once('dialog', (dialog) => dialog.accept());
  await black.click('#abort');
  for (const page of [white, black]) await page.waitForSelector('#status[data-status="cancelled"]');
  assert.match(await white.textContent('#aborted'), /Black \(Waiter\) aborted the game/);
  assert.equal(await white.$('#result'), null);
  await white.waitForSelector('#rematch-panel[data-state="available"]');
  noErrors(white, black);
});

test('chat: the players\' channel is theirs, spectator chat reaches everyone, and a player can hide it', async () => {
  const { white, black, room } = await startGame(['Talker', 'Listener']);
  const spectator = await newPage(env.browser);
  await open(spectator, `/?watch=${room}`);
  await spectator.waitForSelector('#status[data-you="spectator"]');
  assert.equal(await spectator.isVisible('#chat-players'), false, 'a spectator has no players\' channel');
  assert.equal(await spectator.isVisible('#hide-spectator-chat'), false);

  // on a phone the chat starts folded
  assert.equal(await black.$eval('#chat', (d) => d.open), false);
  await black.click('#chat summary');
  await black.waitForSelector('#chat-input', { state: 'visible' });

  const say = async (page, text) => {
    await page.fill('#chat-input', text);
    await page.press('#chat-input', 'Enter');
    await page.waitForFunction(() => document.getElementById('chat-input').value === '');
  };
  const seen = (page, list, text) => page.waitForSelector(`#${list} li:has-text("${text}")`);

  await say(white, 'good luck');
  await seen(black, 'chat-players', 'good luck');
  await say(black, 'you too');
  await seen(white, 'chat-players', 'you too');
  await say(spectator, 'go white');
  for (const page of [white, black, spectator]) await seen(page, 'chat-spectators', 'go white');
  // the spectator's own message came after the players' ones: those never reached it
  assert.doesNotMatch(await spectator.textContent('#chat'), /good luck|you too/);

  // what is being typed survives the moves being made
  await white.fill('#chat-input', 'half a thought');
  await act(white);
  await act(black);
  await white.waitForSelector('[data-choice]');
  assert.equal(await white.inputValue('#chat-input'), 'half a thought');
  await white.fill('#chat-input', '');

  // White hides the spectators' chat: gone from White's page, Black still sees it
  await white.check('#hide-spectator-chat');
  await white.waitForSelector('#chat-hidden:has-text("1 message")');
  assert.equal(await white.$$eval('#chat-spectators li', (items) => items.length), 0);
  await say(spectator, 'second cheer');
  await seen(black, 'chat-spectators', 'second cheer');
  await white.waitForSelector('#chat-hidden:has-text("2 messages")');
  assert.doesNotMatch(await white.textContent('#chat'), /second cheer|go white/);
  // remembered across a reload, and the history comes back with the room
  await white.reload();
  await white.waitForSelector('#status[data-you="white"]');
  await seen(white, 'chat-players', 'good luck');
  assert.equal(await white.isChecked('#hide-spectator-chat'), true);
  await white.waitForSelector('#chat-hidden:has-text("2 messages")');
  await white.screenshot({ path: screenshotPath('chat-white-hidden.png') });
  await white.uncheck('#hide-spectator-chat');
  await seen(white, 'chat-spectators', 'second cheer');
  assert.deepEqual(await white.$$eval('#chat-spectators li .text', (items) => items.map((i) => i.textContent)), ['go white', 'second cheer']);
  assert.deepEqual(await white.$$eval('#chat-players li .text', (items) => items.map((i) => i.textContent)), ['good luck', 'you too']);
  assert.equal(await white.$('.delete-chat'), null, 'no delete button for a player');

  // a moderator watching deletes the second cheer: it goes from every page
  const moderator = await newPage(env.browser);
  await open(moderator);
  await moderator.evaluate(async (body) => {
    const response = await fetch('/api/account/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`login: ${response.status}`);
  }, MODERATOR);
  await open(moderator, `/?watch=${room}`);
  await moderator.waitForSelector('#who[data-account="moderator"]');
  await seen(moderator, 'chat-spectators', 'second cheer');
  assert.doesNotMatch(await moderator.textContent('#chat'), /good luck/, 'a moderator watching is a spectator');
  moderator.once('dialog', (dialog) => dialog.accept());
  await moderator.click('#chat-spectators li:has-text("second cheer") .delete-chat');
  for (const page of [white, black, spectator, moderator]) {
    await page.waitForFunction(() => !/second cheer/.test(document.getElementById('chat-spectators').textContent));
  }
  assert.deepEqual(await spectator.$$eval('#chat-spectators li .text', (items) => items.map((i) => i.textContent)), ['go white']);
  await black.screenshot({ path: screenshotPath('chat-black-phone.png'), fullPage: true });
  await spectator.screenshot({ path: screenshotPath('chat-spectator.png') });
  noErrors(white, black, spectator, moderator);
});
