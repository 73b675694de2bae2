// La página en español, la sección de problemas: el enunciado, el veredicto, la puntuación, la
// racha, el historial y los temas (es.js los reúne; puzzles-en.js tiene las mismas claves).

const plural = (n, one, many) => (n === 1 ? one : many);

export default {
  // la sección de problemas
  'puzzles.link': 'Problemas',
  'puzzles.title': 'Problemas del juego perfecto',
  'puzzles.back': 'Volver a la partida',
  'puzzles.intro':
    'En cada posición hay una sola jugada que mantiene la victoria, como demuestra la tabla de finales. Juega con el bando que gana; el ordenador responde a la perfección hasta que la victoria está clara.',
  'puzzles.toPlay.mouse': ({ n }) => `Juega el ratón y gana${n > 1 ? ` (${n} jugadas que encontrar)` : ''}`,
  'puzzles.toPlay.cats': ({ n }) => `Juegan los gatos y ganan${n > 1 ? ` (${n} jugadas que encontrar)` : ''}`,
  'puzzles.meta': 'Problema {id} · dificultad {rating} · {themes}',
  'puzzles.dailyOf': 'Problema del día, {date}',
  'puzzles.theme.breakthrough': 'el ratón rebasa a los gatos',
  'puzzles.theme.trap': 'acorralar',
  'puzzles.theme.tempo': 'jugada de espera',
  'puzzles.theme.only-cat-move': 'la única jugada de los gatos',
  'puzzles.theme.long-line': 'línea larga',
  'puzzles.theme.none': 'jugada única',
  'puzzles.find': 'Encuentra la jugada que mantiene la victoria.',
  'puzzles.loading': 'Cargando problemas…',
  'puzzles.rating': ({ r, rd, solved, failed }) =>
    `Tu puntuación en problemas: ${r} ± ${rd} (${solved} ${plural(solved, 'resuelto', 'resueltos')}, ${failed} ${plural(failed, 'fallado', 'fallados')})`,
  'puzzles.ratingChange': 'Puntuación {before} → {after}.',
  'puzzles.wrong': '{mv} no: tras ella, {result}. Prueba otra jugada.',
  'puzzles.wrongPlain': '{mv} no. Prueba otra jugada.',
  'puzzles.right': '{mv} mantiene la victoria.',
  'puzzles.answer': 'El ordenador responde {mv}. Te toca.',
  'puzzles.solved': '¡Resuelto!',
  'puzzles.clear': 'La victoria ya está clara: {result} con juego perfecto.',
  'puzzles.next': 'Siguiente problema',
  'puzzles.daily': 'Problema del día',
  'puzzles.size': 'Tablero',

  // problemas: la solución tras un fallo, una racha, el historial, un tema
  'puzzles.mode': 'Modo',
  'puzzles.mode.rated': 'con puntuación',
  'puzzles.mode.streak': 'racha',
  'puzzles.themeLabel': 'Tema',
  'puzzles.theme.any': 'cualquier tema',
  'puzzles.themeCount': '{theme} ({n})',
  'puzzles.noTheme': 'Ningún problema de {n}×{n} tiene este tema: elige otro.',
  'puzzles.solution': 'Ver la solución',
  'puzzles.showing': 'La solución: {line}…',
  'puzzles.shown': 'La solución: {line}. Después, {result} con juego perfecto.',
  'puzzles.streak': ({ n, best }) => `Racha: ${n} ${plural(n, 'resuelto', 'resueltos')} sin fallar · récord ${best}`,
  'puzzles.streakIntro':
    'Racha: un problema tras otro, cada uno igual de difícil o más; un fallo acaba la racha. Tu puntuación no cambia.',
  'puzzles.streakOver': ({ n }) => `La racha ha terminado: ${n} ${plural(n, 'resuelto', 'resueltos')} sin fallar.`,
  'puzzles.streakNew': 'Nueva racha',
  'puzzles.streakDone': '¡Todos los problemas de esta elección resueltos en una sola racha!',
  'puzzles.history': ({ n }) => `Problemas que has jugado (${n})`,
  'puzzles.historyEmpty': 'Ninguno todavía: los problemas que juegas se guardan en este navegador.',
  'puzzles.historyNote': 'Guardados en este navegador, el más reciente primero.',
  'puzzles.outcome.solved': 'resuelto',
  'puzzles.outcome.missed': 'fallado',
  'puzzles.entry': '{id} · {themes} · {outcome} · {date}',
  'puzzles.again': 'Jugar otra vez',
  'puzzles.againLabel': 'Jugar otra vez: problema {id}',
  'puzzles.againNote': 'Jugado otra vez: la puntuación no cambia.',
};
