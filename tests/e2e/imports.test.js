// Bringing a game in (#44) in Chromium, at a laptop's and a phone's size: a
// boardspace.net YINSH file pasted on /import opens in the replay, said to be
// brought in, with its moves and its exports; a score sheet with an illegal
// move is refused with the move, the step and the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer, screenshotPath, assertAccessible } from './support.js';

const IDA = { username: 'ida44', password: 'ida-password-44' };
const env = useServer({ accounts: [IDA] });
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

const BOARDSPACE = [' (;', 'GM[24]VV[2]', 'CM[0,1]', 'SU[Yinsh]', 'P0[id "BestBot"]', 'P1[id "BOkpc"]', '; P0[0 Start White]',
  ...['G 2', 'C 6', 'A 2', 'E 10', 'K 7', 'H 3', 'B 7', 'I 4', 'J 11', 'F 2'].flatMap((at, i) => {
    const p = i % 2 ? 'P1' : 'P0';
    return [`; ${p}[${2 * i + 1} place ${i % 2 ? 'br' : 'wr'}  ${at}]`, `; ${p}[${2 * i + 2} Done ]`];
  }),
  '; P0[21 place w  G 2]', '; P0[22 drop board  G 4]', '; P0[23 Done ]', '; P1[24 Resign ]', '; P1[25 Done ]', ')'].join('\n');

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: a boardspace file brought in opens in the replay; an illegal score sheet is refused with its move`, async () => {
    const page = await newPage(env.browser, viewport);
    await env.logIn(page, IDA);
    await page.click('#import-link');
    await page.waitForSelector('#import-record');
    assert.equal(await page.title(), 'Bring a game in · GIPF Arena');
    await assertAccessible(page, `import page at ${name}`);
    // refused: the move, the step, the reason; nothing stored
    await page.fill('#import-record', '1.e3\n2.f5\n3.e3\n');
    await page.selectOption('#import-game', 'yinsh:normal');
    await page.click('#import-send');
    await page.waitForSelector('#import-status[data-code="bad_record"]');
    assert.match(await page.innerText('#import-status'), /^Move 3 \(e3\): .*occupied.*Nothing was stored\.$/);
    // brought in
    await page.fill('#import-record', BOARDSPACE);
    await page.click('#import-send');
    await page.waitForURL(/\?imported=/);
    await page.waitForSelector('#position[data-index]');
    assert.match(await page.innerText('#imported'), /boardspace\.net/);
    assert.equal(await page.$$eval('#moves .turn-link', (links) => links.length), 11, 'ten rings, one move');
    assert.ok(await page.$('a[href$="format=sgf"]'), 'a YINSH game goes out as boardspace SGF too');
    const sheet = await page.evaluate(async (href) => (await fetch(href)).text(), await page.getAttribute('a[href$="format=official"]', 'href'));
    assert.match(sheet, /11\.g2-g4\n1-0\n$/);
    await page.screenshot({ path: screenshotPath(`imported-${viewport.width}.png`), fullPage: true });
    await assertAccessible(page, `imported replay at ${name}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
