//! The page's *Play better* lessons (`assets/js/better/lessons.js`): their positions are found
//! by the engine in the tablebases, never typed by hand, and every fact the page states about
//! them is proved here against the tablebase.
//!
//! - [`find`] picks each lesson's positions from games of perfect play (both sides playing the
//!   tablebase's first best move: the winner's fastest win, the loser's longest resistance),
//!   by the rule written beside each position;
//! - [`check`] proves what the data says of each position: its exact result, its only move
//!   (the only one that keeps the win, or the only longest resistance), the full set of winning
//!   moves where one is given, the move a position came from, the waiting move's kind and the
//!   trap a wrong move walks into;
//! - the committed file must be the finder's output. After changing the finder, write it again:
//!   `RYG_WRITE_LESSONS=1 cargo test --profile ci -p ryg-web --test integration \
//!   better::the_lessons_are_the_finders`.

use std::collections::BTreeSet;

use ryg::{Move, Position, Side, Size, Square, Tablebase};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/js/better/lessons.js");
const HEAD: &str = "\
// The Play better lessons' positions and the facts the page states about them (who wins and in
// how many plies, the only move, …). Written by the engine (crates/ryg-web/tests/better.rs finds
// them in the tablebases and proves every fact): do not edit by hand. Each position: `id`, `fen`,
// `side` (the side the player takes, to move), `goal` (\"win\": keep the win; \"resist\": the
// longest resistance), `until` (\"end\": play to the end; N: the player's N moves), `result`,
// and where stated `only` (the only move that keeps the goal), `wins` (every winning move),
// `after` (the position `from` after `move`), `kind` (what the only move does: \"middle\", towards
// the middle files; \"back\", the mouse steps back; \"far\", the cat farthest from the mouse moves;
// \"wall\", three cats come side by side on one rank above the mouse; or \"spare\": three cats
// stand so, and exactly the other cats' moves win), `trap` (a move after which the other side
// wins in `plies`).
";
const PREFIX: &str = "export const LESSONS = ";

fn size(n: u8) -> Size {
    Size::new(n).expect("a board size")
}

/// The tablebases of the lessons' boards, built once.
struct Tables {
    four: Tablebase,
    six: Tablebase,
    eight: Tablebase,
}

impl Tables {
    fn build() -> Tables {
        Tables {
            four: Tablebase::build(size(4), 2, &mut ()),
            six: Tablebase::build(size(6), 2, &mut ()),
            eight: Tablebase::build(size(8), 2, &mut ()),
        }
    }

    fn of(&self, p: &Position) -> Result<&Tablebase, String> {
        match p.size().n() {
            4 => Ok(&self.four),
            6 => Ok(&self.six),
            8 => Ok(&self.eight),
            n => Err(format!("no lesson board is {n}×{n}")),
        }
    }
}

fn side_name(s: Side) -> &'static str {
    s.name()
}

fn other(s: Side) -> Side {
    match s {
        Side::Mouse => Side::Cats,
        Side::Cats => Side::Mouse,
    }
}

/// The moves of `p` that win for the side to move.
fn winning(tb: &Tablebase, p: &Position) -> Vec<Move> {
    let side = p.side_to_move();
    tb.move_results(p).into_iter().filter(|(_, r)| r.winner == side).map(|(m, _)| m).collect()
}

/// The game of perfect play from `start`: every position before the end.
fn main_line(tb: &Tablebase, start: Position) -> Vec<Position> {
    let mut p = start;
    let mut out = Vec::new();
    while p.outcome().is_none() {
        out.push(p);
        p.play_unchecked(tb.best_moves(&p)[0]);
    }
    out
}

/// The file and rank distance of two squares (steps of a rook: a far cat is far both ways).
fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank())
}

/// The cat of `p` farthest from the mouse, when one is strictly farthest.
fn farthest_cat(p: &Position) -> Option<Square> {
    let m = p.mouse();
    let cats: Vec<Square> = p.cats().into_iter().collect();
    let far = cats.iter().map(|&c| distance(c, m)).max()?;
    let mut at = cats.into_iter().filter(|&c| distance(c, m) == far);
    let first = at.next()?;
    at.next().is_none().then_some(first)
}

