//! Games without a server: `/api/games...` answered in the browser by the server's own game
//! service (`ryg_games::game::Games`: rules, seats, levels, undo, resignation, rematches) over the
//! browser's store ([`crate::store`]), with the server's JSON (`ryg_games::view`). The computer's
//! reply is the server's too (`ryg_games::reply`, the game's seed): where the server queues it
//! for a worker, the browser plays it before it answers the move. What needs a server — a
//! friend on another device, live games of others, boards beyond 10×10 — is refused.

use ryg_api::{ErrorCode, QueryError};
use ryg_games::game::{computer_seed, computer_to_answer, GameError, Games, NewGame, Rematch, SeatSpec};
use ryg_games::reply::{choose, table_use, TableUse};
use ryg_games::store::{GameStore, StoredGame};
use ryg_games::view::{error_status, narrow_review_json, CreatedView, GameView};
use serde::Deserialize;

use crate::request::Request;
use crate::store::MemoryStore;
use crate::{tables, Answer};

thread_local! {
    /// The browser's games.
    pub static STORE: MemoryStore = MemoryStore::default();
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ComputerBody {
    level: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameBody {
    name: String,
    side: Option<String>,
}

/// Why a request failed: the service's refusal or the engine's.
enum Refusal {
    Game(GameError),
    Query(QueryError),
}

impl From<GameError> for Refusal {
    fn from(e: GameError) -> Refusal {
        Refusal::Game(e)
    }
}

impl From<QueryError> for Refusal {
    fn from(e: QueryError) -> Refusal {
        Refusal::Query(e)
    }
}

impl From<ryg_games::store::StoreError> for Refusal {
    fn from(e: ryg_games::store::StoreError) -> Refusal {
        Refusal::Game(GameError::Store(e))
    }
}

fn refusal_answer(r: &Refusal) -> Answer {
    match r {
        Refusal::Query(e) => Answer::error(e),
        Refusal::Game(e) => {
            let (status, code) = error_status(e);
            Answer::error(&QueryError::new(code, e.to_string()).with_status(status))
        }
    }
}

/// The time now (epoch milliseconds, the host's date).
fn now() -> i64 {
    crate::clock::wall_ms() as i64
}

/// Every question on a game answered here, as `(method, what follows /api/games/{id})`; the
/// game itself (`""`) and `/api/games` (create and list) aside. [`route`] answers these and no
/// other.
pub const ACTIONS: &[(&str, &str)] = &[
    ("GET", ""),
    ("GET", "thinking"),
    ("GET", "review"),
    ("GET", "events"),
    ("GET", "pgn"),
    ("POST", "moves"),
    ("POST", "computer"),
    ("POST", "undo"),
    ("POST", "undo/accept"),
    ("POST", "undo/decline"),
    ("POST", "redo"),
    ("POST", "resign"),
    ("POST", "abort"),
    ("POST", "name"),
    ("POST", "rematch"),
];

/// Every `(method, path)` answered here, the path as the OpenAPI document writes it.
pub fn routes() -> Vec<(&'static str, String)> {
    let mut list = vec![("POST", "/api/games".to_owned()), ("GET", "/api/games".to_owned())];
    list.extend(ACTIONS.iter().map(|&(method, action)| {
        (
            method,
            if action.is_empty() { "/api/games/{id}".into() } else { format!("/api/games/{{id}}/{action}") },
        )
    }));
    list
}

/// Whether `path` is one of the game questions answered here.
pub fn handles(path: &str) -> bool {
    path == "/api/games" || path.starts_with("/api/games/")
}

/// Answers `req` on `/api/games...` over the browser's store.
pub fn answer(req: &Request) -> Answer {
    STORE.with(|store| answer_on(store, req))
}

/// `POST /store/flag` (the service worker's alarm, at the moment a running clock reaches zero):
/// game `id` (its public id) ends on time if its clock is down, as the server's alarm ends it;
/// the game's view either way.
pub fn flag(id: &str) -> Answer {
    STORE.with(|store| {
        let changed = |_: &StoredGame| {};
        let games = Games::new(store, &changed);
        let flagged = games.resolve(id, None).and_then(|number| {
            let mut g = games.load(number)?;
            games.flag_if_due(&mut g, now())?;
            Ok(g)
        });
        match flagged {
            Ok(g) => view(&g, None),
            Err(e) => refusal_answer(&Refusal::Game(e)),
        }
    })
}

/// Answers `req` over `store` (the host's tests use a store of their own).
pub fn answer_on(store: &dyn GameStore, req: &Request) -> Answer {
    let changed = |_: &StoredGame| {};
    let games = Games::new(store, &changed);
    match route(&games, req) {
        Ok(answer) => answer,
        Err(r) => refusal_answer(&r),
    }
}

fn body<T: for<'de> Deserialize<'de> + Default>(req: &Request) -> Result<T, QueryError> {
    if req.body.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(&req.body).map_err(|e| QueryError::bad_request(format!("bad JSON body: {e}")))
}

fn required_body<T: for<'de> Deserialize<'de>>(req: &Request) -> Result<T, QueryError> {
    serde_json::from_str(&req.body).map_err(|e| QueryError::bad_request(format!("bad JSON body: {e}")))
}

fn view(g: &StoredGame, you: Option<ryg_games::store::Holder>) -> Answer {
    Answer::json(&GameView::at(g, you, now()))
}

fn needs_server(what: &str) -> QueryError {
    QueryError::new(ErrorCode::NeedsServer, format!("{what} needs a ryg server; this page runs without one"))
}

fn route(games: &Games<'_>, req: &Request) -> Result<Answer, Refusal> {
    let token = req.token.as_deref().map(ryg_games::token::hash);
    let token = token.as_deref();
    let rest = req.path.strip_prefix("/api/games").unwrap_or_default();
    let method = req.method.as_str();
    if rest.is_empty() {
        return match method {
            "POST" => create(games, &required_body::<NewGame>(req)?),
            "GET" => list(games, req, token),
            _ => Err(QueryError::new(ErrorCode::MethodNotAllowed, format!("{method} /api/games")).into()),
        };
    }
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let (id_text, action) = rest.split_once('/').unwrap_or((rest, ""));
    if !ACTIONS.contains(&(method, action)) {
        return Err(no_such_question(req).into());
    }
    let id = if method == "GET" { games.resolve(id_text, token)? } else { games.resolve_to_act(id_text)? };
    let mut g = games.load(id)?;
    let t = now();
    // a change the computer answers: its table first (nothing stored without it)
    if let (true, Some(position)) = (
        method == "POST" && matches!(action, "moves" | "rematch"),
        ryg_wide::narrow::position(g.game.position()),
    ) {
        tables_for(&g, position.size())?;
    }
    Ok(match (method, action) {
        ("GET", "") => view(&g, g.holder(token)),
        ("GET", "thinking") => Answer::json(&serde_json::json!({ "thinking": false })),
        ("GET", "review") => review(&g)?,
        ("GET", "events") => view(&g, None),
        ("POST", "moves") => {
            let mv: MoveBody = required_body(req)?;
            let you = games.play(&mut g, token, &mv.mv, t)?;
            replies(games, &mut g, None)?;
            view(&g, Some(you))
        }
        ("POST", "computer") => {
            let asked: ComputerBody = body(req)?;
            let (you, level) = games.computer_request(&g, token, asked.level.as_deref())?;
            replies(games, &mut g, Some(level))?;
            view(&g, you)
        }
        ("POST", "undo") => {
            let (you, _undone) = games.undo(&mut g, token, t)?;
            view(&g, Some(you))
        }
        ("POST", "undo/accept") => {
            let you = games.answer_undo(&mut g, token, true, t)?;
            view(&g, Some(you))
        }
        ("POST", "undo/decline") => {
            let you = games.answer_undo(&mut g, token, false, t)?;
            view(&g, Some(you))
        }
        ("POST", "redo") => {
            let you = games.redo(&mut g, token, t)?;
            view(&g, Some(you))
        }
        ("POST", "resign") => {
            let you = games.resign(&mut g, token, t)?;
            view(&g, Some(you))
        }
        ("POST", "abort") => {
            let you = games.abort(&mut g, token, t)?;
            view(&g, Some(you))
        }
        ("POST", "name") => {
            let b: NameBody = required_body(req)?;
            let you = games.name(&mut g, token, &b.name, b.side.as_deref(), t)?;
            view(&g, Some(you))
        }
        ("POST", "rematch") => match games.rematch(&mut g, token, t)? {
            Rematch::Offered => Answer { status: 202, ..view(&g, g.holder(token)) },
            Rematch::Ready(new) => {
                let mut new = *new;
                replies(games, &mut new, None)?;
                Answer { status: 201, ..view(&new, new.holder(token)) }
            }
        },
        // the record as text (the service worker sends it as text/plain)
        ("GET", "pgn") => Answer { status: 200, body: ryg_games::game::record(&g)?.to_pgn() },
        _ => return Err(no_such_question(req).into()),
    })
}

/// 404: a question on a game that is not in [`ACTIONS`].
fn no_such_question(req: &Request) -> QueryError {
    QueryError::not_found(format!("no such question: {} {}", req.method, ryg::echo::echo(&req.path)))
}

/// `POST /api/games`: a game against the computer (or both seats on this device), its first
/// computer moves played.
fn create(games: &Games<'_>, spec: &NewGame) -> Result<Answer, Refusal> {
    let human = |s: &Option<SeatSpec>| s.as_ref().is_some_and(SeatSpec::is_human);
    if human(&spec.mouse) && human(&spec.cats) && !spec.hotseat {
        return Err(needs_server("a game against a friend on another device").into());
    }
    if spec.rated {
        return Err(needs_server("a rated game").into());
    }
    if spec.size.is_some_and(|n| n > 10) {
        return Err(QueryError::bad_request(format!(
            "boards beyond 10x10 are played with a ryg server; this page plays 4x4 to 10x10 (asked for {}x{})",
            spec.size.unwrap_or(0),
            spec.size.unwrap_or(0)
        ))
        .into());
    }
    // the game as it would be, checked before it is stored: a board the browser plays, levels
    // whose table it holds
    let scratch = MemoryStore::default();
    let trial = Games::new(&scratch, &|_: &StoredGame| {}).create(spec, now())?.game;
    let Some(position) = ryg_wide::narrow::position(trial.game.position()) else {
        return Err(QueryError::bad_request("boards beyond 10x10 are played with a ryg server").into());
    };
    tables_for(&trial, position.size())?;
    let created = games.create(spec, now())?;
    let mut g = created.game.clone();
    replies(games, &mut g, None)?;
    let view = GameView::at(&g, None, now());
    let mut answer = Answer::json(&CreatedView::of(&created, view, ""));
    answer.status = 201;
    Ok(answer)
}

/// The tables the computer's seats of `g` (on `size`) read, built or loaded: checked before a
/// change is stored, so that a table that is not there (10×10's before the page loads it)
/// refuses the request whole and the page may ask again once it is.
///
/// # Errors
/// `tablebase_absent`.
fn tables_for(g: &StoredGame, size: ryg::Size) -> Result<(), QueryError> {
    for seat in [&g.mouse, &g.cats] {
        if let ryg_games::store::Seat::Computer(level) = seat {
            if table_use(level, size) == TableUse::Wait {
                tables::get(size)?;
            }
        }
    }
    Ok(())
}

/// `GET /api/games?ids=...`: this browser's games by their ids.
fn list(games: &Games<'_>, req: &Request, token: Option<&str>) -> Result<Answer, Refusal> {
    let Some(ids) = req.params.get("ids") else {
        return Err(needs_server("the list of a server's live games").into());
    };
    let ids: Vec<String> =
        ids.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
    if ids.len() > 100 {
        return Err(QueryError::bad_request(format!("at most 100 ids, not {}", ids.len())).into());
    }
    let t = now();
    let views: Vec<GameView> = games.some(&ids, token)?.iter().map(|g| GameView::at(g, None, t)).collect();
    Ok(Answer::json(&serde_json::json!({ "games": views })))
}

/// The computer's replies owed in `g` (`first`: one move at that level, asked for by a
/// person; `None`: the computer's seat answers on its turns), played and stored as the
/// server's worker plays them.
fn replies(
    games: &Games<'_>,
    g: &mut StoredGame,
    first: Option<ryg_wide::PlayerSpec>,
) -> Result<(), Refusal> {
    let mut level = first.or_else(|| computer_to_answer(g));
    while let Some(now_level) = level {
        let mv = computer_move(g, now_level)?;
        games.computer_played(g, mv, now())?;
        level = if first.is_some() { None } else { computer_to_answer(g) };
    }
    Ok(())
}

/// The move `level` plays in `g` now, as `ryg serve` plays it (the same seed, table and player).
///
/// # Errors
/// A board beyond 10×10, a table beyond 8×8, the player's refusal.
pub fn computer_move(g: &StoredGame, level: ryg_wide::PlayerSpec) -> Result<ryg_wide::Move, QueryError> {
    let Some(narrow) = ryg_wide::narrow::position(g.game.position()) else {
        return Err(QueryError::bad_request("boards beyond 10x10 are played with a ryg server"));
    };
    let tb = match table_use(&level, narrow.size()) {
        TableUse::IfReady => tables::ready(narrow.size()),
        TableUse::Wait => Some(tables::get(narrow.size())?),
        TableUse::None => None,
    };
    let mv = choose(&narrow, level, computer_seed(g), tb.as_deref(), &mut ryg::search::NoHandler)
        .map_err(|e| QueryError::new(ErrorCode::Conflict, e))?;
    Ok(ryg_wide::narrow::wide_move(mv))
}

/// `GET /api/games/{id}/review`: the server's review, from the table (up to 8×8 here).
fn review(g: &StoredGame) -> Result<Answer, Refusal> {
    let Some(game) = ryg_wide::narrow::game(&g.game) else {
        return Err(QueryError::bad_request("boards beyond 10x10 are reviewed by a ryg server").into());
    };
    let size = game.start().size();
    let tb = tables::get(size)?;
    let review =
        ryg::review::review(&*tb, &game).map_err(|e| QueryError::new(ErrorCode::Internal, e.to_string()))?;
    Ok(Answer::json(&narrow_review_json(size.n(), &review)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ryg_web::engine::{computer_move as server_move, Tablebases, Thinking};

    fn call(store: &MemoryStore, text: &str) -> (u16, serde_json::Value) {
        let a = match Request::parse(text) {
            Ok(req) => answer_on(store, &req),
            Err(e) => Answer::error(&e),
        };
        (a.status, serde_json::from_str(&a.body).expect("JSON"))
    }

    /// The mouse's move: the first legal move (the games differ by the computer's replies only).
    fn mouse_move(view: &serde_json::Value) -> String {
        view["legal_moves"][0].as_str().expect("a legal move").to_string()
    }

    /// Plays a whole game through the browser's entry point (`POST /api/games`, `…/moves`),
    /// and the same game through the server's service and the server's computer move
    /// (`ryg_web::engine::computer_move`), with the same seed: the same moves.
    fn same_game(level: &str, seed: u64) {
        let browser = MemoryStore::default();
        let body = format!(r#"{{"size":8,"mouse":"human","cats":"{level}","seed":{seed}}}"#);
        let (status, created) = call(&browser, &format!("POST /api/games\n\n\n{body}"));
        assert_eq!(status, 201, "{created}");
        let token = created["tokens"]["mouse"].as_str().expect("the mouse's token").to_string();
        let id = created["public_id"].as_str().unwrap().to_string();
        let mut view = created;
        let mut mouse_moves = Vec::new();
        while view["outcome"].is_null() {
            let mv = mouse_move(&view);
            mouse_moves.push(mv.clone());
            let (status, next) = call(
                &browser,
                &format!(
                    "POST /api/games/{id}/moves\nAuthorization: Bearer {token}\n\n{{\"move\":\"{mv}\"}}"
                ),
            );
            assert_eq!(status, 200, "{next}");
            view = next;
        }
        let browser_moves: Vec<String> =
            view["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();

        // the server's way: its service over a store, its engine's move for each reply
        let server_store = MemoryStore::default();
        let changed = |_: &StoredGame| {};
        let games = Games::new(&server_store, &changed);
        let spec: NewGame = serde_json::from_str(&body).unwrap();
        let created = games.create(&spec, 0).unwrap();
        let token = created.tokens[0].1.clone();
        let hash = ryg_games::token::hash(&token);
        let mut g = created.game;
        let tablebases = Tablebases::with_files(None);
        for mv in &mouse_moves {
            if g.is_over() {
                break;
            }
            games.play(&mut g, Some(&hash), mv, 0).unwrap();
            while let Some(level) = computer_to_answer(&g) {
                let reply = server_move(
                    &tablebases,
                    g.game.position(),
                    level,
                    computer_seed(&g),
                    &Thinking::default(),
                )
                .unwrap();
                games.computer_played(&mut g, reply, 0).unwrap();
            }
        }
        let server_moves: Vec<String> = g.game.moves().iter().map(ToString::to_string).collect();
        assert_eq!(browser_moves, server_moves, "level {level}, seed {seed}");
        assert!(g.is_over());
    }

    #[test]
    fn a_game_in_the_browser_is_the_servers_game() {
        same_game("3", 7);
        same_game("3", 12345);
        same_game("ryg3-v10@8", 1);
    }

    #[test]
    fn games_are_kept_as_rows_and_read_back() {
        let store = MemoryStore::default();
        let (_, created) =
            call(&store, "POST /api/games\n\n\n{\"size\":6,\"mouse\":\"human\",\"cats\":\"2\"}");
        let token = created["tokens"]["mouse"].as_str().unwrap().to_string();
        let id = created["public_id"].as_str().unwrap().to_string();
        let mv = mouse_move(&created);
        let (_, played) = call(
            &store,
            &format!("POST /api/games/{id}/moves\nAuthorization: Bearer {token}\n\n{{\"move\":\"{mv}\"}}"),
        );
        let rows = store.take_changed();
        assert_eq!(rows.len(), 1);
        assert!(store.take_changed().is_empty(), "asked once");
        // a fresh store (the page reloaded) reads the rows back: the same game
        let fresh = MemoryStore::default();
        fresh.load(serde_json::from_value(serde_json::to_value(&rows).unwrap()).unwrap()).unwrap();
        let (status, shown) =
            call(&fresh, &format!("GET /api/games/{id}\nAuthorization: Bearer {token}\n\n"));
        assert_eq!(status, 200);
        assert_eq!(shown["moves"], played["moves"]);
        assert_eq!(shown["you"], "mouse");
    }

    #[test]
    fn a_move_against_a_table_not_read_in_is_refused_before_it_is_stored() {
        // a 10×10 game against perfect, kept while its table was there (here: a level-3 game's
        // row with its cats made perfect), in an engine that has not read the table in
        let store = MemoryStore::default();
        let (_, created) =
            call(&store, "POST /api/games\n\n\n{\"size\":10,\"mouse\":\"human\",\"cats\":\"3\"}");
        let (id, token) =
            (created["public_id"].as_str().unwrap(), created["tokens"]["mouse"].as_str().unwrap());
        let mut row = serde_json::to_value(&store.take_changed()[0]).unwrap();
        row["cats"] = "perfect".into();
        let fresh = MemoryStore::default();
        fresh.load(vec![serde_json::from_value(row).unwrap()]).unwrap();
        let mv = mouse_move(&created);
        let auth = format!("Authorization: Bearer {token}");
        let (status, refused) =
            call(&fresh, &format!("POST /api/games/{id}/moves\n{auth}\n\n{{\"move\":\"{mv}\"}}"));
        assert_eq!((status, refused["code"].as_str()), (409, Some("tablebase_absent")), "{refused}");
        // nothing stored: the host reads the table in and asks again
        let (_, shown) = call(&fresh, &format!("GET /api/games/{id}\n{auth}\n\n"));
        assert_eq!(shown["moves"], serde_json::json!([]), "{shown}");
        assert!(fresh.take_changed().is_empty());
    }

    #[test]
    fn bad_game_requests_are_errors_with_codes() {
        let store = MemoryStore::default();
        let (_, created) =
            call(&store, "POST /api/games\n\n\n{\"size\":8,\"mouse\":\"human\",\"cats\":\"3\"}");
        let id = created["public_id"].as_str().unwrap().to_string();
        let token = created["tokens"]["mouse"].as_str().unwrap().to_string();
        let auth = format!("Authorization: Bearer {token}");
        let cases = [
            ("POST /api/games\n\n\nnot json".to_string(), 400, "bad_request"),
            ("POST /api/games\n\n\n{\"size\":12,\"cats\":\"3\"}".to_string(), 400, "bad_request"),
            (
                "POST /api/games\n\n\n{\"size\":8,\"mouse\":\"human\",\"cats\":\"human\"}".to_string(),
                503,
                "needs_server",
            ),
            (
                "POST /api/games\n\n\n{\"size\":8,\"cats\":\"3\",\"rated\":true}".to_string(),
                503,
                "needs_server",
            ),
            ("POST /api/games\n\n\n{\"size\":8,\"cats\":\"11\"}".to_string(), 400, "bad_request"),
            ("POST /api/games\n\n\n{\"size\":10,\"cats\":\"perfect\"}".to_string(), 409, "tablebase_absent"),
            ("GET /api/games".to_string(), 503, "needs_server"),
            ("GET /api/games/nosuchgame1".to_string(), 404, "not_found"),
            (format!("POST /api/games/{id}/moves\n\n\n{{\"move\":\"e1d2\"}}"), 401, "unauthorized"),
            (format!("POST /api/games/{id}/moves\n{auth}\n\n{{\"move\":\"e1e3\"}}"), 400, "illegal_move"),
            (format!("POST /api/games/{id}/moves\n{auth}\n\n{{\"move\":\"zz\"}}"), 400, "bad_move"),
            (format!("POST /api/games/{id}/moves\n{auth}\n\n{{}}"), 400, "bad_request"),
            (format!("POST /api/games/{id}/redo\n{auth}\n\n"), 409, "conflict"),
            (format!("POST /api/games/{id}/nothing\n{auth}\n\n"), 404, "not_found"),
            (format!("POST /api/games/{id}/moves\nAuthorization: Basic x\n\n{{}}"), 400, "bad_request"),
        ];
        for (req, status, code) in cases {
            let (got, body) = call(&store, &req);
            assert_eq!((got, body["code"].as_str().unwrap_or_default()), (status, code), "{req}: {body}");
        }
        // refused games are not stored
        assert_eq!(store.recent(10, None).unwrap().len(), 1);
        // the record, as the server's
        let pgn = answer_on(&store, &Request::parse(&format!("GET /api/games/{id}/pgn")).unwrap());
        assert_eq!(pgn.status, 200);
        assert!(pgn.body.contains("[Result \"*\"]"), "{}", pgn.body);
    }
}
