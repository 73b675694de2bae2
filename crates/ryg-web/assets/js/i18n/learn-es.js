// La sección Aprender en español: cada texto, por clave (learn-en.js tiene las mismas claves).

export default {
  'learn.title': 'Aprende cómo piensa el ordenador',
  'learn.intro':
    'Lecciones cortas sobre cómo decide sus jugadas un programa que juega, tal como lo explicaban los artículos originales en el Commodore 64; cada una se dibuja con lo que hace en ese mismo momento el motor de ryg.',
  'learn.lessons': 'Lecciones',
  'learn.back': 'Volver a la partida',
  'learn.prev': 'Lección anterior',
  'learn.next': 'Lección siguiente',
  'learn.lessonOf': 'Lección {n} de {total}',
  'learn.position': 'Posición',
  'learn.pos.start8': 'el comienzo en 8×8',
  'learn.pos.start6': 'el comienzo en 6×6',
  'learn.pos.game': 'la posición de la partida',
  'learn.depth': 'Profundidad',
  'learn.build': 'Construir el árbol',
  'learn.working': 'El motor está buscando…',
  'learn.root': 'la raíz',
  'learn.toMove.mouse': 'mueve el ratón',
  'learn.toMove.cats': 'mueven los gatos',
  'learn.tree': 'Árbol de juego, profundidad {depth}',
  'learn.picture': 'Dibujo del árbol (la lista de abajo dice lo mismo)',
  'learn.legend':
    'Cuadrados: mueve el ratón (toma el valor más alto). Círculos: mueven los gatos (toman el más bajo). Todos los valores son para el ratón. La línea elegida va en trazo grueso; las ramas cortadas, en gris y a trazos.',
  'learn.node': '{move}: {who}',
  'learn.node.value': 'valor {value}',
  'learn.node.eval': 'hoja, evaluación {value}',
  'learn.node.both': 'evaluación propia {eval}, valor minimax {value}',
  'learn.node.end': 'fin de la partida, {value}',
  'learn.node.window': 'ventana ({a}, {b})',
  'learn.node.chosen': 'línea elegida',
  'learn.node.cut': 'cortada, nunca se buscó',
  'learn.node.waiting': 'aún no visitado',
  'learn.node.open': 'en búsqueda',
  'step.first': 'Al principio',
  'step.prev': 'Paso anterior',
  'step.next': 'Paso siguiente',
  'step.play': 'Reproducir',
  'step.pause': 'Pausa',
  'step.last': 'Al final',
  'step.ready': 'Pulsa «Paso siguiente» o «Reproducir» para ver cómo la búsqueda recorre el árbol, nodo a nodo.',
  'step.count': 'Paso {k} de {n}:',
  'step.enter': 'entra en {path} ({who}); prueba sus {count} jugadas una tras otra.',
  'step.leaf': 'hoja {path}: la evaluación da {value}.',
  'step.end': 'en {path} la partida ha terminado: {value}.',
  'step.backup.mouse': 'de vuelta en {path}: el ratón toma el valor más alto de sus hijos, {value}.',
  'step.backup.cats': 'de vuelta en {path}: los gatos toman el valor más bajo de sus hijos, {value}.',
  'step.cut': 'corte en {path}: la ventana está cerrada, nada de aquí puede cambiar la elección de arriba.',
  'step.window': 'Ventana (α, β) = ({a}, {b}).',
  'task.title': 'Tu tarea',
  'task.check': 'Comprobar',
  'task.right': '¡Correcto! {why}',
  'task.wrong': 'Esa no. {hint}',
  'task.none': 'Elige primero una respuesta.',
  'task.choose': 'Elige…',

  'lesson.minimax.title': 'El árbol de juego y el minimax',
  'lesson.minimax.p1':
    'Desde una posición, cada jugada válida lleva a una posición nueva, y desde cada una de ellas el otro bando tiene sus jugadas: es el árbol de juego. El ordenador no puede ver hasta el final de la partida, así que se detiene a una profundidad fija y pregunta a la función de evaluación cuán buena parece cada hoja para el ratón.',
  'lesson.minimax.p2':
    'Después sube los valores, nivel a nivel: donde mueve el ratón toma el valor más alto de los hijos, donde mueven los gatos toman el más bajo. El valor que llega a la raíz dice qué jugada hacer. RYG, el primer programa de los artículos, construía este árbol entero en memoria, nodo a nodo, y evaluaba todos sus tableros, como hace ryg aquí: cada nodo muestra su propia evaluación junto al valor que trae el minimax.',
  'lesson.minimax.summary': 'El árbol tiene {n} nodos. El minimax elige {best}, que vale {value} para el ratón.',
  'lesson.minimax.summaryAsk':
    'El árbol tiene {n} nodos. ¿Qué jugada elige el minimax? Recorre la búsqueda paso a paso y responde abajo.',
  'lesson.minimax.task':
    '¿Qué jugada elige el minimax en la raíz? Recorre el árbol paso a paso (o lee los valores) y responde.',
  'lesson.minimax.right': '{best} tiene el mejor valor subido para el bando que mueve.',
  'lesson.minimax.hint':
    'Compara los valores de los hijos de la raíz: el bando que mueve toma el mejor para sí (si empatan, el primero que se probó).',

  'lesson.ryg.title': 'Todos los tableros evaluados: RYG, el primer programa de los artículos',
  'lesson.ryg.p1':
    'RYG guardaba el árbol entero en memoria y, en su primera versión, aplicaba la función de evaluación «sobre todos los nodos (tableros) del árbol de juego» («RYG: función de evaluación – cuestiones previas»), no solo sobre las hojas. Sus valores giraban alrededor del «valor neutro $80» («RYG: función de evaluación – primera versión»): la fila del ratón sumaba de 0 a 6, su movilidad restaba de 0 a 3. Su tablero es el de ryg visto en un espejo: el árbol del artículo parte del ratón movido de (7, 3) a (6, 2), que aquí es e1f2, y el espejo no cambia el valor de ningún tablero.',
  'lesson.ryg.ask':
    'Tras e1f2 mueven los gatos. ¿Coincide la evaluación propia de la raíz con lo que trae el minimax desde dos jugadas más abajo? Piénsalo y luego míralo.',
  'lesson.ryg.root': 'raíz (tras e1f2)',
  'lesson.ryg.ownEval': '(su propia evaluación, {value})',
  'lesson.ryg.chosen': 'la elección de los gatos',
  'lesson.ryg.treeLabel': 'El árbol de RYG de profundidad 2 tras e1f2: 36 tableros',
  'lesson.ryg.treeNote':
    'El árbol del artículo («RYG: procedimiento minimax»): «1 raíz + 7 hijos + 7×4 nietos = 36 tableros». Cada tablero con su valor tal como lo guardaba el C64, alrededor del neutro $80, con las letras de RYG: «pinta una “R” para el ratón, una “G” para los gatos, y un punto para las casillas vacías» («RYG: pintado de tableros»). Los tableros de ryg son los de RYG vistos en un espejo, que no cambia ningún valor. El ratón toma el mayor de sus cuatro ($82 antes que $7e); los gatos, el menor de sus siete, todos $82, y juegan el primero.',
  'lesson.ryg.show': 'Construir el árbol de RYG (profundidad 2, evaluación v1)',
  'lesson.ryg.verdict': ({ n, inner, eval: e, evalC64, value, valueC64, best }) =>
    `${n} tableros, todos evaluados (${inner} de ellos nodos interiores). La raíz por sí sola: ${e} (${evalC64}). El minimax desde dos jugadas más abajo: ${value} (${valueC64}), jugando ${best}: hagan lo que hagan los gatos, el ratón avanza con las cuatro casillas libres a su alrededor.`,

  'lesson.alphabeta.title': 'Alfa-beta',
  'lesson.alphabeta.p1':
    'El minimax mira todos los nodos, pero muchos no pueden cambiar el resultado. El alfa-beta lleva una ventana (α, β): α es lo que el ratón ya tiene asegurado, β lo que ya tienen asegurado los gatos. En cuanto el valor de un nodo queda fuera de la ventana, se saltan sus demás jugadas: un corte.',
  'lesson.alphabeta.p2':
    'El valor de la raíz es el mismo que el del minimax; solo cambia el trabajo. Aquí las jugadas se prueban en el orden en que se generan, como en los artículos antes de la ordenación de movimientos: las lecciones siguientes muestran cómo ordenarlas adelanta los cortes.',
  'lesson.alphabeta.summary':
    'El alfa-beta busca {searched} nodos y corta {cuts} ramas; el minimax visita {minimax}. Los dos eligen {best}, que vale {value}.',
  'lesson.alphabeta.task':
    '¿Qué rama corta primero el alfa-beta? Elígela en el árbol (pulsa en ella o selecciónala con el teclado) y pulsa Comprobar.',
  'lesson.alphabeta.right': '{path} es la primera rama que se salta la búsqueda.',
  'lesson.alphabeta.hint': 'Avanza paso a paso hasta que aparezca la primera rama gris a trazos.',
  'lesson.alphabeta.noCut': 'A profundidad 1 no se corta nada: elige profundidad 2 o más.',
  'lesson.alphabeta.picked': 'Elegida: {path}',
  'lesson.alphabeta.count': 'Nodos buscados',
  'lesson.alphabeta.technique': 'técnica',
  'lesson.alphabeta.nodes': 'nodos',
  'lesson.alphabeta.minimax': 'minimax',
  'lesson.alphabeta.alphabeta': 'alfa-beta',

  'lesson.techniques.title': 'Profundización iterativa, tablas hash, ordenación de movimientos, tablas de historia',
  'lesson.techniques.p1':
    'El alfa-beta corta más cuando la mejor jugada se prueba primero. Los artículos de 2022 construyeron RYG3 versión a versión: alfa-beta con profundización iterativa y tablas hash de mejores movimientos (versión 9: solo la mejor jugada, sin valores); la ordenación de movimientos, que prueba primero el movimiento que ya está en la tabla hash, «proveniente de alguna iteración anterior» (versión 10, +HASH_SCORE; «Ordenación de movimientos»); y las tablas de historia, de 64×64, que suman la profundidad «Cada vez que un movimiento (origen, destino) se inserta en la tabla hash» (versión 11; «Tablas de historia»). La tabla de ryg guarda además valores que cortan la búsqueda.',
  'lesson.techniques.p2':
    'La profundización iterativa busca a profundidad 1, luego 2, luego 3…: cada búsqueda llena las tablas que ordenan la siguiente, y si el reloj detiene la búsqueda, queda la jugada de la última profundidad terminada. Activa y desactiva cada técnica y mira los nodos por profundidad; cada número sale del motor, que busca ahora mismo.',
  'lesson.techniques.tt': 'tabla hash',
  'lesson.techniques.ordering': 'ordenación de movimientos',
  'lesson.techniques.history': 'tablas de historia',
  'lesson.techniques.id': 'profundización iterativa',
  'lesson.techniques.switches': 'Técnicas activadas',
  'lesson.techniques.e1f2': 'tras e1f2 (el experimento de los artículos)',
  'lesson.techniques.summary':
    'Profundidad {depth}: {nodes} nodos con estas técnicas, {plain} con alfa-beta sin más; todas las profundidades juntas tardaron {ms} ms.',
  'lesson.techniques.chosen': 'con estas técnicas',
  'lesson.techniques.plain': 'alfa-beta sin más',
  'lesson.techniques.tableCaption':
    'Nodos y tiempo por profundidad (cada profundidad, una búsqueda propia; el tiempo incluye vaciar la tabla hash)',
  'lesson.techniques.ms': 'ms',
  'lesson.techniques.best': 'mejor jugada',
  'lesson.techniques.score': 'puntuación',
  'lesson.techniques.ttTitle': 'La tabla hash tras la búsqueda más profunda',
  'lesson.techniques.ttOff': 'La tabla hash está desactivada.',
  'lesson.techniques.tt.filled': 'ocupada',
  'lesson.techniques.tt.hits': 'aciertos / consultas',
  'lesson.techniques.tt.stores': 'escrituras',
  'lesson.techniques.tt.overwrites': 'sobrescrituras',
  'lesson.techniques.historyTitle': 'Las tablas de historia tras la búsqueda más profunda',
  'lesson.techniques.historyOff':
    'Las tablas de historia están desactivadas (necesitan también la ordenación de movimientos).',
  'lesson.techniques.historyNote':
    'Cada casilla: cuántos cortes ha producido la jugada de (fila) a (columna); cuanto más oscura, más. Es la historia propia de ryg, sin tope; la de RYG3 v11, topada a 255 como sus tablas de un byte, está más abajo, junto a las cifras del C64.',
  'lesson.techniques.c64Title': 'Las cifras del artículo y el RYG3 de ryg',
  'lesson.techniques.c64Note':
    'El artículo «Ordenación de movimientos» (RYG3, 2022): profundidad 8 tras e1f2, con la profundización iterativa y las tablas hash de la versión 9, el número de nodos «acumulado para los ocho niveles», contado, según la lectura de ryg, como lo contaba RYG3: cada llamada a su rutina de búsqueda, sin las hojas (el listado que lo aclararía no está en los cinco artículos). La columna de ryg es su reproducción de esas versiones y de la versión 11 (motores ryg3-v9, ryg3-v10 y ryg3-v11), contada así y, para el ahorro, también como cuenta ryg, todos los tableros; evalúa con la segunda versión de RYG, pues la evaluación propia de RYG3 no se reproduce, así que las cifras difieren, pero las jugadas son las del artículo.',
  'lesson.techniques.figure': 'dato',
  'lesson.techniques.c64': 'el artículo (RYG3 en el C64)',
  'lesson.techniques.noOrdering': 'versión 9: movimientos en el orden de generación',
  'lesson.techniques.withOrdering': 'versión 10: primero el movimiento de las tablas hash',
  'lesson.techniques.saved': 'ahorro de la ordenación, contado como RYG3 (lectura de ryg: sin las hojas)',
  'lesson.techniques.savedAll': 'ahorro de la ordenación, contando todos los tableros (como cuenta ryg)',
  'lesson.techniques.withHistory': 'versión 11: además, tablas de historia',
  'lesson.techniques.notGiven': '— (el artículo no la da)',
  'lesson.techniques.fromCounts': '{pct} según las dos cifras de arriba',
  'lesson.techniques.moveV11': 'jugada de la versión 11',
  'lesson.techniques.tieTitle': 'El empate en la raíz (profundidad 8 tras e1f2)',
  'lesson.techniques.tieNote':
    'Empatan {n} jugadas de los gatos a {score}: {moves}. Cuál juega cada versión depende de su regla para las jugadas empatadas: la versión 9 se queda con la última ({last}); las versiones 10 y 11, con la primera ({first}). Que los «algunos ajustes» («Ordenación de movimientos») de la versión 10 consistan en quedarse con la primera de las jugadas empatadas es una lectura de ryg: con ella, ryg juega las dos jugadas del artículo. Las puntuaciones son las del RYG3 de ryg, con la segunda versión de la evaluación de RYG, y son para el ratón, como todos los valores de estas lecciones: los gatos buscan la más baja.',
  'lesson.techniques.keeps': 'la juega',
  'lesson.techniques.keptBy9': 'la versión 9',
  'lesson.techniques.keptBy10': 'las versiones 10 y 11',
  'lesson.techniques.v11HistoryTitle': 'Las tablas de historia de RYG3 v11 tras su búsqueda a profundidad 8',
  'lesson.techniques.v11HistoryNote':
    'Tal como las guarda la versión 11: cada entrada crece con la profundidad cuando su jugada entra en la tabla hash y se detiene en 255 («se topa a 255», «Tablas de historia»). El mapa de calor de arriba, la búsqueda propia de ryg, no tiene tope.',
  'lesson.techniques.fewer': 'un {pct} menos',
  'lesson.techniques.moveV9': 'jugada de la versión 9',
  'lesson.techniques.moveV10': 'jugada de la versión 10',
  'lesson.techniques.time': 'tiempo de la versión 10 a profundidad 8',
  'lesson.techniques.c64Time': '«menos de minuto y medio» («Ordenación de movimientos»)',
  'lesson.techniques.rygTime': '{ms} ms',
  'lesson.techniques.speed': 'nodos por segundo de la versión 10 (contados como los contaba RYG3)',
  'lesson.techniques.c64Speed': 'al menos {n} ({nodes} nodos en menos de {s} s)',
  'lesson.techniques.rygSpeed': '{n}',
  'lesson.techniques.task':
    'Diez veces menos nodos que el C64: con el experimento de los artículos (tras e1f2, la evaluación original, profundidad 8 o más), busca qué técnicas activar para que la profundidad 8 necesite menos de {n} nodos y pulsa Comprobar.',
  'lesson.techniques.setup': 'Elige primero «tras e1f2», la evaluación original y una profundidad de 8 o más.',
  'lesson.techniques.right': 'La profundidad 8 tomó {nodes} nodos.',
  'lesson.techniques.hint': 'La profundidad 8 tomó {nodes} nodos. ¿Qué técnica cuesta nodos a profundidad fija?',

  'lesson.perfect.title': 'El juego perfecto',
  'lesson.perfect.p1':
    'Una búsqueda mira unas jugadas por delante y adivina el resto. Una tabla de finales sabe: guarda el resultado exacto de cada posición de un tablero — quién gana con juego perfecto y en cuántas jugadas. Se construye hacia atrás, por análisis retrógrado: primero las posiciones en que la partida ha terminado, luego aquellas cuyas jugadas llevan todas a posiciones ya resueltas, y así hasta el comienzo.',
  'lesson.perfect.p2':
    'Los gatos solo bajan por el tablero, así que ryg recorre las configuraciones de los gatos desde la más avanzada (la más cercana al final) hasta la inicial, y en cada una primero mueven los gatos, luego el ratón: toda jugada lleva entonces a una posición ya resuelta, y una sola pasada llena la tabla. Aquí se construye entera la tabla de 4×4.',
  'lesson.perfect.build': 'La construcción, configuración a configuración',
  'lesson.perfect.summary':
    '{n} posiciones en {configs} configuraciones de los gatos: gana el ratón en {mouse}, ganan los gatos en {cats}.',
  'lesson.perfect.ready':
    'Pulsa «Paso siguiente» o «Reproducir» para ver cómo se llena la tabla, una configuración de los gatos cada vez.',
  'lesson.perfect.step':
    'Configuración {k} de {n} (gatos en {cats}) resuelta: {solved} de {total} posiciones conocidas.',
  'lesson.perfect.legend':
    'Una fila por configuración de los gatos, en el orden en que se resuelven; cada cuadro, una posición (primero mueven los gatos, luego el ratón), verde donde gana el ratón, rojo donde ganan los gatos, con las jugadas hasta el final. Pulsa un cuadro resuelto para explorarlo.',
  'lesson.perfect.gridLabel': 'La tabla de 4×4, llenándose durante la construcción (la tabla de abajo dice lo mismo)',
  'lesson.perfect.tableCaption': 'Configuraciones resueltas hasta ahora',
  'lesson.perfect.cats': 'gatos en',
  'lesson.perfect.solved': 'posiciones',
  'lesson.perfect.mouseWins': 'gana el ratón',
  'lesson.perfect.catsWin': 'ganan los gatos',
  'lesson.perfect.longest': 'la más larga (jugadas)',
  'lesson.perfect.explorer': 'El explorador exacto',
  'lesson.perfect.explorerNote':
    'Cualquier posición con su resultado exacto y el de cada jugada: sigue una jugada para ver adónde lleva.',
  'lesson.perfect.result': '{fen}: {who} en {plies}.',
  'lesson.perfect.inPlies': 'en {plies}',
  'lesson.perfect.over': 'Aquí la partida ha terminado.',
  'lesson.perfect.start': 'Volver al comienzo en 4×4',
  'lesson.perfect.task': 'En {fen}, solo una jugada conserva la victoria ({who}). ¿Cuál?',
  'lesson.perfect.open': 'Verla en el explorador',
  'lesson.perfect.right': '{move} es la única jugada que conserva la victoria.',
  'lesson.perfect.hint': 'Abre la posición en el explorador y mira el resultado de cada jugada.',

  'lesson.board.title': 'El tablero y las jugadas',
  'lesson.board.p1':
    'Los artículos describen dos programas. RYG guardaba cada tablero en 85 bytes (luego 88): 21 para el nodo del árbol — nivel, turno, valor, padre, hijos — y las 64 casillas; encontraba las jugadas con dos tablas de cambios de fila y columna. RYG3 (2022) tenía, para cada casilla, tablas de las casillas a un paso en diagonal (suroeste, sureste, noreste, noroeste; los gatos, solo las dos primeras): generar una jugada era leer la tabla y mirar cada casilla que nombraba.',
  'lesson.board.p2':
    'ryg guarda un tablero como bits: un número cuyos bits son los gatos (un bitboard) y la casilla del ratón. Las casillas oscuras se numeran en una disposición con relleno (bit = (11 × fila + columna) / 2) en la que cada paso en diagonal es un desplazamiento de 5 o 6 bits, así que todas las jugadas de todos los gatos salen de dos desplazamientos y un “y”, igual en todos los tamaños de tablero. Pulsa una pieza para ver los pasos.',
  'lesson.memory.title': 'El tablero de RYG en memoria, junto al de ryg',
  'lesson.memory.p1':
    'La entrada «RYG: estructura de datos del tablero» describe el tablero de RYG: «En total son 85 bytes»: el nivel, el turno ($01 el ratón, $ff los gatos), el valor, la dirección del padre, las direcciones de los ocho hijos y luego la matriz de 8 × 8, que «empieza en el offset 21 de la estructura de datos» («RYG: rutinas para manejar tableros»), un byte por casilla: $00 vacía, $01 el ratón, $ff un gato. El tablero de RYG es el de ryg visto en un espejo (su ratón empieza en (7, 3) y la fila 0 es la de los gatos), así que su fila 0 guarda la fila 8 de ryg de h a a. ryg guarda la misma posición en dos números y el turno.',
  'lesson.memory.only8': 'El tablero de RYG era de 8 × 8: elige una posición de 8 × 8.',
  'lesson.memory.rygCaption':
    'RYG: 85 bytes (las direcciones valen $0000 hasta que el árbol enlaza el tablero; el valor lo pone la evaluación)',
  'lesson.memory.offset': 'offset',
  'lesson.memory.field': 'campo',
  'lesson.memory.bytes': 'bytes (hex)',
  'lesson.memory.field.level': 'nivel (profundidad en el árbol)',
  'lesson.memory.field.turn': 'turno',
  'lesson.memory.field.value': 'valor',
  'lesson.memory.field.parent': 'padre (lo, hi)',
  'lesson.memory.field.children': 'hijos: 8 direcciones (lo, hi)',
  'lesson.memory.row': 'matriz, fila {row}',
  'lesson.memory.padding':
    'Más tarde 88 bytes, 11 × 8, con «un relleno o prefijo de tres bytes» («RYG: estructura de datos del tablero») para que los tableros se vean en filas de 8 en el depurador; dameOffset encuentra una casilla en 21 + 8 × fila + columna.',
  'lesson.memory.bitsCaption': 'ryg: la misma posición en bits',
  'lesson.memory.cats': 'gatos (un bit por casilla oscura)',
  'lesson.memory.mouse': 'ratón (bit {i})',
  'lesson.memory.side': 'turno',
  'lesson.memory.mouseToMove': 'juega el ratón',
  'lesson.memory.catsToMove': 'juegan los gatos',
  'lesson.memory.bitsNote':
    'Sin nodo de árbol: la búsqueda de ryg no guarda tableros; hace la jugada sobre la única posición y la deshace.',
  'lesson.routines.title': 'Las rutinas de los artículos en ryg',
  'lesson.routines.p1':
    'Todas las rutinas que nombran los cinco artículos, agrupadas por tarea: las entradas que las muestran, las funciones de ryg que hacen esa tarea (y sus ficheros fuente) y en qué se diferencian. La misma tabla está en docs/engine.md, la documentación de ryg.',
  'lesson.routines.routine': 'rutina',
  'lesson.routines.post': 'entrada',
  'lesson.routines.differs': 'en qué se diferencia',
  'lesson.routines.gen':
    'desplazamientos de bits en vez de una tabla por casilla; cada nodo tiene su propia lista de movimientos; la puntuación solo se calcula al ordenar',
  'lesson.routines.hash':
    'una sola tabla de 2 × 256 posiciones, comprobada con una clave de 64 bits (el papel del lock)',
  'lesson.routines.sort': 'una ordenación estable por puntuación: el mismo orden que la ordenación por inserción',
  'lesson.routines.search':
    'un solo negamax para los dos bandos; la versión 9 se queda con la última de las jugadas empatadas, la 10 con la primera',
  'lesson.routines.history': 'entradas de 32 bits, topadas a 255 en RYG3 v11, como lo estaban las tablas de un byte',
  'lesson.routines.eval':
    'puntos alrededor de 0 en vez de alrededor de $80 (ryg eval y ryg tree escriben también el byte del C64)',
  'lesson.routines.spread': 'los mismos −16 y −8 en 8 × 8; a escala en los demás tableros',
  'lesson.routines.value':
    'cada nodo guarda su propia evaluación junto a su valor minimax; sin direcciones de padre ni de hijos',
  'lesson.routines.build':
    'una sola pasada recursiva construye y valora el árbol, en una lista de nodos en vez de tableros de 85 bytes enlazados por sus direcciones',
  'lesson.routines.children': 'los hijos de un nodo son un tramo de esa lista: su número es su longitud',
  'lesson.routines.evalTree': 'cada tablero se evalúa al crearlo, no en una segunda pasada',
  'lesson.routines.minimax': 'un solo negamax para los dos bandos: el mejor valor de los hijos, cambiado de signo',
  'lesson.routines.decide': 'la misma regla: el primero de los hijos empatados',
  'lesson.routines.apply':
    'comprueba que la jugada es válida y devuelve la posición nueva, o un error que dice qué falla',
  'lesson.routines.ends': 'se comprueba para el bando al que le toca antes de cada jugada',
  'lesson.routines.won': 'la última línea de la partida en la terminal: quién ha ganado y cómo',
  'lesson.routines.ram':
    'no hay nada que liberar: el árbol vive en la memoria normal; ryg dice lo que ocuparía en el C64',
  'lesson.routines.valid':
    'las jugadas de ryg son válidas por construcción; esta comprueba una jugada que viene de fuera',
  'lesson.routines.mouse': 'los pasos del ratón en el orden de RYG, en espejo',
  'lesson.routines.find': 'la posición guarda la casilla del ratón y los bits de los gatos: no hay nada que buscar',
  'lesson.routines.coords':
    'una casilla es un número que sale de (columna, fila), ninguno fuera del tablero, no un offset 21 + 8 × fila + columna',
  'lesson.routines.contents':
    'en una casilla hay un gato si su bit está en el conjunto de los gatos; una jugada mueve bits',
  'lesson.routines.draw': 'un solo diagrama de texto del tablero (ryg show, la partida en la terminal)',
  'lesson.routines.drawTree':
    'ryg tree escribe el árbol en texto, JSON o DOT, cada tablero con su evaluación y su valor (en el byte de RYG: $81)',
  'lesson.routines.text':
    'el formato de Rust escribe todo el texto; chrout era la rutina del Kernal del C64 que escribe un carácter, pintaHex y pintaCadena las de LibText',
  'lesson.board.afterE1d2': 'tras e1d2 (mueven los gatos)',
  'lesson.board.perftDepth': 'profundidad de perft',
  'lesson.board.click': 'Pulsa una pieza (o elígela con el teclado) para ver cómo se encuentran sus jugadas.',
  'lesson.board.empty': 'En {sq} no hay nadie: pulsa una pieza.',
  'lesson.board.mouseOn': ({ sq, n }) => `El ratón en ${sq}: ${n} ${n === 1 ? 'jugada' : 'jugadas'}.`,
  'lesson.board.catOn': ({ sq, n }) => `El gato en ${sq}: ${n} ${n === 1 ? 'jugada' : 'jugadas'}.`,
  'lesson.board.opsCaption': 'Las operaciones de bits para la pieza en {sq}',
  'lesson.board.operation': 'operación',
  'lesson.board.hex': 'el número (hex)',
  'lesson.board.squares': 'sus casillas',
  'lesson.board.op.piece': 'pieza = 1 << {i}',
  'lesson.board.op.up': 'arriba = pieza << 5 | pieza << 6',
  'lesson.board.op.down': 'abajo = pieza >> 5 | pieza >> 6',
  'lesson.board.op.board': 'tablero (sus casillas oscuras)',
  'lesson.board.op.empty': 'vacías = tablero & !(gatos | ratón)',
  'lesson.board.op.targetsMouse': 'jugadas = (arriba | abajo) & vacías',
  'lesson.board.op.targetsCat': 'jugadas = abajo & vacías (los gatos solo bajan)',
  'lesson.board.bitsNote':
    'Las jugadas como los bits del número, el más alto primero (los bits más allá de las casillas del tablero son relleno):',
  'lesson.board.perftTitle': 'perft: contar las jugadas',
  'lesson.board.perftNote':
    'perft cuenta todas las secuencias de jugadas de una longitud dada desde la posición: la comprobación habitual de que la generación de jugadas es correcta (todo motor debe dar los mismos números), y una medida de su velocidad.',
  'lesson.board.perftCaption': 'Secuencias de jugadas por longitud, desde esta posición',
  'lesson.board.sequences': 'secuencias',
  'lesson.board.task':
    'Tras e1d2 mueven los gatos. ¿Cuántas jugadas tienen en total? Elige «tras e1d2», pulsa cada gato, cuenta y responde.',
  'lesson.board.hidden': '? (la respuesta de la tarea: aparece al pulsar Comprobar)',
  'lesson.board.answer': 'Jugadas',
  'lesson.board.right': 'ahí los gatos tienen {n} jugadas (perft 1 dice lo mismo).',
  'lesson.board.hint': 'Suma las jugadas de cada uno de los cuatro gatos (los puntos azules).',

  'lesson.evaluation.title': 'La función de evaluación',
  'lesson.evaluation.p1':
    'Una búsqueda se detiene en su profundidad y pregunta a la función de evaluación qué tal le parece cada hoja al ratón. Es una suma de términos: cada término mide un rasgo de la posición y lo multiplica por un peso. Los pesos deciden qué le importa al programa y, por tanto, qué jugada hace.',
  'lesson.evaluation.p2':
    'El programa original tenía tres términos: la fila del ratón (un punto por cada fila que ha avanzado), su movilidad (nada con cuatro casillas libres alrededor, un punto menos por cada casilla menos) y lo repartidas que están las filas de los gatos (una línea de gatos en una sola fila es difícil de pasar, así que el ratón pierde 16 puntos; con los gatos en dos filas, 8). Los números van en los propios rasgos, así que cada peso vale 1.',
  'lesson.evaluation.p3':
    'ryg añade términos propios (un camino libre hasta la última fila y su longitud, el espacio que el ratón puede alcanzar, los gatos ya superados, las jugadas de los gatos, la ventaja del ratón sobre el gato más bajo) y ajusta los nueve pesos a la tabla de finales: con 100.000 posiciones de ganador conocido, busca los pesos que mejor predicen quién gana. Mueve los deslizadores y mira cómo cambia la jugada que elige la búsqueda, y cuántas veces una búsqueda de esa profundidad conserva una partida ganada.',
  'lesson.evaluation.p4':
    '¿Por qué ryg da a la fila del ratón un peso de −82, como si avanzar fuera malo? La fila cuenta también en otros términos: la ventaja del ratón sobre el gato más bajo (+62 por fila), los gatos que ya ha rebasado (+69 cada uno) y, cuando tiene un camino libre hasta la última fila, ese camino (+1185) y su longitud (−93 por paso). El ajuste reparte el valor de una fila entre todos ellos: un paso adelante que no rebasa a ningún gato ni abre camino cuenta −82 + 62 = −20, porque un ratón que se adelanta solo frente a los gatos queda acorralado con facilidad; un paso que rebasa a un gato o acerca un camino libre vale mucho más.',
  'lesson.evaluation.puzzle': 'un medio juego (ratón en c3)',
  'lesson.evaluation.terms': 'Términos',
  'lesson.evaluation.weights': 'Pesos',
  'lesson.evaluation.reset': 'Volver a los pesos propios de la evaluación',
  'lesson.evaluation.term': 'término',
  'lesson.evaluation.measures': 'qué mide',
  'lesson.evaluation.weight': 'peso',
  'lesson.evaluation.feature': 'rasgo aquí',
  'lesson.evaluation.points': 'puntos',
  'lesson.evaluation.total': 'evaluación (para el ratón)',
  'lesson.evaluation.seedCaption': 'Los términos del original',
  'lesson.evaluation.defaultCaption': 'Los términos de ryg, con pesos ajustados a la tabla de finales',
  'lesson.evaluation.termsCaption': 'La evaluación de la posición con estos pesos',
  'lesson.evaluation.movesCaption': 'La puntuación de cada jugada a profundidad {depth} (para el bando que juega)',
  'lesson.evaluation.move': 'jugada',
  'lesson.evaluation.score': 'puntuación',
  'lesson.evaluation.exact': 'tabla de finales',
  'lesson.evaluation.win': 'conserva la victoria',
  'lesson.evaluation.loss': 'pierde',
  'lesson.evaluation.chosen': 'elegida',
  'lesson.evaluation.whoseSeed': 'los términos del original',
  'lesson.evaluation.whoseDefault': 'los términos de ryg',
  'lesson.evaluation.summaryOwn':
    'Con {whose} y sus propios pesos, una búsqueda de profundidad {depth} juega {move} (puntuación {score}, {nodes} nodos).',
  'lesson.evaluation.summary':
    'Con {whose} y tus pesos, una búsqueda de profundidad {depth} juega {move} (puntuación {score}, {nodes} nodos).',
  'lesson.evaluation.keeps': 'La tabla de finales dice que esta jugada conserva el resultado.',
  'lesson.evaluation.loses': 'La tabla de finales dice que esta jugada echa a perder el resultado.',
  'lesson.evaluation.over': 'La partida ha terminado en esta posición: no hay nada que elegir.',
  'lesson.evaluation.keepTitle': 'Cuántas veces la búsqueda conserva una partida ganada',
  'lesson.evaluation.keepNote':
    'Una muestra fija de posiciones de este tablero en las que gana el bando que juega, y algunas de sus jugadas conservan la victoria y otras la pierden; la tabla de finales sabe cuáles. La tabla cuenta las posiciones en las que una búsqueda de esta profundidad con estos pesos elige una jugada que conserva la victoria.',
  'lesson.evaluation.keepCaption': 'Partidas ganadas conservadas en {size}×{size}, profundidad {depth}, {n} posiciones',
  'lesson.evaluation.kept': 'conservadas',
  'lesson.evaluation.share': 'proporción',
  'lesson.evaluation.keep.these': 'estos pesos',
  'lesson.evaluation.keep.seed': 'los del original',
  'lesson.evaluation.keep.default': 'los de ryg, ajustados',
  'lesson.evaluation.noKeep': 'La muestra de posiciones ganadas solo existe para 6×6 y 8×8.',
  'lesson.evaluation.task':
    'En el medio juego (ratón en c3) solo una jugada conserva la victoria del ratón. Con los tres términos del original y sus propios pesos, una búsqueda de profundidad {depth} juega c3b4 y pierde. Elige los términos del original y mueve sus pesos hasta que la búsqueda de profundidad {depth} conserve allí la victoria; luego pulsa Comprobar.',
  'lesson.evaluation.useSeed': 'Elige primero los términos del original: la tarea trata de sus tres pesos.',
  'lesson.evaluation.right':
    'con los pesos {weights} la búsqueda juega {move} y el ratón conserva su victoria. Mira ahora la proporción de partidas ganadas conservadas: ¿lo que cura una posición ayuda a toda la muestra?',
  'lesson.evaluation.hint':
    'La búsqueda sigue jugando {move}, que pierde. Cerca de los gatos, ¿qué le importa más aquí al ratón: una fila más o espacio para moverse?',
  'lesson.eval.term.mouse_row': 'fila del ratón',
  'lesson.eval.term.mouse_mobility': 'movilidad del ratón',
  'lesson.eval.term.cats_spread': 'dispersión de los gatos',
  'lesson.eval.term.cats_passed': 'gatos superados',
  'lesson.eval.term.open_path': 'camino libre',
  'lesson.eval.term.path_length': 'longitud del camino',
  'lesson.eval.term.mouse_room': 'espacio del ratón',
  'lesson.eval.term.cats_mobility': 'movilidad de los gatos',
  'lesson.eval.term.mouse_lead': 'ventaja del ratón',
  'lesson.eval.about.mouse_row': 'filas que ha avanzado el ratón (0 en la primera fila)',
  'lesson.eval.about.mouse_mobility': 'casillas libres en diagonal alrededor del ratón',
  'lesson.eval.about.seed.mouse_mobility':
    '0, −1, −2, −3 con 4, 3, 2, 1 casillas libres alrededor del ratón; −32 sin ninguna (ganan los gatos)',
  'lesson.eval.about.cats_spread': 'la fila más alta de los gatos menos la más baja (una línea irregular tiene huecos)',
  'lesson.eval.about.seed.cats_spread':
    'filas de los gatos, la más alta − la más baja: 0 da −16, 1 da −8, más da 0 (en 8×8)',
  'lesson.eval.about.cats_passed': 'gatos en la fila del ratón o por debajo (ya no pueden detenerlo)',
  'lesson.eval.about.open_path':
    '1 cuando el ratón puede llegar a la última fila por casillas vacías tal como están las cosas',
  'lesson.eval.about.path_length': 'los pasos de ese camino (0 si no lo hay)',
  'lesson.eval.about.mouse_room': 'casillas que el ratón puede alcanzar por casillas vacías',
  'lesson.eval.about.cats_mobility': 'las jugadas de los gatos (como si les tocara jugar)',
  'lesson.eval.about.mouse_lead': 'la fila del ratón menos la del gato más bajo',
};
