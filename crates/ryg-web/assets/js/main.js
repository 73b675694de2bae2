// ryg web page: the board, the game controls, playing a friend and the analysis panels.
// Talks only to the ryg server's JSON API (/api/...) and its event streams; no framework,
// nothing fetched from elsewhere. Text from other players (names) is only ever set with
// textContent, never as HTML. This module wires the page's controls to the modules that act.
import { startSquares, defaultStart } from './fen.js';
import { $, showError, announce } from './dom.js';
import { state, hooks, viewedFen } from './state.js';
import { createBoard } from './board.js';
import { render, useBoard, pointAt, redoReviewPanel } from './game.js';
import { boardInput, notNow } from './turn.js';
import { copyPgn, openPgn, downloadPgn } from './pgn.js';
import {
  newGame,
  createGame,
  loadGame,
  gameFromHash,
  change,
  askUndo,
  answerUndo,
  redo,
  computerMove,
  continueFromView,
  resign,
  abortGame,
  rematch,
  saveName,
  hint,
  play,
  tryAgain,
  playSideLine,
} from './play.js';
import { openFriendDialog, closeFriendDialog, createFriendGame, copyLink } from './friend.js';
import { initSetup } from './setup.js';
import { runThink, redoThink } from './analysis.js';
import { refreshRecent } from './recent.js';
import { knownGames } from './known.js';
import { api, tokenFor } from './api.js';
import { initLang, initTheme } from './prefs.js';
import { refreshTablebases } from './results.js';
import { t } from './i18n.js';
import { initLearn, inLearn, redrawLearn } from './learn/lazy.js';
import { goToPly, initNav } from './nav.js';
import { renderLevelNote } from './levelnote.js';
import { startWorker, markServerless } from './offline.js';

/** The start squares of the chosen size, the default chosen (or `keep`'s choice, if any). */
function fillStarts(keep = false) {
  const size = parseInt($('size').value, 10);
  const sel = $('start');
  const was = sel.value;
  sel.innerHTML = '';
  for (const s of startSquares(size)) {
    const o = document.createElement('option');
    o.value = s;
    o.textContent = s === defaultStart(size) ? t('new.default', { sq: s }) : s;
    sel.appendChild(o);
  }
  sel.value = keep && startSquares(size).includes(was) ? was : defaultStart(size);
  renderLevelNote();
}

let howto = null;
/** "How to play", loaded the first time it opens. */
function initHowto() {
  $('howto').addEventListener('toggle', () => {
    if (!$('howto').open || howto) return;
    howto = import('./howto.js').then((m) => {
      m.fillHowto();
      return m;
    });
  });
}

/** Everything drawn with words again, after a change of language. */
function redraw() {
  fillStarts(true);
  $('results').dataset.fen = '';
  redoThink();
  render();
  refreshRecent();
  refreshTablebases();
  redrawLearn();
  if (puzzles) puzzles.then((m) => m.redrawPuzzles());
  if (better) better.then((m) => m.redrawBetter());
  if (people) people.then((m) => m.redrawPeople());
  if (howto) howto.then((m) => m.fillHowto());
  redoReviewPanel();
}

/** The skip link focuses the board's square in the tab order (the address keeps naming the game). */
function initSkipLink() {
  $('skip-link').addEventListener('click', (ev) => {
    ev.preventDefault();
    const sq = document.querySelector('#board [tabindex="0"]') || document.querySelector('#board .sq');
    $('board').scrollIntoView({ block: 'nearest' });
    if (sq) sq.focus();
  });
}

function initCard() {
  $('card-new').addEventListener('click', () => newGame());
  $('card-close').addEventListener('click', () => {
    state.cardClosed = state.game ? state.game.id : null;
    render();
    $('status').scrollIntoView({ block: 'nearest' });
  });
  // the review stays on the position on the board (the game's end): its chart and moves are
  // under the board, its title takes the focus
  $('card-review').addEventListener('click', () => {
    state.cardClosed = state.game.id;
    render();
    announce(t('say.review'));
    const title = $('review-title');
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
    $('review-panel').scrollIntoView({ block: 'nearest' });
  });
}