/// The rank holding the most cats above the mouse, with their number (the lowest such rank).
fn wall(p: &Position) -> (u8, usize) {
    let n = p.size().n();
    (p.mouse().rank() + 1..n)
        .map(|r| (r, p.cats().into_iter().filter(|c| c.rank() == r).count()))
        .fold((0, 0), |best, x| if x.1 > best.1 { x } else { best })
}

fn position(id: &str, p: &Position, tb: &Tablebase, goal: &str, until: Value) -> Value {
    let r = tb.result(p);
    json!({
        "id": id,
        "fen": p.fen(),
        "side": side_name(p.side_to_move()),
        "goal": goal,
        "until": until,
        "result": { "winner": side_name(r.winner), "plies": r.plies },
    })
}

fn with(mut v: Value, key: &str, x: Value) -> Value {
    v[key] = x;
    v
}

/// The only move that keeps the goal of `p`: the only winning move, or the only longest
/// resistance.
fn only_move(tb: &Tablebase, p: &Position) -> Option<Move> {
    let moves = if tb.result(p).winner == p.side_to_move() { winning(tb, p) } else { tb.best_moves(p) };
    (moves.len() == 1).then(|| moves[0])
}

fn with_only(v: Value, tb: &Tablebase, p: &Position) -> Value {
    let only = only_move(tb, p).expect("the finder picks positions with an only move");
    with(v, "only", json!(only.to_string()))
}

