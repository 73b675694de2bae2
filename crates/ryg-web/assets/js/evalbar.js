// The evaluation bar beside the board, and the best moves as arrows on it, in analysis (both
// sides at this board), in a side line and in the review of a finished game: the exact result
// from the tablebase (who wins and in how many plies), or a search's score where no table
// answers. Its words are its accessible name (and its visible label): not colour alone.
import { parseFen } from './fen.js';
import { $ } from './dom.js';
import { api } from './api.js';
import { state, isHotseat, playingFriend, viewedFen } from './state.js';
import { resultText, capital } from './words.js';
import { t, currentLang, fmt } from './i18n.js';
import { solve, tbKnownReady } from './results.js';
import { hasTable } from './levelnote.js';
import { fromSolve, fromSearch, arrowsFor } from './evaldata.js';

/** Searches asked for positions without a table, by FEN (a promise of the bar's model). */
const searches = new Map();
let drawnKey = '';
let seq = 0;

/** Whether the bar shows: in analysis (a game with both sides at this board), a side line and
 * a finished game's review; not in a game between friends while it goes on, nor in a set-up. */
export function evalShown(g = state.game) {
  if (!g || state.setup || playingFriend(g)) return false;
  return isHotseat(g) || !!state.side || (!!g.outcome && !!g.outcome.winner);
}

/** A search of `fen` where no table answers: the server's (a third of a second), else, where
 * the page runs without one, the engine in the browser at depth 4. */
function search(fen) {
  if (!searches.has(fen)) {
    const q = `fen=${encodeURIComponent(fen)}`;
    const p = api('GET', `/api/analyze?${q}&movetime=300`)
      .catch((e) => {
        if (e.code !== 'needs_server') throw e;
        return api('GET', `/api/weights?${q}&depth=4`);
      })
      .then((a) => fromSearch(a, parseFen(fen).side));
    searches.set(fen, p);
    p.catch(() => searches.delete(fen));
  }
  return searches.get(fen);
}

/** The bar's model of `fen`: the table's exact result where there is one, else a search's. */
async function infoOf(fen) {
  if (hasTable(parseFen(fen).size)) {
    try {
      return fromSolve(await solve(fen));
    } catch {
      /* a table still being built: search */
    }
  }
  return search(fen);
}

/** The review's mark of the move played from the viewed position, when it lost ground:
 * `{played, kept}`; else null. */
function reviewMark(g) {
  if (state.side || state.view === null || !state.lost || state.lost.game !== `${g.id}:${g.moves.length}`) return null;
  const m = state.lost.kept.get(state.view + 1);
  return m ? { played: g.moves[state.view], kept: m.moves, kind: m.kind } : null;
}

/** The bar's words: the result or the score. */
function words(info) {
  if (info.kind === 'search') {
    const points = `${info.points > 0 ? '+' : info.points < 0 ? '−' : ''}${fmt(Math.abs(info.points))}`;
    return t('evalbar.search', {
      side: t(`evalbar.ahead.${info.points >= 0 ? 'mouse' : 'cats'}`),
      points,
      depth: info.depth ?? '?',
    });
  }
  const result = capital(resultText(info.winner, info.plies));
  return info.kind === 'proved' ? t('evalbar.proved', { result }) : result;
}

function draw(bar, info, mark) {
  bar.hidden = false;
  bar.dataset.kind = info.kind;
  bar.dataset.winner = info.winner || (info.mouse >= 0.5 ? 'mouse' : 'cats');
  bar.classList.toggle('flipped', state.flipped);
  bar.style.setProperty('--mouse-share', `${(100 * info.mouse).toFixed(1)}%`);
  const text = words(info);
  bar.querySelector('.eval-text').textContent = text;
  const parts = [t('evalbar.label', { what: text })];
  if (mark)
    parts.push(
      t(mark.kind === 'shortened' ? 'evalbar.shortened' : 'evalbar.mistake', {
        played: mark.played,
        better: (info.best.length ? info.best : mark.kept.slice(0, 1)).join(', '),
      }),
    );
  else if (info.best.length) parts.push(t('evalbar.best', { moves: info.best.join(', ') }));
  bar.setAttribute('aria-label', parts.join(' '));
  bar.title = parts.join(' ');
}

/** Draws the bar and the arrows for the position on `board` (board.js), once its model is in. */
export async function renderEval(board) {
  const bar = $('evalbar');
  const g = state.game;
  if (!bar || !board) return;
  if (!evalShown(g)) {
    if (drawnKey) {
      seq += 1;
      drawnKey = '';
      board.marks([]);
    }
    bar.hidden = true;
    return;
  }
  const fen = viewedFen();
  const mark = reviewMark(g);
  const size = parseFen(fen).size;
  const key = [fen, state.flipped, currentLang(), mark ? mark.played : '', tbKnownReady.has(size)].join('|');
  if (key === drawnKey) return;
  const sameFen = drawnKey.split('|')[0] === fen;
  drawnKey = key;
  const mine = ++seq;
  // the arrows of the position before are wrong at once; the bar waits for the new answer
  if (!sameFen) {
    board.marks([]);
    bar.dataset.state = 'loading';
  }
  let info;
  try {
    info = await infoOf(fen);
  } catch {
    info = null;
  }
  if (mine !== seq) return;
  bar.dataset.state = 'ready';
  if (!info) {
    // no table and no search on this board (14×14, 12×12 without its table's files)
    bar.hidden = true;
    board.marks([]);
    return;
  }
  draw(bar, info, mark);
  board.marks(arrowsFor(info, mark ? mark.played : null, mark && !info.best.length ? mark.kept.slice(0, 1) : null));
}

/** Draws the bar anew at the next render (after a change of language). */
export function redoEval() {
  drawnKey = '';
}
