// The board: draws a position with its marks and reports clicks, keys and drags. It knows
// nothing of games, servers or turns: the app says what to draw and decides what input means.
import { FILES, sqName, sqCoords, isDark, splitMove } from './fen.js';
import { t } from './i18n.js';

// the pieces are our own drawings, <symbol>s in index.html
const PIECES = {
  m: '<svg class="piece mouse" aria-hidden="true" viewBox="0 0 100 100"><use href="#art-mouse"></use></svg>',
  c: '<svg class="piece cat" aria-hidden="true" viewBox="0 0 100 100"><use href="#art-cat"></use></svg>',
};

/** A board in element `el`. `on` holds the app's answers:
 * - `square(name)`: a square was clicked (or chosen with Enter/Space);
 * - `canDrag(name)`: whether the piece on `name` may be dragged now;
 * - `dragStart(name)`: a drag began; `drop(from, to)`: it ended on square `to` (or null);
 * - `escape()`: Escape was pressed on the board.
 * `arrow(mv)` points at a move, `marks([{move, kind}])` draws the best moves (and a move played)
 * as arrows; `flash(name, text)` says something beside a square.
 * `draw(view)` shows `view`: {pos, flipped, setup, selected, dests: Set, last: [from, to],
 * hint: [from, to], movable: Set}. */
export function createBoard(el, on) {
  let size = 0;
  let focus = null; // the square holding the board's tab stop
  let shown = null; // the last view drawn

  function draw(view) {
    shown = view;
    const { pos, flipped } = view;
    if (pos.size !== size) {
      buildSquares(el, pos.size);
      size = pos.size;
    }
    if (!focus || sqCoords(focus)[0] >= pos.size || sqCoords(focus)[1] >= pos.size) {
      const m = [...pos.cells].find(([, p]) => p === 'm');
      focus = m ? m[0] : sqName(0, 0);
    }
    const buttons = el.children;
    squareOrder(pos.size, flipped).forEach(([f, r], i) => {
      drawSquare(buttons[i], view, f, r, focus);
    });
    el.classList.toggle('setup', !!view.setup);
    el.setAttribute(
      'aria-label',
      view.setup ? t('board.setup') : t(flipped ? 'board.labelFlipped' : 'board.label', { n: pos.size }),
    );
    arrows.redrawIfShown();
  }

  function keydown(ev) {
    const t = ev.target.closest('.sq');
    if (!t || !shown) return;
    if (ev.key === 'Escape') {
      on.escape();
      return;
    }
    const next = stepKey(ev.key, sqCoords(t.dataset.sq), shown.flipped, size);
    if (!next) return;
    ev.preventDefault();
    const [nf, nr] = next;
    if (nf < 0 || nr < 0 || nf >= size || nr >= size) return;
    focus = sqName(nf, nr);
    draw(shown);
    const b = el.querySelector(`[data-sq="${focus}"]`);
    if (b) b.focus();
  }

  const drag = createDrag(el, on);
  el.addEventListener('click', (ev) => {
    const b = ev.target.closest('.sq');
    if (b && !drag.dragged) {
      note.hide();
      focus = b.dataset.sq;
      on.square(b.dataset.sq);
    }
  });
  el.addEventListener('keydown', keydown);
  drag.listen();

  /** The centre of square `name` in the board's own units (a square is 1 wide), as drawn. */
  function centre(name) {
    const [f, r] = sqCoords(name);
    const flipped = shown?.flipped;
    return [(flipped ? size - 1 - f : f) + 0.5, (flipped ? r : size - 1 - r) + 0.5];
  }

  // arrows over the board (a move pointed at elsewhere on the page; the best moves, a move
  // played) and a note on a square
  const arrows = createArrows(el, centre, () => ({ shown, size }));
  const note = createNote(el);

  /** Shows `text` beside square `name` for a moment (why a click or a drop was refused). */
  function flash(name, text) {
    const b = el.querySelector(`[data-sq="${name}"]`);
    note.show(b, b ? centre(name) : [size / 2, size / 2], size, text);
  }

  /** Slides the piece of move `mv` from its square to the new one. */
  function animate(mv) {
    slide(el, mv);
  }

  return { draw, animate, arrow: arrows.arrow, marks: arrows.marks, flash };
}

/** Fills `el` with the n×n buttons of the squares. */
function buildSquares(el, n) {
  el.innerHTML = '';
  el.style.setProperty('--n', n);
  for (let i = 0; i < n * n; i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sq';
    b.tabIndex = -1;
    el.appendChild(b);
  }
}

