// The end-of-game card, beside the board on a desktop and under it on a phone: who won, how,
// in how many plies and moves, with Rematch / New game / Review.
import { $ } from './dom.js';
import { state } from './state.js';
import { t, plies } from './i18n.js';
import { reasonText, capital } from './words.js';

/** A desktop's width: the card goes beside the board, at the top of the side column (under the
 * board its buttons would fall below a 1366×768 screen's fold); a phone's: under the board. */
const wide = window.matchMedia('(min-width: 901px)');

/** Puts the card where it shows whole without moving the board (see `wide`). The side column
 * is the page's `aside.side`: a bare `.side` also matched a label of the Learn lessons' tree
 * picture (`<text class="val side">`), and the card, moved into it, went with the lesson. */
function placeCard() {
  const card = $('end-card');
  if (wide.matches) {
    const side = document.querySelector('main > aside.side');
    if (side.firstElementChild !== card) side.prepend(card);
  } else {
    const wrap = $('player-bottom').parentElement;
    if (card.parentElement !== wrap) wrap.appendChild(card);
  }
}
wide.addEventListener('change', placeCard);

/** Shows the card while a finished game's last position is on the board (until closed). The
 * rematch button sits in the card while it shows, else among the game's controls. */
export function renderCard(g) {
  const card = $('end-card');
  const show = !!g.outcome && !state.setup && state.view === null && state.cardClosed !== g.id;
  card.hidden = !show;
  placeCard();
  const rematch = $('rematch');
  const home = show ? $('end-buttons') : $('controls');
  if (rematch.parentElement !== home) {
    if (show) home.prepend(rematch);
    else home.appendChild(rematch);
  }
  if (!show) return;
  const winner = g.outcome.winner;
  card.classList.toggle('mouse', winner === 'mouse');
  card.classList.toggle('cats', winner === 'cats');
  // an aborted game has no winner
  $('end-title').textContent = t(winner ? `card.title.${winner}` : 'card.title.aborted');
  const mySide = state.you === 'mouse' || state.you === 'cats' ? state.you : null;
  $('end-you').textContent = mySide && winner ? t(mySide === winner ? 'card.you.won' : 'card.you.lost') : '';
  $('end-how').textContent = `${capital(reasonText(g.outcome))}.`;
  $('end-length').textContent = t('card.length', { plies: plies(g.moves.length) });
}
