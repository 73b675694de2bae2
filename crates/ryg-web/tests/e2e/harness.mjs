// Test harness: starts the real `ryg serve --port 0 --db <tmp>` binary and Debian's chromium.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { rygEnv } from '../common/home.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../../..');
/** Where the screenshots go: docs/screenshots (the README's pictures) only when asked with
 * RYG_UPDATE_SCREENSHOTS=1, else $CARGO_TARGET_DIR (default target/) /e2e-screenshots, so that
 * a test run leaves the checkout as it was. */
export function screenshotDirFor(env) {
  if (env.RYG_UPDATE_SCREENSHOTS === '1') return path.join(repoRoot, 'docs/screenshots');
  const target = env.CARGO_TARGET_DIR ? path.resolve(repoRoot, env.CARGO_TARGET_DIR) : path.join(repoRoot, 'target');
  return path.join(target, 'e2e-screenshots');
}
export const screenshotDir = screenshotDirFor(process.env);
export const axePath = path.join(here, 'node_modules/axe-core/axe.min.js');

/** The ryg binary under test: $RYG_BIN, else the `ci` profile build that scripts/test makes. */
export function rygBinary() {
  const bin = process.env.RYG_BIN || path.join(repoRoot, 'target/ci/ryg');
  if (!fs.existsSync(bin))
    throw new Error(`no ryg binary at ${bin}: run \`cargo build --profile ci --workspace --tests\` or set RYG_BIN`);
  return bin;
}

export function tempDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-e2e-'));
  return path.join(dir, 'games.sqlite3');
}

/** Starts `ryg serve --port PORT --db DB` (port 0: any free one); resolves once it prints its URL. */
export function startServer(db, port = 0) {
  return new Promise((resolve, reject) => {
    // the tests click faster than people and share one address: generous limits per address
    const limits = [
      '--games-per-minute',
      '10000',
      '--moves-per-second',
      '10000',
      '--engine-per-client',
      '1000',
      '--max-connections-per-client',
      '100000',
    ];
    // a home of its own beside the database: no 12×12 table, whatever this machine has
    const env = rygEnv(path.join(path.dirname(db), 'home'));
    const proc = spawn(rygBinary(), ['serve', '--port', String(port), '--db', db, ...limits], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`ryg serve printed no URL in 60 s; stdout: ${out} stderr: ${err}`));
    }, 60000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        const url = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
        resolve({
          url,
          proc,
          db,
          stop: () =>
            new Promise((done) => {
              if (proc.exitCode !== null) {
                done();
                return;
              }
              proc.once('exit', () => done());
              proc.kill('SIGTERM');
              setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
            }),
        });
      }
    });
    proc.stderr.on('data', (d) => {
      err += d;
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ryg serve exited with ${code}: ${err}`));
    });
  });
}

export function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

const assetDir = path.resolve(here, '../../assets');
const assetTypes = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/** A browser context (its own storage: one person). With RYG_ASSETS=disk the page's files come
 * from crates/ryg-web/assets instead of the binary: for working on the page without rebuilding. */
export async function newContext(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  if (process.env.RYG_ASSETS === 'disk') {
    await context.route(/^[^?#]*\/(assets\/[\w./-]+)?([?#].*)?$/, (route) => {
      const name = new URL(route.request().url()).pathname.replace(/^\/(assets\/)?/, '') || 'index.html';
      const file = path.join(assetDir, name);
      if (name.includes('..') || !fs.existsSync(file)) {
        route.fulfill({ status: 404, body: 'no such asset' });
        return;
      }
      route.fulfill({ status: 200, contentType: assetTypes[path.extname(name).slice(1)], body: fs.readFileSync(file) });
    });
  }
  return context;
}

/** A new page (in a context of its own) that fails the test on any uncaught script error. */
export async function newPage(browser, options = {}) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // anything the page's Content-Security-Policy refuses is an error of the page
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

/** Fails the test on any serious or critical axe-core violation of the page as it is now
 * (`all`: on any violation at all). axe is evaluated, not added as a script tag: the page's
 * Content-Security-Policy refuses inline scripts, as it should. */
export async function axeScan(p, where, all = false) {
  await p.evaluate(fs.readFileSync(axePath, 'utf8'));
  const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => all || v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    bad.map(
      (v) =>
        `${where}: ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
    [],
  );
}

