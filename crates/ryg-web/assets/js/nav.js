// Stepping through the shown game: the move list, the keys ←/→ and Home/End, and the browser's
// Back and Forward (each view a history entry: the address carries the game and the ply).
import { $, announce } from './dom.js';
import { state, hooks } from './state.js';
import { render } from './game.js';
import { scheduleComputer, loadGame, gameFromHash, newGame } from './play.js';
import { pushAddress, learning, plyInAddress } from './address.js';
import { t } from './i18n.js';

/** Shows the position after `k` plies (null or the last: the live position); `push` makes it a
 * history entry of its own. */
export function goToPly(k, push = false) {
  const g = state.game;
  if (!g) return;
  const n = g.moves.length;
  const view = k === null || k >= n ? null : Math.max(0, k);
  if (view === state.view && !state.side) return;
  state.side = null;
  state.view = view;
  state.selected = null;
  clearTimeout(state.autoTimer);
  if (push) pushAddress(g, view);
  announce(view === null ? t('say.back') : t('say.positionAfter', { k: view }));
  render();
  scheduleComputer();
}

/** The view the address names (after Back or Forward, or a link with a ply). */
function followAddress() {
  if (learning()) return;
  const named = gameFromHash();
  // an entry without a game is where a new game began: a new game again
  if (!named) {
    if (state.game && state.game.id !== null && !state.setup) newGame();
    return;
  }
  if (named.token || !state.game || String(state.game.id) !== named.id) {
    loadGame(named.id);
    return;
  }
  if (state.setup) return;
  goToPly(plyInAddress(named.id));
}

function onKey(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.defaultPrevented) return;
  const target = ev.target;
  if (target.closest?.('input, textarea, select, dialog, #board, [role="tree"], .learn')) return;
  const g = state.game;
  if (!g || state.setup || !$('learn-view').hidden) return;
  const n = g.moves.length;
  // in a side line, ←/→ step along it
  if (state.side && hooks.side && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) {
    ev.preventDefault();
    hooks.side.stepSide(ev.key === 'ArrowLeft' ? -1 : 1);
    return;
  }
  const at = state.view === null ? n : state.view;
  let k;
  switch (ev.key) {
    case 'ArrowLeft':
      k = at - 1;
      break;
    case 'ArrowRight':
      k = at + 1;
      break;
    case 'Home':
      k = 0;
      break;
    case 'End':
      k = n;
      break;
    default:
      return;
  }
  ev.preventDefault();
  if (k < 0 || k > n) return;
  goToPly(k);
}

/** Wires the keys and the browser's history. */
export function initNav() {
  document.addEventListener('keydown', onKey);
  // Back and Forward (also to an entry without a game), and an address edited by hand
  window.addEventListener('popstate', followAddress);
}
