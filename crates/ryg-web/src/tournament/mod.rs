//! Tournaments: a round robin (up to [`MAX_ROUND_ROBIN`] entrants, every pair twice, once on
//! each side) or an arena (fixed minutes; whoever is free is paired with someone of close score
//! who is free too). A [`Tournament`] is one document: its entrants, its games and its state;
//! the host's actions and the next pairing are changes of it, made here with the time given by
//! the caller. Nothing here knows of HTTP or of the store: [`service`] reads and writes the
//! document (one writer per version, so a pairing runs once whichever server tries it).

pub mod accuracy;
pub mod pairing;
pub mod service;
pub mod standings;
pub mod stream;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use ryg_wide::Side;

/// The most entrants of a round robin (2 × 15 rounds when all play).
pub const MAX_ROUND_ROBIN: usize = 16;

/// The most entrants of an arena.
pub const MAX_ARENA: usize = 200;

/// The longest arena, in minutes.
pub const MAX_MINUTES: u32 = 24 * 60;

/// Why a tournament's change was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TournamentError {
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    NotNow(String),
    #[error("no such entrant in this tournament")]
    NoSuchEntrant,
}

/// What kind of tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Format {
    RoundRobin,
    Arena { minutes: u32 },
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Taking entrants.
    Open,
    Running,
    /// No new pairings until the host resumes; games under way go on.
    Paused,
    Finished,
}

/// Who an entrant is: a player (their store number and public id) or a computer level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    Player { id: i64, public_id: String },
    Computer { level: String },
}

/// One entrant, numbered from 1 in the order they entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub n: u32,
    pub name: String,
    pub who: Who,
    /// Removed by the host: plays no more games; their results stand.
    pub removed: bool,
}

/// How a tournament game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Mouse,
    Cats,
    /// Ended with no winner (aborted before a move): no points.
    Aborted,
}

/// One side's moves in a game and those of them that kept the position's exact value
/// (the engine's [`ryg::review::Accuracy`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    pub exact: usize,
    pub moves: usize,
}

/// One game of the tournament: who plays which side, its stored game once made, its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub round: u32,
    pub mouse: u32,
    pub cats: u32,
    /// The game's public id, once made.
    pub game: Option<String>,
    /// The seats' tokens, handed to each side's player when they ask (never shown otherwise).
    #[serde(default)]
    pub tokens: [Option<String>; 2],
    pub outcome: Option<Outcome>,
    /// Each side's accuracy, [mouse, cats], once the ended game is judged ([`accuracy`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<[Judged; 2]>,
}

impl Pairing {
    /// The side entrant `n` plays here.
    pub fn side_of(&self, n: u32) -> Option<Side> {
        if self.mouse == n {
            Some(Side::Mouse)
        } else if self.cats == n {
            Some(Side::Cats)
        } else {
            None
        }
    }

    /// Entrant `n`'s opponent here.
    pub fn opponent_of(&self, n: u32) -> Option<u32> {
        match self.side_of(n)? {
            Side::Mouse => Some(self.cats),
            Side::Cats => Some(self.mouse),
        }
    }

    /// The winner's number.
    pub fn winner(&self) -> Option<u32> {
        match self.outcome? {
            Outcome::Mouse => Some(self.mouse),
            Outcome::Cats => Some(self.cats),
            Outcome::Aborted => None,
        }
    }

    /// Whether the game is still to be played to its end.
    pub fn is_open(&self) -> bool {
        self.outcome.is_none()
    }
}

/// A tournament as stored: settings, entrants, games and state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub name: String,
    pub format: Format,
    /// The board's size.
    pub size: u8,
    /// Minutes per side and seconds of increment of each game's clock, when it has one.
    pub clock: Option<(f64, f64)>,
    /// Whether its games move the players' ratings.
    pub rated: bool,
    pub status: Status,
    pub entrants: Vec<Entrant>,
    pub pairings: Vec<Pairing>,
    /// The round robin's schedule, fixed at the start: each round's (mouse, cats) pairs.
    #[serde(default)]
    pub schedule: Vec<Vec<(u32, u32)>>,
    /// The round being played (1 the first; 0 before the start).
    pub round: u32,
    /// When an arena stops pairing (ms since the epoch), set at the start.
    pub ends_ms: Option<i64>,
    /// An arena's time left when it was paused (ms).
    pub paused_left_ms: Option<i64>,
}