/** The file of screenshot `name` (its directory made). */
export function screenshotPath(name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  return path.join(screenshotDir, `${name}.png`);
}

export function screenshot(page, name) {
  // A piece still sliding into place (the 220 ms move animation) is shown where it lands.
  return page.screenshot({ path: screenshotPath(name), fullPage: false, animations: 'disabled' });
}

// ---------- waiting for the page ----------

/** How long a test waits for the page to show what it should, in ms: Playwright's own default
 * (30 s), long enough for a busy 2-core machine; RYG_TEST_WAIT_MS to change it. */
export const waitMs = Number(process.env.RYG_TEST_WAIT_MS) || 30000;

/** Runs `check` (assertions on what a page shows) until it passes: again every 50 ms while it
 * fails an assertion, for up to `timeout` ms. For anything the page updates by itself (a clock,
 * a status line, a list, a count, an announcement), which a busy machine shows later; a
 * read-then-assert would fail there. At the timeout its last failure is thrown, with the value
 * last seen; any other error at once. Returns what `check` returns. */
export async function eventually(check, timeout = waitMs) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (!(e instanceof assert.AssertionError) || Date.now() >= end) throw e;
    }
    await new Promise((done) => {
      setTimeout(done, 50);
    });
  }
}

// ---------- page helpers shared by the tests (reading the page's state as a user sees it) ----------

/** The board square `name` (e.g. "f2"), a button. */
export const sq = (p, name) => p.getByRole('button', { name: new RegExp(`^${name} `) });

/** Waits until page `p` has a game and nothing in flight. */
export async function idle(p) {
  await p.waitForFunction(() => document.body.dataset.busy === 'false' && document.body.dataset.game);
}
export async function moves(p) {
  return Number(await p.evaluate(() => document.body.dataset.moves));
}
/** The shown game's id (its public id; `new-N` for a game not stored yet). */
export async function gameId(p) {
  return p.evaluate(() => document.body.dataset.game);
}
export async function status(p) {
  return p.locator('#status').innerText();
}
/** The moves of the list as played (the review's "?" on a move that gave the win away left off). */
export async function moveList(p) {
  return (await p.locator('#move-list button[data-ply]:not([data-ply="0"])').allInnerTexts()).map((m) =>
    m.replace(/\?$/, ''),
  );
}

/** The store's own number for the game whose public id is `id` on `server` (the API never
 * shows it: a test of how an earlier page's numbers are still honoured reads it from the
 * SQLite file, with Python's standard library). */
export function numberOf(server, id) {
  const sql =
    'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT id FROM games WHERE public_id = ?", (sys.argv[2],)).fetchone()[0])';
  return Number(execFileSync('python3', ['-c', sql, server.db, id]).toString().trim());
}

/** A server on a fresh database and a browser for the tests of one file: started before them
 * (`ready(server, browser)` then), closed after them. */
export function useServerAndBrowser(ready) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(tempDb());
    browser = await launchBrowser();
    ready(server, browser);
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
  });
}

/** Waits until the Learn section's evaluation lesson has searched and written its summary
 * (learn.test.mjs and learn-lessons.test.mjs). */
export async function evaluationReady(p) {
  await p.waitForFunction(
    () =>
      document.getElementById('ev-keep')?.dataset.busy === 'false' &&
      !document.getElementById('ev-summary').textContent.endsWith('…'),
  );
}

/** A new game from the page's form (size, start square, who you play, level), waiting until
 * the page shows it. Reads the fields by id, so it works in either language. */
export async function newGameOnForm(p, { size = '8', seat = 'mouse', level = '3', start } = {}) {
  const was = await p.evaluate(() => document.body.dataset.game || '');
  await p.locator('#size').selectOption(size);
  if (start) await p.locator('#start').selectOption(start);
  await p.locator('#seat').selectOption(seat);
  await p.locator('#level').selectOption(level);
  await p.locator('#new-game-button').click();
  await p.waitForFunction((b) => document.body.dataset.game !== b && document.body.dataset.busy === 'false', was);
}
