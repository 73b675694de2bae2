// Analysis set-up: a position placed piece by piece or pasted as a FEN, then analysed as a
// game with both sides at the board and the exact results shown.
import { parseFen, toFen, sqCoords, isDark, startPosition } from './fen.js';
import { $, showError, announce } from './dom.js';
import { state, viewedFen } from './state.js';
import { render } from './game.js';
import { change, startGame } from './play.js';
import { t, pageError } from './i18n.js';

export function enterSetup() {
  const size = parseInt($('size').value, 10);
  const g = state.game;
  const fen = viewedFen();
  state.setup = g && fen && parseFen(fen).size === size ? parseFen(fen) : startPosition(size, $('start').value);
  state.view = null;
  state.selected = null;
  $('setup').hidden = false;
  $('setup-side').value = state.setup.side;
  $('setup-fen').value = toFen(state.setup);
  announce(t('say.setup'));
  render();
  $('setup-title').scrollIntoView({ block: 'nearest' });
}

/** A click on square `name` while setting up: places or removes the chosen piece. */
export function placeSetup(name) {
  const [f, r] = sqCoords(name);
  if (!isDark(f, r)) { announce(t('say.lightSquare', { sq: name })); return; }
  const cells = state.setup.cells;
  if (state.tool === 'm') {
    for (const [k, v] of [...cells]) if (v === 'm') cells.delete(k);
    cells.set(name, 'm');
  } else if (state.tool === 'c') {
    if (cells.get(name) === 'c') cells.delete(name); else cells.set(name, 'c');
  } else cells.delete(name);
  const cats = [...cells.values()].filter((v) => v === 'c').length;
  $('setup-fen').value = toFen(state.setup);
  const what = t(cells.get(name) === 'm' ? 'board.mouse' : cells.get(name) === 'c' ? 'board.cat' : 'board.empty', { sq: name });
  announce(`${what}. ${t('say.catsPlaced', { n: cats, of: state.setup.size / 2 })}`);
  render();
}

async function startAnalysis() {
  const fen = $('setup-fen').value.trim();
  await change(() => startGame({ fen, mouse: 'human', cats: 'human', hotseat: true }));
  if (state.game && state.game.start_fen.split(' ')[0] === fen.split(' ')[0]) {
    state.setup = null;
    $('setup').hidden = true;
    state.showResults = true;
    render();
  }
}

/** Wires the set-up panel's controls. */
export function initSetup() {
  $('analysis-button').addEventListener('click', enterSetup);
  document.querySelectorAll('.tool').forEach((b) => b.addEventListener('click', () => {
    state.tool = b.dataset.tool;
    document.querySelectorAll('.tool').forEach((o) => o.setAttribute('aria-pressed', String(o === b)));
  }));
  $('setup-side').addEventListener('change', () => { state.setup.side = $('setup-side').value; $('setup-fen').value = toFen(state.setup); render(); });
  $('setup-load').addEventListener('click', () => {
    const fen = $('setup-fen').value.trim();
    if (!/^[0-9mc/]+ [mc]$/.test(fen)) { showError(pageError('error.fenShape')); return; }
    state.setup = parseFen(fen);
    $('setup-side').value = state.setup.side;
    showError(null);
    render();
  });
  $('setup-start').addEventListener('click', startAnalysis);
  $('setup-cancel').addEventListener('click', () => { state.setup = null; $('setup').hidden = true; render(); });
}
