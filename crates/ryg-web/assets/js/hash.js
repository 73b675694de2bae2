// An address's fragment read as the page writes it: `#game=ID&ply=K&token=T`. Pure, tested
// with `node --test`.

/** Whether `text` is a game id: a public id (11 URL-safe characters) or, for the games of
 * seat holders from before public ids, a number. */
export function isGameId(text) {
  return /^[A-Za-z0-9_-]{11}$/.test(String(text)) || /^\d{1,18}$/.test(String(text));
}

/** `{game, ply, token}` of fragment `hash` (each null when absent or malformed). */
export function splitHash(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const game = params.get('game');
  const ply = params.get('ply');
  const token = params.get('token');
  return {
    game: game && isGameId(game) ? game : null,
    ply: ply !== null && /^\d{1,4}$/.test(ply) ? Number(ply) : null,
    token,
  };
}
