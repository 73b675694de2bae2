// The Play better lessons' positions and the facts the page states about them (who wins and in
// how many plies, the only move, …). Written by the engine (crates/ryg-web/tests/better.rs finds
// them in the tablebases and proves every fact): do not edit by hand. Each position: `id`, `fen`,
// `side` (the side the player takes, to move), `goal` ("win": keep the win; "resist": the
// longest resistance), `until` ("end": play to the end; N: the player's N moves), `result`,
// and where stated `only` (the only move that keeps the goal), `wins` (every winning move),
// `after` (the position `from` after `move`), `kind` (what the only move does: "middle", towards
// the middle files; "back", the mouse steps back; "far", the cat farthest from the mouse moves;
// "wall", three cats come side by side on one rank above the mouse; or "spare": three cats
// stand so, and exactly the other cats' moves win), `trap` (a move after which the other side
// wins in `plies`).
export const LESSONS = [
  {"key":"plan6","positions":[
    {"fen":"1c1c1c/6/6/6/6/4m1 m","goal":"win","id":"plan6-1","kind":"middle","only":"e1d2","result":{"plies":25,"winner":"mouse"},"side":"mouse","until":2},
    {"fen":"1c1c1c/6/6/6/6/2m3 m","goal":"win","id":"plan6-2","result":{"plies":25,"winner":"mouse"},"side":"mouse","until":"end"}
  ]},
  {"key":"wall8","positions":[
    {"fen":"5c2/8/8/4c3/1c1c4/4m3/8/8 c","goal":"win","id":"wall8-1","kind":"wall","only":"e5f4","result":{"plies":21,"winner":"cats"},"side":"cats","until":1},
    {"fen":"5c2/8/8/8/1c1c1c2/8/3m4/8 c","goal":"win","id":"wall8-2","kind":"spare","result":{"plies":19,"winner":"cats"},"side":"cats","until":"end","wins":["f8e7","f8g7"]},
    {"after":{"from":"wall8-2","move":"b4a3"},"fen":"5c2/8/8/8/3c1c2/c7/3m4/8 m","goal":"win","id":"wall8-3","result":{"plies":11,"winner":"mouse"},"side":"mouse","until":"end"}
  ]},
  {"key":"tempo","positions":[
    {"fen":"6/4c1/3c2/2c1m1/6/6 m","goal":"win","id":"tempo-1","kind":"back","only":"e3d2","result":{"plies":13,"winner":"mouse"},"side":"mouse","until":1},
    {"fen":"5c1c/8/1c6/8/3c4/8/1m6/8 c","goal":"win","id":"tempo-2","kind":"far","only":"h8g7","result":{"plies":31,"winner":"cats"},"side":"cats","until":1}
  ]},
  {"key":"trap","positions":[
    {"fen":"1c1c/4/1m2/4 c","goal":"win","id":"trap-1","result":{"plies":7,"winner":"cats"},"side":"cats","until":"end"},
    {"fen":"8/8/8/2c5/3c4/2c1c3/8/4m3 c","goal":"win","id":"trap-2","only":"e3f2","result":{"plies":9,"winner":"cats"},"side":"cats","until":"end"},
    {"fen":"6/4c1/6/2c1c1/3m2/6 m","goal":"win","id":"trap-3","only":"d2c1","result":{"plies":11,"winner":"mouse"},"side":"mouse","trap":{"move":"d2e1","plies":3},"until":1}
  ]},
  {"key":"resist","positions":[
    {"fen":"5c2/8/5c2/8/1c1c4/8/8/2m5 m","goal":"resist","id":"resist-1","only":"c1d2","result":{"plies":24,"winner":"cats"},"side":"mouse","until":3},
    {"fen":"5c/c1c3/1m4/6/6/6 c","goal":"resist","id":"resist-2","only":"f6e5","result":{"plies":20,"winner":"mouse"},"side":"cats","until":3}
  ]}
];