/// Every lesson: its key and its positions, each found by the rule written beside it.
fn find(t: &Tables) -> Value {
    let line4 = main_line(&t.four, Position::start(size(4), None).unwrap());
    let line6 = main_line(&t.six, Position::start(size(6), None).unwrap());
    let line8 = main_line(&t.eight, Position::standard());
    let to_move = |line: &[Position], s: Side| -> Vec<(usize, Position)> {
        line.iter().copied().enumerate().filter(|(_, p)| p.side_to_move() == s).collect()
    };

    // 1. The mouse's plan on 6×6: the start square from which a single first move wins; then
    //    the default start, played to the end.
    let starts6: Vec<Position> = (0..6)
        .filter_map(|f| Square::from_coords(f, 0))
        .filter_map(|sq| Position::start(size(6), Some(sq)).ok())
        .collect();
    let lone = *starts6
        .iter()
        .find(|p| winning(&t.six, p).len() == 1 && p.count_moves() > 1)
        .expect("a 6×6 start with one winning move of two");
    let plan = vec![
        with(
            with_only(position("plan6-1", &lone, &t.six, "win", json!(2)), &t.six, &lone),
            "kind",
            json!("middle"),
        ),
        position("plan6-2", &line6[0], &t.six, "win", json!("end")),
    ];

    // 2. The cats' wall on 8×8: the first cat move of perfect play that is the only win and
    //    puts three cats or more side by side on one rank above the mouse (closing the wall);
    //    the next position of the cats where only the cat off the wall may move (every wall
    //    cat's move loses), played to the end; and that position after the wall cat's move that
    //    lets the mouse win fastest (the first in move order), the mouse to play.
    let cats8 = to_move(&line8, Side::Cats);
    let (i1, close) = *cats8
        .iter()
        .find(|(_, p)| {
            only_move(&t.eight, p).is_some_and(|mv| {
                let mut after = *p;
                after.play_unchecked(mv);
                t.eight.result(p).winner == Side::Cats && wall(&after).1 >= 3
            })
        })
        .expect("the cats close a wall");
    let off_wall = |p: &Position| {
        let (rank, count) = wall(p);
        let wins = winning(&t.eight, p);
        count >= 3
            && !wins.is_empty()
            && t.eight
                .move_results(p)
                .iter()
                .all(|(mv, r)| (mv.from.rank() == rank) == (r.winner == Side::Mouse))
            && wins.iter().all(|mv| mv.from.rank() != rank)
    };
    let (_, hold) = *cats8.iter().find(|(i, p)| *i > i1 && off_wall(p)).expect("the spare cat's moves");
    let wall_rank = wall(&hold).0;
    let (gap, _) = t
        .eight
        .move_results(&hold)
        .into_iter()
        .filter(|(mv, r)| mv.from.rank() == wall_rank && r.winner == Side::Mouse)
        .min_by_key(|(_, r)| r.plies)
        .expect("a wall cat's move that loses");
    let mut broken = hold;
    broken.play_unchecked(gap);
    let wins_hold: Vec<String> = winning(&t.eight, &hold).iter().map(ToString::to_string).collect();
    let wall_lesson = vec![
        with(
            with_only(position("wall8-1", &close, &t.eight, "win", json!(1)), &t.eight, &close),
            "kind",
            json!("wall"),
        ),
        with(
            with(position("wall8-2", &hold, &t.eight, "win", json!("end")), "wins", json!(wins_hold)),
            "kind",
            json!("spare"),
        ),
        with(
            position("wall8-3", &broken, &t.eight, "win", json!("end")),
            "after",
            json!({ "from": "wall8-2", "move": gap.to_string() }),
        ),
    ];

    // 3. The waiting move: the first position of the mouse on the 6×6 line whose only winning
    //    move steps back while a step forward loses; the first of the cats on the 8×8 line whose
    //    only winning move is the farthest cat's.
    let mice6 = to_move(&line6, Side::Mouse);
    let (i_back, back) = *mice6
        .iter()
        .find(|(_, p)| {
            only_move(&t.six, p).is_some_and(|mv| mv.to.rank() < mv.from.rank())
                && t.six
                    .move_results(p)
                    .iter()
                    .any(|(mv, r)| mv.to.rank() > mv.from.rank() && r.winner == Side::Cats)
        })
        .expect("a step back, the only win");
    let (_, far) = *cats8
        .iter()
        .find(|(_, p)| {
            t.eight.result(p).winner == Side::Cats
                && only_move(&t.eight, p).is_some_and(|mv| farthest_cat(p) == Some(mv.from))
        })
        .expect("the far cat's move, the only win");
    let tempo = vec![
        with(
            with_only(position("tempo-1", &back, &t.six, "win", json!(1)), &t.six, &back),
            "kind",
            json!("back"),
        ),
        with(
            with_only(position("tempo-2", &far, &t.eight, "win", json!(1)), &t.eight, &far),
            "kind",
            json!("far"),
        ),
    ];

    // 4. The trap: the cats' first position on 4×4 (after the mouse's first move), played to the end; the
    //    cats' first position on the 8×8 line within 10 plies of the end with a single winning move, to the
    //    end; and the first position of the mouse on the 6×6 line after the waiting move's with a single
    //    winning move where another walks into a trap (the cats win within 3 plies).
    let (_, trap4) = to_move(&line4, Side::Cats)[0];
    let (_, trap8) = *cats8
        .iter()
        .find(|(_, p)| t.eight.result(p).plies <= 10 && only_move(&t.eight, p).is_some())
        .expect("a trap closed by an only move");
    let walks_in = |p: &Position| {
        t.six
            .move_results(p)
            .into_iter()
            .filter(|(_, r)| r.winner == Side::Cats && r.plies <= 3)
            .min_by_key(|(_, r)| r.plies)
    };
    let (_, dodge) = *mice6
        .iter()
        .find(|(i, p)| *i > i_back && winning(&t.six, p).len() == 1 && walks_in(p).is_some())
        .expect("a move into a trap beside the only win");
    let (into, caught) = walks_in(&dodge).unwrap();
    let trap = vec![
        position("trap-1", &trap4, &t.four, "win", json!("end")),
        with_only(position("trap-2", &trap8, &t.eight, "win", json!("end")), &t.eight, &trap8),
        with(
            with_only(position("trap-3", &dodge, &t.six, "win", json!(1)), &t.six, &dodge),
            "trap",
            json!({ "move": into.to_string(), "plies": caught.plies }),
        ),
    ];

    // 5. When you are lost: the position of the losing mouse on the 8×8 line, and of the losing
    //    cats on the 6×6 line, with a single longest resistance that lasts longest beyond the
    //    next best move (the first such).
    let margin = |tb: &Tablebase, p: &Position| -> Option<u32> {
        only_move(tb, p)?;
        let mut lengths: Vec<u32> = tb.move_results(p).iter().map(|(_, r)| r.plies).collect();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        Some(lengths[0] - lengths.get(1)?)
    };
    let pick = |tb: &Tablebase, line: &[(usize, Position)]| -> Position {
        let best = line.iter().filter_map(|(_, p)| margin(tb, p)).max().expect("a longest resistance");
        line.iter().find(|(_, p)| margin(tb, p) == Some(best)).unwrap().1
    };
    let lost_mouse = pick(&t.eight, &to_move(&line8, Side::Mouse));
    let lost_cats = pick(&t.six, &to_move(&line6, Side::Cats));
    let resist = vec![
        with_only(position("resist-1", &lost_mouse, &t.eight, "resist", json!(3)), &t.eight, &lost_mouse),
        with_only(position("resist-2", &lost_cats, &t.six, "resist", json!(3)), &t.six, &lost_cats),
    ];

    json!([
        { "key": "plan6", "positions": plan },
        { "key": "wall8", "positions": wall_lesson },
        { "key": "tempo", "positions": tempo },
        { "key": "trap", "positions": trap },
        { "key": "resist", "positions": resist },
    ])
}

