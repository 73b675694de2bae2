// What the static site's browser tests share: the built site (RYG_SITE, default target/site),
// its engine loaded under Node (to know the answers the page should show), and — once a test
// file calls useSite() — a plain static file server on it and one Chromium for the file's tests.
import { before, after } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../../ryg-web/tests/e2e/harness.mjs';
import { serveStatic } from './serve.mjs';
import { loadEngine } from './engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const target = process.env.CARGO_TARGET_DIR
  ? path.resolve(root, process.env.CARGO_TARGET_DIR)
  : path.join(root, 'target');
export const siteDir = process.env.RYG_SITE || path.join(target, 'site');

const call = loadEngine(siteDir);
/** The site's engine under Node: the JSON answer to `GET req`. */
export const engine = (req) => JSON.parse(call(`GET ${req}`).body);

/** The static server ({ url, requests }) and the browser, set by useSite()'s hooks. */
export let site;
export let browser;

/** Serves the site and starts Chromium before the file's tests; stops both after them. */
export function useSite() {
  before(async () => {
    site = await serveStatic(siteDir);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
}

/** Opens the site (at `hash`) in `p` and waits until its service worker answers for it. */
export async function openSite(p, hash = '') {
  await p.goto(site.url + hash);
  await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
    timeout: 30000,
  });
}
