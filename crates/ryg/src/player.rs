//! Play levels: what "level 3" or "perfect" plays in a position. One implementation shared by
//! every front end (terminal game, self-play, later the protocol and the web).

use std::fmt;

use thiserror::Error;

use crate::search::{Limits, Score, SearchConfig, SearchHandler, Searcher, SplitMix64, TableConfig};
use crate::tablebase::ExactSource;
use crate::{EngineSpec, ExactResult, Level, Move, PlayerSpec, Position, Tablebase};

/// The deepest fixed search depth a player may ask for.
pub const MAX_PLAY_DEPTH: u32 = 60;

/// How a player came to its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Picked uniformly at random among the legal moves.
    Random,
    /// Found by a search: its score for the mover, depth, nodes and principal variation.
    Search { score: Score, depth: u8, nodes: u64, pv: Vec<Move> },
    /// Read from the tablebase: the exact result of the position after the move.
    Tablebase(ExactResult),
    /// Drawn from the level's move distribution: the move's probability in thousandths.
    Drawn { permille: u16 },
}

/// A player's move and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    pub basis: Basis,
}

impl fmt::Display for Basis {
    /// `random move`, `depth 6, 1234 nodes, score +12` (for the side that moved),
    /// `perfect play: cats win in 31 plies`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Basis::Random => f.write_str("random move"),
            Basis::Search { score, depth, nodes, .. } => {
                write!(f, "depth {depth}, {nodes} nodes, score {score} for the mover")
            }
            Basis::Tablebase(result) => write!(f, "perfect play: {result}"),
            Basis::Drawn { permille } => {
                write!(f, "drawn from the level's moves (chance {:.1}%)", f64::from(*permille) / 10.0)
            }
        }
    }
}

/// Why a player could not choose a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerError {
    #[error("the game is over: there is no move to choose")]
    GameOver,
    #[error("this level needs the {0} tablebase")]
    NoTablebase(crate::Size),
}

/// A computer player of some level. Random choices come from its own seeded generator, so
/// the same seed replays the same games.
#[derive(Clone, Debug)]
pub struct Player {
    /// The seat this player is: a level, or an engine at its depth.
    spec: PlayerSpec,
    /// A level's fixed search depth in place of the level's own play (levels 1-9 only; the
    /// terminal game's `depth N`). An engine's depth is its spec's.
    depth: Option<u32>,
    rng: SplitMix64,
    searcher: Option<Searcher>,
}

impl Player {
    /// A player of `level` whose random choices follow `seed`.
    pub fn new(level: Level, seed: u64) -> Player {
        Player::of(PlayerSpec::Level(level), seed)
    }

    /// A player that searches as `spec`'s engine at its depth: one of the articles' programs
    /// (deterministic: the first or last of equal moves, as the program chose), or ryg's own
    /// search at that depth (random among equal moves, following `seed`).
    pub fn engine(spec: EngineSpec, seed: u64) -> Player {
        Player::of(PlayerSpec::Engine(spec), seed)
    }

    /// A player that is `spec`, its random choices following `seed`.
    pub fn of(spec: PlayerSpec, seed: u64) -> Player {
        Player { spec, depth: None, rng: SplitMix64::new(seed), searcher: None }
    }

    /// The seat this player is.
    pub fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// The engine and depth of a player made by [`Player::engine`].
    pub fn engine_spec(&self) -> Option<EngineSpec> {
        match self.spec {
            PlayerSpec::Engine(spec) => Some(spec),
            PlayerSpec::Level(_) => None,
        }
    }

    /// The player's level (an engine searches in place of level 9's play).
    pub fn level(&self) -> Level {
        match self.spec {
            PlayerSpec::Level(level) => level,
            PlayerSpec::Engine(_) => Level::Search(9),
        }
    }

    /// The fixed search depth: a level's, set with [`Player::set_depth`], or an engine's.
    pub fn depth(&self) -> Option<u32> {
        match self.spec {
            PlayerSpec::Engine(spec) => Some(u32::from(spec.depth)),
            PlayerSpec::Level(_) => self.depth,
        }
    }

    /// The state of the player's random choices, to carry it over with
    /// [`Player::set_rng_state`] (a saved game, a copied environment).
    pub fn rng_state(&self) -> u64 {
        self.rng.state()
    }

    /// Continues the random choices from `state` (as returned by [`Player::rng_state`]).
    pub fn set_rng_state(&mut self, state: u64) {
        self.rng = SplitMix64::new(state);
    }