/// The module's text: one lesson a line group, one position a line.
fn module(lessons: &Value) -> String {
    let mut out = String::from(HEAD);
    out.push_str(PREFIX);
    out.push_str("[\n");
    let all = lessons.as_array().unwrap();
    for (i, l) in all.iter().enumerate() {
        out.push_str(&format!("  {{\"key\":{},\"positions\":[\n", l["key"]));
        let ps = l["positions"].as_array().unwrap();
        for (j, p) in ps.iter().enumerate() {
            out.push_str(&format!("    {}{}\n", p, if j + 1 < ps.len() { "," } else { "" }));
        }
        out.push_str(&format!("  ]}}{}\n", if i + 1 < all.len() { "," } else { "" }));
    }
    out.push_str("];\n");
    out
}

/// The lessons of the committed module.
fn committed() -> (String, Value) {
    let text = std::fs::read_to_string(FILE).expect("assets/js/better/lessons.js");
    let start = text.find(PREFIX).expect("export const LESSONS = [...];") + PREFIX.len();
    let json = text[start..].trim_end().strip_suffix(';').expect("the module ends with ';'");
    (text.clone(), serde_json::from_str(json).expect("the lessons are JSON"))
}

fn parse_move(p: &Position, text: &str) -> Result<Move, String> {
    let mv: Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
    if p.is_legal(mv) {
        Ok(mv)
    } else {
        Err(format!("{text} is not legal in {}", p.fen()))
    }
}

