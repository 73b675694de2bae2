// La página en español, el repaso de una partida terminada: el resultado exacto tras cada
// jugada, las jugadas que perdieron terreno, un resumen por bando, la barra de evaluación y las
// variantes (es.js los reúne; review-en.js tiene las mismas claves).

const plural = (n, one, many) => (n === 1 ? one : many);

/** El resumen de un bando, p. ej. “12 jugadas; 1 regaló la victoria; 3 acortaron la resistencia (20 jugadas en total). Precisión: 75 % (9 de 12 jugadas mantuvieron el resultado exacto).” */
function summaryEs({ moves, gave_away: gave, shortened, plies_lost: lost, exact, accuracy = null }) {
  const parts = [`${moves} ${plural(moves, 'jugada', 'jugadas')}`];
  if (!gave && !shortened) parts.push('ninguna perdió terreno');
  if (gave) parts.push(`${gave} ${plural(gave, 'regaló', 'regalaron')} la victoria`);
  if (shortened)
    parts.push(
      `${shortened} ${plural(shortened, 'acortó', 'acortaron')} la resistencia (${lost} ${plural(lost, 'jugada', 'jugadas')} en total)`,
    );
  const precision =
    accuracy === null
      ? ''
      : ` Precisión: ${accuracy} % (${exact} de ${moves} ${plural(moves, 'jugada mantuvo', 'jugadas mantuvieron')} el resultado exacto).`;
  return `${parts.join('; ')}.${precision}`;
}

export default {
  // the review of a finished game
  'review.title': 'Repaso de la partida',
  'review.loading': 'Repasando la partida con la tabla de finales…',
  'review.none': 'Sin repaso: {why}',
  'review.start':
    'Desde la salida: {result} con juego perfecto. Cada barra es el resultado exacto tras una jugada; elige una para ver esa posición.',
  'review.barTitle': 'Tras {k}: {result}',
  'review.chartLabel': ({ n, m }) =>
    `Gráfico del resultado exacto tras cada una de ${n} ${n === 1 ? 'jugada' : 'jugadas'}; ${m === 0 ? 'ninguna jugada perdió terreno' : `${m} ${m === 1 ? 'jugada perdió' : 'jugadas perdieron'} terreno`}.`,
  'review.legend.mouse': 'gana el ratón (arriba)',
  'review.legend.cats': 'ganan los gatos (abajo); largo de la barra: jugadas hasta el final ({n} como mucho)',
  'review.legend.lost': 'la victoria cambió de bando',
  'review.clean':
    'Ninguna jugada perdió terreno: el ganador tuvo la victoria desde la salida y el perdedor resistió (casi) todo lo posible.',
  'review.mistakes': ({ n }) => (n === 1 ? 'La jugada que perdió terreno' : `Las ${n} jugadas que perdieron terreno`),
  'review.mistake.mouse': '{num} El ratón jugó {played}: {before} antes, {after} después.',
  'review.mistake.cats': '{num} Los gatos jugaron {played}: {before} antes, {after} después.',
  'review.kept': 'Mantenían la victoria: {moves}.',
  'review.show': 'Ver {num} {move}',
  'review.try': 'Reintentar desde {num} {move}',
  'say.tryAgain.mouse': 'Una partida nueva desde esa posición: juegas con el ratón contra el ordenador.',
  'say.tryAgain.cats': 'Una partida nueva desde esa posición: juegas con los gatos contra el ordenador.',

  // el repaso para los dos bandos: un bando perdido que acortó su resistencia (?!), un resumen por bando
  'review.legend.slip': 'un bando perdido acortó su resistencia (?!)',
  'review.shortened.mouse':
    '{num} El ratón jugó {played}: {before} antes, {after} después: el final llegó {by} jugadas antes de lo necesario.',
  'review.shortened.cats':
    '{num} Los gatos jugaron {played}: {before} antes, {after} después: el final llegó {by} jugadas antes de lo necesario.',
  'review.resisted': 'Resistían más: {moves}.',
  'review.summary.mouse': (s) => `El ratón: ${summaryEs(s)}`,
  'review.summary.cats': (s) => `Los gatos: ${summaryEs(s)}`,
  'moves.shortened': '; acortó la resistencia (resistían más: {moves})',

  // el análisis como lo esperan los jugadores: la barra de evaluación, las variantes, el repaso en su posición
  'evalbar.label': 'Evaluación: {what}.',
  'evalbar.best': ({ moves }) =>
    `${moves.includes(',') ? 'Mejores jugadas' : 'Mejor jugada'}: ${moves} (${moves.includes(',') ? 'las flechas azules' : 'la flecha azul'}).`,
  'evalbar.mistake': ({ played, better }) =>
    `Aquí se jugó ${played} (la flecha roja discontinua), que regaló la victoria; mejor: ${better} (${better.includes(',') ? 'las flechas azules' : 'la flecha azul'}).`,
  'evalbar.shortened': ({ played, better }) =>
    `Aquí se jugó ${played} (la flecha roja discontinua), que acortó la resistencia; resistía más: ${better} (${better.includes(',') ? 'las flechas azules' : 'la flecha azul'}).`,
  'evalbar.search': 'Búsqueda, nivel {depth}: {side}, {points}',
  'evalbar.ahead.mouse': 'ventaja del ratón',
  'evalbar.ahead.cats': 'ventaja de los gatos',
  'evalbar.proved': '{result} (demostrado por la búsqueda)',
  'sideline.back': 'Volver a la línea principal',
  'sideline.keep': 'Jugar esta variante en la partida',
  'sideline.title': 'Variante desde {num}',
  'sideline.viewing': ({ n, k }) =>
    `Variante: ${n} ${plural(n, 'jugada', 'jugadas')} desde la posición tras ${k} ${plural(k, 'jugada', 'jugadas')} de la partida.`,
  'sideline.started': 'Empieza una variante con {mv}; la partida conserva sus jugadas.',
  'sideline.played': 'Variante: {mv}.',
  'sideline.left': ({ k }) =>
    `De vuelta en la línea principal: la posición tras ${k} ${plural(k, 'jugada', 'jugadas')}.`,
};
