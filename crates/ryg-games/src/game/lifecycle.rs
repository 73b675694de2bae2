//! A game's life: created (from a size and start, a position or a record; seats, names, clock
//! and tokens), ended on time or by resignation, and followed by a rematch with sides swapped.

use ryg_wide::{Game, Level, PlayerSpec, Position, Record, Side, Size, Square};
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::GameError;
use super::seats::{display_name, require_holder};
use super::service::{iso, refuse_if_over, Games};
use crate::clock::{index, Clock};
use crate::store::{End, EndReason, Holder, Players, Seat, StoredGame};
use crate::token;

/// Display names of the two seats.
#[derive(Serialize, Deserialize, Debug, Default, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub mouse: Option<String>,
    pub cats: Option<String>,
}

/// A clock asked for: minutes per side and an increment in seconds.
#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub minutes: f64,
    #[serde(default)]
    pub increment: f64,
}

/// What a new game should be (`POST /api/games`): one of `fen`, `pgn` or `size`/`start`.
#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub size: Option<u8>,
    pub start: Option<String>,
    pub fen: Option<String>,
    pub pgn: Option<String>,
    pub mouse: Option<SeatSpec>,
    pub cats: Option<SeatSpec>,
    pub seed: Option<u64>,
    #[serde(default, deserialize_with = "optional_object")]
    pub names: Option<Names>,
    #[serde(default, deserialize_with = "optional_object")]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub hotseat: bool,
    /// Moves played from the start before the game is first stored (the page stores a game
    /// at its first move).
    #[serde(default)]
    pub moves: Vec<String>,
    /// A rated game, for the player the request's `Ryg-Player` names (`people::rated`).
    #[serde(default)]
    pub rated: bool,
    /// The seat the creating player takes in a rated game between two people (`"mouse"`, the
    /// default, or `"cats"`).
    pub player_seat: Option<String>,
}

/// A game between two people that nobody began this long after it was created is aborted.
pub const ABORT_AFTER_MS: i64 = 10 * 60 * 1000;

/// When `g` is to be aborted if still nobody has moved (a game between two people, not over,
/// with no move): [`ABORT_AFTER_MS`] after its creation.
pub fn abort_due(g: &StoredGame) -> Option<i64> {
    let waiting = g.players() == Players::Friends && !g.is_over() && g.game.moves().is_empty();
    waiting.then(|| crate::store::iso_ms(&g.created_at)).flatten().map(|t| t + ABORT_AFTER_MS)
}

/// The most moves a game may be created with (longer games come as a record, `"pgn"`).
pub const MAX_CREATE_MOVES: usize = 1000;

/// A game just created, with each human seat's secret token (shown this once).
#[derive(Debug)]
pub struct Created {
    pub game: StoredGame,
    pub tokens: Vec<(Side, String)>,
}

/// What a rematch request did.
#[derive(Debug)]
pub enum Rematch {
    /// Between two people: the offer waits for the other seat.
    Offered,
    /// The new game (created now, or earlier by the other seat's request).
    Ready(Box<StoredGame>),
}

/// A seat as a new game asks for it: `"human"`, a level (`"3"`), or one of the articles'
/// programs at a depth, `{"engine": "ryg3-v10", "depth": 8}` (or `"ryg3-v10@8"`).
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(
    untagged,
    expecting = "a seat: \"human\", a level such as \"3\", or {\"engine\": \"ryg3-v10\", \"depth\": 8}"
)]
pub enum SeatSpec {
    Text(String),
    #[serde(deserialize_with = "object")]
    Engine(EngineSeat),
}

/// `T` read from a JSON object only: serde's derived structs also read an array of their
/// fields in order, which the API does not offer (its document says "object").
///
/// # Errors
/// Anything but an object, or an object that is not a `T`.
pub fn object<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<T, D::Error> {
    T::deserialize(Value::Object(Map::deserialize(d)?)).map_err(D::Error::custom)
}

/// As [`object`], where null is the same as leaving the field out.
pub fn optional_object<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    let map = Option::<Map<String, Value>>::deserialize(d)?;
    map.map(|m| T::deserialize(Value::Object(m)).map_err(D::Error::custom)).transpose()
}

/// `{"engine": "ryg3-v10", "depth": 8}`: the depth is the engine's own when left out.
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EngineSeat {
    pub engine: String,
    pub depth: Option<i64>,
}