/** The squares in visual order, top-left first. */
function squareOrder(n, flipped) {
  const out = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const r = flipped ? row : n - 1 - row;
      const f = flipped ? n - 1 - col : col;
      out.push([f, r]);
    }
  }
  return out;
}

/** Draws square (f, r) of `view` into button `b`: its classes, words, coordinates and piece;
 * `focus` is the square holding the tab stop. */
function drawSquare(b, view, f, r, focus) {
  const { pos, flipped } = view;
  const [lastFrom, lastTo] = view.last || [null, null];
  const hint = view.hint || [];
  const name = sqName(f, r);
  const piece = pos.cells.get(name);
  const dark = isDark(f, r);
  const cls = ['sq', dark ? 'dark' : 'light'];
  let label = t(piece === 'm' ? 'board.mouse' : piece === 'c' ? 'board.cat' : 'board.empty', { sq: name });
  if (!dark) label += t('board.light');
  if (view.selected === name) {
    cls.push('selected');
    label += t('board.selected');
  }
  if (view.dests.has(name)) {
    cls.push('dest');
    label += t('board.legal');
  }
  if (name === lastFrom || name === lastTo) {
    cls.push('last');
    label += t(name === lastTo ? 'board.lastTo' : 'board.lastFrom');
  }
  if (hint.includes(name)) {
    cls.push('hinted');
    label += t('board.hint');
  }
  if (view.movable.has(name)) cls.push('movable');
  b.className = cls.join(' ');
  b.dataset.sq = name;
  b.setAttribute('aria-label', label);
  b.tabIndex = name === focus ? 0 : -1;
  // coordinates and pieces are drawn by CSS (data-rank, data-file, .piece) so that the
  // square's accessible name is the whole of what it says
  const showRank = (!flipped && f === 0) || (flipped && f === pos.size - 1);
  const showFile = (!flipped && r === 0) || (flipped && r === pos.size - 1);
  if (showRank) b.dataset.rank = String(r + 1);
  else delete b.dataset.rank;
  if (showFile) b.dataset.file = FILES[f];
  else delete b.dataset.file;
  const html = (PIECES[piece] || '') + (view.dests.has(name) ? '<span class="dot" aria-hidden="true"></span>' : '');
  if (b.innerHTML !== html) b.innerHTML = html;
}

/** The square [file, rank] that key `key` moves the focus to from [f, r] (maybe off the
 * board), or null for a key that does not move it. */
function stepKey(key, [f, r], flipped, size) {
  const dir = flipped ? -1 : 1;
  switch (key) {
    case 'ArrowUp':
      return [f, r + dir];
    case 'ArrowDown':
      return [f, r - dir];
    case 'ArrowLeft':
      return [f - dir, r];
    case 'ArrowRight':
      return [f + dir, r];
    case 'Home':
      return [flipped ? size - 1 : 0, r];
    case 'End':
      return [flipped ? 0 : size - 1, r];
    default:
      return null;
  }
}

/** Drag and drop of the pieces on board `el` with pointer events (mouse, pen and touch);
 * `listen()` starts it; `dragged` is true just after a drop, so that its click is ignored. */
function createDrag(el, on) {
  let drag = null;
  const state = { dragged: false };
  function pointerDown(ev) {
    const b = ev.target.closest('.sq');
    if (!b || ev.button !== 0 || !on.canDrag(b.dataset.sq)) return;
    drag = { from: b.dataset.sq, x: ev.clientX, y: ev.clientY, ghost: null, pointer: ev.pointerId };
  }
  function pointerMove(ev) {
    if (!drag || ev.pointerId !== drag.pointer) return;
    if (!drag.ghost) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
      const src = el.querySelector(`[data-sq="${drag.from}"] .piece`);
      if (!src) {
        drag = null;
        return;
      }
      drag.ghost = ghostOf(src);
      on.dragStart(drag.from);
    }
    ev.preventDefault();
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
  }
  function pointerUp(ev) {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    state.dragged = true;
    setTimeout(() => {
      state.dragged = false;
    }, 0);
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = hit?.closest?.('.sq');
    on.drop(d.from, target && el.contains(target) ? target.dataset.sq : null);
  }
  return {
    get dragged() {
      return state.dragged;
    },
    listen() {
      el.addEventListener('pointerdown', pointerDown);
      window.addEventListener('pointermove', pointerMove, { passive: false });
      window.addEventListener('pointerup', pointerUp);
      window.addEventListener('pointercancel', () => {
        if (drag?.ghost) drag.ghost.remove();
        drag = null;
      });
    },
  };
}

