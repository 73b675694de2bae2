//! A stored game as the plain column values every database holds (text and integers), and
//! the way back: both stores read and write games through [`GameRow`], so they store the same
//! thing and refuse the same damaged rows.

use ryg_wide::{Game, Move, Position, Side};

use super::seats::Seat;
use super::stored::{End, EndReason, StoredGame};
use crate::clock::Clock;

/// The columns of a game, in the order of [`COLUMNS`]. Serialized (JSON) in PostgreSQL's change
/// notifications, so that another server sends each version of a game to its watchers.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRow {
    pub id: i64,
    pub start_fen: String,
    pub mouse: String,
    pub cats: String,
    pub moves: String,
    pub redo: String,
    pub seed: i64,
    pub version: i64,
    pub created_at: String,
    pub updated_at: String,
    pub tokens: [Option<String>; 2],
    pub names: [Option<String>; 2],
    pub clock_initial_ms: Option<i64>,
    pub clock_increment_ms: Option<i64>,
    pub left_ms: [Option<i64>; 2],
    pub turn_started_ms: Option<i64>,
    pub end_reason: Option<String>,
    pub end_winner: Option<String>,
    pub undo_request: Option<String>,
    pub rematch_offer: Option<String>,
    pub rematch_id: Option<i64>,
    /// The rematch's public id: not a column of its own, read with the row from the rematch's.
    #[serde(default)]
    pub rematch_public_id: Option<String>,
    /// A hash of the address that created the game (for the limit of games per address).
    pub creator: Option<String>,
    /// The clocks' times when each ply began, as `MOUSE:CATS` pairs separated by spaces.
    pub clock_history: Option<String>,
    /// The id the game's links carry.
    pub public_id: String,
}

/// The column names of a game row, in [`GameRow`]'s order (the `result` and `size` columns are
/// written for queries and people, and read from the moves).
pub const COLUMNS: &str = "id, start_fen, mouse, cats, moves, redo, seed, version, created_at, updated_at,
    mouse_token, cats_token, mouse_name, cats_name, clock_initial_ms, clock_increment_ms, mouse_ms, cats_ms,
    turn_started_ms, end_reason, end_winner, undo_request, rematch_offer, rematch_id, creator, clock_history,
    public_id, (SELECT r.public_id FROM games r WHERE r.id = games.rematch_id) AS rematch_public_id";

fn join(moves: impl Iterator<Item = Move>) -> String {
    moves.map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}

impl GameRow {
    /// The columns of `g`.
    pub fn of(g: &StoredGame) -> GameRow {
        let side = |s: Option<Side>| s.map(|s| s.name().to_owned());
        let clock = g.clock.as_ref();
        GameRow {
            id: g.id,
            start_fen: g.start.fen(),
            mouse: g.mouse.to_string(),
            cats: g.cats.to_string(),
            moves: join(g.game.moves().iter().copied()),
            redo: join(g.game.redo_moves()),
            seed: g.seed as i64,
            version: g.version,
            created_at: g.created_at.clone(),
            updated_at: g.updated_at.clone(),
            tokens: g.tokens.clone(),
            names: g.names.clone(),
            clock_initial_ms: clock.map(|c| c.initial_ms),
            clock_increment_ms: clock.map(|c| c.increment_ms),
            left_ms: [clock.map(|c| c.left_ms[0]), clock.map(|c| c.left_ms[1])],
            turn_started_ms: clock.and_then(|c| c.started_ms),
            end_reason: g.end.map(|e| e.reason.code().to_owned()),
            end_winner: g.end.and_then(|e| e.winner).map(|w| w.name().to_owned()),
            undo_request: side(g.undo_request),
            rematch_offer: side(g.rematch_offer),
            rematch_id: g.rematch_id,
            rematch_public_id: g.rematch_public_id.clone(),
            creator: g.creator.clone(),
            clock_history: (!g.clock_history.is_empty()).then(|| {
                g.clock_history.iter().map(|[m, c]| format!("{m}:{c}")).collect::<Vec<_>>().join(" ")
            }),
            public_id: g.public_id.clone(),
        }
    }

