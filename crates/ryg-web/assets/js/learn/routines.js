// Every routine the five articles name, by job, with the ryg functions that do that job: the one
// table that the first Learn lesson shows and docs/engine.md prints (`scripts/gen-routines-doc.mjs`
// writes it there; a unit test compares). What differs is said in the string tables
// (`lesson.routines.<key>`, English and Spanish). The unit test also reads the articles: every
// name in their “…” is a routine here or a name of another kind in NOT_ROUTINES, and every
// function named here is in its file.

const POSITION = 'crates/ryg/src/position.rs';
const TREE = 'crates/ryg/src/search/minimax.rs';
const EVAL = 'crates/ryg/src/eval.rs';
const SQUARE = 'crates/ryg/src/square.rs';

/** Rows: `key`, the routines' `names` as the articles spell them, the `posts` (titles) that
 * show them, and `ryg`: [function, source file] pairs. */
export const ROUTINES = [
  {
    key: 'gen',
    names: ['gen', 'addMove'],
    posts: ['Ordenación de movimientos', 'Generación de jugadas I'],
    ryg: [
      ['search::generate', 'crates/ryg/src/search/generate.rs'],
      ['Position::legal_moves', POSITION],
    ],
  },
  {
    key: 'hash',
    names: ['hashMove', 'addHashMove'],
    posts: ['Ordenación de movimientos'],
    ryg: [
      ['AlphaBeta::table_move', 'crates/ryg/src/search/alphabeta.rs'],
      ['order_by_hash_score', 'crates/ryg/src/search/ordering.rs'],
    ],
  },
  {
    key: 'sort',
    names: ['sort', 'shift'],
    posts: ['Ordenación de movimientos'],
    ryg: [['order_by_hash_score', 'crates/ryg/src/search/ordering.rs']],
  },
  {
    key: 'search',
    names: ['searchMouse', 'searchCats', 'search'],
    posts: ['Ordenación de movimientos'],
    ryg: [
      ['AlphaBeta::negamax', 'crates/ryg/src/search/alphabeta.rs'],
      ['AlphaBeta::ryg3_node', 'crates/ryg/src/search/alphabeta.rs'],
    ],
  },
  {
    key: 'history',
    names: ['newHistory', 'incHistory', 'getHistory'],
    posts: ['Tablas de historia'],
    ryg: [
      ['History::clear', 'crates/ryg/src/search/history.rs'],
      ['History::bump_capped', 'crates/ryg/src/search/history.rs'],
      ['History::get', 'crates/ryg/src/search/history.rs'],
    ],
  },
  {
    key: 'eval',
    names: ['evaluaTablero', 'evaluaFilaRaton', 'evaluaMovsRaton'],
    posts: ['RYG: función de evaluación – primera versión'],
    ryg: [
      ['eval::score_for_mouse', EVAL],
      ['seed_features', EVAL],
    ],
  },
  {
    key: 'spread',
    names: ['evaluaDifFilasGatos', 'maxFilaGatos', 'minFilaGatos'],
    posts: ['RYG: función de evaluación – segunda versión'],
    ryg: [
      ['seed_features', EVAL],
      ['cat_ranks', EVAL],
    ],
  },
  {
    key: 'value',
    names: ['meteValorTablero', 'dameDatosBasicos', 'fijaDatosBasicos', 'dameValor', 'fijaValor', 'dameTurno'],
    posts: [
      'RYG: función de evaluación – primera versión',
      'RYG: procedimiento minimax – rutinas previas',
      'RYG: procedimiento minimax',
    ],
    ryg: [
      ['TreeNode::eval', TREE],
      ['TreeNode::value', TREE],
      ['Position::side_to_move', POSITION],
    ],
  },
  {
    key: 'build',
    names: ['desarrollaArbolJugadas', 'desarrollaUnNivel', 'aplicaJugadaGatoHijo', 'aplicaJugadaRatonHijo'],
    posts: [
      'RYG: función de evaluación – evaluación del árbol completo',
      'RYG: función de evaluación – pintado del árbol',
    ],
    ryg: [
      ['Tree::build_with', TREE],
      ['Tree::expand', TREE],
      ['Position::play_unchecked', POSITION],
    ],
  },
  {
    key: 'children',
    names: ['dameHijo', 'dameNumHijos'],
    posts: [
      'RYG: función de evaluación – evaluación del árbol completo',
      'RYG: procedimiento minimax – rutinas previas',
    ],
    ryg: [['TreeNode::children', TREE]],
  },
  {
    key: 'evalTree',
    names: ['evaluaArbolJugadas', 'evaluaArbol'],
    posts: ['RYG: función de evaluación – evaluación del árbol completo'],
    ryg: [['Tree::node', TREE]],
  },
  {
    key: 'minimax',
    names: ['miniMax', 'minHijos', 'maxHijos', 'minValorHijos', 'maxValorHijos'],
    posts: ['RYG: procedimiento minimax', 'RYG: procedimiento minimax – rutinas previas'],
    ryg: [['Tree::expand', TREE]],
  },
  {
    key: 'decide',
    names: ['decideJugadaMin', 'decideJugadaGatos', 'aplicaJugadaDecidida'],
    posts: ['RYG: el C64 por fin decide su jugada'],
    ryg: [
      ['Tree::root_moves', TREE],
      ['Position::play', POSITION],
    ],
  },
  {
    key: 'apply',
    names: ['aplicaJugadaSolicitada'],
    posts: ['RYG: el C64 por fin decide su jugada'],
    ryg: [['Position::play', POSITION]],
  },
  {
    key: 'ends',
    names: [
      'verificaRatonFila0',
      'verificaGatos0Jugs',
      'verificaRaton0Jugs',
      'cuentaJugadasGato',
      'cuentaJugadasRaton',
    ],
    posts: ['RYG: condiciones de fin de partida'],
    ryg: [
      ['Position::outcome', POSITION],
      ['Position::count_moves', POSITION],
    ],
  },
  {
    key: 'won',
    names: ['ganaRaton2', 'gananGatos2'],
    posts: ['RYG: condiciones de fin de partida'],
    ryg: [['ended', 'crates/ryg-cli/src/cmd/play/text.rs']],
  },
  {
    key: 'ram',
    names: ['ampliaRam'],
    posts: ['RYG: ampliar la RAM disponible'],
    ryg: [
      ['EngineSpec::memory_note', 'crates/ryg-types/src/engines.rs'],
      ['RYG_BOARD_BYTES', 'crates/ryg-types/src/engines.rs'],
    ],
  },
  {
    key: 'valid',
    names: ['validaJugada'],
    posts: ['RYG: jugadas del ratón – validación de jugadas'],
    ryg: [['Position::is_legal', POSITION]],
  },
  {
    key: 'mouse',
    names: ['generaJugadaRaton'],
    posts: ['RYG: jugadas del ratón – rutina básica', 'RYG: jugadas del ratón – nuevo programa principal'],
    ryg: [
      ['search::generate', 'crates/ryg/src/search/generate.rs'],
      ['GenOrder::Ryg', 'crates/ryg-types/src/search/config.rs'],
    ],
  },
  {
    key: 'find',
    names: ['dameRaton', 'dameGato'],
    posts: ['RYG: jugadas del ratón – nuevas rutinas de apoyo'],
    ryg: [
      ['Position::mouse', POSITION],
      ['Position::cats', POSITION],
    ],
  },
  {
    key: 'coords',
    names: ['dameOffset', 'dameFilaCol'],
    posts: ['RYG: rutinas para manejar tableros', 'RYG: jugadas del ratón – nuevas rutinas de apoyo'],
    ryg: [
      ['Square::from_coords', SQUARE],
      ['Square::file', SQUARE],
      ['Square::rank', SQUARE],
    ],
  },
  {
    key: 'contents',
    names: ['fijaContenido', 'dameContenido'],
    posts: ['RYG: rutinas para manejar tableros'],
    ryg: [
      ['SquareSet::contains', 'crates/ryg/src/squares.rs'],
      ['Position::play_unchecked', POSITION],
    ],
  },
  {
    key: 'draw',
    names: [
      'pintaTablero',
      'pintaSeparador',
      'pintaDatosBasicos',
      'pintaTabla',
      'pintaFila',
      'pintaFicha',
      'pintaTurno',
    ],
    posts: ['RYG: pintado de tableros', 'RYG: función de evaluación – pintado del árbol'],
    ryg: [['diagram::render', 'crates/ryg/src/diagram.rs']],
  },
  {
    key: 'drawTree',
    names: ['pintaArbolJugadas', 'pintaArbol'],
    posts: [
      'RYG: función de evaluación – evaluación del árbol completo',
      'RYG: función de evaluación – pintado del árbol',
    ],
    ryg: [
      ['TreeReport::of', 'crates/ryg/src/report/tree.rs'],
      ['render_text', 'crates/ryg-cli/src/cmd/tree.rs'],
    ],
  },
  {
    key: 'text',
    names: ['pintaHex', 'pintaCadena', 'chrout'],
    posts: ['RYG: pintado de tableros', 'RYG: ampliar la RAM disponible'],
    ryg: [['out::write_fmt', 'crates/ryg-cli/src/out.rs']],
  },
];

/** The other names in the articles' “…”, by kind: not routines, so not in the table. */
export const NOT_ROUTINES = {
  variable: [
    'etValor',
    'ddbValor',
    'fcTempY',
    'gjrTempX',
    'ghStart',
    'ghDest',
    'ghScore',
    'ihAdd',
    'tableroActual',
    'valor',
    'depth',
    'side',
    'ply',
    'hpy',
    'nodes',
    'board',
    'init_board',
    'index',
    'hi',
    'lo',
  ],
  flag: ['vrf0', 'vg0j', 'vr0j'],
  table: [
    'tblRatonF',
    'tblRatonC',
    'tablaGatosF',
    'tablaGatosC',
    'mouse_moves',
    'cat_moves',
    'move_list',
    'move_list_start',
    'move_list_dest',
    'move_list_score',
    'first_move',
    'histLo',
    'histHi',
  ],
  constant: ['#HASH_SCORE'],
  label: ['schMouseAgain', 'schCatsAgain', 'djmFin', 'actualiza'],
  instruction: ['sbc', 'cmp', 'bcs', 'bcc', 'clc', 'rts'],
  library: ['LibText'],
  word: ['R', 'G', 'X', 'RATON', 'GATOS', 'comido', 'conoce'],
};
