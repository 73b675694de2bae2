//! The page's questions (`/api/...`) that the browser answers without a server: each is the
//! server's own answer (`ryg::report`, `ryg_api`), over the tables of [`crate::tables`]. Games
//! are [`crate::games`]'; anything else (a server's own questions) is refused with
//! `needs_server`.

use ryg::report::{EvalReport, MovesReport, SolveReport};
use ryg::Size;
use ryg_api::params::{eval_kind, position};
use ryg_api::perft::PerftQuery;
use ryg_api::techniques::TechniquesQuery;
use ryg_api::think::ThinkQuery;
use ryg_api::tree::TreeQuery;
use ryg_api::weights::WeightsQuery;
use ryg_api::{ErrorCode, Params, QueryError};
use serde::Serialize;

use crate::clock::{now_ms, seconds_since};
use crate::request::Request;
use crate::{tables, Answer};

/// A table's state, in `GET /api/tablebase`'s shape.
#[derive(Serialize)]
struct TableState {
    size: u8,
    state: &'static str,
    progress: f64,
}

/// What the page may ask of the browser's engine.
pub fn answer(req: &Request) -> Answer {
    match result(req) {
        Ok(answer) => answer,
        Err(e) => Answer::error(&e),
    }
}

fn result(req: &Request) -> Result<Answer, QueryError> {
    let question = QUESTIONS.iter().find(|(path, _)| *path == req.path);
    match question {
        Some((_, answer)) if req.method == "GET" => answer(&req.params),
        _ => Err(needs_server(&req.path)),
    }
}

/// The answer to one question, from its query's parameters.
type Question = fn(&Params) -> Result<Answer, QueryError>;

/// Every question answered here (`GET` each), with its answer: the one list [`answer`] reads.
pub const QUESTIONS: &[(&str, Question)] = &[
    ("/api/moves", |p| Ok(Answer::json(&MovesReport::of(&position(p)?)))),
    ("/api/solve", solve),
    ("/api/eval", |p| Ok(Answer::json(&EvalReport::of(eval_kind(p)?, &position(p)?)))),
    ("/api/tree", |p| Ok(Answer::json(&TreeQuery::parse(position(p)?, p)?.answer(&mut |_| false)?))),
    ("/api/think", |p| Ok(Answer::json(&ThinkQuery::parse(position(p)?, p)?.answer()))),
    ("/api/techniques", |p| {
        let query = TechniquesQuery::parse(position(p)?, p)?;
        let started = now_ms();
        Ok(Answer::json(&query.answer(&mut || seconds_since(started))))
    }),
    ("/api/perft", |p| {
        let query = PerftQuery::parse(position(p)?, p)?;
        let started = now_ms();
        Ok(Answer::json(&query.answer(&mut || seconds_since(started))))
    }),
    ("/api/bits", |p| Ok(Answer::json(&ryg_api::bits::bits(&position(p)?, p)?))),
    ("/api/retrograde", |p| {
        let size = ryg_api::retrograde::size_param(p)?;
        Ok(Answer::json(&ryg_api::retrograde::RetrogradeReport::of(&*tables::get(size)?)))
    }),
    ("/api/weights", |p| {
        let query = WeightsQuery::parse(position(p)?, p)?;
        let tablebase = query.table_size().map(tables::get).transpose()?;
        Ok(Answer::json(&query.answer(tablebase.as_deref())))
    }),
    ("/api/puzzles", |p| {
        let size = ryg_api::puzzles::size_param(p)?;
        Ok(Answer::json(&ryg_api::puzzles::set(size, &puzzles(size)?)))
    }),
    ("/api/puzzles/daily", daily),
    ("/api/tablebase", |_| Ok(tablebase_states())),
    ("/api/config", |_| Ok(config())),
];

fn solve(p: &Params) -> Result<Answer, QueryError> {
    let position = position(p)?;
    let tb = tables::get(position.size())?;
    let report = SolveReport::of(&*tb, &position).map_err(|e| QueryError::bad_request(e.to_string()))?;
    Ok(Answer::json(&report))
}

fn daily(p: &Params) -> Result<Answer, QueryError> {
    let today = (crate::clock::wall_ms() / 86_400_000.0).floor().max(0.0) as u64;
    let day = ryg_api::puzzles::day_param(p, today)?;
    let size = Size::new(ryg_api::puzzles::DAILY_SIZE).expect("8×8 is a board size");
    Ok(Answer::json(&ryg_api::puzzles::daily(&puzzles(size)?, day)?))
}

/// The tables' states: 10×10's too, absent until the page has built it (in a worker) and
/// loaded it.
fn tablebase_states() -> Answer {
    let list: Vec<TableState> = Size::ALL
        .iter()
        .filter(|s| s.n() <= tables::LARGE_TABLE)
        .map(|&s| {
            let ready = tables::offered(s);
            TableState { size: s.n(), state: if ready { "ready" } else { "absent" }, progress: 0.0 }
        })
        .collect();
    Answer::json(&serde_json::json!({ "tablebases": list }))
}

/// What the page offers here: boards up to 10x10, exact results up to MAX_TABLE (10x10 once
/// its table is loaded), and 10x10's table built in the browser when asked.
fn config() -> Answer {
    Answer::json(&serde_json::json!({
        "public_games": false,
        "server": false,
        "size_max": 10,
        "exact_max": tables::exact_max(),
        "table_in_browser": tables::LARGE_TABLE,
    }))
}

thread_local! {
    static PUZZLES: std::cell::RefCell<std::collections::HashMap<u8, std::rc::Rc<Vec<ryg::report::PuzzleReport>>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// The puzzle set of `size`, mined on first use.
fn puzzles(size: Size) -> Result<std::rc::Rc<Vec<ryg::report::PuzzleReport>>, QueryError> {
    if let Some(set) = PUZZLES.with(|p| p.borrow().get(&size.n()).cloned()) {
        return Ok(set);
    }
    let set = std::rc::Rc::new(ryg_api::puzzles::mine(&*tables::get(size)?));
    PUZZLES.with(|p| p.borrow_mut().insert(size.n(), std::rc::Rc::clone(&set)));
    Ok(set)
}

/// 503 `needs_server`: `path` is answered by a ryg server only.
fn needs_server(path: &str) -> QueryError {
    QueryError::new(
        ErrorCode::NeedsServer,
        format!("{} needs a ryg server; this page runs without one", ryg::echo::echo(path)),
    )
}
