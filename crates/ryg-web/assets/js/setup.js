// Analysis set-up: a position placed piece by piece or pasted as a FEN, then analysed as a
// game with both sides at the board and the exact results shown.
import { parseFen, toFen, sqCoords, isDark, startPosition } from './fen.js';
import { checkFen, missing } from './fencheck.js';
import { $, announce } from './dom.js';
import { state, viewedFen, playingFriend } from './state.js';
import { render, refuse } from './game.js';
import { change, startGame } from './play.js';
import { t } from './i18n.js';

/** Says what is wrong with the set-up, beside the FEN (null: nothing). */
function setupError(e) {
  $('setup-error').textContent = e ? t(e.key, e.args) : '';
  $('setup-fen').setAttribute('aria-invalid', String(!!e));
}

/** How many pieces are placed, under the FEN. */
function countPlaced() {
  const pos = state.setup;
  const cats = [...pos.cells.values()].filter((v) => v === 'c').length;
  const mouse = [...pos.cells.values()].includes('m');
  $('setup-count').textContent =
    `${t('say.catsPlaced', { n: cats, of: pos.size / 2 })} ${t(mouse ? 'setup.mousePlaced' : 'setup.noMouse')}`;
}

/** The FEN as typed: drawn when the board may show it, else what is wrong and where. */
function typed() {
  const r = checkFen($('setup-fen').value);
  if (!r.pos) {
    setupError(r);
    return false;
  }
  state.setup = r.pos;
  $('setup-side').value = r.pos.side;
  setupError(null);
  countPlaced();
  render();
  return true;
}

export function enterSetup() {
  const size = parseInt($('size').value, 10);
  const g = state.game;
  // a game between two friends still going is not analysed: the set-up starts from the start
  // position, not from the game's (the server refuses its positions too)
  const fen = g && playingFriend(g) ? null : viewedFen();
  state.setup = g && fen && parseFen(fen).size === size ? parseFen(fen) : startPosition(size, $('start').value);
  state.view = null;
  state.selected = null;
  $('setup').hidden = false;
  $('setup-side').value = state.setup.side;
  $('setup-fen').value = toFen(state.setup);
  setupError(null);
  countPlaced();
  announce(t('say.setup'));
  render();
  $('setup-title').scrollIntoView({ block: 'nearest' });
}

/** A click on square `name` while setting up: places or removes the chosen piece. */
export function placeSetup(name) {
  const [f, r] = sqCoords(name);
  if (!isDark(f, r)) {
    refuse(name, t('why.light', { sq: name }));
    return;
  }
  const cells = state.setup.cells;
  const n = state.setup.size;
  const placed = [...cells.values()].filter((v) => v === 'c').length;
  if (state.tool === 'c' && cells.get(name) !== 'c' && placed >= n / 2) {
    refuse(name, t('setupErr.cats', { count: placed + 1, n, max: n / 2 }));
    return;
  }
  if (state.tool === 'm') {
    for (const [k, v] of [...cells]) if (v === 'm') cells.delete(k);
    cells.set(name, 'm');
  } else if (state.tool === 'c') {
    if (cells.get(name) === 'c') cells.delete(name);
    else cells.set(name, 'c');
  } else cells.delete(name);
  const cats = [...cells.values()].filter((v) => v === 'c').length;
  $('setup-fen').value = toFen(state.setup);
  setupError(null);
  countPlaced();
  const what = t(cells.get(name) === 'm' ? 'board.mouse' : cells.get(name) === 'c' ? 'board.cat' : 'board.empty', {
    sq: name,
  });
  announce(`${what}. ${t('say.catsPlaced', { n: cats, of: state.setup.size / 2 })}`);
  render();
}

async function startAnalysis() {
  if (!typed()) {
    $('setup-fen').focus();
    return;
  }
  const lacks = missing(state.setup);
  if (lacks) {
    setupError(lacks);
    return;
  }
  const fen = toFen(state.setup);
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
  for (const b of document.querySelectorAll('.tool')) {
    b.addEventListener('click', () => {
      state.tool = b.dataset.tool;
      for (const o of document.querySelectorAll('.tool')) o.setAttribute('aria-pressed', String(o === b));
    });
  }
  $('setup-side').addEventListener('change', () => {
    state.setup.side = $('setup-side').value;
    $('setup-fen').value = toFen(state.setup);
    render();
  });
  $('setup-fen').addEventListener('input', typed);
  $('setup-load').addEventListener('click', () => {
    if (!typed()) $('setup-fen').focus();
  });
  $('setup-start').addEventListener('click', startAnalysis);
  $('setup-cancel').addEventListener('click', () => {
    state.setup = null;
    $('setup').hidden = true;
    render();
  });
}