    /// The game these columns hold; a row this ryg cannot read (edited by hand) is an error
    /// that names the game and what is wrong, never a panic.
    ///
    /// # Errors
    /// A message such as "game 12: move 3: …".
    pub fn into_game(self) -> Result<StoredGame, String> {
        let id = self.id;
        let start: Position =
            self.start_fen.parse().map_err(|e| format!("game {id}: start position: {e}"))?;
        let mouse: Seat = self.mouse.parse()?;
        let cats: Seat = self.cats.parse()?;
        let parse_moves = |text: &str| -> Result<Vec<Move>, String> {
            text.split_whitespace()
                .map(|m| m.parse().map_err(|e| format!("game {id}: move '{m}': {e}")))
                .collect()
        };
        let played = parse_moves(&self.moves)?;
        let redo = parse_moves(&self.redo)?;
        let all: Vec<Move> = played.iter().chain(&redo).copied().collect();
        let mut game =
            Game::from_moves(start, &all).map_err(|(i, e)| format!("game {id}: move {}: {e}", i + 1))?;
        for _ in &redo {
            game.undo();
        }
        let side = |text: Option<String>| -> Result<Option<Side>, String> {
            text.map(|t| t.parse::<Side>().map_err(|e| format!("game {id}: {e}"))).transpose()
        };
        let clock = match ((self.clock_initial_ms, self.clock_increment_ms), self.left_ms) {
            ((Some(initial_ms), Some(increment_ms)), [Some(m), Some(c)]) => {
                Some(Clock { initial_ms, increment_ms, left_ms: [m, c], started_ms: self.turn_started_ms })
            }
            ((None, _), _) => None,
            _ => return Err(format!("game {id}: incomplete clock")),
        };
        let clock_history = self
            .clock_history
            .as_deref()
            .unwrap_or_default()
            .split_whitespace()
            .map(|pair| {
                let (m, c) =
                    pair.split_once(':').ok_or_else(|| format!("game {id}: clock history '{pair}'"))?;
                let ms = |t: &str| t.parse::<i64>().map_err(|_| format!("game {id}: clock history '{pair}'"));
                Ok([ms(m)?, ms(c)?])
            })
            .collect::<Result<Vec<_>, String>>()?;
        let end = match (self.end_reason, self.end_winner) {
            (Some(reason), winner) => {
                let reason = EndReason::parse(&reason).ok_or_else(|| format!("game {id}: end '{reason}'"))?;
                let winner = winner
                    .map(|w| w.parse::<ryg_wide::Side>())
                    .transpose()
                    .map_err(|e| format!("game {id}: {e}"))?;
                // an aborted game has no winner, every other end one
                if winner.is_none() != (reason == EndReason::Aborted) {
                    return Err(format!("game {id}: end '{}' with winner {winner:?}", reason.code()));
                }
                Some(End { reason, winner })
            }
            (None, _) => None,
        };
        Ok(StoredGame {
            id,
            public_id: self.public_id,
            start,
            mouse,
            cats,
            game,
            seed: self.seed as u64,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            tokens: self.tokens,
            names: self.names,
            clock,
            end,
            undo_request: side(self.undo_request)?,
            rematch_offer: side(self.rematch_offer)?,
            rematch_id: self.rematch_id,
            rematch_public_id: self.rematch_public_id,
            creator: self.creator,
            clock_history,
        })
    }
}

/// Unfinished games with one human seat (the other the computer's) changed since `$1`.
pub const AGAINST_COMPUTER: &str = "SELECT id FROM games WHERE result = '*' AND end_reason IS NULL \
     AND ((mouse = 'human') <> (cats = 'human')) AND updated_at >= $1";
