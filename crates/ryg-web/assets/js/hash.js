// An address's fragment read as the page writes it: `#game=ID&ply=K&token=T`. Pure, tested
// with `node --test`.

/** `{game, ply, token}` of fragment `hash` (each null when absent or malformed). */
export function splitHash(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const game = params.get('game');
  const ply = params.get('ply');
  const token = params.get('token');
  return {
    game: game && /^\d+$/.test(game) ? game : null,
    ply: ply !== null && /^\d{1,4}$/.test(ply) ? Number(ply) : null,
    token,
  };
}
