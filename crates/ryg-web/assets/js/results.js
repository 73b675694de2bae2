// Exact results from the tablebase: the solve cache, the results panel under the board and
// the boards whose perfect play the server has worked out (its tablebases, with their build
// progress), in the Exact results box.
import { parseFen } from './fen.js';
import { $, command, showError } from './dom.js';
import { api } from './api.js';
import { state, hooks, isHotseat, playingFriend, viewedFen } from './state.js';
import { resultText } from './words.js';
import { t, tNodes, errorText, fmtPct } from './i18n.js';
import { sortedResults } from './ranking.js';
import { hasTable, renderLevelNote, tableFiles, exactMax } from './levelnote.js';
import { checkFen } from './fencheck.js';

const solveCache = new Map();
/** The sizes whose tablebase the server said is ready. */
export const tbKnownReady = new Set();

export async function solve(fen) {
  if (solveCache.has(fen)) return solveCache.get(fen);
  const p = api('GET', `/api/solve?fen=${encodeURIComponent(fen)}`);
  solveCache.set(fen, p);
  p.then(
    () => {
      if (!tbKnownReady.has(parseFen(fen).size)) refreshTablebases();
    },
    () => {},
  );
  p.catch(() => solveCache.delete(fen));
  return p;
}

function resultsVisible() {
  const g = state.game;
  if (g && playingFriend(g) && !state.setup) return false;
  return !!state.setup || (g && isHotseat(g)) || state.showResults;
}

let resultsSeq = 0;
export async function renderResults() {
  const g = state.game;
  const vis = resultsVisible();
  const toggle = $('results-toggle');
  const forced = !!state.setup || (g && isHotseat(g));
  const hidden = !state.setup && g && playingFriend(g);
  const fen = viewedFen();
  // the server builds tablebases up to 10×10 and reads 12×12's from files once built: beyond,
  // there is nothing to show
  const tooBig = !!fen && !hasTable(parseFen(fen).size);
  toggle.setAttribute('aria-pressed', String(vis && !tooBig));
  toggle.textContent = t(
    tooBig
      ? 'results.tooBig'
      : forced
        ? 'results.forced'
        : hidden
          ? 'results.hidden'
          : vis
            ? 'results.hide'
            : 'results.show',
    { max: exactMax() },
  );
  toggle.disabled = forced || hidden || tooBig;
  const box = $('results');
  box.hidden = !vis || tooBig;
  if (!vis || tooBig) return;
  if (box.dataset.fen === fen) return;
  const seq = ++resultsSeq;
  // a set-up still without its mouse or cats has no result to ask the server for
  const checked = state.setup ? checkFen(fen) : null;
  if (checked && !(checked.pos && checked.complete)) {
    box.dataset.fen = fen;
    box.innerHTML = `<p class="note">${t('results.incomplete')}</p>`;
    return;
  }
  box.dataset.fen = '';
  box.innerHTML = `<p class="note">${t('results.solving')}</p>`;
  try {
    const s = await solve(fen);
    if (seq !== resultsSeq) return;
    box.dataset.fen = fen;
    const verdict = t(s.plies ? 'results.verdictBest' : 'results.verdict', {
      result: `<strong>${resultText(s.winner, s.plies)}</strong>`,
    });
    const parts = [`<p class="verdict ${s.winner}">${verdict}</p>`];
    if (s.moves.length) {
      parts.push(`<p class="note">${t('results.note')}</p>`);
      parts.push(`<ol class="result-list" aria-label="${t('results.listLabel')}">`);
      for (const m of sortedResults(s)) {
        const best = s.best_moves.includes(m.move);
        const words = resultText(m.winner, m.plies);
        parts.push(
          `<li><button type="button" class="res ${m.winner}${best ? ' best' : ''}" data-move="${m.move}"><code>${m.move}</code> <span class="mark" aria-hidden="true">${m.winner === 'mouse' ? '▲' : '▼'}</span> <span class="what">${words}</span>${best ? ` <span class="tag">${t('results.best')}</span>` : ''}</button></li>`,
        );
      }
      parts.push('</ol>');
    }
    box.innerHTML = parts.join('');
  } catch (e) {
    if (seq !== resultsSeq) return;
    refreshTablebases(); // a 10×10 result waits for its tablebase: show the build's progress
    box.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = t('results.none', { why: errorText(e) });
    box.appendChild(p);
  }
}

let tbTimer = null;
export async function refreshTablebases() {
  clearTimeout(tbTimer);
  const el = $('tablebase');
  try {
    const { tablebases } = await api('GET', '/api/tablebase');
    el.innerHTML = '';
    // the small tablebases are built in a moment when first needed; only 10×10 takes a while
    const ready = tablebases.filter((tb) => tb.state === 'ready').map((tb) => `${tb.size}×${tb.size}`);
    el.append(ready.length ? t('tb.ready', { list: ready.join(', ') }) : t('tb.none'));
    let building = false;
    for (const tb of tablebases) {
      if (tb.state === 'building') {
        building = true;
        el.append(` ${t('tb.building', { n: tb.size, pct: fmtPct(tb.progress || 0) })}`);
      } else if (tb.state === 'absent' && tb.build) {
        // read from files the server cannot write: the command that builds them
        el.append(' ', ...tNodes('tb.absentFiles', { n: tb.size, cmd: command(tb.build) }));
      } else if (tb.state === 'absent' && tb.size === 10) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small';
        // no server: this browser builds it (table10.js, loaded only now), in a worker
        const here = document.body.dataset.server === 'none';
        b.textContent = t(here ? 'tb.loadHere' : 'tb.load');
        b.addEventListener('click', async () => {
          b.disabled = true;
          if (here) {
            (await import('./table10.js')).buildTable(tb.size, refreshTablebases);
            return;
          }
          try {
            await api('POST', `/api/tablebase/${tb.size}`);
          } catch (e) {
            showError(e);
          }
          refreshTablebases();
        });
        el.append(' ', b);
      }
    }
    let newlyReady = false;
    for (const tb of tablebases) {
      if (tb.build && tableFiles.get(tb.size) !== (tb.state === 'ready')) {
        tableFiles.set(tb.size, tb.state === 'ready');
        renderLevelNote();
        newlyReady = true;
      }
      if (tb.state === 'ready' && !tbKnownReady.has(tb.size)) {
        tbKnownReady.add(tb.size);
        newlyReady = true;
      }
    }
    if (building) tbTimer = setTimeout(refreshTablebases, 1000);
    if (newlyReady && state.game) {
      $('results').dataset.fen = '';
      hooks.render();
    }
  } catch {
    el.textContent = '';
  }
}