    /// The searcher of the last search (levels 1–9, once they have moved).
    pub fn searcher(&self) -> Option<&Searcher> {
        self.searcher.as_ref()
    }

    /// Plays at `level` (an engine's depth stays as the level's fixed depth).
    pub fn set_level(&mut self, level: Level) {
        self.depth = self.depth();
        self.spec = PlayerSpec::Level(level);
        self.searcher = None;
    }

    /// Searches exactly `depth` plies instead of the level's depth (search levels only), or
    /// the engine's search at that depth; `None` for an engine plays level 9.
    pub fn set_depth(&mut self, depth: Option<u32>) {
        let depth = depth.map(|d| d.clamp(1, MAX_PLAY_DEPTH));
        match (self.spec, depth) {
            (PlayerSpec::Engine(spec), Some(d)) => {
                self.spec = PlayerSpec::Engine(EngineSpec { depth: d as u8, ..spec });
            }
            (PlayerSpec::Engine(_), None) => self.spec = PlayerSpec::Level(Level::Search(9)),
            (PlayerSpec::Level(_), _) => self.depth = depth,
        }
        self.searcher = None;
    }

    /// Whether this player reads the tablebase: every level but `random`, unless a fixed
    /// search depth replaces the level. Levels 1-9 given no tablebase search as many plies as
    /// their number (uncalibrated: a stopgap while a 10x10 tablebase builds).
    pub fn needs_tablebase(&self) -> bool {
        match self.spec {
            PlayerSpec::Engine(_) => false,
            PlayerSpec::Level(Level::Search(_)) if self.depth.is_some() => false,
            PlayerSpec::Level(level) => level.needs_tablebase(),
        }
    }

    /// The player's move in `position`. `tablebase` is needed for [`Level::Perfect`];
    /// `handler` may stop a search early (the best move found so far is played).
    ///
    /// # Errors
    /// When the game is over, or perfect play lacks the tablebase of the position's size.
    pub fn choose(
        &mut self,
        position: &Position,
        tablebase: Option<&Tablebase>,
        handler: &mut impl SearchHandler,
    ) -> Result<Choice, PlayerError> {
        self.choose_from(position, tablebase.map(|tb| tb as &dyn ExactSource), handler)
    }

    /// [`Player::choose`] with the exact results read from any [`ExactSource`] (a layered
    /// table on disk, say) instead of an in-memory tablebase.
    ///
    /// # Errors
    /// When the game is over, or perfect play lacks the exact results of the position's size.
    ///
    /// # Panics
    /// When `source` fails to read an entry (see [`ExactSource::result`]).
    pub fn choose_from(
        &mut self,
        position: &Position,
        tablebase: Option<&dyn ExactSource>,
        handler: &mut impl SearchHandler,
    ) -> Result<Choice, PlayerError> {
        let level = match (self.spec, self.depth) {
            (PlayerSpec::Level(Level::Random), _) => return self.random_move(position),
            _ if position.count_moves() == 0 => return Err(PlayerError::GameOver),
            (PlayerSpec::Engine(spec), _) => return Ok(self.search(position, u32::from(spec.depth), handler)),
            (PlayerSpec::Level(Level::Search(_)), Some(depth)) => return Ok(self.search(position, depth, handler)),
            (PlayerSpec::Level(level), _) => level,
        };
        let tablebase = tablebase.filter(|tb| tb.size() == position.size());
        let tablebase = match (level, tablebase) {
            (_, Some(tablebase)) => tablebase,
            // Without the tablebase (a 10x10 one still building), level n searches n plies.
            (Level::Search(n), None) => return Ok(self.search(position, u32::from(n), handler)),
            (_, None) => return Err(PlayerError::NoTablebase(position.size())),
        };
        let distribution = crate::levels::distribution(level, position, tablebase);
        let (mv, p) = sample(&distribution, &mut self.rng);
        let basis = match level {
            Level::Perfect => {
                let after = position.play(mv).expect("levels choose legal moves");
                Basis::Tablebase(tablebase.result(&after))
            }
            _ => Basis::Drawn { permille: (p * 1000.0).round() as u16 },
        };
        Ok(Choice { mv, basis })
    }

