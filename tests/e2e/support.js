// Starts the real gipf-arena and Debian's Chromium for the end-to-end tests.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outputDir = join(root, 'test-output');

export const serverBin = () => process.env.GIPF_ARENA_BIN || join(root, 'build', 'server', 'gipf-arena');

/** A fresh database file's path in a new temporary directory. */
export function freshDb() {
  return join(mkdtempSync(join(tmpdir(), 'gipf-arena-e2e-')), 'e2e.db');
}

/**
 * An account made with the command line before the server starts
 * (`gipf-arena admin add-account USERNAME --role ROLE --db DB`, the password
 * on standard input).
 */
export function addAccount(db, username, password, role = 'player') {
  execFileSync(serverBin(), ['admin', 'add-account', username, '--role', role, '--db', db],
    { input: `${password}\n`, stdio: ['pipe', 'pipe', 'inherit'], timeout: 60000 });
}

/**
 * The server on a loopback port (a free one unless given) with its database (a
 * fresh one unless given) and any further flags in `args`
 * (['--claim-after-seconds', '3']); resolves to {url, port, db, stop, kill}; stop
 * (SIGTERM) and kill (SIGKILL) resolve once it exited.
 */
export function startServer({ port = 0, db, args = [] } = {}) {
  const bin = serverBin();
  db ||= freshDb();
  const child = spawn(bin, ['--port', String(port), '--db', db, '--static-dir', join(root, 'web-client'), '--log-level', 'warn', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/http:\/\/[^\s]+:(\d+)\//);
      if (match) {
        resolve({
          url: match[0], port: Number(match[1]), db,
          // both resolve to the exit code (null after a signal it did not handle)
          stop: () => { child.kill('SIGTERM'); return exited; },
          kill: () => { child.kill('SIGKILL'); return exited; },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`gipf-arena exited with ${code}`)));
  });
}

/** A loopback port free now (the server is started on it next). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser, viewport = { width: 1100, height: 850 }) {
  const context = await browser.newContext({ viewport });
  // Every wait is for a condition; a loaded machine (Argon2id sign-ups, four
  // browsers and a parallel build on two cores) only makes them slower, so the
  // bound is generous: it is there to fail a real hang with a readable error
  // before ctest's timeout does.
  context.setDefaultTimeout(180000);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return page;
}

/**
 * Plays until the game ends, each turn by clicking one of the choices the page
 * highlights (board targets and action buttons), chosen at random. `onAction`
 * runs after every click. With `clicks`, stops after that many clicks instead
 * (part of a game). Bounded by clicks, not by time: a loaded machine only
 * makes it slower (ctest's timeout is the one wall clock).
 */
export async function playByClicks(pages, { seed = 1, maxClicks = 5000, clicks: wanted = Infinity, onAction = async () => {} } = {}) {
  let state = seed;
  const random = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  let clicks = 0;
  while (clicks < maxClicks) {
    if ((await Promise.all(pages.map((p) => p.$('#result')))).every(Boolean)) return clicks;
    if (clicks >= wanted) return clicks;
    let clicked = false;
    for (const page of pages) {
      if (clicks >= wanted) break;
      const choices = await page.$$('[data-choice]');
      if (!choices.length) continue;
      try {
        await choices[random(choices.length)].click({ timeout: 2000 });
        clicks++;
        clicked = true;
        await onAction(page, clicks);
      } catch {
        // the page re-rendered under the click: look again
      }
    }
    if (!clicked) await pages[0].waitForTimeout(30);
  }
  throw new Error(`the game did not end within ${maxClicks} clicks`);
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the page as it is now: fails on any serious or critical violation, naming each. */
export async function assertAccessible(page, name) {
  await page.addScriptTag({ path: AXE });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const found = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.map((node) => `  ${node.target.join(' ')}\n    ${node.failureSummary.replace(/\n/g, '\n    ')}`),
  ].join('\n'));
  assert.equal(found.length, 0, `axe-core on the ${name}: ${found.length} serious or critical violation(s)\n${found.join('\n')}`);
}

export function screenshotPath(name) {
  mkdirSync(outputDir, { recursive: true });
  return join(outputDir, name);
}

/**
 * One server and one browser for the tests of a file: before() makes the
 * `accounts` ([{username, password, role?}], with the command line, in a fresh
 * database) and starts both with the server's extra `args`; after() stops
 * them. The answer's `server` and `browser` are set once before() ran;
 * `open(page, path)` opens a page of the client and waits for the connection;
 * `at(path)` is a path's address on the server; `signUp(page, account)` and
 * `logIn(page, account)` open the header's dialog, submit it and wait until the
 * page is back as the account.
 */
export function useServer({ accounts = [], args = [] } = {}) {
  // `args` may be a function of the server's port, chosen before it starts
  // (a flag that names the site's own origin: --public-origin)
  const env = {
    server: null,
    browser: null,
    at: (path) => new URL(path, env.server.url).href,
    open: async (page, path = '/') => {
      await page.goto(env.at(path));
      await page.waitForSelector('.connection[data-state="open"]');
    },
    signUp: (page, account) => enter(page, 'signup', account),
    logIn: (page, account) => enter(page, 'login', account),
  };
  async function enter(page, mode, { username, password }) {
    await env.open(page);
    await page.click(`#${mode}`);
    await page.waitForSelector(`#account-dialog[open] form[data-mode="${mode}"] #username`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.click('#account-submit');
    await page.waitForFunction((name) => document.querySelector('#profile-link')?.textContent === name, username);
    await page.waitForSelector('.connection[data-state="open"]');
  }
  before(async () => {
    const db = freshDb();
    for (const { username, password, role } of accounts) addAccount(db, username, password, role);
    const port = typeof args === 'function' ? await freePort() : 0;
    env.server = await startServer({ db, port, args: typeof args === 'function' ? args(port) : args });
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}
