//! A game as the API shows it (`GameView`), and the answer to a new game (its view, tokens and
//! links).

use ryg_wide::report::move_names;
use ryg_wide::Side;
use serde::Serialize;

use crate::clock::{now_ms, ClockView};
use crate::game::{Created, Names};
use crate::state::AppState;
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
    /// The store's number for the game: it names the game only with a seat's token.
    id: i64,
    /// The id the game's links carry: anyone who knows it may watch the game.
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
    rematch_id: Option<i64>,
    version: i64,
    created_at: String,
    updated_at: String,
    /// The computer's reply to the last move is queued: it comes as an event (nobody needs to
    /// ask for it).
    computer_queued: bool,
}

impl GameView {
    pub fn of(g: &StoredGame, you: Option<Holder>) -> GameView {
        let position = g.game.position();
        let players = g.players();
        GameView {
            id: g.id,
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
            clock: g.clock.map(|c| c.view(position.side_to_move(), g.is_over(), now_ms())),
            undo_request: g.undo_request.map(Side::name),
            rematch: g.rematch_offer.map(|s| RematchView { offered_by: s.name() }),
            rematch_id: g.rematch_id,
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

    /// The view of `g` on `state`'s server: whether its computer's reply is queued too.
    pub fn on(state: &AppState, g: &StoredGame, you: Option<Holder>) -> GameView {
        GameView { computer_queued: state.replies.owes(g), ..GameView::of(g, you) }
    }
}

/// The view of a game as its stream sends it.
pub fn event_json(state: &AppState, g: &StoredGame) -> String {
    serde_json::to_string(&GameView::on(state, g, None)).unwrap_or_default()
}

/// The address the links point to: `--public-url`, else the address the server listens on (set
/// when it starts) — never a request's `Host` header, which any client can make up.
fn base_url(state: &AppState) -> String {
    state.public_url.as_deref().unwrap_or("http://localhost").trim_end_matches('/').to_string()
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
    /// The answer for `created`, whose game is now `g` (after the computer's first moves).
    pub fn of(created: &Created, g: &StoredGame, state: &AppState, queued: bool) -> CreatedView {
        let base = base_url(state);
        let mut tokens = serde_json::Map::new();
        let mut links = serde_json::Map::new();
        for (side, t) in &created.tokens {
            tokens.insert(side.name().to_string(), t.clone().into());
            links.insert(side.name().to_string(), format!("{base}/#game={}&token={t}", g.public_id).into());
        }
        links.insert("watch".into(), format!("{base}/#game={}", g.public_id).into());
        CreatedView { view: GameView::on(state, g, None).queued(queued), tokens, links }
    }
}