    /// A uniformly random legal move, as `moves[rng.below(moves.len())]` of the legal moves,
    /// without building their list (the random opponent of the learning environments plays
    /// millions of these).
    fn random_move(&mut self, position: &Position) -> Result<Choice, PlayerError> {
        let count = position.count_moves();
        if count == 0 {
            return Err(PlayerError::GameOver);
        }
        let mv = position.nth_move(self.rng.below(count)).expect("k is below count_moves()");
        Ok(Choice { mv, basis: Basis::Random })
    }

    /// A fixed-depth search (the `depth` command of the terminal game).
    fn search(&mut self, position: &Position, depth: u32, handler: &mut impl SearchHandler) -> Choice {
        let searcher = match &mut self.searcher {
            Some(searcher) => searcher,
            None => {
                let config = match self.spec {
                    PlayerSpec::Engine(spec) if spec.engine.is_original() => spec.engine.config(),
                    _ => SearchConfig { random_ties: Some(self.rng.next_u64()), ..SearchConfig::default() }
                        .with_alpha_beta(|ab| {
                            ab.table = Some(TableConfig::megabytes(if depth <= 8 { 1 } else { 16 }))
                        }),
                };
                self.searcher.insert(Searcher::new(config))
            }
        };
        let depth = depth.min(u32::from(crate::search::MAX_DEPTH)) as u8;
        let result = searcher.search(position, &Limits::depth(depth), handler);
        let mv = result.best_move.unwrap_or(position.legal_moves()[0]);
        Choice {
            mv,
            basis: Basis::Search {
                score: result.score,
                depth: result.depth,
                nodes: result.nodes,
                pv: result.pv,
            },
        }
    }
}

