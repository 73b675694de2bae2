// The list of recent games under the board.
import { $, showError } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { seatsText } from './words.js';

export async function refreshRecent() {
  try {
    const { games } = await api('GET', '/api/games?limit=20');
    const ul = $('recent');
    ul.innerHTML = '';
    for (const g of games) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.game = g.id;
      const n = g.moves ? g.moves.length : g.move_count;
      const res = g.result && g.result !== '*' ? g.result : 'in play';
      const when = g.updated_at ? g.updated_at.replace('T', ' ').replace(/:\d\dZ?$/, '') : '';
      b.textContent = `Game ${g.id} · ${g.size}×${g.size} · ${seatsText(g)} · ${n ?? '?'} ${n === 1 ? 'move' : 'moves'} · ${res}${when ? ' · ' + when : ''}`;
      if (state.game && state.game.id === g.id) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
      ul.appendChild(li);
    }
    if (!games.length) ul.innerHTML = '<li class="note">No games yet.</li>';
  } catch (e) { showError(e); }
}