async function copyFen() {
  const fen = viewedFen();
  try {
    await navigator.clipboard.writeText(fen);
    announce(t('say.fenCopied', { fen }));
    $('hint-text').textContent = t('fen.copied');
  } catch {
    const r = document.createRange();
    r.selectNodeContents($('fen'));
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
    announce(t('say.fenSelected'));
  }
}

function showPly(ev) {
  const b = ev.target.closest('button[data-ply]');
  if (b) goToPly(parseInt(b.dataset.ply, 10), true);
}

/** The exact results as an explorer: a row points at its move on the board while hovered or
 * focused, and plays it when chosen. */
function initExplorer() {
  const box = $('results');
  const row = (ev) => ev.target.closest?.('button[data-move]');
  box.addEventListener('click', (ev) => {
    const b = row(ev);
    if (!b) return;
    const g = state.game;
    if (!state.setup && hooks.side && hooks.side.exploring()) {
      pointAt(null);
      hooks.side.playSide(b.dataset.move);
      return;
    }
    const why = state.setup ? t('results.setupFirst') : notNow(g);
    if (why) {
      showError({ message: why });
      return;
    }
    if (g.legal_moves.includes(b.dataset.move)) {
      pointAt(null);
      play(b.dataset.move);
    }
  });
  const show = (ev) => {
    const b = row(ev);
    pointAt(b ? b.dataset.move : null);
  };
  box.addEventListener('mouseover', show);
  box.addEventListener('focusin', show);
  box.addEventListener('mouseleave', () => {
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    pointAt(focused && box.contains(focused) ? focused.dataset.move || null : null);
  });
  box.addEventListener('focusout', (ev) => {
    if (!box.contains(ev.relatedTarget)) pointAt(null);
  });
}

async function init() {
  initTheme();
  // where no server answers, the service worker's engine must be in place before any question
  await startWorker();
  await initLang(redraw);
  api('GET', '/api/config').then(markServerless, () => {});
  hooks.render = render;
  useBoard(createBoard($('board'), boardInput));
  fillStarts();
  wireGameControls();
  wireReviewControls();
  refreshTablebases();
  refreshRecent();
  openSections();
}

/** The new-game form and the buttons of a game in play (undo, resign, friend, hint...). */
function wireGameControls() {
  $('size').addEventListener('change', () => fillStarts());
  for (const id of ['start', 'seat', 'level']) $(id).addEventListener('change', renderLevelNote);
  initHowto();
  $('new-game').addEventListener('submit', newGame);
  $('undo').addEventListener('click', askUndo);
  $('undo-accept').addEventListener('click', () => answerUndo(true));
  $('undo-decline').addEventListener('click', () => answerUndo(false));
  $('resign').addEventListener('click', () => {
    state.confirmResign = true;
    render();
    $('resign-no').focus();
  });
  $('resign-yes').addEventListener('click', resign);
  $('abort').addEventListener('click', abortGame);
  $('resign-no').addEventListener('click', () => {
    state.confirmResign = false;
    render();
    $('resign').focus();
  });
  $('rematch').addEventListener('click', rematch);
  $('name-form').addEventListener('submit', saveName);
  $('friend-button').addEventListener('click', openFriendDialog);
  $('friend-form').addEventListener('submit', createFriendGame);
  $('friend-cancel').addEventListener('click', closeFriendDialog);
  $('friend-done').addEventListener('click', closeFriendDialog);
  $('copy-friend-link').addEventListener('click', () => copyLink($('friend-link'), t('friend.whatLink')));
  $('copy-watch-link').addEventListener('click', () => copyLink($('watch-link'), t('friend.whatWatch')));
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('go').addEventListener('click', computerMove);
}

