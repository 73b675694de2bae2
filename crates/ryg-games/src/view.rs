//! A game as the API shows it (`GameView`) and the answer to a new game (`CreatedView`): the
//! same JSON from `ryg serve` (routes/games) and from the browser's engine (crates/ryg-wasm).

use ryg_api::ErrorCode;
use ryg_wide::report::move_names;
use ryg_wide::Side;
use serde::Serialize;

use crate::clock::ClockView;
use crate::game::{Created, Names};
use crate::store::{EndReason, Holder, Players, StoredGame};

/// A rematch offer in the view.
/// How a game ended: the winner and why (`trapped`, `resigned`, `time`…), or no winner when it
/// was `aborted`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct EndView {
    winner: Option<&'static str>,
    reason: &'static str,
}

#[derive(Serialize, Debug)]
pub struct RematchView {
    offered_by: &'static str,
}

/// A game as the API shows it.
#[derive(Serialize, Debug)]
pub struct GameView {
    /// The game's public id, the one its links carry: anyone who knows it may watch the game.
    /// (The store's own number for it is never shown: a visitor could count games with it.)
    id: String,
    /// The same, under the name earlier versions gave it.
    public_id: String,
    size: u8,
    start_fen: String,
    fen: String,
    to_move: &'static str,
    moves: Vec<String>,
    redo: Vec<String>,
    legal_moves: Vec<String>,
    last_move: Option<String>,
    outcome: Option<EndView>,
    result: &'static str,
    /// A game between two people that nobody has begun is aborted at this time (UTC) if still
    /// nobody has moved.
    abort_at: Option<String>,
    mouse: String,
    cats: String,
    names: Names,
    players: &'static str,
    hotseat: bool,
    /// The seat of the token the request carried.
    you: Option<&'static str>,
    clock: Option<ClockView>,
    undo_request: Option<&'static str>,
    rematch: Option<RematchView>,
    /// The public id of the rematch both players agreed to: for the players only (a watcher's
    /// link does not follow a rematch), so only with a seat's token.
    rematch_id: Option<String>,
    /// Whether the players agreed to a rematch (the live events say it so, to everyone).
    rematched: bool,
    version: i64,
    created_at: String,
    updated_at: String,
    /// The computer's reply to the last move is queued: it comes as an event (nobody needs to
    /// ask for it).
    computer_queued: bool,
}

impl GameView {
    /// The view of `g` at `now` (epoch milliseconds: its clock's times), for the holder `you`.
    pub fn at(g: &StoredGame, you: Option<Holder>, now: i64) -> GameView {
        let position = g.game.position();
        let players = g.players();
        GameView {
            id: g.public_id.clone(),
            public_id: g.public_id.clone(),
            size: position.size().n(),
            start_fen: g.start.fen(),
            fen: position.fen(),
            to_move: position.side_to_move().name(),
            moves: move_names(g.game.moves()),
            redo: g.game.redo_moves().map(|m| m.to_string()).collect(),
            legal_moves: if g.is_over() { Vec::new() } else { move_names(&position.legal_moves()) },
            last_move: g.game.last_move().map(|m| m.to_string()),
            outcome: if g.aborted() {
                Some(EndView { winner: None, reason: EndReason::Aborted.code() })
            } else {
                g.outcome().map(|(winner, reason)| EndView { winner: Some(winner.name()), reason })
            },
            result: g.result_token(),
            abort_at: crate::game::abort_due(g)
                .map(|ms| crate::store::utc(u64::try_from(ms / 1000).unwrap_or(0))),
            mouse: g.mouse.to_string(),
            cats: g.cats.to_string(),
            names: Names { mouse: g.names[0].clone(), cats: g.names[1].clone() },
            players: players.code(),
            hotseat: players == Players::Hotseat,
            you: you.map(Holder::code),
            clock: g.clock.map(|c| c.view(position.side_to_move(), g.is_over(), now)),
            undo_request: g.undo_request.map(Side::name),
            rematch: g.rematch_offer.map(|s| RematchView { offered_by: s.name() }),
            rematch_id: you.and(g.rematch_public_id.clone()),
            rematched: g.rematch_id.is_some(),
            version: g.version,
            created_at: g.created_at.clone(),
            updated_at: g.updated_at.clone(),
            computer_queued: false,
        }
    }

    /// The same view, saying whether the computer's reply is still to come.
    #[must_use]
    pub fn queued(self, queued: bool) -> GameView {
        GameView { computer_queued: self.computer_queued || queued, ..self }
    }
}

/// The answer to a created game: its view, its seats' tokens (shown this once) and links.
#[derive(Serialize, Debug)]
pub struct CreatedView {
    #[serde(flatten)]
    view: GameView,
    tokens: serde_json::Map<String, serde_json::Value>,
    links: serde_json::Map<String, serde_json::Value>,
}