/// Draws a move from a distribution with a uniform number from `rng` (53 bits); returns the
/// move and its probability.
fn sample(distribution: &[(Move, f64)], rng: &mut SplitMix64) -> (Move, f64) {
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let mut acc = 0.0;
    for &(mv, p) in distribution {
        acc += p;
        if u < acc {
            return (mv, p);
        }
    }
    // Rounding left `u` above the sum: the last move with a chance.
    *distribution.iter().rev().find(|(_, p)| *p > 0.0).expect("a distribution has a move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoHandler;
    use crate::{Engine, Side, Size};

    /// Plays a whole game between two players; returns the winner and the number of plies.
    fn play_out(
        start: Position,
        mouse: &mut Player,
        cats: &mut Player,
        tb: Option<&Tablebase>,
    ) -> (Side, usize) {
        let mut position = start;
        let mut plies = 0;
        while position.outcome().is_none() {
            let player = if position.side_to_move() == Side::Mouse { &mut *mouse } else { &mut *cats };
            let choice = player.choose(&position, tb, &mut NoHandler).unwrap();
            position = position.play(choice.mv).expect("players choose legal moves");
            plies += 1;
        }
        (position.outcome().unwrap().winner, plies)
    }

    #[test]
    fn a_random_player_draws_the_kth_legal_move_as_its_generator_says() {
        // Every position of 200 random games on 8x8 and 6x6: the random player's move is
        // `legal_moves()[rng.below(len)]` with the same generator, and a finished game refuses.
        for (size, seed) in [(Size::STANDARD, 7), (Size::new(6).unwrap(), 8)] {
            let (mut player, mut rng) = (Player::new(Level::Random, seed), SplitMix64::new(seed));
            for _ in 0..200 {
                let mut position = Position::start(size, None).unwrap();
                while position.outcome().is_none() {
                    let moves = position.legal_moves();
                    let expected = moves[rng.below(moves.len())];
                    let choice = player.choose(&position, None, &mut NoHandler).unwrap();
                    assert_eq!((choice.mv, choice.basis), (expected, Basis::Random), "{position}");
                    position.play_unchecked(expected);
                }
                assert!(matches!(player.choose(&position, None, &mut NoHandler), Err(PlayerError::GameOver)));
            }
        }
    }

    #[test]
    fn perfect_players_play_the_known_result() {
        let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
        let (winner, plies) = play_out(
            Position::standard(),
            &mut Player::new(Level::Perfect, 1),
            &mut Player::new(Level::Perfect, 2),
            Some(&tb),
        );
        assert_eq!((winner, plies), (Side::Cats, 44));
    }

    #[test]
    fn perfect_cats_beat_every_level_of_mouse() {
        let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
        for level in [Level::Random, Level::Search(1), Level::Search(5), Level::Search(9)] {
            let mut mouse = Player::new(level, 11);
            let (winner, _) =
                play_out(Position::standard(), &mut mouse, &mut Player::new(Level::Perfect, 3), Some(&tb));
            assert_eq!(winner, Side::Cats, "mouse level {level}");
        }
    }

    #[test]
    fn the_same_seed_replays_the_same_game() {
        let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
        let game = |seed| {
            let (mut mouse, mut cats) =
                (Player::new(Level::Search(1), seed), Player::new(Level::Search(2), seed + 1));
            play_out(Position::standard(), &mut mouse, &mut cats, Some(&tb))
        };
        assert_eq!(game(5), game(5));
    }

    #[test]
    fn a_player_restored_from_its_rng_state_chooses_as_the_original() {
        let mut original = Player::new(Level::Random, 9);
        let start = Position::standard();
        let choose = |p: &mut Player| p.choose(&start, None, &mut NoHandler).unwrap().mv;
        for _ in 0..3 {
            choose(&mut original);
        }
        let mut restored = Player::new(Level::Random, 0);
        restored.set_rng_state(original.rng_state());
        let ahead: Vec<Move> = (0..20).map(|_| choose(&mut original)).collect();
        assert_eq!((0..20).map(|_| choose(&mut restored)).collect::<Vec<_>>(), ahead);
        assert!(ahead.iter().any(|&mv| mv != ahead[0]), "random draws at random");
    }

    #[test]
    fn ryg3_v10_at_depth_8_plays_its_game_against_perfect_play() {
        let tb = Tablebase::build(Size::STANDARD, 1, &mut ());
        let spec = EngineSpec::new(Engine::Ryg3V10, Some(8)).unwrap();
        let mut cats = Player::engine(spec, 1);
        assert!(!cats.needs_tablebase());
        assert_eq!(cats.engine_spec(), Some(spec));
        // The articles' engines are deterministic: the same game every time.
        let game = |cats: &mut Player| {
            play_out(Position::standard(), &mut Player::new(Level::Perfect, 5), cats, Some(&tb))
        };
        let first = game(&mut cats);
        assert_eq!(first, game(&mut Player::engine(spec, 99)));
        // After e1f2, RYG3 v10 at depth 8 answers b8a7, the article's move (tests/originals.rs).
        let after: Position = "1c1c1c1c/8/8/8/8/8/5m2/8 c".parse().unwrap();
        let choice = cats.choose(&after, None, &mut NoHandler).unwrap();
        assert_eq!(choice.mv.to_string(), "b8a7");
    }

    #[test]
    fn a_player_is_its_seat_and_its_depth_changes_keep_it_one() {
        let spec = EngineSpec::new(Engine::Ryg3V10, Some(8)).unwrap();
        let mut player = Player::engine(spec, 1);
        assert_eq!((player.spec(), player.level(), player.depth()), (PlayerSpec::Engine(spec), Level::Search(9), Some(8)));
        // the terminal game's `depth 6` on an engine: the engine at depth 6
        player.set_depth(Some(6));
        assert_eq!(player.engine_spec(), Some(EngineSpec { depth: 6, ..spec }));
        // `level 3` after it: the level, searching the depth it had
        player.set_level(Level::Search(3));
        assert_eq!((player.spec(), player.depth(), player.engine_spec()), (PlayerSpec::Level(Level::Search(3)), Some(6), None));
        assert!(!player.needs_tablebase());
        player.set_depth(None);
        assert!(player.needs_tablebase());
        // a level's fixed depth searches; the seat stays the level
        let mut level = Player::new(Level::Search(2), 7);
        level.set_depth(Some(3));
        assert_eq!(level.spec(), PlayerSpec::Level(Level::Search(2)));
        let choice = level.choose(&Position::standard(), None, &mut NoHandler).unwrap();
        assert!(matches!(choice.basis, Basis::Search { depth: 3, .. }), "{:?}", choice.basis);
    }

    #[test]
    fn errors_say_why() {
        let mut player = Player::new(Level::Perfect, 0);
        assert_eq!(
            player.choose(&Position::standard(), None, &mut NoHandler),
            Err(PlayerError::NoTablebase(Size::STANDARD))
        );
        let trapped: Position = "1c1c1c2/8/8/8/8/8/1c6/m7 m".parse().unwrap();
        let mut random = Player::new(Level::Random, 0);
        assert_eq!(random.choose(&trapped, None, &mut NoHandler), Err(PlayerError::GameOver));
        assert_eq!(PlayerError::GameOver.to_string(), "the game is over: there is no move to choose");
    }
}