/** The board's own buttons, the review, PGN, setup, card, think box, recent games, nav. */
function wireReviewControls() {
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
  $('review-back').addEventListener('click', () => goToPly(null, true));
  $('review-continue').addEventListener('click', continueFromView);
  $('side-keep').addEventListener('click', playSideLine);
  $('copy-fen').addEventListener('click', copyFen);
  $('pgn-upload').addEventListener('change', async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const pgn = await file.text();
    ev.target.value = '';
    await change(() => createGame({ pgn, mouse: 'human', cats: 'human', hotseat: true }));
  });
  $('copy-pgn').addEventListener('click', copyPgn);
  $('pgn-download').addEventListener('click', downloadPgn);
  $('pgn-form').addEventListener('submit', openPgn);
  initExplorer();
  $('review-body').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    const bar = ev.target.closest('rect[data-ply]');
    if (bar) {
      goToPly(Number(bar.dataset.ply), true);
      return;
    }
    if (!b) return;
    // Show: the position before the move, which the arrows mark (evalbar.js): the move played
    // (red, dashed) and the better one (blue)
    if (b.dataset.goto !== undefined) goToPly(Number(b.dataset.goto), true);
    else if (b.dataset.try !== undefined) tryAgain(Number(b.dataset.try), b.dataset.side);
  });
  initSetup();
  initCard();
  initSkipLink();
  $('think-run').addEventListener('click', () => {
    if (!$('think-run').disabled) runThink();
  });
  for (const id of ['think-depth', 'think-eval'])
    $(id).addEventListener('change', () => {
      if (!$('think-run').disabled) runThink();
    });
  $('think-box').addEventListener('toggle', () => {
    if ($('think-box').open) render();
  });
  $('recent').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-game]');
    if (b) loadGame(b.dataset.game);
  });
  initNav();
}

/** Opens the section the address names (Learn, Puzzles, Play better), loading its code the
 * first time; the game starts now, or once that section is left. */
function openSections() {
  // the Learn section, when the address names it, comes first: the game waits until it is left
  let started = false;
  const startGame = () => {
    if (started) return;
    started = true;
    openGame();
  };
  initLearn(startGame);
  // the Puzzles section's code loads the first time the address names it
  const openPuzzles = () => {
    if (puzzles || !inPuzzles()) return;
    puzzles = import('./puzzles.js').then((m) => {
      m.initPuzzles(startGame);
      return m;
    });
  };
  window.addEventListener('hashchange', openPuzzles);
  openPuzzles();
  // the Play better section's likewise
  const openBetter = () => {
    if (better || !inBetter()) return;
    better = import('./better/view.js').then(async (m) => {
      await m.initBetter(startGame);
      return m;
    });
  };
  window.addEventListener('hashchange', openBetter);
  openBetter();
  // the Players section's likewise
  const openPeople = () => {
    if (people || !inPeople()) return;
    people = import('./people.js').then(async (m) => {
      await m.initPeople(startGame);
      return m;
    });
  };
  window.addEventListener('hashchange', openPeople);
  openPeople();
  if (!inLearn() && !inPuzzles() && !inBetter() && !inPeople()) startGame();
}

/** The Puzzles section's module once loaded (a promise), else null. */
let puzzles = null;
/** Whether the address names the Puzzles section. */
function inPuzzles() {
  return location.hash === '#puzzles';
}

/** The Play better section's module once loaded (a promise), else null. */
let better = null;
/** Whether the address names the Play better section (#better, #better/N). */
function inBetter() {
  return /^#better(\/\d+)?$/.test(location.hash);
}

/** The Players section's module once loaded (a promise), else null. */
let people = null;
/** Whether the address names the Players section (#players, #player/ID, #leaderboard/N, #tournaments,
 * #tournament/ID). */
function inPeople() {
  return /^#(players|lobby|player\/[\w-]{11}|leaderboard\/\d+|tournaments|tournament\/[\w-]{11})$/.test(location.hash);
}

function openGame() {
  (async () => {
    // the game the address names; else this browser's last one; else a new game of its own
    const named = gameFromHash();
    let missing = null;
    if (named) {
      await loadGame(named.id);
      if (state.game) return;
      missing = $('error').textContent;
      // the address named no game this browser may open: the new game takes its place
      history.replaceState(null, '', location.pathname + location.search);
    }
    const last = localStorage.getItem('ryg.game');
    // this browser's last game: in its list, or (known by its number, renamed in the list by a
    // page closed before it noted the public id) with its seat's token
    if (!named && last && (knownGames().includes(last) || tokenFor(last))) {
      await loadGame(String(last));
      if (state.game) return;
      showError(null);
    }
    await newGame();
    if (missing) $('error').textContent = missing; // the game the link named is not here
  })();
}

// a module script runs once the document is parsed
init();