impl CreatedView {
    /// The answer for `created`, whose game is now shown as `view`, its links under `base`
    /// (an address with no trailing slash).
    pub fn of(created: &Created, view: GameView, base: &str) -> CreatedView {
        let mut tokens = serde_json::Map::new();
        let mut links = serde_json::Map::new();
        for (side, t) in &created.tokens {
            tokens.insert(side.name().to_string(), t.clone().into());
            links
                .insert(side.name().to_string(), format!("{base}/#game={}&token={t}", view.public_id).into());
        }
        links.insert("watch".into(), format!("{base}/#game={}", view.public_id).into());
        CreatedView { view, tokens, links }
    }
}

/// The review's JSON, from either engine's review (`ryg` up to 10×10, `ryg_wide` beyond).
macro_rules! review_json {
    ($engine:ident, $size:expr, $review:expr) => {{
    let (size, review): (u8, &$engine::review::Review) = ($size, $review);
    let exact = |r: &$engine::ExactResult| serde_json::json!({ "winner": r.winner.name(), "plies": r.plies });
    let values: Vec<_> = review
        .values
        .iter()
        .enumerate()
        .map(|(ply, r)| serde_json::json!({ "ply": ply, "winner": r.winner.name(), "plies": r.plies }))
        .collect();
    let mistakes: Vec<_> = review
        .mistakes
        .iter()
        .map(|m| {
            let (kind, by) = match m.verdict {
                $engine::review::Verdict::GaveWinAway => ("gave-win", 0),
                $engine::review::Verdict::Shortened { by } => ("shortened", by),
            };
            serde_json::json!({
                "ply": m.ply,
                "side": m.side.name(),
                "kind": kind,
                "mark": m.verdict.mark(),
                "shortened_by": by,
                "played": m.played.to_string(),
                "kept": m.kept.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "before": exact(&m.before),
                "after": exact(&m.after),
            })
        })
        .collect();
    let summary = |s: $engine::review::SideSummary| serde_json::json!({
        "moves": s.moves,
        "exact": s.exact,
        "accuracy": s.accuracy().percent(),
        "gave_away": s.gave_away,
        "shortened": s.shortened,
        "plies_lost": s.plies_lost,
    });
    serde_json::json!({
        "size": size,
        "values": values,
        "mistakes": mistakes,
        "shortened_threshold": $engine::review::SHORTENED_BY,
        "summary": { "mouse": summary(review.mouse), "cats": summary(review.cats) },
    })
}};
}

/// `GET /api/games/{id}/review`'s answer for a game up to 10×10, from its review.
pub fn narrow_review_json(size: u8, review: &ryg::review::Review) -> serde_json::Value {
    review_json!(ryg, size, review)
}

/// `GET /api/games/{id}/review`'s answer for a game over 10×10, from the wide engine's review.
pub fn wide_review_json(size: u8, review: &ryg_wide::review::Review) -> serde_json::Value {
    review_json!(ryg_wide, size, review)
}

/// A refusal of the game service as an HTTP status and the API's error code: the same for
/// `ryg serve` and the browser. The status is the code's ([`ErrorCode::statuses`]): its usual
/// one, or for the two codes that carry two, the one this refusal is.
pub fn error_status(err: &crate::game::GameError) -> (u16, ErrorCode) {
    use crate::game::GameError as E;
    use crate::store::StoreError;
    let code = match err {
        E::NotFound(_) | E::NoSuchGame(_) => ErrorCode::NotFound,
        E::BadMove(_) => ErrorCode::BadMove,
        E::IllegalMove(_) => ErrorCode::IllegalMove,
        E::BadFen { .. } => ErrorCode::BadFen,
        E::NeedsLevel(_) | E::WhichSeat | E::NameTooLong { .. } | E::NameControl | E::Invalid(_) => {
            ErrorCode::BadRequest
        }
        E::NotAPlayer { .. } => ErrorCode::Unauthorized,
        E::WrongSeat { .. } => ErrorCode::Forbidden,
        E::NotYourTurn { .. } | E::ComputerToMove { .. } => ErrorCode::NotYourTurn,
        E::Over { .. } | E::Aborted | E::FlagFell(_) | E::TimeRanOut(_) => ErrorCode::GameOver,
        E::AtStart
        | E::NoMoveToUndo(_)
        | E::NothingToRedo
        | E::NoRedoBetweenPlayers
        | E::NoUndoRequest
        | E::NotOverYet
        | E::Store(StoreError::Conflict { .. }) => ErrorCode::Conflict,
        E::TooManyGames { .. } => ErrorCode::RateLimited,
        E::Store(StoreError::Unavailable(_)) => ErrorCode::StorageUnavailable,
        E::Store(StoreError::CommitUnknown) => ErrorCode::CommitUnknown,
        E::WrongPly { .. } => ErrorCode::WrongPly,
        E::ComputerMove { .. } | E::Random(_) | E::Record(_) | E::Store(_) => ErrorCode::Internal,
    };
    let [usual, other] = code.statuses() else { return (code.statuses()[0], code) };
    let second = match err {
        // a token of no seat of this game: 403 (no token at all: authenticate first, 401)
        E::NotAPlayer { token_sent, .. } => *token_sent,
        // the computer is to move: the game's state, not the seat, refuses (409)
        E::ComputerToMove { .. } => true,
        _ => false,
    };
    (if second { *other } else { *usual }, code)
}
