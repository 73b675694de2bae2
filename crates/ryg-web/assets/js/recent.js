// The lists of games beside the board: "Recent games" (only this browser's: the games it holds
// a seat in or has opened) and "Live games" (every game going on, only when the server lists
// them: `ryg serve --public-games`).
import { $, showError } from './dom.js';
import { api, tokenFor } from './api.js';
import { state } from './state.js';
import { seatsText } from './words.js';
import { knownGames, renameGame } from './known.js';
import { t, plies } from './i18n.js';

function gameButton(g) {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.game = g.id;
  const n = g.moves ? g.moves.length : g.move_count;
  const res = g.result && g.result !== '*' ? g.result : t('recent.inPlay');
  const when = g.updated_at ? g.updated_at.replace('T', ' ').replace(/:\d\dZ?$/, '') : '';
  b.textContent = `${t('status.game')} · ${g.size}×${g.size} · ${seatsText(g)} · ${n === undefined || n === null ? '?' : plies(n)} · ${res}${when ? ` · ${when}` : ''}`;
  if (state.game && state.game.id === g.id) b.setAttribute('aria-current', 'true');
  li.appendChild(b);
  return li;
}

function fill(ul, games, none) {
  ul.replaceChildren(...games.map(gameButton));
  if (!games.length) {
    const li = document.createElement('li');
    li.className = 'note';
    li.textContent = t(none);
    ul.appendChild(li);
  }
}

export async function refreshRecent() {
  let ids = knownGames().slice(0, 20);
  try {
    // a game known by its number (from before public ids) is asked for with its seat's token,
    // and known by its public id from then on
    for (const old of ids.filter((id) => /^\d+$/.test(id))) {
      let g = null;
      if (tokenFor(old)) {
        try {
          g = await api('GET', `/api/games/${old}`);
        } catch {
          /* gone */
        }
      }
      if (g) renameGame(old, g.id);
    }
    ids = knownGames()
      .slice(0, 20)
      .filter((id) => !/^\d+$/.test(id));
    let games = [];
    if (ids.length) ({ games } = await api('GET', `/api/games?ids=${ids.join(',')}`));
    // only this browser's, newest first
    games = games
      .filter((g) => ids.includes(g.id))
      .sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at)));
    fill($('recent'), games, 'recent.none');
  } catch (e) {
    showError(e);
  }
  refreshLive();
}

let listsPublic = null;

/** Whether the server lists its live games (asked once). */
function serverListsGames() {
  if (listsPublic === null)
    listsPublic = api('GET', '/api/config').then(
      (c) => !!c.public_games,
      () => false,
    );
  return listsPublic;
}

async function refreshLive() {
  const box = $('live-box');
  if (!(await serverListsGames())) {
    box.hidden = true;
    return;
  }
  try {
    const { games } = await api('GET', '/api/games?limit=20');
    box.hidden = false;
    fill(
      $('live'),
      games.filter((g) => !g.outcome),
      'live.none',
    );
  } catch {
    box.hidden = true;
  }
}