fn not_now(message: &str) -> TournamentError {
    TournamentError::NotNow(message.to_owned())
}

impl Tournament {
    /// A new tournament taking entrants.
    ///
    /// # Errors
    /// An arena of no minutes or too many.
    pub fn new(
        name: String,
        format: Format,
        size: u8,
        clock: Option<(f64, f64)>,
        rated: bool,
    ) -> Result<Tournament, TournamentError> {
        if let Format::Arena { minutes } = format {
            if !(1..=MAX_MINUTES).contains(&minutes) {
                return Err(TournamentError::Invalid(format!("an arena lasts 1 to {MAX_MINUTES} minutes")));
            }
        }
        Ok(Tournament {
            name,
            format,
            size,
            clock,
            rated,
            status: Status::Open,
            entrants: Vec::new(),
            pairings: Vec::new(),
            schedule: Vec::new(),
            round: 0,
            ends_ms: None,
            paused_left_ms: None,
        })
    }

    /// The most entrants this tournament takes.
    pub fn capacity(&self) -> usize {
        match self.format {
            Format::RoundRobin => MAX_ROUND_ROBIN,
            Format::Arena { .. } => MAX_ARENA,
        }
    }

    /// The entrant a player is, if they entered (and were not removed).
    pub fn entrant_of(&self, player: i64) -> Option<&Entrant> {
        self.entrants.iter().find(|e| !e.removed && matches!(e.who, Who::Player { id, .. } if id == player))
    }

    /// Enters `who` as `name`; their number. A player already in gets their number again.
    ///
    /// # Errors
    /// Not open to entrants (a round robin once started; any tournament once finished), or full.
    pub fn enter(&mut self, name: String, who: Who) -> Result<u32, TournamentError> {
        if let Who::Player { id, .. } = who {
            if let Some(e) =
                self.entrants.iter().find(|e| matches!(e.who, Who::Player { id: p, .. } if p == id))
            {
                if e.removed {
                    return Err(not_now("the host removed you from this tournament"));
                }
                return Ok(e.n);
            }
        }
        let open = match self.format {
            Format::RoundRobin => self.status == Status::Open,
            Format::Arena { .. } => self.status != Status::Finished,
        };
        if !open {
            return Err(not_now("this tournament takes no more entrants"));
        }
        if self.entrants.iter().filter(|e| !e.removed).count() >= self.capacity() {
            return Err(not_now(&format!("this tournament is full ({} entrants)", self.capacity())));
        }
        let n = u32::try_from(self.entrants.len() + 1).unwrap_or(u32::MAX);
        self.entrants.push(Entrant { n, name, who, removed: false });
        Ok(n)
    }

    /// The host removes entrant `n`: no more games for them; a round robin's games with them
    /// not yet made are dropped.
    ///
    /// # Errors
    /// No such entrant, or a finished tournament.
    pub fn remove(&mut self, n: u32) -> Result<(), TournamentError> {
        if self.status == Status::Finished {
            return Err(not_now("this tournament is over"));
        }
        let e = self
            .entrants
            .iter_mut()
            .find(|e| e.n == n && !e.removed)
            .ok_or(TournamentError::NoSuchEntrant)?;
        e.removed = true;
        for round in &mut self.schedule {
            round.retain(|&(m, c)| m != n && c != n);
        }
        Ok(())
    }

    /// The host starts it at `now`: a round robin fixes its schedule.
    ///
    /// # Errors
    /// Started already, or fewer than two entrants.
    pub fn start(&mut self, now: i64) -> Result<(), TournamentError> {
        if self.status != Status::Open {
            return Err(not_now("this tournament has started already"));
        }
        let ns: Vec<u32> = self.entrants.iter().filter(|e| !e.removed).map(|e| e.n).collect();
        if ns.len() < 2 {
            return Err(not_now("a tournament needs two entrants to start"));
        }
        match self.format {
            Format::RoundRobin => self.schedule = pairing::round_robin(&ns),
            Format::Arena { minutes } => self.ends_ms = Some(now + i64::from(minutes) * 60_000),
        }
        self.status = Status::Running;
        Ok(())
    }

    /// The host pauses it at `now`: no new pairings (an arena's clock stops too).
    ///
    /// # Errors
    /// Not running.
    pub fn pause(&mut self, now: i64) -> Result<(), TournamentError> {
        if self.status != Status::Running {
            return Err(not_now("only a running tournament can be paused"));
        }
        self.paused_left_ms = self.ends_ms.map(|end| (end - now).max(0));
        self.status = Status::Paused;
        Ok(())
    }

