//! What the tests and the benchmark ask the WebAssembly build (`/check/...`), to compare it
//! with the native engine: `ryg bench`'s suites case by case, self-play series (every level's
//! choices), the articles' programs' searches, a level's reply and a table's build.

use ryg::bench::{Case, PROOF_SUITE, SUITE};
use ryg::report::AnalyzeReport;
use ryg::search::{NoHandler, ProofConfig};
use ryg::{Player, PlayerSpec, Position, Side, Size, Tablebase};
use ryg_api::params::{int_param, position, required};
use ryg_api::{Params, QueryError};
use serde::Serialize;

use crate::clock::{now_ms, seconds_since};
use crate::request::Request;
use crate::{tables, Answer};

#[derive(Serialize)]
struct CaseReport {
    name: &'static str,
    depth: u8,
    best_move: Option<String>,
    score: String,
    nodes: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct ProofReport {
    name: &'static str,
    result: String,
    best_move: Option<String>,
    nodes: u64,
    tests: u32,
    seconds: f64,
}

#[derive(Serialize, Default)]
struct StartReport {
    start: String,
    games: u32,
    mouse_wins: u32,
    cats_wins: u32,
    plies: usize,
}

#[derive(Serialize)]
struct Reply {
    #[serde(rename = "move")]
    mv: String,
    seconds: f64,
}

#[derive(Serialize)]
struct Build {
    size: u8,
    entries: usize,
    seconds: f64,
}

pub fn answer(req: &Request) -> Answer {
    match result(req) {
        Ok(answer) => answer,
        Err(e) => Answer::error(&e),
    }
}

fn case_param<T>(params: &Params, suite: &[T]) -> Result<usize, QueryError> {
    Ok(int_param(params, "case", 0..=suite.len() as u64 - 1)?.unwrap_or(0) as usize)
}

fn player(params: &Params, name: &str) -> Result<PlayerSpec, QueryError> {
    required(params, name)?.parse().map_err(QueryError::bad_request)
}

fn result(req: &Request) -> Result<Answer, QueryError> {
    let p = &req.params;
    Ok(match req.path.as_str() {
        // `ryg bench`: the suite's case `case=`
        "/check/bench" => {
            let case: &Case = &SUITE[case_param(p, &SUITE)?];
            let started = now_ms();
            let r = case.run();
            Answer::json(&CaseReport {
                name: case.name,
                depth: r.depth,
                best_move: r.best_move.map(|m| m.to_string()),
                score: r.score.to_string(),
                nodes: r.nodes,
                seconds: seconds_since(started),
            })
        }
        // `ryg bench`: the proving suite's case `case=`
        "/check/proof" => {
            let (name, fen) = PROOF_SUITE[case_param(p, &PROOF_SUITE)?];
            let position: Position = fen.parse().expect("the suite's positions are valid");
            let started = now_ms();
            let (proof, nodes) = ryg::bench::prove(ProofConfig::default(), &position, u64::MAX);
            let proof = proof.expect("no node limit");
            Answer::json(&ProofReport {
                name,
                result: proof.result.to_string(),
                best_move: proof.best_move.map(|m| m.to_string()),
                nodes,
                tests: proof.tests,
                seconds: seconds_since(started),
            })
        }
        // `ryg analyze --engine E --depth D --json`: one of the articles' programs (or ryg)
        "/check/analyze" => {
            let position = position(p)?;
            let engine: ryg::Engine = required(p, "engine")?
                .parse()
                .map_err(|e: ryg::EngineError| QueryError::bad_request(e.to_string()))?;
            let depth = int_param(p, "depth", 1..=40)?.map(|d| d as u8);
            let started = now_ms();
            let r = ryg::bench::run_search(engine.config(), &position, depth, None);
            Answer::json(&AnalyzeReport::of(&position, &r, &[], seconds_since(started)))
        }
        // `ryg selfplay --size N --mouse L --cats L --games G --seed S --start all`
        "/check/selfplay" => selfplay(p)?,
        // a level's reply in a position, timed (the table built beforehand)
        "/check/reply" => {
            let position = position(p)?;
            let spec = player(p, "level")?;
            let seed = int_param(p, "seed", 0..=u64::MAX)?.unwrap_or(0);
            let tb = if spec.needs_tablebase() || position.size().n() <= tables::MAX_TABLE {
                Some(tables::get(position.size())?)
            } else {
                None
            };
            let started = now_ms();
            let choice = Player::of(spec, seed)
                .choose(&position, tb.as_deref(), &mut NoHandler)
                .map_err(|e| QueryError::bad_request(e.to_string()))?;
            Answer::json(&Reply { mv: choice.mv.to_string(), seconds: seconds_since(started) })
        }
        // a table built from scratch, timed (10×10 too, to measure what the page leaves out)
        "/check/build" => {
            let size: Size = required(p, "size")?
                .parse()
                .map_err(|e: ryg::SizeError| QueryError::bad_request(e.to_string()))?;
            let started = now_ms();
            let tb = Tablebase::build(size, 1, &mut ());
            Answer::json(&Build { size: size.n(), entries: tb.len(), seconds: seconds_since(started) })
        }
        path => return Err(QueryError::not_found(format!("no check {}", ryg::echo::echo(path)))),
    })
}

/// Self-play series from every start square, as `ryg selfplay --start all` plays them.
fn selfplay(p: &Params) -> Result<Answer, QueryError> {
    let size: Size =
        required(p, "size")?.parse().map_err(|e: ryg::SizeError| QueryError::bad_request(e.to_string()))?;
    let level = |name| -> Result<ryg::Level, QueryError> {
        required(p, name)?.parse().map_err(|e: ryg::LevelError| QueryError::bad_request(e.to_string()))
    };
    let (mouse, cats) = (level("mouse")?, level("cats")?);
    let games = int_param(p, "games", 1..=1000)?.unwrap_or(1) as u32;
    let seed = int_param(p, "seed", 0..=u64::MAX)?.unwrap_or(0);
    let tb = if mouse.needs_tablebase() || cats.needs_tablebase() { Some(tables::get(size)?) } else { None };
    let mut starts = Vec::new();
    for (s, square) in size.rank(0).enumerate() {
        let mut row = StartReport { start: square.to_string(), ..StartReport::default() };
        for g in 0..games {
            let (mouse_seed, cats_seed) = ryg::selfplay::game_seeds(seed, s, g);
            let (mut m, mut c) = (ryg::Player::new(mouse, mouse_seed), ryg::Player::new(cats, cats_seed));
            let start =
                Position::start(size, Some(square)).map_err(|e| QueryError::bad_request(e.to_string()))?;
            let (outcome, plies) = ryg::selfplay::play_out(start, &mut m, &mut c, tb.as_deref())
                .map_err(|e| QueryError::bad_request(e.to_string()))?;
            row.games += 1;
            row.plies += plies;
            match outcome.winner {
                Side::Mouse => row.mouse_wins += 1,
                Side::Cats => row.cats_wins += 1,
            }
        }
        starts.push(row);
    }
    Ok(Answer::json(&serde_json::json!({ "starts": starts })))
}