impl SeatSpec {
    /// Whether it asks for a person (`"human"`).
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Text(t) if t.eq_ignore_ascii_case("human"))
    }
}

impl From<&str> for SeatSpec {
    fn from(text: &str) -> SeatSpec {
        SeatSpec::Text(text.to_string())
    }
}

fn seat(spec: Option<&SeatSpec>, default: Seat) -> Result<Seat, GameError> {
    match spec {
        None => Ok(default),
        Some(SeatSpec::Text(t)) => t.parse().map_err(GameError::Invalid),
        Some(SeatSpec::Engine(EngineSeat { engine, depth })) => {
            let engine: ryg_wide::Engine =
                engine.parse().map_err(|e: ryg_wide::EngineError| GameError::Invalid(e.to_string()))?;
            let spec =
                ryg_wide::EngineSpec::new(engine, *depth).map_err(|e| GameError::Invalid(e.to_string()))?;
            Ok(Seat::Computer(PlayerSpec::Engine(spec)))
        }
    }
}

impl NewGame {
    /// The seats asked for (the mouse's, the cats'): a person's unless said otherwise for the
    /// mouse, the computer at level 3 for the cats.
    ///
    /// # Errors
    /// A seat that is no person, level or program.
    pub fn seats(&self) -> Result<[Seat; 2], GameError> {
        Ok([
            seat(self.mouse.as_ref(), Seat::Human)?,
            seat(self.cats.as_ref(), Seat::Computer(PlayerSpec::Level(Level::Search(3))))?,
        ])
    }

    /// Whether the computer holds a seat (a seat that cannot be read holds none).
    pub fn has_computer(&self) -> bool {
        self.seats().is_ok_and(|seats| seats.iter().any(|s| matches!(s, Seat::Computer(_))))
    }

    /// The board the game would be created with (its position after its `moves`); `None` when
    /// the request cannot be read (creating it says why).
    pub fn board(&self) -> Option<Position> {
        let mut game = self.game().ok()?;
        for text in self.moves.iter().take(MAX_CREATE_MOVES) {
            game.play(text.parse().ok()?).ok()?;
        }
        Some(*game.position())
    }

    /// The position the game would start from (before its `moves`; a record's start); `None`
    /// when the request cannot be read.
    pub fn board_start(&self) -> Option<Position> {
        self.game().ok().map(|g| *g.start())
    }

    /// The start position and the moves already played (an imported record's).
    fn game(&self) -> Result<Game, GameError> {
        if let Some(seat) = &self.player_seat {
            seat.parse::<ryg_wide::Side>()
                .map_err(|e| GameError::Invalid(format!("invalid \"player_seat\": {e}")))?;
        }
        let given = [self.fen.is_some(), self.pgn.is_some(), self.size.is_some() || self.start.is_some()];
        if given.iter().filter(|&&g| g).count() > 1 {
            return Err(GameError::Invalid(
                "give one of \"fen\", \"pgn\" or \"size\"/\"start\", not several".into(),
            ));
        }
        if let Some(pgn) = &self.pgn {
            let record =
                Record::parse(pgn).map_err(|e| GameError::Invalid(format!("invalid record: {e}")))?;
            return Ok(record.into_game());
        }
        if let Some(fen) = &self.fen {
            let position: Position =
                fen.parse().map_err(|error| GameError::BadFen { fen: fen.clone(), error })?;
            return Ok(Game::new(position));
        }
        let bad_start = |e: &dyn std::fmt::Display| GameError::Invalid(format!("bad start: {e}"));
        let size = match self.size {
            None => Size::STANDARD,
            Some(n) => Size::new(n).ok_or_else(|| {
                GameError::Invalid(format!("unsupported board size {n}: expected {}", Size::IN_WORDS))
            })?,
        };
        let start = self.start.as_deref().map(str::parse::<Square>).transpose().map_err(|e| bad_start(&e))?;
        let position = Position::start(size, start).map_err(|e| bad_start(&e))?;
        Ok(Game::new(position))
    }
}

/// A random seed for the computer's choices.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    nanos as u64 ^ u64::from(std::process::id()).rotate_left(32)
}

/// The rematch of `old`: sides swapped (seats, tokens, names), the same start and clock.
pub fn rematch_of(old: &StoredGame, seed: u64, now: i64) -> StoredGame {
    let mut g = StoredGame::new(Game::new(old.start), old.cats, old.mouse, seed, iso(now));
    g.tokens = [old.tokens[1].clone(), old.tokens[0].clone()];
    g.names = [old.names[1].clone(), old.names[0].clone()];
    g.clock = old.clock.map(|c| c.reset());
    super::play::record_clock(&mut g);
    g
}