fn names(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// Proves every fact the lessons state; the first that does not hold, in words.
fn check(t: &Tables, lessons: &Value) -> Result<usize, String> {
    let mut ids = BTreeSet::new();
    let mut facts = 0;
    let mut fens = std::collections::BTreeMap::new();
    for lesson in lessons.as_array().ok_or("the lessons are a list")? {
        let positions = lesson["positions"].as_array().ok_or("a lesson's positions are a list")?;
        if lesson["key"].as_str().is_none() || positions.is_empty() {
            return Err(format!("a lesson needs a key and positions: {lesson}"));
        }
        for pos in positions {
            let id = pos["id"].as_str().ok_or("a position needs an id")?;
            let fail = |what: String| format!("{id}: {what}");
            if !ids.insert(id.to_string()) {
                return Err(fail("the id is used twice".into()));
            }
            let fen = pos["fen"].as_str().ok_or_else(|| fail("no fen".into()))?;
            let p = Position::from_fen(fen).map_err(|e| fail(e.to_string()))?;
            fens.insert(id.to_string(), p);
            let tb = t.of(&p).map_err(fail)?;
            if p.outcome().is_some() {
                return Err(fail("the game is over".into()));
            }
            let side = p.side_to_move();
            if pos["side"] != side_name(side) {
                return Err(fail(format!(
                    "the side to move is the {}, not {}",
                    side_name(side),
                    pos["side"]
                )));
            }
            // the stated result
            let r = tb.result(&p);
            let stated = (pos["result"]["winner"].as_str(), pos["result"]["plies"].as_u64());
            if stated != (Some(side_name(r.winner)), Some(u64::from(r.plies))) {
                return Err(fail(format!("the result is {r}, not {}", pos["result"])));
            }
            facts += 1;
            // the goal fits the result
            let goal = pos["goal"].as_str().unwrap_or("");
            match goal {
                "win" if r.winner == side => {}
                "resist" if r.winner != side => {}
                _ => return Err(fail(format!("goal {goal:?} for the {} when {r}", side_name(side)))),
            }
            match &pos["until"] {
                Value::String(s) if s == "end" => {}
                Value::Number(n) if n.as_u64().is_some_and(|n| n >= 1) => {}
                u => return Err(fail(format!("until must be \"end\" or a number of moves, not {u}"))),
            }
            // the only move
            let keeps: Vec<Move> = if goal == "win" { winning(tb, &p) } else { tb.best_moves(&p) };
            if let Some(only) = pos.get("only") {
                let mv = parse_move(&p, only.as_str().ok_or_else(|| fail("only is a move".into()))?)
                    .map_err(fail)?;
                if keeps != [mv] {
                    return Err(fail(format!(
                        "{mv} is not the only move: {:?} keep the {goal}",
                        names(&keeps)
                    )));
                }
                facts += 1;
            }
            // every winning move
            if let Some(wins) = pos.get("wins") {
                let stated: BTreeSet<String> = wins
                    .as_array()
                    .ok_or_else(|| fail("wins is a list".into()))?
                    .iter()
                    .filter_map(|w| w.as_str().map(String::from))
                    .collect();
                let real = names(&winning(tb, &p));
                if stated != real {
                    return Err(fail(format!("the winning moves are {real:?}, not {stated:?}")));
                }
                facts += 1;
            }
            // where the position comes from
            if let Some(after) = pos.get("after") {
                let from = after["from"]
                    .as_str()
                    .and_then(|f| fens.get(f))
                    .ok_or_else(|| fail(format!("after: no earlier position {}", after["from"])))?;
                let mv = parse_move(from, after["move"].as_str().unwrap_or("")).map_err(fail)?;
                let mut q = *from;
                q.play_unchecked(mv);
                if q != p {
                    return Err(fail(format!(
                        "{} after {mv} is {}, not this position",
                        after["from"],
                        q.fen()
                    )));
                }
                facts += 1;
            }
            // what kind of move the only move (or every winning move) is
            if let Some(kind) = pos.get("kind") {
                let only = keeps.first().filter(|_| keeps.len() == 1);
                let holds = match (kind.as_str(), only) {
                    // toward the middle of the board's files
                    (Some("middle"), Some(mv)) => {
                        let middle =
                            |sq: Square| (2 * i32::from(sq.file()) - i32::from(p.size().n()) + 1).abs();
                        middle(mv.to) < middle(mv.from)
                    }
                    // a step back of the mouse
                    (Some("back"), Some(mv)) => side == Side::Mouse && mv.to.rank() < mv.from.rank(),
                    // the move of the cat farthest from the mouse
                    (Some("far"), Some(mv)) => side == Side::Cats && farthest_cat(&p) == Some(mv.from),
                    // it puts three cats or more side by side on one rank above the mouse
                    (Some("wall"), Some(mv)) => {
                        let mut q = p;
                        q.play_unchecked(*mv);
                        side == Side::Cats && wall(&p).1 < 3 && wall(&q).1 >= 3
                    }
                    // three cats or more stand on one rank above the mouse, and the moves that
                    // win are exactly those of the cats off that rank
                    (Some("spare"), _) => {
                        let (rank, count) = wall(&p);
                        let off: BTreeSet<String> = p
                            .legal_moves()
                            .iter()
                            .filter(|mv| mv.from.rank() != rank)
                            .map(ToString::to_string)
                            .collect();
                        side == Side::Cats && count >= 3 && !off.is_empty() && off == names(&winning(tb, &p))
                    }
                    _ => false,
                };
                if !holds {
                    return Err(fail(format!("the position's move is not of kind {kind}")));
                }
                facts += 1;
            }
            // the trap a move walks into
            if let Some(trap) = pos.get("trap") {
                let mv = parse_move(&p, trap["move"].as_str().unwrap_or("")).map_err(fail)?;
                let mut q = p;
                q.play_unchecked(mv);
                let after = tb.result(&q);
                if (after.winner, Some(u64::from(after.plies))) != (other(side), trap["plies"].as_u64()) {
                    return Err(fail(format!("after {mv}: {after}, not the trap stated ({trap})")));
                }
                facts += 1;
            }
        }
    }
    Ok(facts)
}

#[test]
fn every_fact_the_lessons_state_holds_in_the_tablebase() {
    let t = Tables::build();
    let (_, lessons) = committed();
    let facts = check(&t, &lessons).unwrap_or_else(|e| panic!("lessons.js: {e}"));
    // 12 results, 8 only moves, a set of winning moves, an origin, 5 kinds, a trap
    assert_eq!(facts, 28);
}

#[test]
fn the_lessons_are_the_finders() {
    let t = Tables::build();
    let text = module(&find(&t));
    if std::env::var_os("RYG_WRITE_LESSONS").is_some() {
        std::fs::write(FILE, &text).unwrap();
    }
    let (on_disk, _) = committed();
    assert!(
        on_disk == text,
        "assets/js/better/lessons.js is not what the finder finds: \
         RYG_WRITE_LESSONS=1 cargo test --profile ci -p ryg-web --test integration \
         better::the_lessons_are_the_finders"
    );
}

/// A wrong fact, of each kind, is caught.
#[test]
fn a_wrong_fact_fails_the_check() {
    let t = Tables::build();
    let (_, lessons) = committed();
    let broken = |id: &str, change: &dyn Fn(&mut Value)| -> String {
        let mut l = lessons.clone();
        let pos = l
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .flat_map(|lesson| lesson["positions"].as_array_mut().unwrap().iter_mut())
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("no position {id}"));
        change(pos);
        check(&t, &l).expect_err(&format!("a wrong fact of {id} passed"))
    };
    let plies = |p: &Value| p["result"]["plies"].as_u64().unwrap();
    // one ply more or less
    let e = broken("plan6-2", &|p| p["result"]["plies"] = json!(plies(p) + 2));
    assert!(e.contains("the result is"), "{e}");
    let e = broken("trap-1", &|p| p["result"]["plies"] = json!(plies(p) - 1));
    assert!(e.contains("the result is"), "{e}");
    // the other winner
    let e = broken("wall8-3", &|p| p["result"]["winner"] = json!("cats"));
    assert!(e.contains("the result is"), "{e}");
    // another legal move as the only one, or a second one among the winning moves
    let e = broken("tempo-1", &|p| {
        let fen = Position::from_fen(p["fen"].as_str().unwrap()).unwrap();
        let only = p["only"].as_str().unwrap().to_string();
        let other = fen.legal_moves().iter().map(ToString::to_string).find(|m| *m != only).unwrap();
        p["only"] = json!(other);
    });
    assert!(e.contains("is not the only move"), "{e}");
    let e = broken("wall8-2", &|p| p["wins"].as_array_mut().unwrap().pop().map(|_| ()).unwrap());
    assert!(e.contains("the winning moves are"), "{e}");
    let e = broken("plan6-2", &|p| p["only"] = json!("c1d2"));
    assert!(e.contains("is not the only move"), "{e}");
    // the longest resistance
    let e = broken("resist-1", &|p| {
        let fen = Position::from_fen(p["fen"].as_str().unwrap()).unwrap();
        let only = p["only"].as_str().unwrap().to_string();
        p["only"] = json!(fen.legal_moves().iter().map(ToString::to_string).find(|m| *m != only).unwrap());
    });
    assert!(e.contains("is not the only move"), "{e}");
    // where it comes from, the kind, the trap, the goal
    let e = broken("wall8-3", &|p| p["after"]["move"] = json!("f8e7"));
    assert!(e.contains("not this position"), "{e}");
    let e = broken("tempo-2", &|p| p["kind"] = json!("back"));
    assert!(e.contains("is not of kind"), "{e}");
    let e = broken("plan6-2", &|p| p["kind"] = json!("middle"));
    assert!(e.contains("is not of kind"), "{e}");
    let e = broken("tempo-2", &|p| p["kind"] = json!("spare"));
    assert!(e.contains("is not of kind"), "{e}");
    let e = broken("trap-3", &|p| p["trap"]["plies"] = json!(p["trap"]["plies"].as_u64().unwrap() + 2));
    assert!(e.contains("not the trap stated"), "{e}");
    let e = broken("resist-2", &|p| p["goal"] = json!("win"));
    assert!(e.contains("goal"), "{e}");
    let e = broken("trap-2", &|p| p["side"] = json!("mouse"));
    assert!(e.contains("the side to move"), "{e}");
}
