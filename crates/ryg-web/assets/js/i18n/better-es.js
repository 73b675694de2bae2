// La sección Juega mejor en español: cada texto, por clave (better-en.js tiene las mismas
// claves). Los números y las jugadas que afirma una lección vienen de lessons.js (los encuentra
// y los demuestra el motor) como {nombres}.

export default {
  'better.title': 'Juega mejor',
  'better.intro':
    'Lecciones cortas sobre cómo jugar, hechas con la tabla de finales, que sabe el resultado exacto de cada posición. Lee la idea y juega las posiciones contra respuestas perfectas. Si una jugada tira la victoria, no se acepta y se dice por qué: prueba otra. Tu progreso se guarda en este navegador.',
  'better.back': 'Volver a la partida',
  'better.lessons': 'Lecciones',
  'better.lessonOf': 'Lección {n} de {total}',
  'better.prev': 'Lección anterior',
  'better.next': 'Lección siguiente',
  'better.progress.done': 'hecha',
  'better.progress.some': '{done} de {total} hechas',
  'better.position': 'Posición {n} de {total}',
  'better.positionDone': 'completada',
  'better.you.mouse': 'Juegas con el ratón; con juego perfecto, {result}.',
  'better.you.cats': 'Juegas con los gatos; con juego perfecto, {result}.',
  'better.only.win': 'Solo una jugada mantiene la victoria.',
  'better.only.resist': 'Solo una jugada resiste lo más posible.',
  'better.wins': ({ n }) => (n === 1 ? 'Una jugada mantiene la victoria.' : `${n} jugadas mantienen la victoria.`),
  'better.goal.resist': 'Resiste lo más posible: una jugada que deje ganar antes al otro bando no se acepta.',
  'better.until.end': 'Juega hasta el final.',
  'better.until.moves': ({ n }) => (n === 1 ? 'Haz una jugada.' : `Haz ${n} jugadas.`),
  'better.now': 'Ahora: {result}.',
  'better.made': ({ made, until }) => `Tus jugadas: ${made} de ${until}.`,
  'better.madeEnd': ({ made }) => `Tus jugadas: ${made}.`,
  'better.loading': 'Consultando la tabla de finales…',
  'better.yourMove': 'Te toca.',
  'better.refused.loses': '{mv} no: tras ella, {result}. Prueba otra jugada.',
  'better.refused.trap': '{mv} no: cae en una trampa; tras ella, {result}. Prueba otra jugada.',
  'better.refused.shorter':
    '{mv} no: tras ella, {result}, y la resistencia más larga dura {longest}. Prueba otra jugada.',
  'better.kept': '{mv} mantiene la victoria.',
  'better.keptSlower': '{mv} mantiene la victoria, aunque no por el camino más rápido.',
  'better.resisted': '{mv} resiste lo más posible.',
  'better.answer': 'El ordenador responde {mv}. Te toca.',
  'better.hint': 'Pista',
  'better.hintText': 'Pista: {mv} (la flecha del tablero).',
  'better.retry': 'Empezar de nuevo',
  'better.prevPos': 'Posición anterior',
  'better.nextPos': 'Posición siguiente',
  'better.played': '¡Posición completada!',
  'better.end.won': 'La partida ha terminado: has ganado.',
  'better.end.lost': 'La partida ha terminado: has resistido hasta el final.',
  'better.clear': 'Desde aquí, con juego perfecto: {result}.',
  'better.remember': 'Para recordar',
  'better.lessonDone': 'Lección hecha: todas sus posiciones jugadas.',

  'better.lesson.plan6.title': 'El plan del ratón en 6×6',
  'better.lesson.plan6.idea':
    'En 6×6 gana el ratón con juego perfecto, desde cualquier casilla de salida. Los tres gatos pueden ponerse uno al lado de otro y cerrar una fila entera, pero tienen que mover en cada turno, y solo hacia delante: no pueden subir su fila sin abrir un hueco por un momento.\nEl plan del ratón: subir pronto y quedarse en el centro, justo delante de los gatos, para estar cerca de cada hueco que abran. Cuando aguantan juntos, retroceder y esperar: los gatos tienen que mover y tarde o temprano abren el paso. Un gato que ha pasado al ratón ya no puede volver.',
  'better.lesson.plan6.remember':
    'Ratón en 6×6: sube pronto, quédate en el centro, espera cuando los gatos aguantan juntos y pasa por el primer hueco.',
  'better.pos.plan6-1': 'El ratón sale de e1. Una primera jugada va hacia el centro; la otra, hacia el borde.',
  'better.done.plan6-1':
    '{only} va hacia el centro, donde el ratón tiene camino hacia delante por los dos lados. La otra primera jugada pierde: en el borde los gatos pueden cerrarle el paso.',
  'better.pos.plan6-2':
    'La partida entera desde la casilla c1. Sube hasta los gatos, espera cuando aguantan juntos y cuélate por el primer hueco.',
  'better.done.plan6-2':
    'Ese es el plan: subir hasta los gatos, esperar delante de ellos y pasar por el hueco que tuvieron que abrir.',

  'better.lesson.wall8.title': 'El muro de los gatos en 8×8',
  'better.lesson.wall8.idea':
    'En 8×8 ganan los gatos con juego perfecto. Su arma es el muro: gatos uno al lado de otro en una fila, de modo que el ratón, debajo, no tiene casilla de esa fila a la que pasar. Cuatro gatos llenan una fila entera (así empieza la partida); tres juntos solo le dejan al ratón el camino largo.\nUn muro sube gato a gato, y el gato que mueve deja un hueco detrás por un momento. Por eso los gatos guardan un gato de reserva, lejos del muro: mientras el ratón espera debajo, mueve el de reserva y el muro sigue entero. Si un gato del muro mueve cuando el ratón llega al hueco, el ratón pasa, y los gatos nunca vuelven atrás.',
  'better.lesson.wall8.remember':
    'Gatos en 8×8: levanta un muro, mantenlo entero, mueve el gato de reserva mientras el ratón espera y mueve un gato del muro solo donde el ratón no llegue al hueco.',
  'better.pos.wall8-1': 'Dos gatos están juntos delante del ratón. Cierra el muro.',
  'better.done.wall8-1': '{only}: tres gatos juntos delante del ratón. El cuarto, muy atrás, es el gato de reserva.',
  'better.pos.wall8-2':
    'El muro está en pie y el ratón espera debajo. ¿Qué gato puede mover? Luego sigue y acorrala al ratón.',
  'better.done.wall8-2':
    'Al principio solo podía mover el gato de reserva ({wins}): una jugada de un gato del muro habría dejado pasar al ratón. Después el muro bajó sobre el ratón, paso a paso y sin riesgo.',
  'better.pos.wall8-3':
    'Aquí los gatos movieron un gato del muro ({move}): el muro tiene un hueco. Haz pasar al ratón por él.',
  'better.done.wall8-3': 'Por el hueco el ratón dejó atrás a los gatos, y los gatos nunca vuelven atrás.',

  'better.lesson.tempo.title': 'La jugada de espera',
  'better.lesson.tempo.idea':
    'Nadie puede pasar turno: en cada turno el bando al que le toca tiene que mover, aunque cualquier jugada empeore su posición. Una jugada de espera no cambia nada importante; se juega para que el otro bando tenga que mover.\nEl ratón espera retrocediendo. Los gatos esperan moviendo un gato lejos del ratón, y de esas jugadas tienen un número limitado.',
  'better.lesson.tempo.remember':
    'Una jugada de espera le pasa el turno al otro bando. Quien se quede antes sin jugadas de espera tiene que debilitar su propia posición.',
  'better.pos.tempo-1':
    'El ratón está justo delante de los gatos, y un paso adelante lo mete entre ellos. Encuentra la jugada que gana.',
  'better.done.tempo-1':
    '{only} retrocede: una jugada de espera. Ahora los gatos tienen que mover, y ninguna de sus jugadas retiene al ratón.',
  'better.pos.tempo-2': 'Los gatos también pueden esperar. Encuentra la única jugada que mantiene la victoria.',
  'better.done.tempo-2':
    '{only}: mueve el gato más alejado del ratón, y los gatos cercanos siguen en su sitio. Las jugadas lejanas son las jugadas de espera de los gatos: no las malgastes.',

  'better.lesson.trap.title': 'La trampa',
  'better.lesson.trap.idea':
    'Los gatos ganan cuando el ratón no puede mover. En el centro del tablero el ratón tiene cuatro casillas a las que ir; en un borde, solo dos, y en una esquina, una. Por eso los gatos empujan al ratón hacia la fila de abajo o hacia un borde y le quitan las casillas una a una.\nEl ratón, a su vez, tiene que mirar antes de pisar: una casilla con una sola salida, junto a los gatos, es una trampa.',
  'better.lesson.trap.remember':
    'El ratón queda atrapado cuando no puede mover. Gatos: llevadlo a un borde y quitadle las casillas una a una. Ratón: antes de cada paso, cuenta las casillas que tendrás después y los gatos que pueden quitártelas.',
  'better.pos.trap-1': 'En 4×4 ganan los gatos. Acorrala al ratón.',
  'better.done.trap-1': 'Atrapado: el ratón ya no puede mover.',
  'better.pos.trap-2':
    'El ratón está cerca de la fila de abajo y los gatos se acercan. Encuentra la única jugada que mantiene la victoria y termina la trampa.',
  'better.done.trap-2': 'Atrapado. Cada jugada de los gatos le quitó una casilla al ratón, y {only} fue la primera.',
  'better.pos.trap-3': 'El ratón tiene que retroceder, y uno de los dos caminos hacia atrás cae en una trampa.',
  'better.done.trap-3':
    '{only} era segura; {trap} habría caído en una trampa: tras ella, {trapResult}. Antes de cada paso, cuenta las casillas que tendrá el ratón después.',

  'better.lesson.resist.title': 'Cuando estás perdido: resiste lo más posible',
  'better.lesson.resist.idea':
    'A veces la tabla dice que has perdido. Contra el juego perfecto nada te salva, pero las personas (y los programas más flojos) se equivocan, así que alarga la partida todo lo que puedas. La resistencia más larga es la jugada tras la cual el otro bando necesita más jugadas para ganar.\nSuele mantener tus piezas juntas y lejos de los bordes, y obliga al otro bando a encontrar una jugada tras otra.',
  'better.lesson.resist.remember':
    'Cuando estás perdido, juega la resistencia más larga: mantén tus piezas juntas, el ratón lejos de los bordes o la fila de los gatos entera, y obliga al otro bando a encontrar cada jugada.',
  'better.pos.resist-1': 'Aquí ganan los gatos, haga lo que haga el ratón. Que les cueste.',
  'better.done.resist-1':
    '{only} hizo trabajar a los gatos lo más posible; cualquier otra jugada les habría dejado terminar antes.',
  'better.pos.resist-2':
    'Ahora son los gatos quienes tienen la partida perdida, en 6×6. Mantén fuera al ratón todo lo que puedas.',
  'better.done.resist-2':
    '{only} volvió a cerrar la fila. Un gato que sale de la fila deja pasar al ratón casi enseguida.',
};