impl Games<'_> {
    /// Creates and stores the game `spec` asks for at `now`; each human seat gets a token (one
    /// for both in a hotseat game, and in a game of the computer against itself).
    ///
    /// # Errors
    /// A bad setting (the message says which), or the store or random generator failed.
    pub fn create(&self, spec: &NewGame, now: i64) -> Result<Created, GameError> {
        self.create_by(spec, now, None)
    }

    /// [`Games::create`] for a client: `creator` is the hash of its address and the most games
    /// one address may have stored.
    ///
    /// # Errors
    /// As [`Games::create`], and [`GameError::TooManyGames`] when the address has its most.
    pub fn create_by(
        &self,
        spec: &NewGame,
        now: i64,
        creator: Option<(&str, usize)>,
    ) -> Result<Created, GameError> {
        self.refuse_over_cap(creator)?;
        let mut game = spec.game()?;
        if spec.moves.len() > MAX_CREATE_MOVES {
            return Err(GameError::Invalid(format!(
                "at most {MAX_CREATE_MOVES} \"moves\" when a game is created"
            )));
        }
        for text in &spec.moves {
            game.play(text.parse()?)?;
        }
        let [mouse, cats] = spec.seats()?;
        for s in [mouse, cats] {
            if let Seat::Computer(level) = s {
                self.level_fits(level, game.position().size())?;
            }
        }
        let names = spec.names.clone().unwrap_or_default();
        let names = [display_name(names.mouse.as_deref())?, display_name(names.cats.as_deref())?];
        let clock =
            spec.clock.map(|c| Clock::new(c.minutes, c.increment)).transpose().map_err(GameError::Invalid)?;
        if spec.hotseat && !(mouse == Seat::Human && cats == Seat::Human) {
            return Err(GameError::Invalid("\"hotseat\" needs two human seats".into()));
        }
        let mut g = StoredGame::new(game, mouse, cats, spec.seed.unwrap_or_else(new_seed), iso(now));
        g.names = names;
        g.clock = clock;
        super::play::record_clock(&mut g);
        g.creator = creator.map(|(hash, _)| hash.to_owned());
        let mut tokens = Vec::new();
        let shared = token::generate()?;
        // the computer against itself: its creator's one token steps it (both seats)
        let operated = !g.has_human();
        for side in [Side::Mouse, Side::Cats] {
            if g.seat(side) == Seat::Human || operated {
                let t = if spec.hotseat || operated { shared.clone() } else { token::generate()? };
                g.tokens[index(side)] = Some(token::hash(&t));
                tokens.push((side, t));
            }
        }
        g.public_id = token::public_id()?;
        g.id = self.store.insert(&g)?;
        Ok(Created { game: g, tokens })
    }

    /// Refuses a new game when `creator` (the hash of a client's address and the most games one
    /// address may have stored) has its most stored already.
    fn refuse_over_cap(&self, creator: Option<(&str, usize)>) -> Result<(), GameError> {
        if let Some((hash, max)) = creator {
            if self.store.count_created_by(hash)? >= max {
                return Err(GameError::TooManyGames { max });
            }
        }
        Ok(())
    }

    /// Aborts `g` when nobody began it in time: a game between two people with no move made
    /// [`ABORT_AFTER_MS`] after it was created. Whether it did.
    ///
    /// # Errors
    /// When the store fails.
    pub fn abort_if_unstarted(&self, g: &mut StoredGame, now: i64) -> Result<bool, GameError> {
        let due = abort_due(g).is_some_and(|at| now >= at);
        if !due {
            return Ok(false);
        }
        g.end = Some(End { winner: None, reason: EndReason::Aborted });
        g.undo_request = None;
        self.commit(g, now)?;
        Ok(true)
    }

    /// The holder of `token` calls off `g`, in which no move has been made yet.
    ///
    /// # Errors
    /// No seat, the game is over, or a move was made (then it is resigned, not aborted).
    pub fn abort(&self, g: &mut StoredGame, token: Option<&str>, now: i64) -> Result<Holder, GameError> {
        let you = require_holder(g, token, "aborting")?;
        refuse_if_over(g)?;
        if !g.game.moves().is_empty() {
            return Err(GameError::Invalid(
                "a game is aborted only before its first move; this one has moves: resign it".to_owned(),
            ));
        }
        g.end = Some(End { winner: None, reason: EndReason::Aborted });
        g.undo_request = None;
        self.commit(g, now)?;
        Ok(you)
    }

    /// Ends `g` on time when the running clock is down to zero at `now`; whether it did.
    ///
    /// # Errors
    /// When the store fails.
    pub fn flag_if_due(&self, g: &mut StoredGame, now: i64) -> Result<bool, GameError> {
        let to_move = g.game.position().side_to_move();
        if g.is_over() {
            return Ok(false);
        }
        let Some(clock) = g.clock.as_mut().filter(|c| c.flagged(to_move, now)) else { return Ok(false) };
        clock.stop(to_move, now);
        g.end = Some(End { winner: Some(!to_move), reason: EndReason::Time });
        g.undo_request = None;
        self.commit(g, now)?;
        Ok(true)
    }

    /// The holder of `token` resigns (holding both seats: for the side to move).
    ///
    /// # Errors
    /// No seat, or the game is over.
    pub fn resign(&self, g: &mut StoredGame, token: Option<&str>, now: i64) -> Result<Holder, GameError> {
        let you = require_holder(g, token, "resigning")?;
        refuse_if_over(g)?;
        let to_move = g.game.position().side_to_move();
        let loser = match you {
            Holder::Seat(side) => side,
            Holder::Both => to_move,
        };
        if let Some(clock) = &mut g.clock {
            clock.stop(to_move, now);
        }
        g.end = Some(End { winner: Some(!loser), reason: EndReason::Resigned });
        g.undo_request = None;
        self.commit(g, now)?;
        Ok(you)
    }

    /// A rematch of the finished `g` asked by the holder of `token`: between two people an
    /// offer until the other seat asks too, else at once; asked again, the same new game.
    ///
    /// # Errors
    /// No seat, the game is not over, or the store failed.
    pub fn rematch(&self, g: &mut StoredGame, token: Option<&str>, now: i64) -> Result<Rematch, GameError> {
        self.rematch_by(g, token, now, None)
    }

    /// [`Games::rematch`] for a client: the new game is a game `creator` created (the hash of
    /// its address and the most games one address may have stored, as for
    /// [`Games::create_by`]).
    ///
    /// # Errors
    /// As [`Games::rematch`], and [`GameError::TooManyGames`] when a new game would be stored
    /// and the address has its most.
    pub fn rematch_by(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        now: i64,
        creator: Option<(&str, usize)>,
    ) -> Result<Rematch, GameError> {
        let you = require_holder(g, token, "a rematch")?;
        if !g.is_over() {
            return Err(GameError::NotOverYet);
        }
        if let Some(new_id) = g.rematch_id {
            return Ok(Rematch::Ready(Box::new(self.load(new_id)?)));
        }
        if !both_agree(g, you) {
            if let Holder::Seat(side) = you {
                g.rematch_offer = Some(side);
            }
            self.commit(g, now)?;
            return Ok(Rematch::Offered);
        }
        self.refuse_over_cap(creator)?;
        let mut new = rematch_of(g, new_seed(), now);
        new.public_id = token::public_id()?;
        new.creator = creator.map(|(hash, _)| hash.to_owned());
        new.id = self.store.insert(&new)?;
        g.rematch_id = Some(new.id);
        g.rematch_public_id = Some(new.public_id.clone());
        g.rematch_offer = None;
        self.commit(g, now)?;
        Ok(Rematch::Ready(Box::new(new)))
    }
}

/// Whether a rematch asked by `you` is agreed: between two people, once the other seat offered
/// it; else at once.
fn both_agree(g: &StoredGame, you: Holder) -> bool {
    match (g.players(), you) {
        (Players::Friends, Holder::Seat(side)) => g.rematch_offer.is_some_and(|offer| offer != side),
        _ => true,
    }
}

/// Whether a rematch of `g` asked by the holder of `token` stores a new game now (the game is
/// over, has no rematch yet, and the rematch is agreed): the request is then a game creation,
/// for every limit on creations.
pub fn rematch_creates(g: &StoredGame, token: Option<&str>) -> bool {
    g.holder(token).is_some_and(|you| g.is_over() && g.rematch_id.is_none() && both_agree(g, you))
}
