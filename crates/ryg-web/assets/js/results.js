// Exact results from the tablebase: the solve cache, the results panel under the board and
// the header's list of tablebases (with their build progress).
import { parseFen } from './fen.js';
import { $, showError } from './dom.js';
import { api } from './api.js';
import { state, hooks, isHotseat, playingFriend, viewedFen } from './state.js';
import { resultText } from './words.js';
import { sortedResults } from './ranking.js';

const solveCache = new Map();
/** The sizes whose tablebase the server said is ready. */
export const tbKnownReady = new Set();

export async function solve(fen) {
  if (solveCache.has(fen)) return solveCache.get(fen);
  const p = api('GET', `/api/solve?fen=${encodeURIComponent(fen)}`);
  solveCache.set(fen, p);
  p.then(() => { if (!tbKnownReady.has(parseFen(fen).size)) refreshTablebases(); }, () => {});
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
  toggle.setAttribute('aria-pressed', String(vis));
  toggle.textContent = forced ? 'Exact results (always shown in analysis)' : hidden ? 'Exact results (hidden while you play a friend)'
    : vis ? 'Exact results: hide' : 'Exact results: show';
  toggle.disabled = forced || hidden;
  const box = $('results');
  box.hidden = !vis;
  if (!vis) return;
  const fen = viewedFen();
  if (box.dataset.fen === fen) return;
  const seq = ++resultsSeq;
  box.dataset.fen = '';
  box.innerHTML = '<p class="note">Solving…</p>';
  try {
    const s = await solve(fen);
    if (seq !== resultsSeq) return;
    box.dataset.fen = fen;
    const parts = [`<p class="verdict ${s.winner}">This position: <strong>${resultText(s.winner, s.plies)}</strong>${s.plies ? ' with best play' : ''}.</p>`];
    if (s.moves.length) {
      parts.push('<ol class="result-list">');
      for (const m of sortedResults(s)) {
        const best = s.best_moves.includes(m.move);
        parts.push(`<li class="res ${m.winner}${best ? ' best' : ''}" data-move="${m.move}"><code>${m.move}</code> <span class="mark" aria-hidden="true">${m.winner === 'mouse' ? '▲' : '▼'}</span> <span class="what">${resultText(m.winner, m.plies)}</span>${best ? ' <span class="tag">best</span>' : ''}</li>`);
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
    p.textContent = `No exact result: ${e.message}`;
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
    const ready = tablebases.filter((t) => t.state === 'ready').map((t) => `${t.size}×${t.size}`);
    el.append(`Tablebases ready: ${ready.length ? ready.join(', ') : 'none yet'}`);
    let building = false;
    for (const t of tablebases) {
      if (t.state === 'building') {
        building = true;
        el.append(` · ${t.size}×${t.size} building ${Math.round(100 * (t.progress || 0))}%`);
      } else if (t.state === 'absent' && t.size === 10) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small';
        b.textContent = 'Load 10×10 tablebase';
        b.addEventListener('click', async () => {
          try { await api('POST', `/api/tablebase/${t.size}`); } catch (e) { showError(e); }
          refreshTablebases();
        });
        el.append(' · ', b);
      }
    }
    let newlyReady = false;
    for (const t of tablebases) {
      if (t.state === 'ready' && !tbKnownReady.has(t.size)) { tbKnownReady.add(t.size); newlyReady = true; }
    }
    if (building) tbTimer = setTimeout(refreshTablebases, 1000);
    if (newlyReady && state.game) { $('results').dataset.fen = ''; hooks.render(); }
  } catch { el.textContent = ''; }
}
