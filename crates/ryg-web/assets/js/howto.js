// "How to play": the rules and each side's goal, each beside a small board. Loaded the first
// time the panel opens; drawn again after a change of language.
import { $ } from './dom.js';
import { parseFen, sqName, isDark } from './fen.js';
import { t } from './i18n.js';

// each picture: a 4×4 position (FEN of rules.md) and the squares marked as a piece's moves
const PICTURES = [
  { key: 'start', fen: '1c1c/4/4/2m1 m', dots: [] },
  { key: 'mouse', fen: '1c1c/4/1m2/4 m', dots: ['a1', 'c1', 'a3', 'c3'] },
  { key: 'cats', fen: '1c1c/4/4/2m1 c', dots: ['a3', 'c3'] },
  { key: 'mouseWins', fen: '1m1c/4/4/2c1 c', dots: [] },
  { key: 'catsWin', fen: '3c/4/1c2/m3 m', dots: [] },
];

function miniBoard(fen, dots, label) {
  const pos = parseFen(fen);
  const board = document.createElement('div');
  board.className = 'mini';
  board.setAttribute('role', 'img');
  board.setAttribute('aria-label', label);
  board.style.setProperty('--n', pos.size);
  for (let r = pos.size - 1; r >= 0; r--) {
    for (let f = 0; f < pos.size; f++) {
      const cell = document.createElement('span');
      const name = sqName(f, r);
      cell.className = isDark(f, r) ? 'd' : 'l';
      const piece = pos.cells.get(name);
      if (piece)
        cell.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#art-${piece === 'm' ? 'mouse' : 'cat'}"></use></svg>`;
      else if (dots.includes(name)) cell.innerHTML = '<i class="mdot"></i>';
      board.appendChild(cell);
    }
  }
  return board;
}

/** Draws the panel's contents in the current language. */
export function fillHowto() {
  const body = $('howto-body');
  const parts = [];
  const intro = document.createElement('p');
  intro.textContent = t('howto.intro');
  parts.push(intro);
  const list = document.createElement('ol');
  list.className = 'howto-list';
  for (const pic of PICTURES) {
    const li = document.createElement('li');
    const text = document.createElement('p');
    const head = document.createElement('strong');
    head.textContent = t(`howto.${pic.key}.title`);
    text.append(head, ' ', t(`howto.${pic.key}`));
    li.append(miniBoard(pic.fen, pic.dots, t(`howto.${pic.key}.board`)), text);
    list.appendChild(li);
  }
  parts.push(list);
  const end = document.createElement('p');
  end.className = 'note';
  end.textContent = t('howto.more');
  parts.push(end);
  body.replaceChildren(...parts);
}
