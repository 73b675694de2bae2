// ryg web page: the board, the game controls, playing a friend and the analysis panels.
// Talks only to the ryg server's JSON API (/api/...) and its event streams; no framework,
// nothing fetched from elsewhere. Text from other players (names) is only ever set with
// textContent, never as HTML. This module wires the page's controls to the modules that act.
import { startSquares, defaultStart } from './fen.js';
import { $, showError, announce } from './dom.js';
import { api } from './api.js';
import { state, hooks, viewedFen } from './state.js';
import { createBoard } from './board.js';
import { render, useBoard } from './game.js';
import { boardInput } from './turn.js';
import {
  scheduleComputer, newGame, createGame, loadGame, gameFromHash, change, askUndo, answerUndo, redo,
  computerMove, continueFromView, resign, rematch, saveName, hint,
} from './play.js';
import { openFriendDialog, closeFriendDialog, createFriendGame, copyLink } from './friend.js';
import { initSetup } from './setup.js';
import { runThink } from './analysis.js';
import { refreshTablebases } from './results.js';

function fillStarts() {
  const size = parseInt($('size').value, 10);
  const sel = $('start');
  sel.innerHTML = '';
  for (const s of startSquares(size)) {
    const o = document.createElement('option');
    o.value = s;
    o.textContent = s === defaultStart(size) ? `${s} (default)` : s;
    sel.appendChild(o);
  }
  sel.value = defaultStart(size);
}

async function copyFen() {
  const fen = viewedFen();
  try { await navigator.clipboard.writeText(fen); announce(`FEN copied: ${fen}`); $('hint-text').textContent = 'FEN copied.'; } catch {
    const r = document.createRange();
    r.selectNodeContents($('fen'));
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
    announce('The FEN is selected: press Ctrl+C to copy it.');
  }
}

function showPly(ev) {
  const b = ev.target.closest('button[data-ply]');
  if (!b) return;
  const k = parseInt(b.dataset.ply, 10);
  state.view = k === state.game.moves.length ? null : k;
  state.selected = null;
  clearTimeout(state.autoTimer);
  announce(state.view === null ? 'Back at the current position.' : `Position after ${k} moves.`);
  render();
  scheduleComputer();
}

function init() {
  hooks.render = render;
  useBoard(createBoard($('board'), boardInput));
  fillStarts();
  $('size').addEventListener('change', fillStarts);
  $('new-game').addEventListener('submit', newGame);
  $('undo').addEventListener('click', askUndo);
  $('undo-accept').addEventListener('click', () => answerUndo(true));
  $('undo-decline').addEventListener('click', () => answerUndo(false));
  $('resign').addEventListener('click', () => { state.confirmResign = true; render(); $('resign-no').focus(); });
  $('resign-yes').addEventListener('click', resign);
  $('resign-no').addEventListener('click', () => { state.confirmResign = false; render(); $('resign').focus(); });
  $('rematch').addEventListener('click', rematch);
  $('name-form').addEventListener('submit', saveName);
  $('friend-button').addEventListener('click', openFriendDialog);
  $('friend-form').addEventListener('submit', createFriendGame);
  $('friend-cancel').addEventListener('click', closeFriendDialog);
  $('friend-done').addEventListener('click', closeFriendDialog);
  $('copy-friend-link').addEventListener('click', () => copyLink($('friend-link'), 'Your friend\'s link'));
  $('copy-watch-link').addEventListener('click', () => copyLink($('watch-link'), 'The watch link'));
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('go').addEventListener('click', computerMove);
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    $('flip').setAttribute('aria-pressed', String(state.flipped));
    render();
  });
  $('results-toggle').addEventListener('click', () => {
    state.showResults = !state.showResults;
    localStorage.setItem('ryg.showResults', state.showResults ? '1' : '0');
    render();
  });
  $('move-list').addEventListener('click', showPly);
  $('review-back').addEventListener('click', () => { state.view = null; render(); scheduleComputer(); announce('Back at the current position.'); });
  $('review-continue').addEventListener('click', continueFromView);
  $('copy-fen').addEventListener('click', copyFen);
  $('pgn-upload').addEventListener('change', async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const pgn = await file.text();
    ev.target.value = '';
    await change(() => createGame({ pgn, mouse: 'human', cats: 'human', hotseat: true }));
  });
  initSetup();
  $('think-run').addEventListener('click', () => { if (!$('think-run').disabled) runThink(); });
  $('think-depth').addEventListener('change', () => { if (!$('think-run').disabled) runThink(); });
  $('think-box').addEventListener('toggle', () => { if ($('think-box').open) render(); });
  $('recent').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-game]');
    if (b) loadGame(b.dataset.game);
  });
  window.addEventListener('hashchange', () => {
    const named = gameFromHash();
    if (named && (named.token || !state.game || String(state.game.id) !== named.id)) loadGame(named.id);
  });

  refreshTablebases();
  const named = gameFromHash();
  const id = named ? named.id : localStorage.getItem('ryg.game');
  (async () => {
    if (id) {
      await loadGame(id);
      if (state.game) return;
      showError(null);
    }
    // no game named: resume the most recently played one, else start one
    try {
      const { games } = await api('GET', '/api/games?limit=1');
      if (games.length) { await loadGame(games[0].id); if (state.game) return; }
    } catch { /* start a new game instead */ }
    await newGame();
  })();
}

// a module script runs once the document is parsed
init();
