// What the page's browser tests (page.test.mjs, page-access.test.mjs) share: acting like a user
// and reading the page's state to decide.

/** Waits until the game has `n` moves and nothing is in flight. */
export async function waitMoves(p, n) {
  await p.waitForFunction((k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= k, n);
}

export async function showResults(p) {
  const t = p.locator('#results-toggle');
  if ((await t.getAttribute('aria-pressed')) !== 'true') await t.click();
  const fen = await p.locator('#fen').innerText();
  await p.waitForFunction((f) => document.getElementById('results').dataset.fen === f, fen);
}

export async function bestMove(p) {
  await showResults(p);
  return p.locator('#results .res').first().getAttribute('data-move');
}

export function split(mv) {
  const i = mv.search(/[a-j]\d+$/);
  return [mv.slice(0, i), mv.slice(i)];
}

export async function labels(p) {
  return p.locator('#board .sq').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
}
