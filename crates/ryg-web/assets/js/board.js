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
  let focus = null;     // the square holding the board's tab stop
  let shown = null;     // the last view drawn
  let drag = null;
  let dragged = false;

  function build(n) {
    el.innerHTML = '';
    el.style.setProperty('--n', n);
    for (let i = 0; i < n * n; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sq';
      b.tabIndex = -1;
      el.appendChild(b);
    }
    size = n;
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

  function draw(view) {
    shown = view;
    const { pos, flipped } = view;
    if (pos.size !== size) build(pos.size);
    const [lastFrom, lastTo] = view.last || [null, null];
    const hint = view.hint || [];
    if (!focus || sqCoords(focus)[0] >= pos.size || sqCoords(focus)[1] >= pos.size) {
      const m = [...pos.cells].find(([, p]) => p === 'm');
      focus = m ? m[0] : sqName(0, 0);
    }
    const buttons = el.children;
    squareOrder(pos.size, flipped).forEach(([f, r], i) => {
      const b = buttons[i];
      const name = sqName(f, r);
      const piece = pos.cells.get(name);
      const dark = isDark(f, r);
      const cls = ['sq', dark ? 'dark' : 'light'];
      let label = t(piece === 'm' ? 'board.mouse' : piece === 'c' ? 'board.cat' : 'board.empty', { sq: name });
      if (!dark) label += t('board.light');
      if (view.selected === name) { cls.push('selected'); label += t('board.selected'); }
      if (view.dests.has(name)) { cls.push('dest'); label += t('board.legal'); }
      if (name === lastFrom || name === lastTo) { cls.push('last'); label += t(name === lastTo ? 'board.lastTo' : 'board.lastFrom'); }
      if (hint.includes(name)) { cls.push('hinted'); label += t('board.hint'); }
      if (view.movable.has(name)) cls.push('movable');
      b.className = cls.join(' ');
      b.dataset.sq = name;
      b.setAttribute('aria-label', label);
      b.tabIndex = name === focus ? 0 : -1;
      // coordinates and pieces are drawn by CSS (data-rank, data-file, .piece) so that the
      // square's accessible name is the whole of what it says
      const showRank = (!flipped && f === 0) || (flipped && f === pos.size - 1);
      const showFile = (!flipped && r === 0) || (flipped && r === pos.size - 1);
      if (showRank) b.dataset.rank = String(r + 1); else delete b.dataset.rank;
      if (showFile) b.dataset.file = FILES[f]; else delete b.dataset.file;
      const html = (PIECES[piece] || '') + (view.dests.has(name) ? '<span class="dot" aria-hidden="true"></span>' : '');
      if (b.innerHTML !== html) b.innerHTML = html;
    });
    el.classList.toggle('setup', !!view.setup);
    el.setAttribute('aria-label', view.setup ? t('board.setup') : t(flipped ? 'board.labelFlipped' : 'board.label', { n: pos.size }));
    if (layer) drawArrows();
  }

  function keydown(ev) {
    const t = ev.target.closest('.sq');
    if (!t || !shown) return;
    const flipped = shown.flipped;
    const [f, r] = sqCoords(t.dataset.sq);
    const dir = flipped ? -1 : 1;
    let nf = f;
    let nr = r;
    switch (ev.key) {
      case 'ArrowUp': nr += dir; break;
      case 'ArrowDown': nr -= dir; break;
      case 'ArrowLeft': nf -= dir; break;
      case 'ArrowRight': nf += dir; break;
      case 'Home': nf = flipped ? size - 1 : 0; break;
      case 'End': nf = flipped ? 0 : size - 1; break;
      case 'Escape': on.escape(); return;
      default: return;
    }
    ev.preventDefault();
    if (nf < 0 || nr < 0 || nf >= size || nr >= size) return;
    focus = sqName(nf, nr);
    draw(shown);
    const b = el.querySelector(`[data-sq="${focus}"]`);
    if (b) b.focus();
  }

  // Drag and drop with pointer events (mouse, pen and touch).
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
      if (!src) { drag = null; return; }
      const rect = src.getBoundingClientRect();
      drag.ghost = src.cloneNode(true);
      drag.ghost.classList.add('ghost');
      drag.ghost.style.width = rect.width + 'px';
      drag.ghost.style.height = rect.height + 'px';
      drag.ghost.style.fontSize = getComputedStyle(src).fontSize;
      document.body.appendChild(drag.ghost);
      on.dragStart(drag.from);
    }
    ev.preventDefault();
    drag.ghost.style.left = ev.clientX + 'px';
    drag.ghost.style.top = ev.clientY + 'px';
  }
  function pointerUp(ev) {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = hit && hit.closest && hit.closest('.sq');
    on.drop(d.from, target && el.contains(target) ? target.dataset.sq : null);
  }

  el.addEventListener('click', (ev) => {
    const b = ev.target.closest('.sq');
    if (b && !dragged) {
      if (note) note.hidden = true;
      focus = b.dataset.sq;
      on.square(b.dataset.sq);
    }
  });
  el.addEventListener('keydown', keydown);
  el.addEventListener('pointerdown', pointerDown);
  window.addEventListener('pointermove', pointerMove, { passive: false });
  window.addEventListener('pointerup', pointerUp);
  window.addEventListener('pointercancel', () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });

  /** The centre of square `name` in the board's own units (a square is 1 wide), as drawn. */
  function centre(name) {
    const [f, r] = sqCoords(name);
    const flipped = shown && shown.flipped;
    return [(flipped ? size - 1 - f : f) + 0.5, (flipped ? r : size - 1 - r) + 0.5];
  }

  // arrows over the board (a move pointed at elsewhere on the page; the best moves, a move
  // played) and a note on a square
  let layer = null;
  let note = null;
  let noteTimer = null;
  let pointed = null;   // the move pointed at (a results row under the pointer or focused)
  let marked = [];      // [{move, kind}]: kinds 'best' and 'played', drawn under the pointed one

  /** The SVG of an arrow for move `mv`, of kind `kind` (its class). */
  function arrowSvg(mv, kind) {
    const [a, b] = splitMove(mv).map(centre);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const tip = [b[0] - ux * 0.12, b[1] - uy * 0.12];
    const base = [tip[0] - ux * 0.38, tip[1] - uy * 0.38];
    const w = 0.22;
    const head = `${tip[0]},${tip[1]} ${base[0] - uy * w},${base[1] + ux * w} ${base[0] + uy * w},${base[1] - ux * w}`;
    return `<g class="arrow ${kind}" data-move="${mv}"><line x1="${a[0]}" y1="${a[1]}" x2="${base[0]}" y2="${base[1]}" /><polygon points="${head}" /></g>`;
  }

  /** Draws the arrows anew (after a change of them or of the board's orientation). */
  function drawArrows() {
    if (!layer) {
      if (!pointed && !marked.length) return;
      layer = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      layer.setAttribute('class', 'arrows');
      layer.setAttribute('aria-hidden', 'true');
      el.after(layer);
    }
    if (!shown || (!pointed && !marked.length)) { layer.replaceChildren(); return; }
    layer.setAttribute('viewBox', `0 0 ${size} ${size}`);
    layer.innerHTML = marked.map((m) => arrowSvg(m.move, m.kind)).join('') + (pointed ? arrowSvg(pointed, 'pointed') : '');
  }

  /** Draws an arrow for move `mv` over the board (null: none). */
  function arrow(mv) { pointed = mv || null; drawArrows(); }

  /** Marks moves with arrows: `list` [{move, kind}] (kind 'best' or 'played'); [] none. */
  function marks(list) { marked = list || []; drawArrows(); }

  /** Shows `text` beside square `name` for a moment (why a click or a drop was refused). */
  function flash(name, text) {
    const b = el.querySelector(`[data-sq="${name}"]`);
    if (!note) {
      note = document.createElement('p');
      note.className = 'refusal';
      note.id = 'refusal';
      el.after(note);
    }
    clearTimeout(noteTimer);
    note.textContent = text;
    note.hidden = false;
    const [x, y] = b ? centre(name) : [size / 2, size / 2];
    note.style.setProperty('--x', (x / size).toFixed(4));
    note.style.setProperty('--y', (y / size).toFixed(4));
    note.classList.toggle('below', y < size / 2);
    if (b) {
      b.classList.remove('refused');
      void b.offsetWidth; // restart the shake
      b.classList.add('refused');
    }
    noteTimer = setTimeout(() => { note.hidden = true; if (b) b.classList.remove('refused'); }, 3500);
  }

  /** Slides the piece of move `mv` from its square to the new one. */
  function animate(mv) {
    if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const [a, b] = splitMove(mv);
    const from = el.querySelector(`[data-sq="${a}"]`);
    const to = el.querySelector(`[data-sq="${b}"]`);
    const piece = to && to.querySelector('.piece');
    if (!from || !piece || !piece.animate) return;
    const fr = from.getBoundingClientRect();
    const tr = to.getBoundingClientRect();
    piece.animate([{ transform: `translate(${fr.left - tr.left}px, ${fr.top - tr.top}px)` }, { transform: 'none' }],
      { duration: 220, easing: 'ease-out' });
  }

  return { draw, animate, arrow, marks, flash };
}