    /// The host resumes it at `now`.
    ///
    /// # Errors
    /// Not paused.
    pub fn resume(&mut self, now: i64) -> Result<(), TournamentError> {
        if self.status != Status::Paused {
            return Err(not_now("only a paused tournament can be resumed"));
        }
        if let Some(left) = self.paused_left_ms.take() {
            self.ends_ms = Some(now + left);
        }
        self.status = Status::Running;
        Ok(())
    }

    /// The host ends it: no more games; games under way count when they end.
    ///
    /// # Errors
    /// Ended already.
    pub fn end(&mut self) -> Result<(), TournamentError> {
        if self.status == Status::Finished {
            return Err(not_now("this tournament is over already"));
        }
        self.status = Status::Finished;
        self.schedule.truncate(usize::try_from(self.round).unwrap_or(0));
        Ok(())
    }

    /// Notes how game `game` ended. Whether anything changed.
    pub fn record(&mut self, game: &str, outcome: Outcome) -> bool {
        let Some(p) = self.pairings.iter_mut().find(|p| p.game.as_deref() == Some(game)) else {
            return false;
        };
        if p.outcome.is_some() {
            return false;
        }
        p.outcome = Some(outcome);
        true
    }

    /// The next games due at `now`, added as pairings with no game yet: their indexes in
    /// [`Tournament::pairings`] (the caller makes the games and notes them with
    /// [`Tournament::made`]). A round robin's next round once every game of the last has
    /// ended; an arena's free entrants while its time runs. Finishes a tournament with
    /// nothing left to play.
    pub fn pair(&mut self, now: i64) -> Vec<usize> {
        let open = self.pairings.iter().any(Pairing::is_open);
        if self.status == Status::Finished || (self.status == Status::Open) {
            return Vec::new();
        }
        let pairs = match self.format {
            Format::RoundRobin => {
                if open || self.status == Status::Paused {
                    return Vec::new();
                }
                let next = usize::try_from(self.round).unwrap_or(usize::MAX);
                let Some(round) = self.schedule.get(next).cloned() else {
                    self.status = Status::Finished;
                    return Vec::new();
                };
                self.round += 1;
                round
            }
            Format::Arena { .. } => {
                if self.ends_ms.is_some_and(|end| now >= end) && self.status == Status::Running {
                    self.status = Status::Finished;
                }
                if self.status != Status::Running {
                    return Vec::new();
                }
                let busy: Vec<u32> =
                    self.pairings.iter().filter(|p| p.is_open()).flat_map(|p| [p.mouse, p.cats]).collect();
                let scores = standings::scores(self);
                let free: Vec<(u32, i64)> = self
                    .entrants
                    .iter()
                    .filter(|e| !e.removed && !busy.contains(&e.n))
                    .map(|e| (e.n, scores.iter().find(|s| s.n == e.n).map_or(0, |s| s.points)))
                    .collect();
                let pairs = pairing::arena(&free, &self.pairings);
                if !pairs.is_empty() {
                    self.round += 1;
                }
                pairs
            }
        };
        let first = self.pairings.len();
        let round = self.round;
        self.pairings.extend(pairs.into_iter().map(|(mouse, cats)| Pairing {
            round,
            mouse,
            cats,
            game: None,
            tokens: [None, None],
            outcome: None,
            accuracy: None,
        }));
        (first..self.pairings.len()).collect()
    }

    /// Notes the game made for pairing `i`, with its seats' tokens.
    pub fn made(&mut self, i: usize, game: String, tokens: [Option<String>; 2]) {
        if let Some(p) = self.pairings.get_mut(i) {
            p.game = Some(game);
            p.tokens = tokens;
        }
    }

    /// The entrant numbered `n`.
    pub fn entrant(&self, n: u32) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.n == n)
    }

    /// The game entrant `n` is playing now, with their side.
    pub fn current_game(&self, n: u32) -> Option<(&Pairing, Side)> {
        self.pairings
            .iter()
            .rev()
            .filter(|p| p.is_open() && p.game.is_some())
            .find_map(|p| p.side_of(n).map(|s| (p, s)))
    }
}

#[cfg(test)]
mod tests;