/** A copy of piece `src` that follows the pointer during a drag, added to the page. */
function ghostOf(src) {
  const rect = src.getBoundingClientRect();
  const ghost = src.cloneNode(true);
  ghost.classList.add('ghost');
  ghost.style.width = `${rect.width}px`;
  ghost.style.height = `${rect.height}px`;
  ghost.style.fontSize = getComputedStyle(src).fontSize;
  document.body.appendChild(ghost);
  return ghost;
}

/** The arrows over board `el`: `arrow(mv)` the move pointed at, `marks(list)` the best moves
 * and a move played; `redrawIfShown()` after the board is drawn. `centre(name)` places a
 * square; `board()` says {shown, size}. */
function createArrows(el, centre, board) {
  let layer = null;
  let pointed = null; // the move pointed at (a results row under the pointer or focused)
  let marked = []; // [{move, kind}]: kinds 'best' and 'played', drawn under the pointed one

  /** The SVG of an arrow for move `mv`, of kind `kind` (its class). */
  const svgOf = (mv, kind) => arrowSvg(...splitMove(mv).map(centre), mv, kind);

  /** Draws the arrows anew (after a change of them or of the board's orientation). */
  function drawArrows() {
    if (!layer) {
      if (!pointed && !marked.length) return;
      layer = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      layer.setAttribute('class', 'arrows');
      layer.setAttribute('aria-hidden', 'true');
      el.after(layer);
    }
    const { shown, size } = board();
    if (!shown || (!pointed && !marked.length)) {
      layer.replaceChildren();
      return;
    }
    layer.setAttribute('viewBox', `0 0 ${size} ${size}`);
    layer.innerHTML = marked.map((m) => svgOf(m.move, m.kind)).join('') + (pointed ? svgOf(pointed, 'pointed') : '');
  }

  return {
    redrawIfShown() {
      if (layer) drawArrows();
    },
    /** Draws an arrow for move `mv` over the board (null: none). */
    arrow(mv) {
      pointed = mv || null;
      drawArrows();
    },
    /** Marks moves with arrows: `list` [{move, kind}] (kind 'best' or 'played'); [] none. */
    marks(list) {
      marked = list || [];
      drawArrows();
    },
  };
}

/** The SVG of an arrow from point `a` to point `b` for move `mv`, of kind `kind` (its class). */
function arrowSvg(a, b, mv, kind) {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const tip = [b[0] - ux * 0.12, b[1] - uy * 0.12];
  const base = [tip[0] - ux * 0.38, tip[1] - uy * 0.38];
  const w = 0.22;
  const head = `${tip[0]},${tip[1]} ${base[0] - uy * w},${base[1] + ux * w} ${base[0] + uy * w},${base[1] - ux * w}`;
  return `<g class="arrow ${kind}" data-move="${mv}"><line x1="${a[0]}" y1="${a[1]}" x2="${base[0]}" y2="${base[1]}" /><polygon points="${head}" /></g>`;
}

/** The note beside a square of board `el` (why a click or a drop was refused), made when first
 * shown: `show(b, [x, y], size, text)` for a moment, `hide()`. */
function createNote(el) {
  let note = null;
  let noteTimer = null;
  return {
    hide() {
      if (note) note.hidden = true;
    },
    /** @param {HTMLElement | null} b @param {number[]} at @param {number} size @param {string} text */
    show(b, [x, y], size, text) {
      if (!note) {
        note = document.createElement('p');
        note.className = 'refusal';
        note.id = 'refusal';
        el.after(note);
      }
      clearTimeout(noteTimer);
      note.textContent = text;
      note.hidden = false;
      note.style.setProperty('--x', (x / size).toFixed(4));
      note.style.setProperty('--y', (y / size).toFixed(4));
      note.classList.toggle('below', y < size / 2);
      if (b) {
        b.classList.remove('refused');
        void b.offsetWidth; // restart the shake
        b.classList.add('refused');
      }
      noteTimer = setTimeout(() => {
        note.hidden = true;
        if (b) b.classList.remove('refused');
      }, 3500);
    },
  };
}

/** Slides the piece of move `mv` on board `el` from its square to the new one. */
function slide(el, mv) {
  if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const [a, b] = splitMove(mv);
  const from = el.querySelector(`[data-sq="${a}"]`);
  const to = el.querySelector(`[data-sq="${b}"]`);
  const piece = to?.querySelector('.piece');
  if (!from || !piece?.animate) return;
  const fr = from.getBoundingClientRect();
  const tr = to.getBoundingClientRect();
  piece.animate([{ transform: `translate(${fr.left - tr.left}px, ${fr.top - tr.top}px)` }, { transform: 'none' }], {
    duration: 220,
    easing: 'ease-out',
  });
}
